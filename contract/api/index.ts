import * as auth from './auth';
import * as uac from './uac';
import * as system from './system';
import * as device from './device';
import * as network from './network';
import type { CallDef } from './define';

export * from './define';
export * from './routes';
export * from './common';
export { auth, uac, system, device, network };

function callsOf(mod: Record<string, unknown>): CallDef[] {
  return Object.values(mod).filter(
    (v): v is CallDef => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v,
  );
}

/** Every call of the device API, in one list: the server registers them, the OpenAPI document lists them. */
export const ALL_CALLS: readonly CallDef[] = [auth, uac, system, device, network].flatMap((m) => callsOf(m as Record<string, unknown>));

export * from './socket';
