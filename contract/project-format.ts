import { z } from 'zod';

/** The device's project format (docs/decisions.md#file-formats). A project is a pair of files:
 * `<name>.app`, the gzip of one JSON document of the shape below, and `<name>.crc`, the CRC-32 of
 * the `.app` bytes as eight lower-case hex digits. */
export const PROJECT_FORMAT = 'hmi-project';
export const PROJECT_FORMAT_VERSION = 1;
import { MIN_DESIGN_SOFTWARE_VERSION } from './versions';
import { RECIPE_MAX_RECORDS } from './rules/recipe';

export { MIN_DESIGN_SOFTWARE_VERSION };

export const DATA_TYPES = ['bit', 'int16', 'uint16', 'int32', 'uint32', 'float', 'string'] as const;
export type DataType = (typeof DATA_TYPES)[number];
export const PARITIES = ['none', 'even', 'odd', 'mark', 'space'] as const;
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 187500] as const;
export const INTERFACES = ['ethernet', 'com1_rs232', 'com2_rs485_2w', 'com2_rs485_4w', 'com3_rs485_2w'] as const;

const name = z.string().min(1).max(64);

export const simulationSchema = z.object({
  kind: z.enum(['sine', 'ramp', 'random', 'constant', 'toggle']),
  min: z.number().default(0),
  max: z.number().default(100),
  period_s: z.number().positive().default(60),
});

export const projectTagSchema = z.object({
  name,
  folder: z.string().max(128).default(''),
  plc: name,
  address: z.string().min(1).max(16),
  format: z.string().max(16).default(''),
  index_register: z.number().int().min(0).max(31).nullable().default(null),
  data_type: z.enum(DATA_TYPES),
  length: z.number().int().min(1).max(255).default(1),
  access: z.object({ read: z.boolean(), write: z.boolean() }),
  simulation: simulationSchema.optional(),
  /** How a number is shown (WebView's values, entries and bars): digits after the point, and its unit. */
  decimals: z.number().int().min(0).max(6).optional(),
  unit: z.string().max(16).optional(),
});

export const alarmSchema = z.object({
  id: z.number().int().min(1),
  name,
  tag: name,
  condition: z.object({ op: z.enum(['>', '>=', '<', '<=', '==', '!=']), value: z.number() }),
  severity: z.enum(['low', 'medium', 'high']),
  message: z.string().max(256),
  /** The e-mail group mailed when the alarm rises, and when it clears if `on_clear` (server/services/email-outbox.ts). */
  email: z.object({ group: name, on_clear: z.boolean().default(false) }).optional(),
});

export const recipeSchema = z.object({
  name,
  fields: z.array(z.object({ name, data_type: z.enum(DATA_TYPES) })).min(1),
  records: z.array(z.object({ name, values: z.record(z.string(), z.union([z.number(), z.string()])) })).max(RECIPE_MAX_RECORDS),
});

export const dataLogSchema = z.object({
  name,
  sample_period_s: z.number().int().min(1).max(86400),
  tags: z.array(name).min(1),
  max_records: z.number().int().min(1).max(10_000_000),
});

export const addressTypeSchema = z.object({
  name: z.string().min(1).max(8),
  kind: z.enum(['bit', 'word']),
  min: z.number().int().min(0),
  max: z.number().int().min(0),
});

export const communicationDeviceSchema = z.object({
  name,
  device_type: z.string().min(1).max(64),
  interface: z.enum(INTERFACES),
  protocol: z.string().min(1).max(64),
  default_station: z.number().int().min(0).max(255),
  ip: z.string().max(15).optional(),
  port: z.number().int().min(1).max(65535).optional(),
  baud_rate: z.union(BAUD_RATES.map((b) => z.literal(b)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>]).optional(),
  data_bits: z.union([z.literal(7), z.literal(8)]).optional(),
  parity: z.enum(PARITIES).optional(),
  stop_bits: z.union([z.literal(1), z.literal(2)]).optional(),
  timeout_100ms: z.number().int().min(1).max(600),
  turnaround_delay_ms: z.number().int().min(0).max(10000),
  parameter_1: z.number().int().default(0),
  parameter_2: z.number().int().default(0),
  send_ack_delay_ms: z.number().int().min(0).max(10000).default(0),
  address_types: z.array(addressTypeSchema).min(1),
});

