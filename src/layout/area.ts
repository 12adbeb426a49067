import { defineArea } from '../features/area';

/** The signed-in frame: no menu screen of its own, only its texts (menus, dialogs, top bar). */
export const shellArea = defineArea({
  name: 'shell',
  textNamespace: 'shell',
  screens: [],
});
