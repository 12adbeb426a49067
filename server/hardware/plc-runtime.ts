/** The simulated PLC runtime as it leaves the factory: the firmware installed on a new panel
 * (server/services/plc-runtime.ts). The LAN1 address its OS sets until someone changes it is the
 * contract's DEFAULT_PLC_LAN1 (contract/rules/plc-runtime.ts). */

export const FACTORY_PLC_RUNTIME_VERSION = '3.5.19.30';
