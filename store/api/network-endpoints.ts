import { api } from './base-api';
import { callArgs } from './call-args';
import { ROUTES } from '../../contract/api/routes';
import type * as network from '../../contract/api/network';
import type { BodyOf, ResponseOf } from '../../contract/api/define';

/** The sections a pending change can belong to: keeping, reverting or its expiry reloads all. */
const NETWORK_TAGS = ['Ethernet', 'Wifi', 'Hotspot'] as const;

export const networkApi = api.injectEndpoints({
  endpoints: (build) => ({
    ethernet: build.query<ResponseOf<typeof network.getEthernet>, void>({
      query: () => callArgs(ROUTES.getEthernet),
      providesTags: ['Ethernet'],
    }),
    setEthernet: build.mutation<ResponseOf<typeof network.setEthernet>, BodyOf<typeof network.setEthernet>>({
      query: (body) => callArgs(ROUTES.setEthernet, { body }),
      invalidatesTags: ['Ethernet', 'SystemInfo'],
    }),
    confirmChange: build.mutation<ResponseOf<typeof network.confirmChange>, { id: string }>({
      query: ({ id }) => callArgs(ROUTES.confirmChange, { params: { id } }),
      invalidatesTags: [...NETWORK_TAGS],
    }),
    revertChange: build.mutation<ResponseOf<typeof network.revertChange>, { id: string }>({
      query: ({ id }) => callArgs(ROUTES.revertChange, { params: { id } }),
      invalidatesTags: [...NETWORK_TAGS],
    }),
    wifi: build.query<ResponseOf<typeof network.getWifi>, void>({
      query: () => callArgs(ROUTES.getWifi),
      providesTags: ['Wifi'],
    }),
    setWifiEnabled: build.mutation<ResponseOf<typeof network.setWifiEnabled>, BodyOf<typeof network.setWifiEnabled>>({
      query: (body) => callArgs(ROUTES.setWifiEnabled, { body }),
      invalidatesTags: ['Wifi'],
    }),
    scanWifi: build.query<ResponseOf<typeof network.scanWifi>, void>({
      query: () => callArgs(ROUTES.scanWifi),
    }),
    connectWifi: build.mutation<ResponseOf<typeof network.connectWifi>, BodyOf<typeof network.connectWifi>>({
      query: (body) => callArgs(ROUTES.connectWifi, { body }),
      invalidatesTags: ['Wifi'],
    }),
    disconnectWifi: build.mutation<ResponseOf<typeof network.disconnectWifi>, void>({
      query: () => callArgs(ROUTES.disconnectWifi),
      invalidatesTags: ['Wifi'],
    }),
    hotspot: build.query<ResponseOf<typeof network.getHotspot>, void>({
      query: () => callArgs(ROUTES.getHotspot),
      providesTags: ['Hotspot'],
    }),
    setHotspot: build.mutation<ResponseOf<typeof network.setHotspot>, BodyOf<typeof network.setHotspot>>({
      query: (body) => callArgs(ROUTES.setHotspot, { body }),
      invalidatesTags: ['Hotspot'],
    }),
  }),
});

export const {
  useEthernetQuery,
  useWifiQuery,
  useLazyScanWifiQuery,
  useSetWifiEnabledMutation,
  useDisconnectWifiMutation,
  useHotspotQuery,
} = networkApi;
