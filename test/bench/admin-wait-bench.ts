/**
 * `npm run bench:admin-wait`: how long the administrator waits to sign in from an address the
 * device has not seen while many addresses guess admin's password continuously, against the real
 * server (built), over loopback addresses (127.0.0.10, 127.0.0.11, … guess; 127.0.1.1 is the
 * administrator).
 *
 * The guessers start together and never stop: each sends a wrong password every 100 ms, whatever
 * it is answered. Their first wrong passwords put admin's account under the throttle (one attempt
 * every 30 s from addresses it has not signed in from). The administrator comes 20 s later, types
 * the right password, and when told to wait N seconds tries again N s + 1 s later (someone reading
 * the message and clicking again). Prints how long until it got in next to the goal (two windows of
 * the throttle and the retry: 61 s), and how many wrong passwords the device checked next to what
 * the throttle allows (10, then one per window of 30 s: the guessing limit kept). Exits 1 when a
 * goal is missed.
 *
 * GUESSERS=10 (how many addresses), ADMIN_AFTER_S=20, GIVE_UP_S=240 (the run ends there if the
 * administrator is still out).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startServer } from './device-process';

const PASSWORD = 'Admin-Wait-Bench-1';
const GUESSERS = Number(process.env.GUESSERS ?? 10);
const ADMIN_AFTER_S = Number(process.env.ADMIN_AFTER_S ?? 20);
const GIVE_UP_S = Number(process.env.GIVE_UP_S ?? 240);
const GUESS_EVERY_MS = 100;
const REACTION_MS = 1000;
const INTERVAL_S = 30;
/** The administrator first in line: the window under way (at most 30 s), then its own, and the retries. */
const WAIT_GOAL_S = 2 * INTERVAL_S + REACTION_MS / 1000;

interface Answer {
  status: number;
  qty?: number;
}

function signIn(base: string, from: string, password: string): Promise<Answer> {
  const body = new URLSearchParams({ grant_type: 'password', username: 'admin', password }).toString();
  return new Promise((resolve) => {
    const req = http.request(
      `${base}/api/v1/auth/token/admin`,
      { method: 'POST', localAddress: from, agent: false, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          let qty: number | undefined;
          try {
            qty = (JSON.parse(text) as { qty?: number }).qty;
          } catch {
            qty = undefined;
          }
          resolve({ status: res.statusCode ?? 0, ...(qty === undefined ? {} : { qty }) });
        });
      },
    );
    req.on('error', () => resolve({ status: 0 }));
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'build/server/main.js'))) execSync('npm run --silent build:server', { cwd: ROOT, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-admin-wait-'));
  const { child, base: baseUrl } = startServer(dataDir, { HMI_INITIAL_PASSWORD: PASSWORD });
  let failed = false;
  try {
    const base = await baseUrl;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let stop = false;
    const answers = new Map<number, number>();
    let throttledAt = null as number | null;
    const checkedAt: number[] = [];

    const guesser = async (i: number) => {
      const from = `127.0.0.${10 + i}`;
      for (let n = 0; !stop; n++) {
        const sent = performance.now();
        const sentAt = seconds();
        const answer = await signIn(base, from, `wrong-${i}-${n}`);
        answers.set(answer.status, (answers.get(answer.status) ?? 0) + 1);
        if (answer.status === 401) checkedAt.push(sentAt);
        if (answer.status === 429 && throttledAt === null) throttledAt = seconds();
        await sleep(Math.max(0, GUESS_EVERY_MS - (performance.now() - sent)));
      }
    };
    const guessing = Array.from({ length: GUESSERS }, (_, i) => guesser(i));

    await sleep(ADMIN_AFTER_S * 1000);
    const adminFrom = '127.0.1.1';
    const adminStarted = seconds();
    let adminIn: number | null = null;
    let adminSent = 0;
    let tries = 0;
    while (seconds() < GIVE_UP_S) {
      tries++;
      adminSent = seconds();
      const answer = await signIn(base, adminFrom, PASSWORD);
      if (answer.status === 200) {
        adminIn = seconds();
        break;
      }
      if (answer.status !== 429) throw new Error(`the administrator was answered ${answer.status}`);
      await sleep((answer.qty ?? 1) * 1000 + REACTION_MS);
    }
    // The guessers stop once the administrator is in; what they sent after the administrator's last
    // try does not count (a successful sign-in ends the throttle).
    const attackS = adminIn === null ? seconds() : adminSent;
    stop = true;
    await Promise.all(guessing);
    const checkedBefore = checkedAt.filter((at) => at <= attackS);

    const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(52)}${value}\n`);
    process.stdout.write(`\nThe administrator signs in from a new address while ${GUESSERS} addresses guess admin's password (each every ${GUESS_EVERY_MS} ms)\n`);
    line('  answers to the guessers (all)', [...answers].sort(([a], [b]) => a - b).map(([s, n]) => `${n} × ${s === 0 ? 'network error' : s}`).join(', '));
    line('  account throttled from', throttledAt === null ? 'never' : `${throttledAt.toFixed(1)} s`);
    const waited = adminIn === null ? null : adminIn - adminStarted;
    const waitOk = waited !== null && waited <= WAIT_GOAL_S;
    line(
      `  administrator (from ${adminFrom}, at ${adminStarted.toFixed(0)} s) in after`,
      waited === null
        ? `not in after ${(seconds() - adminStarted).toFixed(0)} s, ${tries} tries (goal ≤ ${WAIT_GOAL_S} s: MISSED)`
        : `${waited.toFixed(1)} s, ${tries} tries (goal ≤ ${WAIT_GOAL_S} s: ${waitOk ? 'met' : 'MISSED'})`,
    );
    // The throttle starts after 10 wrong passwords; from then on, one attempt a window of 30 s.
    const after = Math.max(0, checkedBefore.length - 10);
    const throttleS = attackS - (throttledAt ?? attackS);
    const allowed = 10 + Math.ceil(throttleS / INTERVAL_S) + 1;
    const guessOk = checkedBefore.length <= allowed;
    line(
      '  wrong passwords checked until then',
      `${checkedBefore.length}: 10 to start the throttle, ${after} in the ${throttleS.toFixed(0)} s after (goal ≤ ${allowed}, one a window: ${guessOk ? 'met' : 'MISSED'})`,
    );
    failed = !guessOk || !waitOk;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
