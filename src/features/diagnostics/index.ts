import { defineArea } from '../area';

/** Administration / Diagnostics: the device's load, its services, its log, a reachability test
 * (docs/decisions.md#diagnostics). */
export const diagnosticsArea = defineArea({
  name: 'diagnostics',
  textNamespace: 'diagnostics',
  screens: [
    {
      menu: 'diagnostics',
      slug: 'diagnostics',
      reads: ['diagnostics.services'],
      load: () => import(/* webpackChunkName: "admin-diagnostics" */ './DiagnosticsPage'),
    },
  ],
});
