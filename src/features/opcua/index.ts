import { defineArea } from '../area';

/** Features / OPC UA: the server, its tags and its certificates, one screen, in a chunk of its own. */
export const opcuaArea = defineArea({
  name: 'opcua',
  textNamespace: 'opcua',
  screens: [{ menu: 'opcua', slug: 'opcua', reads: ['opcua.status', 'opcua.getSettings'], load: () => import(/* webpackChunkName: "features-opcua" */ './OpcuaPage') }],
});
