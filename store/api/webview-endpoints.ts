import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { WEBVIEW_ROUTES as R } from '../../contract/api/webview.routes';
import type { ResponseOf } from '../../contract/api/define';
import type { screens } from '../../contract/api/webview';

/** The running project's WebView screens, their tags' formats and the caller's role. */
export type WebviewScreens = ResponseOf<typeof screens>;
export type WebviewScreen = WebviewScreens['screens'][number];
export type WebviewElement = WebviewScreen['elements'][number];
export type WebviewTagFormat = WebviewScreens['tags'][string];

export const webviewApi = api.enhanceEndpoints({ addTagTypes: ['WebviewStatus', 'WebviewScreens'] }).injectEndpoints({
  endpoints: (build) => ({
    webviewStatus: contractEndpoints(build).query(R.webviewStatus, { tags: ['WebviewStatus'] }),
    webviewScreens: contractEndpoints(build).query(R.screens, { tags: ['WebviewScreens'] }),
  }),
});

export const { useWebviewStatusQuery, useWebviewScreensQuery } = webviewApi;
