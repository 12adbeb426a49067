import { z } from 'zod';
import { defineCall, type UploadDef } from './define';
import { PLC_RUNTIME_CHANGING_ACCOUNTS, PLC_RUNTIME_ROUTES } from './plc-runtime.routes';
import { jobIdField } from './jobs';
import { secret } from './secret';
import {
  ACTIVATION_METHODS,
  ACTIVATION_STATES,
  LICENCE_INPUT_MAX_LENGTH,
  PLC_LAN1_OWNERS,
  PLC_RUNTIME_STATES,
} from '../rules/plc-runtime';

// Addresses travel as text: the shared rule (contract/rules/plc-runtime.ts plcLan1Problems) judges
// them inside the handler, so a refusal names the field and the rule's problem code.
const address = z.string().max(15);

/** LAN1 as the PLC runtime sees it: who controls it, and the address the PLC runtime OS sets. */
export const plcLan1Schema = z
  .object({
    owner: z.enum(PLC_LAN1_OWNERS),
    ip: address,
    netmask: address,
    gateway: address,
  })
  .meta({ id: 'PlcLan1' });

export const plcActivationSchema = z
  .object({
    state: z.enum(ACTIVATION_STATES),
    /** How the licence was entered; null while not activated. */
    method: z.enum(ACTIVATION_METHODS).nullable(),
    activated_at: z.iso.datetime().nullable(),
    /** The last four characters of the licence, to tell licences apart (the rest is not shown). */
    licence_hint: z.string().max(8).nullable(),
  })
  .meta({ id: 'PlcActivation' });

export const plcRuntimeStatusSchema = z
  .object({
    activation: plcActivationSchema,
    runtime: z.object({
      state: z.enum(PLC_RUNTIME_STATES),
      /** The installed firmware's version. */
      version: z.string(),
    }),
    /** The panel's serial number: an activation code is issued for it. */
    device_serial_number: z.string(),
    lan1: plcLan1Schema,
    /** The largest firmware file the device takes. */
    max_firmware_bytes: z.number().int().min(1),
    /** How long the panel is away while the HMI restarts after a firmware update. */
    restart_seconds: z.number().int().min(0),
    /** A firmware update that runs now and the version it installs (a console that opens
     * mid-update follows it). */
    running_job: z.object({ id: jobIdField, version: z.string() }).nullable(),
  })
  .meta({ id: 'PlcRuntimeStatus' });

const CHANGING = { kind: 'menu', menu: 'plc_runtime', accounts: PLC_RUNTIME_CHANGING_ACCOUNTS } as const;

export const status = defineCall({
  ...PLC_RUNTIME_ROUTES.status,
  tag: 'plc-runtime',
  summary: 'The PLC runtime: its activation, version and state, LAN1, the firmware size limit and any update that runs',
  access: { kind: 'menu', menu: 'plc_runtime' },
  response: plcRuntimeStatusSchema,
});

export const activateBodySchema = z
  .object({
    method: z.enum(ACTIVATION_METHODS),
    /** The serial number or the activation code as typed (spaces and dashes allowed). */
    value: secret(z.string().max(LICENCE_INPUT_MAX_LENGTH)),
  })
  .meta({ id: 'PlcActivate' });

export const activate = defineCall({
  ...PLC_RUNTIME_ROUTES.activate,
  tag: 'plc-runtime',
  summary:
    'Activates the PLC runtime with a licence serial number or with an activation code issued for this panel. ' +
    'A text of the wrong form is 400 validation_failure naming `value` (its rule problem); a well-formed one the ' +
    'vendor did not issue is 400 invalid_serial_number or invalid_activation_code; 409 plc_already_activated, or plc_runtime_busy during a firmware update',
  access: CHANGING,
  body: activateBodySchema,
  response: plcRuntimeStatusSchema,
  audit: { action: 'activate_plc_runtime', target: 'plc_runtime.activation' },
});

export const reset = defineCall({
  ...PLC_RUNTIME_ROUTES.reset,
  tag: 'plc-runtime',
  summary:
    'Resets the PLC runtime\'s activation: the licence is released and the runtime stops (LAN1 and the firmware stay). ' +
    '409 plc_not_activated when there is nothing to reset, plc_runtime_busy during a firmware update',
  access: CHANGING,
  response: plcRuntimeStatusSchema,
  audit: { action: 'reset_plc_runtime', target: 'plc_runtime.activation' },
});

export const setLan1 = defineCall({
  ...PLC_RUNTIME_ROUTES.setLan1,
  tag: 'plc-runtime',
  summary:
    'Sets who controls LAN1 and, while the PLC runtime OS does, its address (validated by the network rules: 400 naming the field). ' +
    'While the gateway OS controls LAN1 the address is kept as it was; 409 plc_runtime_busy during a firmware update',
  access: CHANGING,
  body: plcLan1Schema,
  response: plcRuntimeStatusSchema,
  audit: { action: 'set_plc_lan1', target: 'plc_runtime.lan1' },
});

/** The part of a firmware update upload. */
export const plcFirmwareUpload = {
  files: {
    firmware: { summary: 'The PLC runtime firmware (.bin: a header signed with Ed25519, then the payload)', accept: ['.bin'], required: true },
  },
} satisfies UploadDef;

export const plcUpdateStartedSchema = z
  .object({
    job_id: jobIdField,
    /** The version the firmware installs: what the console checks for after the HMI restart. */
    version: z.string(),
  })
  .meta({ id: 'PlcUpdateStarted' });

export const update = defineCall({
  ...PLC_RUNTIME_ROUTES.update,
  tag: 'plc-runtime',
  summary:
    'Uploads a PLC runtime firmware (multipart `firmware`) and starts the update job: prepare, upload firmware, update firmware, restart HMI. ' +
    'The file is checked while it streams in and refused before anything changes: 413 firmware_too_large past the size limit, ' +
    '400 invalid_firmware for a bad signature, another product or model, a truncated file or a SHA-256 mismatch; 409 busy while another update is received or runs (one at a time, from the first byte); 507 insufficient_storage when the disk has no room for it. ' +
    'A firmware the installer refuses (it needs a newer OS) fails the job with firmware_update_failed, the runtime unchanged',
  access: CHANGING,
  upload: plcFirmwareUpload,
  successStatus: 202,
  response: plcUpdateStartedSchema,
  audit: { action: 'update_plc_runtime', target: 'plc_runtime.firmware' },
});
