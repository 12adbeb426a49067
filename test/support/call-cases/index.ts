/** The server tests' case of every call of the contract, one file per area of the contract
 * (test/support/call-cases/<area>.ts, named as the area's calls' file) merged here. A new area is
 * its file: the list is the contract's list of areas. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ALL_CALLS, callsFileOf, mayCall, type CallDef } from '../../../contract/api';
import { CONTRACT_AREAS, type ContractAreaName } from '../../../contract/areas';
import { ACCOUNTS, type AccountName } from '../../../contract/roles';
import type { TestDevice } from '../device';
import type { AreaCases, CallCase, CallRequest } from './types';
import { multipartBody } from '../multipart';

export type { AreaCases, CallCase, CallRequest } from './types';
export { WIFI_CONNECT } from './network';

/** Each area's cases, from the file named as its calls' file (`plcRuntime` → `./plc-runtime.ts`,
 * exporting `plcRuntimeCases`): nothing here is edited for a new area. */
const CASES_BY_AREA: Record<ContractAreaName, AreaCases> = Object.fromEntries(
  CONTRACT_AREAS.map((area) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(`./${callsFileOf(area.name)}`) as Record<string, AreaCases | undefined>;
    const cases = mod[`${area.name}Cases`];
    if (!cases) throw new Error(`test/support/call-cases/${callsFileOf(area.name)}.ts exports no ${area.name}Cases`);
    return [area.name, cases];
  }),
) as Record<ContractAreaName, AreaCases>;

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
