/**
 * The OPC UA rules of specification §5 and §9, one function each, used by the console (field
 * errors as the administrator types) and by the device (the same check refuses a request). Zod-free
 * (the schema is imported as a type only).
 */
import type { z } from 'zod';
import type { DataType } from '../project-format';
import type { opcuaSettingsSchema } from '../api/opcua';

/** Specification §9: an OPC UA tag's length (words of a string, elements of an array). */
export const TAG_LENGTH_MIN = 1;
export const TAG_LENGTH_MAX = 255;
/** Specification §9: an address has 0 to 16 characters. */
export const ADDRESS_LENGTH_MAX = 16;
/** A tag or folder name: what the project format allows. */
export const NODE_NAME_MAX = 64;
/** Index registers 0 to 31 exist on the panel. */
export const INDEX_REGISTER_MAX = 31;
/** The project's own device: tags on it are internal. */
export const LOCAL_HMI = 'Local HMI';

export const OPCUA_DEFAULT_PORT = 4840;
export const SECURITY_POLICIES = ['basic256sha256', 'aes128_sha256_rsaoaep', 'aes256_sha256_rsapss'] as const;
export type SecurityPolicy = (typeof SECURITY_POLICIES)[number];
export const SECURITY_MODES = ['sign', 'sign_encrypt'] as const;
export type SecurityMode = (typeof SECURITY_MODES)[number];
export const TRACE_LEVELS = ['off', 'error', 'warning', 'info', 'debug'] as const;
export type TraceLevel = (typeof TRACE_LEVELS)[number];
export const OPCUA_USERNAME_MAX = 32;
export const OPCUA_PASSWORD_MIN = 8;
export const OPCUA_PASSWORD_MAX = 64;
export const OPCUA_USERS_MAX = 32;

/** The server's settings on a new device (server/services/settings.ts; tests build theirs from it).
 * A service nobody asked for stays closed: off, no anonymous access, no unsecured endpoint, no
 * users. */
export const DEFAULT_OPCUA_SETTINGS: z.output<typeof opcuaSettingsSchema> = {
  enabled: false,
  port: OPCUA_DEFAULT_PORT,
  server_name: 'HMI OPC UA Server',
  security: { none: false, basic256sha256: ['sign', 'sign_encrypt'], aes128_sha256_rsaoaep: ['sign', 'sign_encrypt'], aes256_sha256_rsapss: ['sign', 'sign_encrypt'] },
  anonymous: false,
  users: [],
  trace_level: 'warning',
  discovery: null,
};
/** Ports the device's own services hold: the console's HTTP and HTTPS ports by default. */
export const PORT_MIN = 1;
export const PORT_MAX = 65535;

/** An address type a communication device offers (`4x`, `LW`): the driver address table. */
export interface AddressType {
  name: string;
  kind: 'bit' | 'word';
  min: number;
  max: number;
}
export interface DriverEntry {
  device: string;
  address_types: readonly AddressType[];
}

/** `4x-100`, `LW-5`, and a bit of a word `4x-100.3`. */
const ADDRESS = /^([A-Za-z0-9]{1,8})-(\d{1,10})(?:\.(\d{1,2}))?$/;

export function parseAddress(address: string): { type: string; number: number; bit: number | null } | null {
  const m = ADDRESS.exec(address);
  if (!m) return null;
  return { type: m[1]!, number: Number(m[2]), bit: m[3] === undefined ? null : Number(m[3]) };
}

export type AddressProblem = 'address_too_long' | 'address_error';

/** Whether `address` names a place on device `plc` that holds a value of `dataType`: the type is
 * one of the device's, the number in its range, a bit tag on a bit type or a bit (0–15) of a word,
 * any other tag on a word type. */
