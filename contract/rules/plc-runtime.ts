/** PLC runtime rules (specification §3 "PLC runtime", §4): the formats of a licence serial number
 * and of an activation code, and the LAN1 address the PLC runtime OS sets. One set of functions:
 * the console runs them as the user types, the server on every write. Each returns problem codes;
 * the console maps a code to its translated message, the server to a 400 naming the field.
 *
 * Licence texts are written in Crockford's base 32 (digits and capitals without I, L, O and U),
 * in groups, and end with a check character (Luhn mod 32), so that a typing mistake is told as
 * such before anything is sent:
 * - a **serial number** (a licence bought for the runtime, valid on any panel) is 16 characters,
 *   `XXXX-XXXX-XXXX-XXXX`;
 * - an **activation code** (a licence issued for one panel, bound to its serial number) is 20
 *   characters, `XXXXX-XXXXX-XXXXX-XXXXX`.
 * Whether a well-formed text is a licence the vendor issued (and, for a code, issued for this
 * panel) only the device can tell: server/lib/plc-licence.ts.
 *
 * Zod-free (the types are the contract's schemas read as types), so the console loads no zod. */
import type { z } from 'zod';
import type { plcLan1Schema } from '../api/plc-runtime';
import { addressProblems, type GatewayProblem, type Ipv4Problem, type NetmaskProblem } from './network';

// ---------------------------------------------------------------- activation

export const ACTIVATION_METHODS = ['serial_number', 'code'] as const;
export type ActivationMethod = (typeof ACTIVATION_METHODS)[number];

/** Crockford's base 32: no I, L, O or U, so that nothing reads as another character. */
export const LICENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Characters of each kind of licence text (the check character included) and their groups. */
export const LICENCE_FORMATS = {
  serial_number: { length: 16, group: 4 },
  code: { length: 20, group: 5 },
} as const satisfies Record<ActivationMethod, { length: number; group: number }>;

/** The longest text an activation accepts before it is cleaned (spaces and dashes included). */
export const LICENCE_INPUT_MAX_LENGTH = 64;

/** A licence text as the device reads it: capitals, without spaces and dashes, with the letters
 * people take for digits read as those digits (O as 0, I and L as 1). */
export function normalizeLicenceText(text: string): string {
  return text
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

const N = LICENCE_ALPHABET.length;

function luhnSum(text: string, doubleFirst: boolean): number {
  let sum = 0;
  let double = doubleFirst;
  for (let i = text.length - 1; i >= 0; i--) {
    let addend = LICENCE_ALPHABET.indexOf(text[i]!) * (double ? 2 : 1);
    addend = Math.floor(addend / N) + (addend % N);
    sum += addend;
    double = !double;
  }
  return sum % N;
}

/** The Luhn mod 32 check character of `payload` (characters of LICENCE_ALPHABET). */
export function licenceCheckCharacter(payload: string): string {
  return LICENCE_ALPHABET[(N - luhnSum(payload, true)) % N]!;
}

/** Whether the last character of `text` is the check character of the others. */
export function hasValidCheckCharacter(text: string): boolean {
  return text.length > 1 && [...text].every((c) => LICENCE_ALPHABET.includes(c)) && luhnSum(text, false) === 0;
}

/** A normalised licence text in its groups (`ABCD-EFGH-…`), as printed on a licence. */
export function groupLicenceText(method: ActivationMethod, normalized: string): string {
  const size = LICENCE_FORMATS[method].group;
  return normalized.match(new RegExp(`.{1,${size}}`, 'g'))?.join('-') ?? '';
}

export type ActivationProblem = 'required' | 'serial_format' | 'serial_check' | 'code_format' | 'code_check';

/** What is wrong with a serial number or an activation code as typed, or null: its length and
 * characters, then its check character. */
export function activationProblem(method: ActivationMethod, text: string): ActivationProblem | null {
  const value = normalizeLicenceText(text);
  if (value === '') return 'required';
  const prefix = method === 'serial_number' ? 'serial' : 'code';
  const { length } = LICENCE_FORMATS[method];
  if (text.length > LICENCE_INPUT_MAX_LENGTH || value.length !== length || ![...value].every((c) => LICENCE_ALPHABET.includes(c))) return `${prefix}_format`;
  if (!hasValidCheckCharacter(value)) return `${prefix}_check`;
  return null;
}

/** The activation states the screen shows. */
export const ACTIVATION_STATES = ['not_activated', 'activated'] as const;
export type ActivationState = (typeof ACTIVATION_STATES)[number];

/** What the runtime does: it runs once activated, is stopped without a licence, and is being
 * updated while a firmware update runs. */
export const PLC_RUNTIME_STATES = ['running', 'stopped', 'updating'] as const;
export type PlcRuntimeState = (typeof PLC_RUNTIME_STATES)[number];

/** A runtime or firmware version: what a firmware's header may say. */
export const PLC_VERSION_PATTERN = /^[0-9A-Za-z._-]{1,32}$/;

// ---------------------------------------------------------------- LAN1

/** Specification §4: LAN1 is controlled by the PLC runtime OS (the default) or by the gateway OS. */
export const PLC_LAN1_OWNERS = ['plc_runtime_os', 'gateway_os'] as const;
export type PlcLan1Owner = (typeof PLC_LAN1_OWNERS)[number];

export type PlcLan1Settings = z.output<typeof plcLan1Schema>;

/** LAN1 on a new device: controlled by the PLC runtime OS (specification §4), at the address it sets
 * until someone changes it (server/services/settings.ts; tests build theirs from it). */
export const DEFAULT_PLC_LAN1: PlcLan1Settings = { owner: 'plc_runtime_os', ip: '192.168.1.10', netmask: '255.255.255.0', gateway: '' };
export type PlcLan1Field = 'ip' | 'netmask' | 'gateway';
export type PlcLan1Problem = Ipv4Problem | NetmaskProblem | GatewayProblem | 'address_not_host';

export function normalizePlcLan1(s: PlcLan1Settings): PlcLan1Settings {
  return { owner: s.owner, ip: s.ip.trim(), netmask: s.netmask.trim(), gateway: s.gateway.trim() };
}

/**
 * Problems of the LAN1 address by field. While the PLC runtime OS controls LAN1 it sets this
 * address: a host address of a valid subnet, the gateway (optional) another host of it, by the
 * network rules every interface follows (contract/rules/network.ts). While the gateway OS controls
 * LAN1, LAN1 takes the panel's Ethernet settings and these fields are not used: no problem.
 */
export function plcLan1Problems(s: PlcLan1Settings): Partial<Record<PlcLan1Field, PlcLan1Problem>> {
  if (s.owner !== 'plc_runtime_os') return {};
  const all = addressProblems({ mode: 'static', ip: s.ip, netmask: s.netmask, gateway: s.gateway, dns1: '', dns2: '' });
  const p: Partial<Record<PlcLan1Field, PlcLan1Problem>> = {};
  for (const field of ['ip', 'netmask', 'gateway'] as const) {
    const problem = all[field];
    if (problem) p[field] = problem as PlcLan1Problem;
  }
  return p;
}
