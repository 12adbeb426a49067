import { defineArea } from '../area';

export const dashboardArea = defineArea({
  name: 'dashboard',
  screens: [
    {
      menu: 'dashboard',
      slug: 'dashboard',
      root: true,
      userMode: true,
      reads: ['system.info'],
      load: () => import(/* webpackChunkName: "dashboard" */ './DashboardPage'),
    },
  ],
});
