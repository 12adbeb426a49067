import { defineArea } from '../area';

/** Features / PLC Runtime: the soft PLC runtime the panel hosts (its activation, version, LAN1 and
 * firmware updates). */
export const plcRuntimeArea = defineArea({
  name: 'plcRuntime',
  textNamespace: 'plc-runtime',
  screens: [{ menu: 'plc_runtime', slug: 'plc-runtime', reads: ['plcRuntime.status'], load: () => import(/* webpackChunkName: "features-plc-runtime" */ './PlcRuntimePage') }],
});
