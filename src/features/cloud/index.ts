import { defineArea } from '../area';

/** Features / Cloud Service: the panel's cloud dashboard (region, activation, subscription, days
 * left and the dashboard's QR code). */
export const cloudArea = defineArea({
  name: 'cloud',
  textNamespace: 'cloud',
  screens: [{ menu: 'cloud', slug: 'cloud', reads: ['cloud.status', 'cloud.getSettings'], load: () => import(/* webpackChunkName: "features-cloud" */ './CloudPage') }],
});
