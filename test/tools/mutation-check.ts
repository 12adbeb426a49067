/**
 * Mutation testing of every machine (issue 21, item 7): each machine of machines/registry.ts is
 * mutated (test/tools/machine-mutants.ts: a transition sent to another state, a guard negated,
 * actions dropped) and its own tests must notice: at least MIN_KILLED of its mutants make one of
 * them fail. The survivors are printed (machine, state, transition, mutation).
 *
 * A machine's own tests are found by file name: test/unit/machines/<stem>.test.ts and
 * <stem>.<anything>.test.ts, where <stem> names the file that defines the machine
 * (machines/<stem>.machine.ts), the one that declares its registry entry (machines/<stem>.qa.ts)
 * or the one whose code writes its config (a shared factory, e.g. signed-update.machine.ts).
 * They run in this process, once per mutant (test/tools/mutation-runner.ts). The mutant goes to
 * the machine with its id and, where it means the same there (`mutateLike`), to every other
 * machine the same factory writes while they run: the flows a factory's shared tests build.
 *
 * The machines are shared out between the SHARDS test files test/unit/machines/mutation/shard-<n>.test.ts
 * (by their number of mutants, the largest first to the least loaded), so that jest runs them on
 * several workers and none of them is long. `npm run mutate [-- <machine id>...]` runs them
 * alone (MUTATE_MACHINES selects machines by id; MUTATE_DEBUG=1 prints each kill; MUTATE_PROGRESS=<file>
 * appends each mutant to the file as it starts, to find the one a hanging run is stuck on).
 */
import { appendFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type * as XState from 'xstate';

import type { MachineEntry } from '../../machines/registry';
import { registryEntries } from '../support/machine-entries';
import { mutantsOf, type Mutant } from './machine-mutants';
import { loadSuite, runSuite } from './mutation-runner';

/** The share of each machine's mutants its tests must kill. */
const MIN_KILLED = 0.9;

const ROOT = join(__dirname, '../..');
const MACHINES_DIR = join(ROOT, 'machines');
const TESTS_DIR = join(ROOT, 'test/unit/machines');
/** Tests of coverage, not behaviour: they kill nothing on purpose. */
const NOT_BEHAVIOUR = ['model-based.test.ts'];

const actual = jest.requireActual<typeof XState>('xstate');

const stemOf = (file: string) => file.replace(/\.tsx?$/, '').replace(/\.(machine|qa)$/, '');

/** The stems of the files in machines/ that export `value` (`identify-light` for identify-light.machine.ts). */
function stemsExporting(value: unknown): string[] {
  return readdirSync(MACHINES_DIR)
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => Object.values(require(join(MACHINES_DIR, file)) as Record<string, unknown>).includes(value))
    .map(stemOf);
}

/**
 * The files in machines/ whose code writes the machine's config (calls createMachine): its own
 * file, or a shared factory's (e.g. one flow for several areas).
 */
function writtenInOf(entry: MachineEntry): Set<string> {
  const writtenIn = new Set<string>();
  // Every registry entry's file (the registry itself loads them on demand, so loading it would make no machine).
  const entryFiles = readdirSync(MACHINES_DIR).filter((file) => file.endsWith('.qa.ts')).map((file) => join(MACHINES_DIR, file));
  loadSuite(entryFiles, actual, (config, calledFrom) => {
    if (config.id === entry.machine.id && calledFrom?.startsWith(MACHINES_DIR)) writtenIn.add(calledFrom);
    return config;
  });
  return writtenIn;
}

/** The machine's own test files (see the module comment). */
function testFilesOf(entry: MachineEntry, writtenIn: Set<string>): string[] {
  const stems = new Set([...stemsExporting(entry.machine), ...stemsExporting(entry), ...[...writtenIn].map((file) => stemOf(basename(file)))]);
  if (process.env.MUTATE_DEBUG) console.log(`${entry.id}: config written in ${[...writtenIn].join(', ')}; tests of ${[...stems].join(', ')}`);
  return readdirSync(TESTS_DIR)
    .filter((file) => file.endsWith('.test.ts') && !NOT_BEHAVIOUR.includes(file))
    .filter((file) => [...stems].some((stem) => file === `${stem}.test.ts` || file.startsWith(`${stem}.`)))
    .map((file) => join(TESTS_DIR, file));
}

/** How many test files share the machines out (test/unit/machines/mutation/shard-1…SHARDS.test.ts). */
export const SHARDS = 4;

/** The machines of shard `shard` (1…SHARDS): each in turn, the most mutants first, to the shard with the fewest so far. */
function shardOf(shard: number): MachineEntry[] {
  const load = Array.from({ length: SHARDS }, () => 0);
  const byShard = Array.from({ length: SHARDS }, (): MachineEntry[] => []);
  const sized = registryEntries().map((entry) => ({ entry, size: mutantsOf(entry.machine).length })).sort((a, b) => b.size - a.size);
  for (const { entry, size } of sized) {
    const lightest = load.indexOf(Math.min(...load));
    load[lightest]! += size;
    byShard[lightest]!.push(entry);
  }
  return byShard[shard - 1] ?? [];
}

const describeMutant = (m: Mutant) => `${m.state} · ${m.transition} · ${m.mutation}`;

