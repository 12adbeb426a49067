import { defineArea } from '../area';

export const networkArea = defineArea({
  name: 'network',
  textNamespace: 'network',
  screens: [
    { menu: 'ethernet', slug: 'ethernet', reads: ['network.getEthernet'], load: () => import(/* webpackChunkName: "network-ethernet" */ './EthernetPage') },
    { menu: 'wifi', slug: 'wifi', reads: ['network.getWifi'], load: () => import(/* webpackChunkName: "network-wifi" */ './WifiPage') },
    { menu: 'hotspot', slug: 'hotspot', reads: ['network.getHotspot'], load: () => import(/* webpackChunkName: "network-hotspot" */ './HotspotPage') },
  ],
});