export function addressProblem(address: string, plc: string, dataType: DataType, drivers: readonly DriverEntry[]): AddressProblem | null {
  if (address.length > ADDRESS_LENGTH_MAX) return 'address_too_long';
  const driver = drivers.find((d) => d.device === plc);
  const parsed = parseAddress(address);
  if (!driver || !parsed) return 'address_error';
  const type = driver.address_types.find((t) => t.name === parsed.type);
  if (!type || parsed.number < type.min || parsed.number > type.max) return 'address_error';
  if (parsed.bit !== null) return type.kind === 'word' && dataType === 'bit' && parsed.bit <= 15 ? null : 'address_error';
  if (dataType === 'bit') return null;
  return type.kind === 'word' ? null : 'address_error';
}

export interface TagFields {
  tag_name: string;
  plc: string;
  address: string;
  index_register: number | null;
  data_type: DataType;
  length: number;
}

export type TagField = 'tag_name' | 'plc' | 'address' | 'index_register' | 'length';
export type TagProblem = 'required' | 'name_too_long' | 'name_characters' | 'tag_name_duplicate' | 'plc_unknown' | AddressProblem | 'index_register_error' | 'length_range';

/** A node name: printable, no slash or dot-dot (it becomes a browse name and a NodeId). */
const NAME = /^[^\u0000-\u001f/\\]+$/;

export function nameProblem(name: string): 'required' | 'name_too_long' | 'name_characters' | null {
  if (name.trim() === '') return 'required';
  if (name.length > NODE_NAME_MAX) return 'name_too_long';
  if (!NAME.test(name) || name !== name.trim()) return 'name_characters';
  return null;
}

/** One tag's problems, field by field; `otherNames` are the names of every other tag of the tree. */
export function tagProblems(tag: TagFields, drivers: readonly DriverEntry[], otherNames: ReadonlySet<string>): Partial<Record<TagField, TagProblem>> {
  const problems: Partial<Record<TagField, TagProblem>> = {};
  const name = nameProblem(tag.tag_name);
  if (name) problems.tag_name = name;
  else if (otherNames.has(tag.tag_name)) problems.tag_name = 'tag_name_duplicate';
  if (!drivers.some((d) => d.device === tag.plc)) problems.plc = tag.plc === '' ? 'required' : 'plc_unknown';
  else {
    const address = addressProblem(tag.address, tag.plc, tag.data_type, drivers);
    if (address) problems.address = address;
  }
  if (tag.index_register !== null && (!Number.isInteger(tag.index_register) || tag.index_register < 0 || tag.index_register > INDEX_REGISTER_MAX)) {
    problems.index_register = 'index_register_error';
  }
  if (!Number.isInteger(tag.length) || tag.length < TAG_LENGTH_MIN || tag.length > TAG_LENGTH_MAX) problems.length = 'length_range';
  return problems;
}

/** The part of a node tree the rules read (the contract's OpcuaNode satisfies it). */
export interface RuleNode {
  id: string;
  name: string;
  kind: 'folder' | 'tag';
  children?: readonly RuleNode[];
  tag?: TagFields;
}

export type FolderProblem = 'required' | 'name_too_long' | 'name_characters' | 'folder_name_duplicate';
export interface NodeProblems {
  /** The node's own name (a folder), or its tag's fields. */
  folder?: FolderProblem;
  tag?: Partial<Record<TagField, TagProblem>>;
}

/** Every problem of a tree, by node id: tag names unique over the whole tree (each is a NodeId),
 * folder names unique among their siblings, each tag's fields. Empty when the tree may be saved. */
