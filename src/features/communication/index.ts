import { defineArea } from '../area';

/** Features / Communication: the running project's communication devices (specification §3). */
export const communicationArea = defineArea({
  name: 'communication',
  textNamespace: 'communication',
  screens: [{ menu: 'communication', slug: 'communication', reads: ['communication.devices'], load: () => import(/* webpackChunkName: "features-communication" */ './CommunicationPage') }],
});