/** The mutation tests of the machines of shard `shard` (or those MUTATE_MACHINES names in it). */
export function mutationShard(shard: number): void {
  const files = readdirSync(join(TESTS_DIR, 'mutation')).filter((file) => /^shard-\d+\.test\.ts$/.test(file));
  if (files.length !== SHARDS) throw new Error(`test/unit/machines/mutation/ has ${files.length} shard files, SHARDS is ${SHARDS}: make them agree`);
  const selected = (process.env.MUTATE_MACHINES ?? '').split(/[\s,]+/).filter(Boolean);
  const entries = shardOf(shard).filter((entry) => selected.length === 0 || selected.includes(entry.id));
  if (entries.length === 0) {
    test.skip(`shard ${shard}: no machine selected`, () => {});
    return;
  }
  describe.each(entries.map((entry) => [entry.id, entry] as const))('mutants of %s', (id, entry) => mutationTest(id, entry));
}

function mutationTest(id: string, entry: MachineEntry): void {
  test(`its own tests kill at least ${MIN_KILLED * 100} % of them`, async () => {
    const writtenIn = writtenInOf(entry);
    const files = testFilesOf(entry, writtenIn);
    expect(files.length).toBeGreaterThan(0);

    // Without a mutant every test passes here too, in file order and alone; how long they take sets
    // the time limit.
    const started = Date.now();
    const load = (mutant?: Mutant) => {
      let applied = false;
      const suite = loadSuite(files, actual, (config, calledFrom) => {
        if (!mutant) return config;
        if (config.id === entry.machine.id) {
          applied = true;
          return mutant.mutate(config);
        }
        // Another machine the same code writes (a shared factory's flow in a shared test): the same
        // mutant where it means the same there (machine-mutants.ts, `mutateLike`).
        if (calledFrom !== undefined && writtenIn.has(calledFrom)) return mutant.mutateLike(config) ?? config;
        return config;
      });
      return { suite, applied: applied || !mutant };
    };
    const baseline = load().suite;
    const failures = await runSuite(baseline, { timeoutMs: 10_000, all: true });
    expect(failures.map((f) => `${f.test}: ${String(f.error)}`)).toEqual([]);
    const timeoutMs = Math.min(5000, Math.max(500, 3 * (Date.now() - started)));
    // Tests are known by their index: files declare the same tests in the same order at each load.
    /** Tests that pass on their own, each in a fresh load: a kill by one of them alone is a kill. */
    const alone: number[] = [];
    for (let index = 0; index < baseline.tests.length; index++) {
      const { suite } = load();
      const failed = await runSuite(suite, { timeoutMs: 10_000, order: [index] });
      if (failed.length === 0) alone.push(index);
    }

    const mutants = mutantsOf(entry.machine);
    const survivors: Mutant[] = [];
    const notApplied: Mutant[] = [];
    // The tests that killed the last mutants are tried first, each alone: neighbouring mutants
    // (one transition sent to each other state) mostly die by the same test. Only when none of the
    // last few kills it does the whole file run, in its own order.
    const killers: number[] = [];
    const TRIES = 3;
    const killedBy = (index: number) => {
      if (killers.includes(index)) killers.splice(killers.indexOf(index), 1);
      killers.unshift(index);
    };
    for (const mutant of mutants) {
      // MUTATE_PROGRESS=<file>: each mutant's line is appended before it runs, so a run that hangs
      // names the mutant it hangs on (jest shows a test's console output only once it ends).
      if (process.env.MUTATE_PROGRESS) appendFileSync(process.env.MUTATE_PROGRESS, `${id} ${((Date.now() - started) / 1000).toFixed(1)} s: ${describeMutant(mutant)}\n`);
      let killed = false;
      let applied = true;
      for (const index of killers.slice(0, TRIES)) {
        const loaded = load(mutant);
        applied = loaded.applied;
        if (!applied) break;
        const failed = await runSuite(loaded.suite, { timeoutMs, order: [index] });
        if (failed.length > 0) {
          if (process.env.MUTATE_DEBUG) console.log(`${describeMutant(mutant)} killed alone by ${failed[0]?.test}: ${String(failed[0]?.error).slice(0, 300)}`);
          killed = true;
          killedBy(index);
          break;
        }
      }
      if (!killed && applied) {
        const loaded = load(mutant);
        applied = loaded.applied;
        if (applied) {
          const [failure] = await runSuite(loaded.suite, { timeoutMs });
          if (failure) {
            killed = true;
            if (alone.includes(failure.index)) killedBy(failure.index);
          }
        }
      }
      if (!applied) notApplied.push(mutant);
      else if (!killed) survivors.push(mutant);
    }

    const counted = mutants.length - notApplied.length;
    const killed = counted - survivors.length;
    const rate = counted === 0 ? 1 : killed / counted;
    const lines = [
      `${id}: ${killed}/${counted} mutants killed (${(rate * 100).toFixed(1)} %) by ${files.map((f) => f.slice(TESTS_DIR.length + 1)).join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      ...survivors.map((m) => `  survived: ${describeMutant(m)}`),
      ...notApplied.map((m) => `  not applied: ${describeMutant(m)}`),
    ];
    console.log(lines.join('\n'));
    expect(notApplied.map(describeMutant)).toEqual([]);
    if (rate < MIN_KILLED) {
      throw new Error(`only ${(rate * 100).toFixed(1)} % of ${id}'s mutants killed (at least ${MIN_KILLED * 100} % needed); survivors:\n${survivors.map(describeMutant).join('\n')}`);
    }
  }, 600_000);
}
