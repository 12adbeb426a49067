/**
 * Settings as tests build them: the contract's defaults (beside each setting's rules in
 * contract/rules/<area>.ts, the ones a new device starts with) plus only the fields a test cares
 * about. A new field of a setting is then its
 * schema and its default, and no fixture. A test that checks what a default is compares with a
 * literal on purpose, not with these.
 */
import type { OpcuaSettings, OpcuaSettingsInput } from '../../contract/api/opcua';
import { DEFAULT_OPLOG_RETENTION, type OplogRetention } from '../../contract/rules/data';
import {
  DEFAULT_ETHERNET_SETTINGS,
  DEFAULT_HOTSPOT_SETTINGS,
  DEFAULT_WIFI_CONNECT,
  DHCP_ADDRESS,
  type AddressSettings,
  type EthernetSettings,
  type HotspotSettings,
  type WifiConnectSettings,
} from '../../contract/rules/network';
import { DEFAULT_OPCUA_SETTINGS } from '../../contract/rules/opcua';
import { DEFAULT_EXPIRATION, expirationToWire, type PasswordExpirationWire } from '../../contract/rules/password-expiration';
import { DEFAULT_STRENGTH_RULES, strengthRulesToWire, type PasswordStrengthRulesWire } from '../../contract/rules/password-strength';
import { DEFAULT_PLC_LAN1, type PlcLan1Settings } from '../../contract/rules/plc-runtime';

/** The overrides of a setting: any field at any depth may be left out. A list, and a value that may
 * be null (an OPC UA discovery server), is given whole: its default has no fields to fill it from. */
export type DeepPartial<T> = null extends T
  ? T
  : T extends readonly unknown[]
    ? T
    : T extends object
      ? { [K in keyof T]?: DeepPartial<T[K]> }
      : T;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function merged(base: unknown, over: unknown): unknown {
  if (over === undefined) return structuredClone(base);
  if (!isPlainObject(base) || !isPlainObject(over)) return structuredClone(over);
  const out: Record<string, unknown> = structuredClone(base);
  for (const [k, v] of Object.entries(over)) out[k] = merged(base[k], v);
  return out;
}

/** `defaults` with `overrides` laid over it, field by field at any depth (a list replaced whole); a
 * copy, so a test may change what it gets. */
export function fromDefaults<T>(defaults: T, overrides: NoInfer<DeepPartial<T>> = {} as DeepPartial<T>): T {
  return merged(defaults, overrides) as T;
}

/** The OPC UA server's settings as GET /opcua/settings answers them. */
export function opcuaSettings(overrides: DeepPartial<OpcuaSettings> = {}): OpcuaSettings {
  return fromDefaults(DEFAULT_OPCUA_SETTINGS, overrides);
}

/** The OPC UA server's settings as PUT /opcua/settings takes them (users with their passwords). */
export function opcuaSettingsInput(overrides: DeepPartial<OpcuaSettingsInput> = {}): OpcuaSettingsInput {
  return fromDefaults<OpcuaSettingsInput>(DEFAULT_OPCUA_SETTINGS, overrides);
}

/** An interface's address settings, from one that asks DHCP: `{ mode: 'static', ip, netmask }`
 * for a fixed address. */
export function addressSettings(overrides: DeepPartial<AddressSettings> = {}): AddressSettings {
  return fromDefaults(DHCP_ADDRESS, overrides);
}

export function ethernetSettings(overrides: DeepPartial<EthernetSettings> = {}): EthernetSettings {
  return fromDefaults(DEFAULT_ETHERNET_SETTINGS, overrides);
}

/** The hotspot's settings: the password has no default (each device makes its own), so the test
 * names one. */
export function hotspotSettings(overrides: DeepPartial<HotspotSettings> & Pick<HotspotSettings, 'password'>): HotspotSettings {
  return fromDefaults<HotspotSettings>({ ...DEFAULT_HOTSPOT_SETTINGS, password: overrides.password }, overrides);
}

/** A Wi-Fi connect request's settings, from the form as it opens (the test names its network). */
export function wifiConnect(overrides: DeepPartial<WifiConnectSettings> = {}): WifiConnectSettings {
  return fromDefaults(DEFAULT_WIFI_CONNECT, overrides);
}

export function plcLan1(overrides: DeepPartial<PlcLan1Settings> = {}): PlcLan1Settings {
  return fromDefaults(DEFAULT_PLC_LAN1, overrides);
}

/** The password strength rules under their device names. */
export function strengthRulesWire(overrides: DeepPartial<PasswordStrengthRulesWire> = {}): PasswordStrengthRulesWire {
  return fromDefaults(strengthRulesToWire(DEFAULT_STRENGTH_RULES), overrides);
}

/** The password expiration settings under their device names. */
export function expirationWire(overrides: DeepPartial<PasswordExpirationWire> = {}): PasswordExpirationWire {
  return fromDefaults(expirationToWire(DEFAULT_EXPIRATION), overrides);
}

export function oplogRetention(overrides: DeepPartial<OplogRetention> = {}): OplogRetention {
  return fromDefaults(DEFAULT_OPLOG_RETENTION, overrides);
}