/** What a WebView screen can hold: a label (its text), a value, a lamp (a bit: on or off), a button
 * (toggles a bit), a numeric entry (writes a number within `min`..`max`) and a bar (a value drawn
 * within `min`..`max`). Every kind but the label names a tag; the runtime refuses a screen whose
 * references do not hold (server/services/project/runtime.ts, `linkProblems`). */
export const WEBVIEW_ELEMENT_KINDS = ['label', 'value', 'lamp', 'button', 'numeric_entry', 'bar'] as const;
export type WebviewElementKind = (typeof WEBVIEW_ELEMENT_KINDS)[number];

export const webviewElementSchema = z.object({
  kind: z.enum(WEBVIEW_ELEMENT_KINDS),
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  w: z.number().int().min(1),
  h: z.number().int().min(1),
  text: z.string().max(128).optional(),
  tag: name.optional(),
  /** A numeric entry's and a bar's range (both required for them, `min` < `max`). */
  min: z.number().optional(),
  max: z.number().optional(),
});

export const webviewScreenSchema = z.object({
  id: z.number().int().min(1),
  name,
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  elements: z.array(webviewElementSchema),
});

export interface OpcuaFolderDef {
  name: string;
  tags: string[];
  folders: OpcuaFolderDef[];
}
export const opcuaFolderSchema: z.ZodType<OpcuaFolderDef> = z.object({
  name,
  tags: z.array(name),
  get folders() {
    return z.array(opcuaFolderSchema);
  },
});

export const projectSchema = z.object({
  format: z.literal(PROJECT_FORMAT),
  format_version: z.literal(PROJECT_FORMAT_VERSION),
  name,
  model: z.string().min(1).max(64),
  design_software_version: z.string().regex(/^\d+\.\d{2}\.\d{2}$/),
  tags: z.array(projectTagSchema),
  alarms: z.array(alarmSchema),
  recipes: z.array(recipeSchema),
  data_logs: z.array(dataLogSchema),
  devices: z.array(communicationDeviceSchema),
  webview: z.object({ screens: z.array(webviewScreenSchema) }),
  opcua: z.object({ root: opcuaFolderSchema }),
  /** Enhanced Security: the project keeps operator accounts (absent: off; docs/decisions.md#enhanced-security). */
  enhanced_security: z.boolean().optional(),
  /** The project uses e-mail (alarm mails; specification §2: the E-mail screen says otherwise that it is not enabled). */
  email_enabled: z.boolean().default(false),
  /** The project uses FTP (specification §2: the FTP screen says otherwise that it is not enabled, and the server does not run). */
  ftp_enabled: z.boolean().default(false),
  /** The project uses the Misc features (specification §2: the Misc screen says otherwise that it is not enabled). */
  misc_enabled: z.boolean().default(false),
  /** The project lets the panel's touch screen be calibrated (specification §2: the Touch Calibration screen says otherwise that it is not enabled). */
  touch_calibration_enabled: z.boolean().default(false),
});

export type Project = z.infer<typeof projectSchema>;
export type ProjectTag = z.infer<typeof projectTagSchema>;

/** Compares dotted versions such as `6.04.01`; negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** A project protected by a password: the `.app` holds this envelope instead of the document, the
 * document encrypted with AES-256-GCM under a key derived from the password with scrypt. The
 * device needs the password to run it ('error password' without the right one). */
export const PROTECTED_PROJECT_FORMAT = 'hmi-project-protected';
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);
export const protectedProjectSchema = z.object({
  format: z.literal(PROTECTED_PROJECT_FORMAT),
  format_version: z.literal(1),
  kdf: z.object({
    name: z.literal('scrypt'),
    salt: base64,
    N: z.number().int().min(1024).max(1 << 20),
    r: z.number().int().min(1).max(32),
    p: z.number().int().min(1).max(16),
  }),
  cipher: z.literal('aes-256-gcm'),
  iv: base64,
  tag: base64,
  data: base64,
});
export type ProtectedProject = z.infer<typeof protectedProjectSchema>;

/** The largest project document the device unpacks (decompressed bytes). */
export const MAX_PROJECT_DOCUMENT_BYTES = 64 * 1024 * 1024;
