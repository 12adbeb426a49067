/**
 * Mutation check of the machines' behaviour tests, on its own (it also runs in `npm test`): every
 * machine of machines/registry.ts is mutated from its own config (test/tools/machine-mutants.ts)
 * and its own tests must kill at least 90 % of the mutants (test/tools/mutation-check.ts).
 *
 * Run from the repository root:
 *   npm run mutate                                   every machine
 *   npm run mutate -- safeApply identifyLight        only these machines (by machine id)
 *   npx tsx test/tools/mutate-machines.ts safeApply  the same
 * MUTATE_DEBUG=1 also prints which test killed each mutant; MUTATE_PROGRESS=<file> appends each
 * mutant to <file> as it starts (a run that hangs names the mutant it hangs on).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const machines = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const result = spawnSync('npx', ['jest', '--maxWorkers=2', 'test/unit/machines/mutation/'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, ...(machines.length > 0 ? { MUTATE_MACHINES: machines.join(',') } : {}) },
});
process.exitCode = result.status ?? 1;
