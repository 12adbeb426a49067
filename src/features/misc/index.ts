import { defineArea } from '../area';

/** Features / Misc (specification §2, §9): frame embedding, buzzer, screen saver, backlight and the
 * VNC server. */
export const miscArea = defineArea({
  name: 'misc',
  textNamespace: 'misc',
  screens: [
    {
      menu: 'misc',
      slug: 'misc',
      reads: ['misc.getSettings'],
      load: () => import(/* webpackChunkName: "features-misc" */ './MiscPage'),
    },
  ],
});
