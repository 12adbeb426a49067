/**
 * The OPC UA server settings form: what the fields hold (the draft), the request they make, and
 * the rules' problems of that request (contract/rules/opcua.ts, the same the device runs).
 */
import type { OpcuaSettings, OpcuaSettingsInput } from '../../../contract/api/opcua';
import {
  discoveryUrlProblem,
  hasEndpoint,
  portProblem,
  userProblems,
  type SecurityMode,
  type SecurityPolicy,
  type UserProblem,
} from '../../../contract/rules/opcua';
import { readWholeNumber } from '../../components/settings/whole-number';

export interface UserRow {
  /** A stable key for React while the name is edited. */
  key: string;
  username: string;
  /** Write-only: '' keeps a stored user's password. */
  password: string;
  browse: boolean;
  read: boolean;
  write: boolean;
}

/** The fields the form edits in another shape than the device's: the others (enabled, security,
 * anonymous, the trace level, and any field the settings gain) are held as the device answers them
 * and sent back as they are, so a new field of the settings is written once, in the contract. */
type Reshaped = 'port' | 'server_name' | 'users' | 'discovery';

export type SettingsDraft = Omit<OpcuaSettings, Reshaped> & {
  port: string;
  server_name: string;
  users: UserRow[];
  discovery_on: boolean;
  discovery_url: string;
  discovery_comment: string;
};

let nextKey = 1;
export function newUserKey(): string {
  return `user-${nextKey++}`;
}

export function toDraft(stored: OpcuaSettings): SettingsDraft {
  const { port, server_name, users, discovery, ...kept } = stored;
  return {
    ...kept,
    port: String(port),
    server_name,
    // Keys from the stored order, so the same settings give the same draft (no edit seen).
    users: users.map((u, i) => ({ key: `stored-${i}`, username: u.username, password: '', browse: u.browse, read: u.read, write: u.write })),
    discovery_on: discovery !== null,
    discovery_url: discovery?.url ?? '',
    discovery_comment: discovery?.comment ?? '',
  };
}

/** The request the draft makes: numbers read, names trimmed, passwords only where typed. */
export function normalise(draft: SettingsDraft): OpcuaSettingsInput {
  const { port, server_name, users, discovery_on, discovery_url, discovery_comment, ...kept } = draft;
  return {
    ...kept,
    port: readWholeNumber(port),
    server_name: server_name.trim(),
    users: users.map((u) => ({
      username: u.username.trim(),
      ...(u.password !== '' ? { password: u.password } : {}),
      browse: u.browse,
      read: u.read,
      write: u.write,
    })),
    discovery: discovery_on ? { url: discovery_url.trim(), comment: discovery_comment.trim() } : null,
  };
}

export type UserRowProblems = Partial<Record<'username' | 'password', UserProblem>>;

export type SettingsProblems = {
  port?: 'port_range' | undefined;
  server_name?: 'required' | undefined;
  security?: 'no_endpoint' | undefined;
  /** By row; undefined when every row is right. */
  users?: ReadonlyMap<number, UserRowProblems> | undefined;
  discovery_url?: 'required' | 'url_format' | undefined;
};

/** The problems of a request; `stored` are the user names the device holds (they may keep their
 * passwords). */
export function settingsProblems(value: OpcuaSettingsInput, stored: ReadonlySet<string>): SettingsProblems {
  const users = userProblems(value.users, stored);
  return {
    port: portProblem(value.port) ?? undefined,
    server_name: value.server_name === '' ? 'required' : undefined,
    security: hasEndpoint(value.security) ? undefined : 'no_endpoint',
    users: users.size > 0 ? users : undefined,
    discovery_url: value.discovery ? (discoveryUrlProblem(value.discovery.url) ?? undefined) : undefined,
  };
}

/** Ticks or unticks one mode of one policy, keeping the modes in their order. */
export function toggleMode(security: OpcuaSettings['security'], policy: SecurityPolicy, mode: SecurityMode, on: boolean): OpcuaSettings['security'] {
  const now = security[policy];
  const next = on ? (['sign', 'sign_encrypt'] as const).filter((m) => m === mode || now.includes(m)) : now.filter((m) => m !== mode);
  return { ...security, [policy]: next };
}
