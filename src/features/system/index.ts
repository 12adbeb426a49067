import { defineArea } from '../area';

export const systemArea = defineArea({
  name: 'system',
  textNamespace: 'system',
  screens: [{ menu: 'system_info', slug: 'info', reads: ['system.info'], load: () => import(/* webpackChunkName: "system-info" */ './SystemInfoPage') }],
});
