import { defineArea } from '../area';

export const machinesArea = defineArea({
  name: 'machines',
  textNamespace: 'machines',
  screens: [
    {
      menu: 'machines',
      slug: 'machines',
      // Isolated (webpack.config.ts): the explorer's heavy modules must not regroup the chunks the
      // sign-in route shares with other screens.
      load: () => import(/* webpackChunkName: "account-machines-isolated" */ './MachinesPage'),
    },
  ],
});
