import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { NETWORK_ROUTES as R } from '../../contract/api/network.routes';

/** The sections a pending change can belong to: keeping, reverting or its expiry reloads all. */
const NETWORK_TAGS = ['Ethernet', 'Wifi', 'Hotspot'] as const;

export const networkApi = api
  // SystemInfo belongs to the system area: its MAC and address rows follow the Ethernet settings.
  .enhanceEndpoints({ addTagTypes: [...NETWORK_TAGS, 'SystemInfo'] })
  .injectEndpoints({
    endpoints: (build) => {
      const call = contractEndpoints(build);
      return {
        ethernet: call.query(R.getEthernet, { tags: ['Ethernet'] }),
        setEthernet: call.mutation(R.setEthernet, { tags: ['Ethernet', 'SystemInfo'] }),
        confirmChange: call.mutation(R.confirmChange, { tags: NETWORK_TAGS }),
        revertChange: call.mutation(R.revertChange, { tags: NETWORK_TAGS }),
        wifi: call.query(R.getWifi, { tags: ['Wifi'] }),
        setWifiEnabled: call.mutation(R.setWifiEnabled, { tags: ['Wifi'] }),
        scanWifi: call.query(R.scanWifi),
        connectWifi: call.mutation(R.connectWifi, { tags: ['Wifi'] }),
        disconnectWifi: call.mutation(R.disconnectWifi, { tags: ['Wifi'] }),
        hotspot: call.query(R.getHotspot, { tags: ['Hotspot'] }),
        setHotspot: call.mutation(R.setHotspot, { tags: ['Hotspot'] }),
      };
    },
  });

export const {
  useEthernetQuery,
  useWifiQuery,
  useLazyScanWifiQuery,
  useSetWifiEnabledMutation,
  useDisconnectWifiMutation,
  useHotspotQuery,
} = networkApi;
