import { defineArea } from '../area';

export const networkArea = defineArea({
  name: 'network',
  textNamespace: 'network',
  screens: [
    { menu: 'ethernet', slug: 'ethernet', load: () => import(/* webpackChunkName: "network-ethernet" */ './EthernetPage') },
    { menu: 'wifi', slug: 'wifi', load: () => import(/* webpackChunkName: "network-wifi" */ './WifiPage') },
    { menu: 'hotspot', slug: 'hotspot', load: () => import(/* webpackChunkName: "network-hotspot" */ './HotspotPage') },
  ],
});
