/**
 * Time on the device, and which clock answers what.
 *
 * - **Dates** (what the device stamps, stores, compares with other dates or shows): the device
 *   clock, the host clock plus the offset Date and Time sets (`DeviceTimeService`,
 *   docs/decisions.md#device-time). Password changes, the operation log, jobs, projects, backups,
 *   data logs, events, trace lines: one clock, so a password changed "now" is not already older
 *   than the validity period that the device time is compared with (issue 20: that mismatch locked
 *   every account out).
 * - **Lifetimes and windows** of security state (token expiry, sign-in limits, lockouts, the
 *   safe-apply deadline): the host clock, `Clock` below. Moving the device time must neither end
 *   every session nor hold an account locked for the years the time was moved back; these are
 *   measures of elapsed time, never shown as dates. Certificates are the other exception: their
 *   validity is checked by other machines against real time.
 * - **Durations** inside one process (a simulated flash write, a reboot): `stopwatch()`.
 *
 * No other module reads `Date.now()` or `new Date()` (test/unit/one-clock.test.ts holds to it).
 */
export interface Clock {
  now(): number;
}

/** The host clock. Tests pass a controllable one (lockout expiry, token expiry). */
export const systemClock: Clock = { now: () => Date.now() };

/** Milliseconds since it was started, from the monotonic clock (never jumps with a time change). */
export function stopwatch(): () => number {
  const start = performance.now();
  return () => performance.now() - start;
}

export class ManualClock implements Clock {
  constructor(private ms: number = Date.UTC(2026, 0, 1, 12, 0, 0)) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
  set(ms: number): void {
    this.ms = ms;
  }
}
