import { defineContractArea } from '../area';
import type * as calls from './plc-runtime';
import type { AccountName } from '../roles';
import { API_BASE, type Route } from './route';

/** Method and path of the PLC runtime calls, zod-free so the console can import it; their schemas
 * are in ./plc-runtime.ts. */
export const PLC_RUNTIME_ROUTES = {
  status: { id: 'plcRuntime.status', method: 'GET', path: `${API_BASE}/plc-runtime` },
  activate: { id: 'plcRuntime.activate', method: 'POST', path: `${API_BASE}/plc-runtime/activate` },
  reset: { id: 'plcRuntime.reset', method: 'POST', path: `${API_BASE}/plc-runtime/reset` },
  setLan1: { id: 'plcRuntime.setLan1', method: 'PUT', path: `${API_BASE}/plc-runtime/lan1` },
  update: { id: 'plcRuntime.update', method: 'POST', path: `${API_BASE}/plc-runtime/update`, bodyFormat: 'multipart' },
} as const satisfies Record<string, Route>;

/** The accounts that may change the PLC runtime (activate, reset, LAN1, firmware). The menu can be
 * granted to Update or History as an extra role: they then see the runtime's state, not change it. */
export const PLC_RUNTIME_CHANGING_ACCOUNTS = ['admin'] as const satisfies readonly AccountName[];

/** A PLC runtime firmware update: the firmware checked, received and installed, then the HMI
 * restarts (specification §4); the job ends when the panel is back. */
export const PLC_RUNTIME_UPDATE_STEPS = ['prepare', 'upload_firmware', 'update_firmware', 'restart_hmi'] as const;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const plcRuntimeContract = defineContractArea<typeof calls>()({
  name: 'plcRuntime',
  auditActions: ['activate_plc_runtime', 'reset_plc_runtime', 'set_plc_lan1', 'update_plc_runtime'],
  deviceAuditActions: [
    /** A PLC runtime firmware update job ended: the version installed once the HMI was back (or why
     * not), who asked. */
    'plc_runtime_update_finished',
  ],
  auditTargets: ['plc_runtime.activation', 'plc_runtime.lan1', 'plc_runtime.firmware'],
  errorCodes: [
    /** A well-formed licence serial number that is no licence of the PLC runtime (contract/rules/plc-runtime.ts). */
    'invalid_serial_number',
    /** A well-formed activation code that was not issued for this panel's serial number. */
    'invalid_activation_code',
    /** The PLC runtime is already activated: reset its activation first. */
    'plc_already_activated',
    /** A reset of the PLC runtime's activation while it is not activated: nothing to reset. */
    'plc_not_activated',
    /** A change of the PLC runtime (activation, reset, LAN1) while its firmware is being updated. */
    'plc_runtime_busy',
    /** A PLC runtime firmware whose signature, product, model, length or hash is wrong ('Invalid firmware'). */
    'invalid_firmware',
    /** A PLC runtime firmware larger than the device takes. */
    'firmware_too_large',
    /** Installing the PLC runtime firmware failed: the runtime keeps its version. */
    'firmware_update_failed',
  ],
  jobs: {
    plc_runtime_update: { what: 'a PLC runtime firmware update', steps: PLC_RUNTIME_UPDATE_STEPS, target: 'plc_runtime.firmware', menu: 'plc_runtime', update: true },
  },
});
