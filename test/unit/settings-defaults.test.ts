/** The contract's setting defaults (what a new device starts with and tests build theirs from) pass
 * their schemas and the rules both sides run, and the tests' builder lays overrides over them
 * without touching them. */
import { oplogRetentionSchema } from '../../contract/api/data';
import { ethernetSettingsSchema, hotspotSettingsSchema, wifiConnectSchema } from '../../contract/api/network';
import { opcuaSettingsInputSchema, opcuaSettingsSchema } from '../../contract/api/opcua';
import { plcLan1Schema } from '../../contract/api/plc-runtime';
import { DEFAULT_OPLOG_RETENTION } from '../../contract/rules/data';
import {
  DEFAULT_ETHERNET_SETTINGS,
  DEFAULT_HOTSPOT_SETTINGS,
  DEFAULT_WIFI_CONNECT,
  ethernetProblems,
  hotspotProblems,
} from '../../contract/rules/network';
import { DEFAULT_OPCUA_SETTINGS, hasEndpoint, portProblem } from '../../contract/rules/opcua';
import { DEFAULT_PLC_LAN1, plcLan1Problems } from '../../contract/rules/plc-runtime';
import { fromDefaults, hotspotSettings, opcuaSettings, opcuaSettingsInput } from '../support/settings';

describe('the contract defaults', () => {
  it('pass their schemas', () => {
    expect(opcuaSettingsSchema.parse(DEFAULT_OPCUA_SETTINGS)).toEqual(DEFAULT_OPCUA_SETTINGS);
    expect(opcuaSettingsInputSchema.safeParse(DEFAULT_OPCUA_SETTINGS).success).toBe(true);
    expect(ethernetSettingsSchema.parse(DEFAULT_ETHERNET_SETTINGS)).toEqual(DEFAULT_ETHERNET_SETTINGS);
    expect(hotspotSettingsSchema.safeParse({ ...DEFAULT_HOTSPOT_SETTINGS, password: 'Panel-Label-12' }).success).toBe(true);
    expect(wifiConnectSchema.parse(DEFAULT_WIFI_CONNECT)).toEqual(DEFAULT_WIFI_CONNECT);
    expect(plcLan1Schema.parse(DEFAULT_PLC_LAN1)).toEqual(DEFAULT_PLC_LAN1);
    expect(oplogRetentionSchema.parse(DEFAULT_OPLOG_RETENTION)).toEqual(DEFAULT_OPLOG_RETENTION);
  });

  it('pass the rules the form and the server run', () => {
    expect(hasEndpoint(DEFAULT_OPCUA_SETTINGS.security)).toBe(true);
    expect(portProblem(DEFAULT_OPCUA_SETTINGS.port)).toBeNull();
    expect(ethernetProblems(DEFAULT_ETHERNET_SETTINGS).size).toBe(0);
    expect(hotspotProblems({ ...DEFAULT_HOTSPOT_SETTINGS, password: 'Panel-Label-12' })).toEqual({});
    expect(plcLan1Problems(DEFAULT_PLC_LAN1)).toEqual({});
  });
});

describe('fromDefaults', () => {
  it('lays the overrides over the defaults field by field, at any depth', () => {
    const s = opcuaSettings({ enabled: true, security: { none: true } });
    expect(s).toEqual({ ...DEFAULT_OPCUA_SETTINGS, enabled: true, security: { ...DEFAULT_OPCUA_SETTINGS.security, none: true } });
  });

  it('takes a list, and a value that may be null, whole', () => {
    const users = [{ username: 'scada', password: 'Scada-Pass-1', browse: true, read: true, write: false }];
    const s = opcuaSettingsInput({ users, security: { basic256sha256: ['sign_encrypt'] }, discovery: { url: 'opc.tcp://lds:4840', comment: '' } });
    expect(s.users).toEqual(users);
    expect(s.security.basic256sha256).toEqual(['sign_encrypt']);
    expect(s.security.aes128_sha256_rsaoaep).toEqual(DEFAULT_OPCUA_SETTINGS.security.aes128_sha256_rsaoaep);
    expect(s.discovery).toEqual({ url: 'opc.tcp://lds:4840', comment: '' });
  });

  it('answers a copy: changing it leaves the defaults as they are', () => {
    const before = structuredClone(DEFAULT_OPCUA_SETTINGS);
    const s = fromDefaults(DEFAULT_OPCUA_SETTINGS);
    s.security.basic256sha256.push('sign');
    s.users.push({ username: 'x', browse: true, read: true, write: true });
    expect(DEFAULT_OPCUA_SETTINGS).toEqual(before);
  });

  it('asks for what has no default: the hotspot password', () => {
    expect(hotspotSettings({ password: 'Panel-Label-12' })).toEqual({ ...DEFAULT_HOTSPOT_SETTINGS, password: 'Panel-Label-12' });
  });
});
