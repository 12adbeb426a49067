import { defineArea } from '../area';

export const machinesArea = defineArea({
  name: 'machines',
  textNamespace: 'machines',
  screens: [
    {
      menu: 'machines',
      slug: 'machines',
      load: () => import(/* webpackChunkName: "account-machines" */ './MachinesPage'),
    },
  ],
});
