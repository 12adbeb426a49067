import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { WEBVIEW_ROUTES as R } from '../../contract/api/webview.routes';

export const webviewApi = api.enhanceEndpoints({ addTagTypes: ['WebviewStatus'] }).injectEndpoints({
  endpoints: (build) => ({ webviewStatus: contractEndpoints(build).query(R.webviewStatus, { tags: ['WebviewStatus'] }) }),
});

export const { useWebviewStatusQuery } = webviewApi;
