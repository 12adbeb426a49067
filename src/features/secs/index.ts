import { defineArea } from '../area';

/** Features / SECS/GEM: the panel's HSMS-SS endpoint (SEMI E37): its connection and its settings.
 * The screen exists only with the licence (the sidebar and the route ask the reset call). */
export const secsArea = defineArea({
  name: 'secs',
  textNamespace: 'secs',
  screens: [
    {
      menu: 'secs_gem',
      slug: 'secs-gem',
      reads: ['secs.status', 'secs.getSettings'],
      load: () => import(/* webpackChunkName: "features-secs" */ './SecsPage'),
    },
  ],
});
