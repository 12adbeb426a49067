/** What every machine's invoked actors share: how a rejection names its error, and the body of an
 * actor the app has not provided. */

/** The error code used when a rejection carries none (maps to 'Change password failed'). */
export const FALLBACK_ERROR_CODE = 'fail';

/**
 * The `error_code` a rejected call carries: `{ error_code }` (what the actors are asked to reject
 * with) or an RTK Query error `{ status, data: { error_code } }`; otherwise `'fail'`.
 */
export function errorCodeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const direct = (error as { error_code?: unknown }).error_code;
    if (typeof direct === 'string' && direct.length > 0) return direct;
    const data = (error as { data?: unknown }).data;
    if (typeof data === 'object' && data !== null) {
      const nested = (data as { error_code?: unknown }).error_code;
      if (typeof nested === 'string' && nested.length > 0) return nested;
    }
  }
  return FALLBACK_ERROR_CODE;
}

/** A placeholder actor/action body: the app must provide the real one with `machine.provide()`. */
export function notProvided(machineId: string, name: string): Error {
  return new Error(`${machineId}: "${name}" was not provided (use machine.provide())`);
}
