/** The server tests' case of every call of the contract, one file per area of the contract
 * (test/support/call-cases/<area>.ts) merged here. A new area is its file and one line in
 * CASES_BY_AREA, which the type holds to the contract's list of areas. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ALL_CALLS, mayCall, type CallDef } from '../../../contract/api';
import type { ContractAreaName } from '../../../contract/areas';
import { ACCOUNTS, type AccountName } from '../../../contract/roles';
import type { TestDevice } from '../device';
import type { AreaCases, CallCase, CallRequest } from './types';
import { authCases } from './auth';
import { uacCases } from './uac';
import { systemCases } from './system';
import { networkCases } from './network';
import { projectCases } from './project';
import { webviewCases } from './webview';
import { opcuaCases } from './opcua';
import { cgiCases } from './cgi';
import { metaCases } from './meta';
import { jobsCases } from './jobs';
import { osCases } from './os';
import { recipeCases } from './recipe';
import { dataCases } from './data';
import { plcRuntimeCases } from './plc-runtime';
import { communicationCases } from './communication';
import { multipartBody } from '../multipart';

export type { AreaCases, CallCase, CallRequest } from './types';
export { WIFI_CONNECT } from './network';

const CASES_BY_AREA: Record<ContractAreaName, AreaCases> = {
  auth: authCases,
  uac: uacCases,
  system: systemCases,
  network: networkCases,
  project: projectCases,
  jobs: jobsCases,
  os: osCases,
  recipe: recipeCases,
  data: dataCases,
  communication: communicationCases,
  webview: webviewCases,
  opcua: opcuaCases,
  cgi: cgiCases,
  meta: metaCases,
  plcRuntime: plcRuntimeCases,
};

export const CALL_CASES: Record<string, CallCase> = Object.assign({}, ...Object.values(CASES_BY_AREA));

export function caseOf(call: CallDef): CallCase {
  const c = CALL_CASES[call.id];
  if (!c) throw new Error(`No test case for ${call.id}: add one to test/support/call-cases/${call.id.split('.')[0]}.ts`);
  return c;
}

export const hasInput = (call: CallDef) => Boolean(call.body || call.query || call.params || call.upload);

/** The accounts a call's access refuses (before any extra role). */
export function refusedAccounts(call: CallDef): AccountName[] {
  const access = call.access;
  if (access.kind === 'accounts') return ACCOUNTS.filter((a) => !access.accounts.includes(a));
  if (access.kind === 'menu') return ACCOUNTS.filter((a) => !mayCall(access, a));
  return [];
}

/** The inject options of one request to a call, body encoded as the call expects. */
export function requestOf(call: CallDef, req: CallRequest, token: string | null, extra: Partial<InjectOptions> = {}): InjectOptions {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | Buffer | undefined;
  if (req.multipart) {
    const body = multipartBody(req.multipart);
    Object.assign(headers, body.headers);
    payload = body.payload;
  } else if (req.body !== undefined) {
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

/** The device runs one update at a time (another is answered 409 busy): an upload waits
 * until the job a previous request started has ended. */
export async function updatesIdle(t: TestDevice, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (t.device.jobs.running(['project_update', 'os_update', 'plc_runtime_update'])) {
    if (Date.now() > until) throw new Error('an update job is still running');
    await new Promise((r) => setTimeout(r, 5));
  }
}

export async function send(t: TestDevice, call: CallDef, req: CallRequest, token: string | null): Promise<LightMyRequestResponse> {
  if (call.upload) await updatesIdle(t);
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
