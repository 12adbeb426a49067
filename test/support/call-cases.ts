import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ALL_CALLS, type CallDef } from '../../contract/api';
import { ACCOUNTS, effectiveRoles, type AccountName } from '../../contract/roles';
import { TEST_PASSWORD, type TestDevice } from './device';

/** One request to a call: the concrete URL (path params filled in), query and body. */
export interface CallRequest {
  url?: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** How the server tests exercise one call of the contract. Every call of ALL_CALLS needs one;
 * the suites fail for a call that has none, so a new call cannot slip in untested. */
export interface CallCase extends CallRequest {
  /** The account the success request is made as; null for a public call. */
  account: AccountName | null;
  /** A request the call's schemas (or rules) refuse, and the field the 400 must name. */
  invalid?: CallRequest & { field: string };
  /** The call ends sessions (its own or others of the account): use a token of its own. */
  endsSessions?: boolean;
  /** Brings the device to where the success request can succeed (a change to confirm, the radio
   * on); its answer overrides parts of the request. Runs before any row count is taken. */
  prepare?: (t: TestDevice, adminToken: string) => Promise<Partial<CallRequest>>;
}

/** Applies the current hotspot settings with the safety net: a pending change to confirm or revert. */
async function pendingHotspotChange(t: TestDevice, token: string): Promise<Partial<CallRequest>> {
  const current = (await t.call('GET', '/api/v1/network/hotspot', token)).json() as { settings: unknown };
  const res = await t.call('PUT', '/api/v1/network/hotspot', token, { settings: current.settings, safe: true });
  const id = (res.json() as { pending: { id: string } }).pending.id;
  return { url: `/api/v1/network/pending/${id}/confirm`.replace('/confirm', '') };
}

async function wifiOn(t: TestDevice, token: string): Promise<Partial<CallRequest>> {
  await t.call('PUT', '/api/v1/network/wifi/enabled', token, { enabled: true });
  return {};
}

const staticLan = { mode: 'static', ip: '192.168.10.5', netmask: '255.255.255.0', gateway: '192.168.10.1', dns1: '192.168.10.1', dns2: '' };
const dhcpLan = { mode: 'dhcp', ip: '', netmask: '', gateway: '', dns1: '', dns2: '' };
export const WIFI_CONNECT = {
  ssid: 'Plant-Floor',
  security: 'wpa_psk',
  password: 'conveyor-line-7',
  eap_method: 'peap',
  identity: '',
  ca_certificate: '',
  user_certificate: '',
  private_key: '',
  key_password: '',
  ip: dhcpLan,
};
const hotspot = { enabled: true, address: '192.168.50.1', range_start: '192.168.50.100', range_end: '192.168.50.199', password: 'Hotspot-Pass-1' };

const form = (fields: Record<string, string>) => fields;
const strengthRules = {
  password_rules_enable: false,
  password_rules_minimal_length: 12,
  password_rules_include_numbers: false,
  password_rules_include_mixed_cases: false,
  password_rules_include_special_characters: false,
};
const expiration = {
  password_expiration_notification_enable: false,
  password_expiration_validity_period: 90,
  password_expiration_allow_operations_before_update: false,
};

export const CALL_CASES: Record<string, CallCase> = {
  'auth.tokenApp': {
    account: null,
    body: form({ grant_type: 'password', username: 'cmt_default_control_user', password: TEST_PASSWORD }),
    invalid: { body: form({ grant_type: 'client_credentials', username: 'admin', password: 'x' }), field: 'grant_type' },
  },
  'auth.tokenAdmin': {
    account: null,
    url: '/api/v1/auth/token/history',
    body: form({ grant_type: 'password', username: 'history', password: TEST_PASSWORD }),
    invalid: {
      url: '/api/v1/auth/token/root',
      body: form({ grant_type: 'password', username: 'root', password: TEST_PASSWORD }),
      field: 'role',
    },
  },
  'auth.logout': { account: 'history', endsSessions: true },
  'auth.tokenCheck': { account: 'history' },
  'auth.loginInfo': { account: null },
  'uac.changeAdminPassword': {
    account: 'admin',
    body: { username: 'admin', current: TEST_PASSWORD, password: TEST_PASSWORD },
    invalid: { body: { username: 'admin', password: TEST_PASSWORD }, field: 'current' },
    endsSessions: true,
  },
  'uac.changeUserPassword': {
    account: 'cmt_default_control_user',
    body: { username: 'cmt_default_control_user', current: TEST_PASSWORD, password: TEST_PASSWORD },
    invalid: { body: { username: 'cmt_default_control_user', current: TEST_PASSWORD, password: '' }, field: 'password' },
    endsSessions: true,
  },
  'uac.extraRole': { account: 'update' },
  'uac.userInfo': { account: 'history' },
  'uac.setState': { account: 'update', body: { code: 1 }, invalid: { body: { code: 2 }, field: 'code' } },
  'system.getHmiName': { account: 'cmt_default_view_only_user' },
  'system.setHmiName': { account: 'admin', body: { name: 'Line-7' }, invalid: { body: { name: 42 }, field: 'name' } },
  'system.getTime': { account: 'history' },
  'system.setDateTime': {
    account: 'admin',
    body: { time: '2030.06.15-08:30:00' },
    invalid: { body: { time: '2030-06-15 08:30:00' }, field: 'time' },
  },
  'system.legacyHash': { account: 'update' },
  'system.getStrengthRules': { account: 'cmt_default_control_user' },
  'system.setStrengthRules': {
    account: 'admin',
    body: strengthRules,
    invalid: { body: { ...strengthRules, password_rules_minimal_length: 3 }, field: 'password_rules_minimal_length' },
  },
  'system.getExpiration': { account: 'history' },
  'system.setExpiration': {
    account: 'admin',
    body: expiration,
    invalid: { body: { ...expiration, password_expiration_validity_period: 0 }, field: 'password_expiration_validity_period' },
  },
  'system.getHttp': { account: 'update' },
  // http: true keeps plain HTTP on; switching it off is tested on a device of its own.
  'system.setHttp': { account: 'admin', body: { http: true }, invalid: { body: { http: 'false' }, field: 'http' } },
  'system.webSpecification': { account: 'cmt_default_view_only_user' },
  'system.info': { account: 'history' },
  'system.identifyLight': { account: 'history' },
  'system.startIdentifyLight': { account: 'update', body: { seconds: 30 }, invalid: { body: { seconds: 0 }, field: 'seconds' } },
  'system.stopIdentifyLight': { account: 'admin' },
  'network.getEthernet': { account: 'admin' },
  'network.setEthernet': {
    account: 'admin',
    body: { settings: { bridge: false, interfaces: [dhcpLan, staticLan] }, safe: false },
    invalid: {
      body: { settings: { bridge: false, interfaces: [dhcpLan, { ...staticLan, gateway: '10.0.0.1' }] }, safe: false },
      field: 'settings.interfaces.1.gateway',
    },
  },
  'network.pendingChange': { account: 'admin' },
  'network.confirmChange': {
    account: 'admin',
    prepare: async (t, token) => {
      const { url } = await pendingHotspotChange(t, token);
      return { url: `${url}/confirm` };
    },
    url: '/api/v1/network/pending/none/confirm',
    invalid: { url: `/api/v1/network/pending/${'x'.repeat(65)}/confirm`, field: 'id' },
  },
  'network.revertChange': {
    account: 'admin',
    prepare: async (t, token) => {
      const { url } = await pendingHotspotChange(t, token);
      return { url: `${url}/revert` };
    },
    url: '/api/v1/network/pending/none/revert',
    invalid: { url: `/api/v1/network/pending/${'x'.repeat(65)}/revert`, field: 'id' },
  },
  'network.getWifi': { account: 'admin' },
  'network.setWifiEnabled': { account: 'admin', body: { enabled: true }, invalid: { body: { enabled: 'on' }, field: 'enabled' } },
  'network.scanWifi': { account: 'admin', prepare: wifiOn },
  'network.connectWifi': {
    account: 'admin',
    prepare: wifiOn,
    body: { settings: WIFI_CONNECT, safe: false },
    invalid: { body: { settings: { ...WIFI_CONNECT, password: 'short' }, safe: false }, field: 'settings.password' },
  },
  'network.disconnectWifi': { account: 'admin', prepare: wifiOn },
  'network.getHotspot': { account: 'admin' },
  'network.setHotspot': {
    account: 'admin',
    body: { settings: hotspot, safe: false },
    invalid: { body: { settings: { ...hotspot, range_end: '192.168.50.50' }, safe: false }, field: 'settings.range_end' },
  },
  'project.logoName': { account: 'history' },
  'webview.status': { account: 'cmt_default_control_user' },
  'webview.userList': { account: 'admin' },
  'webview.autoLogin': { account: 'admin' },
  'webview.timeout': { account: 'admin' },
  'webview.password': { account: 'admin' },
  'opcua.nodeTree': { account: 'admin' },
  'opcua.driverTable': { account: 'admin' },
  'cgi.resetProject': { account: 'history', query: { resetsele: '28' }, invalid: { query: { resetsele: '1' }, field: 'resetsele' } },
  'meta.openapi': { account: 'admin' },
};

export function caseOf(call: CallDef): CallCase {
  const c = CALL_CASES[call.id];
  if (!c) throw new Error(`No test case for ${call.id}: add one to test/support/call-cases.ts`);
  return c;
}

export const hasInput = (call: CallDef) => Boolean(call.body || call.query || call.params);

/** The accounts a call's access refuses (before any extra role). */
export function refusedAccounts(call: CallDef): AccountName[] {
  const access = call.access;
  if (access.kind === 'accounts') return ACCOUNTS.filter((a) => !access.accounts.includes(a));
  if (access.kind === 'menu') return ACCOUNTS.filter((a) => !effectiveRoles(a, []).has(access.menu));
  return [];
}

/** The inject options of one request to a call, body encoded as the call expects. */
export function requestOf(call: CallDef, req: CallRequest, token: string | null, extra: Partial<InjectOptions> = {}): InjectOptions {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (req.body !== undefined) {
    if (call.bodyFormat === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(req.body as Record<string, string>).toString();
    } else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(req.body);
    }
  }
  return {
    method: call.method,
    url: req.url ?? call.path,
    ...(req.query ? { query: req.query } : {}),
    headers,
    ...(payload === undefined ? {} : { payload }),
    ...extra,
  };
}

export function send(t: TestDevice, call: CallDef, req: CallRequest, token: string | null): Promise<LightMyRequestResponse> {
  return t.app.inject(requestOf(call, req, token));
}

/** Access tokens per account, signed in once and reused until a call ends sessions. */
export function tokenCache(t: TestDevice) {
  const tokens = new Map<AccountName, string>();
  return {
    async get(account: AccountName): Promise<string> {
      let token = tokens.get(account);
      if (!token) {
        token = await t.login(account);
        tokens.set(account, token);
      }
      return token;
    },
    clear(): void {
      tokens.clear();
    },
  };
}

export { ALL_CALLS };
