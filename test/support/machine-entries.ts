/**
 * Every registry entry, loaded synchronously, for the tests that list them while jest collects its
 * tests (`describe.each`, `test.each`, the mutation shards): the console loads each entry on demand
 * (`load` of its registry line, machines/registry.ts), which is a promise. Here each line's entry
 * is required from the `.qa.ts` files beside the machines, found by the id it exports: nothing is
 * listed twice, and a line whose entry no file exports fails loudly.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { MACHINE_REGISTRY, type MachineEntry } from '../../machines/registry';

const MACHINES_DIR = join(__dirname, '../../machines');

const isEntry = (value: unknown): value is MachineEntry =>
  typeof value === 'object' && value !== null && typeof (value as MachineEntry).id === 'string' && typeof (value as MachineEntry).machine === 'object';

let cached: readonly MachineEntry[] | undefined;

/** The registry's entries, in its order. */
export function registryEntries(): readonly MachineEntry[] {
  if (cached) return cached;
  const byId = new Map<string, MachineEntry>();
  for (const file of readdirSync(MACHINES_DIR).filter((f) => f.endsWith('.qa.ts'))) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(join(MACHINES_DIR, file)) as Record<string, unknown>;
    for (const value of Object.values(exported)) if (isEntry(value) && !byId.has(value.id)) byId.set(value.id, value);
  }
  cached = MACHINE_REGISTRY.map((ref) => {
    const entry = byId.get(ref.id);
    if (!entry) throw new Error(`no machines/*.qa.ts exports the entry of the registry line ${ref.id}`);
    return entry;
  });
  return cached;
}
