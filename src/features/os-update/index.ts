import { defineArea } from '../area';

export const osUpdateArea = defineArea({
  name: 'osUpdate',
  textNamespace: 'os',
  screens: [{ menu: 'os_update', slug: 'os-update', reads: ['os.info'], load: () => import(/* webpackChunkName: "os-update" */ './OsUpdatePage') }],
});
