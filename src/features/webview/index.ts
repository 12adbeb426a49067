import { defineArea } from '../area';

/** Features / WebView Setting: WebView on or off, its sign-in options and its users
 * (docs/decisions.md#webview-users), one screen in a chunk of its own. */
export const webviewArea = defineArea({
  name: 'webview',
  textNamespace: 'webview',
  screens: [
    {
      menu: 'webview_setting',
      slug: 'webview-setting',
      reads: ['webview.getSettings', 'webview.users'],
      load: () => import(/* webpackChunkName: "features-webview-setting" */ './WebviewSettingPage'),
    },
  ],
});
