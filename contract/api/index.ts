import { CONTRACT_AREAS, type ContractAreaName } from '../areas';
import type { CallDef } from './define';

export * from './define';
export * from './common';

/** The file of an area's calls: its name in kebab case (`plcRuntime` → `plc-runtime.ts`). */
export function callsFileOf(area: ContractAreaName): string {
  return area.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function callsOf(mod: Record<string, unknown>): CallDef[] {
  return Object.values(mod).filter(
    (v): v is CallDef => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v,
  );
}

/** The calls of every area of the list (contract/areas.ts), each area's from its own file by the
 * naming rule above: nothing here is edited for a new area. Server-side and tests only (the console
 * takes a call's types from contract/api/calls.ts and never loads zod). */
export const CALLS_BY_AREA: Readonly<Record<ContractAreaName, readonly CallDef[]>> = Object.fromEntries(
  CONTRACT_AREAS.map((area) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(`./${callsFileOf(area.name)}`) as Record<string, unknown>;
    return [area.name, callsOf(mod)];
  }),
) as unknown as Record<ContractAreaName, readonly CallDef[]>;

/** Every call of the device API, in one list: the server registers them, the OpenAPI document lists them. */
export const ALL_CALLS: readonly CallDef[] = Object.values(CALLS_BY_AREA).flat();

export * from './socket';
