/**
 * Any failure of a call, as one plain value: the device's error body (`error_code` and the values
 * its message needs), or a transport failure the device never answered. Zod-free and free of the
 * console and the store, so machines can keep it (or its code) in their context and the console
 * turns it into a text (src/i18n/error-text.ts).
 */
import type { StrengthFailure } from './rules/password-strength';
import { PASSWORD_HISTORY_DEPTH } from './rules/password-history';
import { COMMON_ERROR_CODES, type CommonErrorCode, type ErrorCode } from './error-codes';

/** Failures no device answer carries: the request ran out of time (or the device said 408), or
 * no answer came at all (connection refused or dropped, a chunk that could not be loaded). */
export const TRANSPORT_ERROR_CODES = ['timeout', 'connection_lost'] as const;
export type TransportErrorCode = (typeof TRANSPORT_ERROR_CODES)[number];

/** The codes every screen may meet: those any area of the device answers with, then the transport
 * ones. An area's own codes (its `errorCodes`, contract/areas.ts) are not listed here: this module
 * is in the sign-in bundle, which carries no area's declarations. */
export const FAILURE_CODES = [...COMMON_ERROR_CODES, ...TRANSPORT_ERROR_CODES] as const;
export type FailureCode = ErrorCode | TransportErrorCode;
export type CommonFailureCode = CommonErrorCode | TransportErrorCode;

/** The code of a failure that says nothing more specific (no `error_code`, an unknown one, a
 * thrown error). */
export const FALLBACK_ERROR_CODE = 'fail' satisfies ErrorCode;

/** How long a lockout lasts (minutes): said when a `login_locked` answer does not say `qty`. */
export const LOCKOUT_MINUTES = 10;

/** How long to wait (seconds) after `too_many_requests`, when the answer does not say `qty`. */
export const SIGN_IN_RETRY_SECONDS = 30;

/** One failure, normalised: the shape of the device's error body (so a Failure is itself a valid
 * actor rejection), with the code widened to the transport ones. */
export interface Failure {
  error_code: FailureCode;
  /** Minutes left, with `login_locked` (LOCKOUT_MINUTES when the answer did not say); seconds to
   * wait, with `too_many_requests` (SIGN_IN_RETRY_SECONDS when it did not say); the passwords the
   * device remembers, with `password_reused` (PASSWORD_HISTORY_DEPTH when it did not say). */
  qty?: number;
  /** The strength rules the password breaks, with `password_too_weak`. */
  failures?: StrengthFailure[];
  /** The body, query or path field a `validation_failure` is about. */
  field?: string;
  /** The shared rule's problem code (contract/rules), with `validation_failure`. */
  problem?: string;
}

const FAILURE_CODE_SET: ReadonlySet<string> = new Set(FAILURE_CODES);
/** The form of every error code (`snake_case`): how a code of one area is told from a message. */
const CODE_FORM = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const STRENGTH_FAILURE_KEYS: Record<StrengthFailure, true> = { min_length: true, numbers: true, mixed_cases: true, special_characters: true };
const STRENGTH_FAILURES: ReadonlySet<string> = new Set(Object.keys(STRENGTH_FAILURE_KEYS));

/** A code one of the common ones (FAILURE_CODES). */
export function isCommonFailureCode(value: unknown): value is CommonFailureCode {
  return typeof value === 'string' && FAILURE_CODE_SET.has(value);
}

/** A code: a common one, or any code in the codes' form, which an area of the device answers with
 * (the console words one it has no text for as `fail`: src/i18n/error-text.ts). */
export function isFailureCode(value: unknown): value is FailureCode {
  return typeof value === 'string' && (FAILURE_CODE_SET.has(value) || CODE_FORM.test(value));
}

export function isTransportErrorCode(code: FailureCode): code is TransportErrorCode {
  return (TRANSPORT_ERROR_CODES as readonly string[]).includes(code);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Messages of a fetch that got no answer (Chromium, Firefox, Safari) and of a module script or
 * chunk that could not be loaded. */
const NO_ANSWER = /failed to fetch|networkerror|load failed|importing a module script failed|dynamically imported module/i;

/** A thrown error that means no answer came (or none in time), else null. */
function transportCodeOfThrown(error: Record<string, unknown>): TransportErrorCode | null {
  const { name, message, code } = error;
  if (name === 'TimeoutError') return 'timeout';
  if (name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED') return 'connection_lost';
  if (name === 'TypeError' && typeof message === 'string' && NO_ANSWER.test(message)) return 'connection_lost';
  return null;
}

/** The failure a device body (or an actor rejection in its shape) describes. */
function fromBody(body: Record<string, unknown>, code: FailureCode): Failure {
  const failure: Failure = { error_code: code };
  if (code === 'login_locked') failure.qty = typeof body.qty === 'number' ? body.qty : LOCKOUT_MINUTES;
  if (code === 'too_many_requests') failure.qty = typeof body.qty === 'number' ? body.qty : SIGN_IN_RETRY_SECONDS;
  if (code === 'password_reused') failure.qty = typeof body.qty === 'number' ? body.qty : PASSWORD_HISTORY_DEPTH;
  if (code === 'password_too_weak' && Array.isArray(body.failures)) {
    const failures = body.failures.filter((f): f is StrengthFailure => typeof f === 'string' && STRENGTH_FAILURES.has(f));
    if (failures.length > 0) failure.failures = failures;
  }
  if (typeof body.field === 'string') failure.field = body.field;
  if (typeof body.problem === 'string') failure.problem = body.problem;
  return failure;
}

/**
 * Any failure as one Failure:
 * - a code (what a machine keeps in its context): itself; a string not in the codes' form `fail`;
 * - a device body or an actor rejection `{ error_code, … }` (a Failure included): its code and
 *   values (a code the console has no text for reads as `fail`);
 * - an RTK Query error `{ status, data }`: the body's code and values; `TIMEOUT_ERROR` or 408
 *   `timeout`; `FETCH_ERROR`, and 502, 503 or 504 without a code (a gateway or a closing server
 *   answered: the panel itself did not), `connection_lost`; any other 5xx or an unreadable body
 *   without a code `internal_error`;
 * - a thrown error: a fetch that got no answer or a chunk that did not load `connection_lost`, a
 *   `TimeoutError` `timeout`;
 * - anything else (an RTK SerializedError, a bug): `fail`.
 */
export function failureOf(error: unknown): Failure {
  if (typeof error === 'string') return fromBody({}, isFailureCode(error) ? error : FALLBACK_ERROR_CODE);
  if (!isObject(error)) return { error_code: FALLBACK_ERROR_CODE };
  if (isFailureCode(error.error_code)) return fromBody(error, error.error_code);
  if ('status' in error) {
    const { status, data } = error;
    if (status === 'TIMEOUT_ERROR' || status === 408) return { error_code: 'timeout' };
    if (status === 'FETCH_ERROR') return { error_code: 'connection_lost' };
    if (isObject(data) && isFailureCode(data.error_code)) return fromBody(data, data.error_code);
    if (status === 502 || status === 503 || status === 504) return { error_code: 'connection_lost' };
    if (status === 'PARSING_ERROR' || (typeof status === 'number' && status >= 500)) return { error_code: 'internal_error' };
    return { error_code: FALLBACK_ERROR_CODE };
  }
  return { error_code: transportCodeOfThrown(error) ?? FALLBACK_ERROR_CODE };
}

/** The code of any failure (see `failureOf`): what a machine keeps in its context. */
export function errorCodeOf(error: unknown): FailureCode {
  return failureOf(error).error_code;
}
