/**
 * `npm run test:security`: runs the test files of every security case of test/security/cases.ts
 * (each file whole, so that a test named with a case ID runs after the tests of its file it builds
 * on), then prints a table: each case, passed, failed or not applicable (with why), and the number
 * of its tests (the tests named with its ID). Exits non-zero when a test fails or an applicable case
 * has no passing test. `npm run test:unit` runs every other test file (`--others`), so `npm test`
 * runs each test once.
 *
 *   npm run test:security              the CI run: 100 kill -9 in the REL-01 loops
 *   npm run test:security -- --long    1,000 kills (HMI_KILLS=1000)
 *   npm run test:security -- --doc     rewrites the case table of docs/security.md, runs nothing
 *   tsx test/tools/security-suite.ts --others    jest over every test file the manifest does not list
 * Any other argument goes to jest (e.g. `--maxWorkers=1`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SECURITY_CASES, type SecurityCase } from '../security/cases';

const ROOT = path.resolve(__dirname, '../..');
const DOC = path.join(ROOT, 'docs/security.md');
const BEGIN = '<!-- cases: written by `npm run test:security -- --doc` from test/security/cases.ts -->';
const END = '<!-- end of cases -->';

/** The test files of the applicable cases (repository-relative): the security run's files. */
export function securityFiles(cases: readonly SecurityCase[] = SECURITY_CASES): string[] {
  return [...new Set(cases.filter((c) => !c.notApplicable).flatMap((c) => c.files))].sort();
}

/** jest's arguments that leave out `files` (anchored at the repository: `<rootDir>/test/…$`). */
export function ignoreArgs(files: readonly string[]): string[] {
  return files.flatMap((f) => ['--testPathIgnorePatterns', `<rootDir>/${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`]);
}

const jestBin = path.join(ROOT, 'node_modules/jest/bin/jest.js');

/** The table of docs/security.md. */
export function docTable(cases: readonly SecurityCase[] = SECURITY_CASES): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const rows = cases.map((c) => {
    const how = c.notApplicable ? `Not applicable: ${c.notApplicable}` : c.how + (c.outOfScope ? ` Not tested: ${c.outOfScope}` : '');
    const files = c.files.map((f) => `\`${f.replace(/^test\//, '')}\``).join(', ') || '—';
    return `| ${c.id} | ${cell(c.title)} | ${cell(how)} | ${files} |`;
  });
  return [BEGIN, '', '| Case | What | How the device meets it | Tests |', '|---|---|---|---|', ...rows, '', END].join('\n');
}

/** docs/security.md with its table replaced by the manifest's. */
export function docWithTable(text: string): string {
  const from = text.indexOf(BEGIN);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`docs/security.md has no ${BEGIN} … ${END} block`);
  return text.slice(0, from) + docTable() + text.slice(to + END.length);
}

interface JestJson {
  testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}

function main(argv: string[]): number {
  if (argv.includes('--doc')) {
    fs.writeFileSync(DOC, docWithTable(fs.readFileSync(DOC, 'utf8')));
    console.log('docs/security.md: case table written');
    return 0;
  }
  if (argv.includes('--others')) {
    const rest = argv.filter((a) => a !== '--others');
    return spawnSync(process.execPath, [jestBin, ...ignoreArgs(securityFiles()), ...rest], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
  }
  const long = argv.includes('--long');
  const passOn = argv.filter((a) => a !== '--long');
  const applicable = SECURITY_CASES.filter((c) => !c.notApplicable);
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-security-')), 'results.json');
  const started = Date.now();
  const jest = spawnSync(process.execPath, [jestBin, '--runTestsByPath', ...securityFiles(), '--json', `--outputFile=${out}`, ...passOn], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, HMI_KILLS: long ? '1000' : (process.env.HMI_KILLS ?? '100') },
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (!fs.existsSync(out)) {
    console.error(`jest wrote no results (exit ${jest.status ?? jest.signal})`);
    return 1;
  }
  const results = JSON.parse(fs.readFileSync(out, 'utf8')) as JestJson;
  const tests = results.testResults.flatMap((f) => f.assertionResults);

  const lines: string[] = [];
  let bad = 0;
  for (const c of SECURITY_CASES) {
    if (c.notApplicable) {
      lines.push(`${c.id.padEnd(9)} n/a       ${'-'.padStart(5)}  ${c.notApplicable}`);
      continue;
    }
    const mine = tests.filter((t) => new RegExp(`\\b${c.id}\\b`).test(t.fullName));
    const passed = mine.filter((t) => t.status === 'passed').length;
    const failed = mine.filter((t) => t.status === 'failed').length;
    const state = failed > 0 ? 'FAIL' : passed > 0 ? 'pass' : 'NO TEST';
    if (state !== 'pass') bad++;
    lines.push(`${c.id.padEnd(9)} ${state.padEnd(9)} ${String(passed + failed).padStart(5)}  ${c.title}${failed ? ` (${failed} failed)` : ''}`);
  }
  console.log(`\nSecurity cases (${SECURITY_CASES.length}; kills: HMI_KILLS=${long ? 1000 : (process.env.HMI_KILLS ?? 100)}; ${seconds} s)`);
  console.log(`${'case'.padEnd(9)} ${'result'.padEnd(9)} tests  what`);
  for (const l of lines) console.log(l);
  const applicableCount = applicable.length;
  console.log(`\n${applicableCount - bad} of ${applicableCount} applicable cases pass; ${SECURITY_CASES.length - applicableCount} not applicable; ${tests.filter((t) => t.status !== 'pending' && t.status !== 'skipped' && t.status !== 'disabled').length} tests ran.`);
  return bad > 0 || jest.status !== 0 ? 1 : 0;
}

if (require.main === module) process.exit(main(process.argv.slice(2)));
