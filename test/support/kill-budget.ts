/** How many kill -9 each REL-01 loop makes: HMI_KILLS in all (100 by default, the CI run; 1,000
 * with `npm run test:security -- --long`), shared out by the share below. A loop keyed to a fixed
 * list of moments (the OS update's four, the mail in hand, the answered write) makes its own
 * number and is counted here so that the loops together make the total. */
export const KILLS_TOTAL = Number(process.env.HMI_KILLS) || 100;

/** Kills of the loops with a fixed number of moments (test/server/os-update-kill.test.ts: 4,
 * email-kill: 1, durability: 1). */
const FIXED = 6;

/** The loops that scale with the total, and their part of what the fixed ones leave. */
const SHARES = { 'project-update': 0.09, 'media-backup': 0.31, 'opcua-save': 0.3, 'recipe-restore': 0.3 } as const;

export type ScaledLoop = keyof typeof SHARES;

/** The kills of `loop`: its share of the total less the fixed loops' kills (the last loop takes
 * what rounding left, so the loops sum to the total exactly). */
export function killsFor(loop: ScaledLoop): number {
  const room = Math.max(KILLS_TOTAL - FIXED, Object.keys(SHARES).length);
  const names = Object.keys(SHARES) as ScaledLoop[];
  const counts = names.map((n) => Math.max(1, Math.floor(room * SHARES[n])));
  counts[counts.length - 1]! += room - counts.reduce((a, b) => a + b, 0);
  return counts[names.indexOf(loop)]!;
}
