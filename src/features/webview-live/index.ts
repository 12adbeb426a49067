import { defineArea } from '../area';

/** WebView: the running project's WebView screens, live. `/app/web-view` for the WebView users and
 * Features / WebView (`/admin/features/web-view`) for admin; one chunk. */
export const webviewLiveArea = defineArea({
  name: 'webviewLive',
  textNamespace: 'webview-live',
  screens: [
    {
      menu: 'webview',
      slug: 'web-view',
      userMode: true,
      reads: ['webview.screens'],
      load: () => import(/* webpackChunkName: "webview-live" */ './WebviewPage'),
    },
  ],
});
