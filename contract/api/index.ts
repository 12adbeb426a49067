import * as auth from './auth';
import * as uac from './uac';
import * as system from './system';
import * as network from './network';
import * as project from './project';
import * as webview from './webview';
import * as opcua from './opcua';
import * as cgi from './cgi';
import * as meta from './meta';
import * as jobs from './jobs';
import * as os from './os';
import * as recipe from './recipe';
import * as data from './data';
import * as plcRuntime from './plc-runtime';
import * as communication from './communication';
import type { CallDef } from './define';

export * from './define';
export * from './common';
export { auth, uac, system, network, project, jobs, os, recipe, data, communication, webview, opcua, cgi, meta, plcRuntime };

/** Every area of the device API, once: a module of zod schemas per area (`<area>.ts`) with its
 * zod-free routes beside it (`<area>.routes.ts`). A new area is those two files and one entry here. */
export const CALL_AREAS = { auth, uac, system, network, project, jobs, os, recipe, data, communication, webview, opcua, cgi, meta, plcRuntime };

function callsOf(mod: Record<string, unknown>): CallDef[] {
  return Object.values(mod).filter(
    (v): v is CallDef => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v,
  );
}

/** Every call of the device API, in one list: the server registers them, the OpenAPI document lists them. */
export const ALL_CALLS: readonly CallDef[] = Object.values(CALL_AREAS).flatMap((m) => callsOf(m as Record<string, unknown>));

export * from './socket';
