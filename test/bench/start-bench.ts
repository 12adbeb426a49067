/**
 * `npm run bench:start`: how long the built device server takes to start, from the process's spawn
 * (as `npm run serve` starts it) to its "Console (HTTP)" line, which it prints once it listens.
 *
 * 1. First start: a new data folder (the database made and migrated, the TLS certificate and the
 *    initial accounts made).
 * 2. Start on existing data: the same folder again (what a panel does at every power-up).
 *
 * Five runs each; prints the median and the slowest next to the goals (first start under 10 s,
 * start on existing data under 3 s) and the Node.js version that ran it. Exits 1 when a goal is
 * missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './device-process';

const RUNS = Number(process.env.START_BENCH_RUNS ?? 5);
const GOAL_FIRST_S = 10;
const GOAL_WARM_S = 3;

async function timeStart(dataDir: string): Promise<number> {
  const t0 = performance.now();
  const { child, base } = startServer(dataDir, { HMI_INITIAL_PASSWORD: 'Start-Bench-Pass-1' });
  try {
    await base;
    return (performance.now() - t0) / 1000;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main(): Promise<void> {
  const first: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-start-bench-'));
    try {
      first.push(await timeStart(dir));
      warm.push(await timeStart(dir));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const verdict = (ok: boolean): string => (ok ? 'met' : 'MISSED');
  const okFirst = median(first) <= GOAL_FIRST_S;
  const okWarm = median(warm) <= GOAL_WARM_S;
  process.stdout.write(
    [
      `Node.js ${process.versions.node}, ${RUNS} runs each`,
      `first start (new data folder):   median ${median(first).toFixed(2)} s, slowest ${Math.max(...first).toFixed(2)} s (goal <= ${GOAL_FIRST_S} s: ${verdict(okFirst)})`,
      `start on existing data:          median ${median(warm).toFixed(2)} s, slowest ${Math.max(...warm).toFixed(2)} s (goal <= ${GOAL_WARM_S} s: ${verdict(okWarm)})`,
      okFirst && okWarm ? 'bench:start: goals met' : 'bench:start: GOAL MISSED',
      '',
    ].join('\n'),
  );
  process.exitCode = okFirst && okWarm ? 0 : 1;
}

void main();