export function treeProblems(roots: readonly RuleNode[], drivers: readonly DriverEntry[]): Map<string, NodeProblems> {
  const problems = new Map<string, NodeProblems>();
  const count = new Map<string, number>();
  const walk = (nodes: readonly RuleNode[], visit: (n: RuleNode, siblings: readonly RuleNode[]) => void) => {
    for (const n of nodes) {
      visit(n, nodes);
      if (n.children) walk(n.children, visit);
    }
  };
  walk(roots, (n) => {
    if (n.kind === 'tag' && n.tag) count.set(n.tag.tag_name, (count.get(n.tag.tag_name) ?? 0) + 1);
  });
  walk(roots, (n, siblings) => {
    if (n.kind === 'folder') {
      const p = nameProblem(n.name) ?? (siblings.some((s) => s !== n && s.kind === 'folder' && s.name === n.name) ? 'folder_name_duplicate' : null);
      if (p) problems.set(n.id, { folder: p });
    } else if (n.tag) {
      const others = new Set([...count].filter(([name, c]) => name !== n.tag!.tag_name || c > 1).map(([name]) => name));
      const p = tagProblems(n.tag, drivers, others);
      if (Object.keys(p).length > 0) problems.set(n.id, { tag: p });
    }
  });
  return problems;
}

export interface SecuritySettings {
  none: boolean;
  basic256sha256: readonly SecurityMode[];
  aes128_sha256_rsaoaep: readonly SecurityMode[];
  aes256_sha256_rsapss: readonly SecurityMode[];
}

/** Whether at least one endpoint is offered: a server with no policy ticked could not be reached. */
export function hasEndpoint(security: SecuritySettings): boolean {
  return security.none || SECURITY_POLICIES.some((p) => security[p].length > 0);
}

export interface UserFields {
  username: string;
  password?: string | undefined;
}

export type UserProblem = 'required' | 'username_characters' | 'username_duplicate' | 'password_required' | 'password_length';
const USERNAME = /^[A-Za-z0-9_.-]{1,32}$/;

/** A user list's problems, by index: names unique and of safe characters; a new user (not in
 * `stored`) needs a password, a stored one keeps its own when none is given. */
export function userProblems(users: readonly UserFields[], stored: ReadonlySet<string>): Map<number, Partial<Record<'username' | 'password', UserProblem>>> {
  const problems = new Map<number, Partial<Record<'username' | 'password', UserProblem>>>();
  users.forEach((u, i) => {
    const p: Partial<Record<'username' | 'password', UserProblem>> = {};
    if (u.username === '') p.username = 'required';
    else if (!USERNAME.test(u.username)) p.username = 'username_characters';
    else if (users.findIndex((o) => o.username === u.username) !== i) p.username = 'username_duplicate';
    if (u.password === undefined || u.password === '') {
      if (!stored.has(u.username)) p.password = 'password_required';
    } else if (u.password.length < OPCUA_PASSWORD_MIN || u.password.length > OPCUA_PASSWORD_MAX) p.password = 'password_length';
    if (Object.keys(p).length > 0) problems.set(i, p);
  });
  return problems;
}

/** A discovery server's URL: `opc.tcp://host:port[/path]`. */
export function discoveryUrlProblem(url: string): 'required' | 'url_format' | null {
  if (url.trim() === '') return 'required';
  return /^opc\.tcp:\/\/[A-Za-z0-9.\-[\]:]+:\d{1,5}(\/[\x21-\x7e]*)?$/.test(url) ? null : 'url_format';
}

export function portProblem(port: number): 'port_range' | null {
  return Number.isInteger(port) && port >= PORT_MIN && port <= PORT_MAX ? null : 'port_range';
}

/** A certificate past its end (or not yet valid) at `nowMs`. */
export function certificateExpired(cert: { valid_to: string; valid_from: string }, nowMs: number): boolean {
  return Date.parse(cert.valid_to) < nowMs || Date.parse(cert.valid_from) > nowMs;
}

/** Specification §3: how a tag's data type appears in OPC UA. */
export const OPCUA_DATA_TYPES: Record<DataType, string> = {
  bit: 'Boolean',
  int16: 'Int16',
  uint16: 'UInt16',
  int32: 'Int32',
  uint32: 'UInt32',
  float: 'Float',
  string: 'String',
};

/** The NodeId a tag is served at. */
export function tagNodeId(tagName: string): string {
  return `ns=1;s=${tagName}`;
}
