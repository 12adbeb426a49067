/** The simulated PLC runtime as it leaves the factory: the firmware installed on a new panel and
 * the LAN1 address its OS sets until someone changes it (server/services/plc-runtime.ts). */
import type { PlcLan1Settings } from '../../contract/rules/plc-runtime';

export const FACTORY_PLC_RUNTIME_VERSION = '3.5.19.30';

/** Specification §4: LAN1 is controlled by the PLC runtime OS by default. */
export const FACTORY_PLC_LAN1: PlcLan1Settings = { owner: 'plc_runtime_os', ip: '192.168.1.10', netmask: '255.255.255.0', gateway: '' };
