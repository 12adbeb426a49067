import { defineArea } from '../area';

/** Features / OPC UA: the server, its tags and its certificates, one screen. Its chunk is isolated:
 * its tables, tabs, dialogs and the server-state machine stay out of the chunks other screens share. */
export const opcuaArea = defineArea({
  name: 'opcua',
  textNamespace: 'opcua',
  screens: [{ menu: 'opcua', slug: 'opcua', reads: ['opcua.status', 'opcua.getSettings'], load: () => import(/* webpackChunkName: "features-opcua-isolated" */ './OpcuaPage') }],
});
