/**
 * Every date the device stamps comes from one clock (issue 20, item 1): the device clock, or for
 * lifetimes of security state the host clock handed in as `Clock` (server/lib/clock.ts says which
 * is which). A module reading the system time by itself is how a password came to be stamped
 * with one clock and aged with another, so nothing but server/lib/clock.ts may.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
/** The offline tools (make:project, make:os-image…) run on a developer's machine, not the device. */
const SKIPPED = [path.join('server', 'tools') + path.sep];
const THE_CLOCK = path.join('server', 'lib', 'clock.ts');

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return SKIPPED.some((s) => `${rel}${path.sep}`.startsWith(s)) ? [] : sources(rel);
    return /\.ts$/.test(e.name) ? [rel] : [];
  });
}

/** `Date.now`, `new Date()` with no argument, `performance.now`: the system's time read directly. */
const READS_THE_TIME = /\bDate\.now\b|\bnew Date\(\s*\)|\bperformance\.now\b/;

test('no server module but server/lib/clock.ts reads the system time itself', () => {
  const offenders = [...sources('server'), ...sources('contract')]
    .filter((f) => f !== THE_CLOCK)
    .flatMap((f) =>
      fs
        .readFileSync(path.join(ROOT, f), 'utf8')
        .split('\n')
        .map((line, i) => ({ f, i, line }))
        .filter(({ line }) => READS_THE_TIME.test(line) && !/^\s*(\*|\/\/)/.test(line))
        .map(({ f, i, line }) => `${f}:${i + 1}: ${line.trim()}`),
    );
  expect(offenders).toEqual([]);
});

test('the host clock is handed in only where certificates are made or the schema is recorded', () => {
  const users = sources('server').filter((f) => f !== THE_CLOCK && /\bsystemClock\b/.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
  expect(users.sort()).toEqual([path.join('server', 'app.ts'), path.join('server', 'db', 'database.ts'), path.join('server', 'tls.ts')].sort());
});
