import { defineArea } from '../area';

/** Features / Remote Access: the connection to the remote-access service through which an
 * integrator reaches the panel's console, and its partner account, region and proxy
 * (specification §3, §4, §8). */
export const remoteAccessArea = defineArea({
  name: 'remoteAccess',
  textNamespace: 'remote-access',
  screens: [
    {
      menu: 'remote_access',
      slug: 'remote-access',
      reads: ['remoteAccess.getSettings', 'remoteAccess.status'],
      load: () => import(/* webpackChunkName: "features-remote-access" */ './RemoteAccessPage'),
    },
  ],
});
