import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { WEBVIEW_ROUTES as R } from '../../contract/api/webview.routes';
import type { BodyOf, ResponseOf } from '../../contract/api/define';
import type { addUser, screens, setSettings, updateUser } from '../../contract/api/webview';

export type WebviewSettingsBody = BodyOf<typeof setSettings>;
export type AddWebviewUserBody = BodyOf<typeof addUser>;
export type UpdateWebviewUserBody = BodyOf<typeof updateUser>;

/** The running project's WebView screens, their tags' formats and the caller's role. */
export type WebviewScreens = ResponseOf<typeof screens>;
export type WebviewScreen = WebviewScreens['screens'][number];
export type WebviewElement = WebviewScreen['elements'][number];
export type WebviewTagFormat = WebviewScreens['tags'][string];

/** WebView Setting and its users (admin), WebView's state (the shell), what /app/login shows
 * before any token, and the running project's WebView screens. A change of the users or the setting is read again everywhere it shows. */
export const webviewApi = api
  .enhanceEndpoints({ addTagTypes: ['WebviewStatus', 'WebviewSettings', 'WebviewUsers', 'WebviewSignIn', 'WebviewScreens'] })
  .injectEndpoints({
    endpoints: (build) => {
      const call = contractEndpoints(build);
      return {
        webviewStatus: call.query(R.webviewStatus, { tags: ['WebviewStatus'] }),
        webviewSettings: call.query(R.getSettings, { tags: ['WebviewSettings'] }),
        setWebviewSettings: call.mutation(R.setSettings, {
          request: (settings: WebviewSettingsBody) => ({ body: settings }),
          tags: ['WebviewSettings', 'WebviewStatus', 'WebviewSignIn', 'WebviewScreens'],
        }),
        webviewUsers: call.query(R.users, { tags: ['WebviewUsers'] }),
        addWebviewUser: call.mutation(R.addUser, {
          request: (body: AddWebviewUserBody) => ({ body }),
          tags: ['WebviewUsers', 'WebviewSignIn'],
        }),
        updateWebviewUser: call.mutation(R.updateUser, {
          request: ({ username, change }: { username: string; change: UpdateWebviewUserBody }) => ({ params: { username }, body: change }),
          // Disabling or removing the automatic sign-in user turns automatic sign-in off.
          tags: ['WebviewUsers', 'WebviewSignIn', 'WebviewSettings'],
        }),
        removeWebviewUser: call.mutation(R.removeUser, {
          request: (username: string) => ({ params: { username } }),
          tags: ['WebviewUsers', 'WebviewSignIn', 'WebviewSettings'],
        }),
        webviewSignInInfo: call.query(R.signInInfo, { tags: ['WebviewSignIn'] }),
        webviewScreens: call.query(R.screens, { tags: ['WebviewScreens'] }),
      };
    },
  });

export const {
  useWebviewStatusQuery,
  useWebviewSettingsQuery,
  useSetWebviewSettingsMutation,
  useWebviewUsersQuery,
  useAddWebviewUserMutation,
  useUpdateWebviewUserMutation,
  useRemoveWebviewUserMutation,
  useWebviewSignInInfoQuery,
  useWebviewScreensQuery,
} = webviewApi;
