import type { ContractAreaOf } from './areas';

/** Stable error codes the device answers with (docs/decisions.md#errors); the console maps each to
 * a translated message. Zod-free and list-free (only the areas' types are read), so the sign-in
 * bundle carries none of the areas' declarations; the assembled list, ERROR_CODES, is in
 * ./errors.ts.
 *
 * The codes any area may answer with; an area's own codes are its `errorCodes` (contract/areas.ts). */
export const COMMON_ERROR_CODES = [
  'validation_failure',
  'invalid_credentials',
  'user_not_in_list',
  'login_locked',
  'invalid_token',
  'unauthorized',
  'forbidden',
  'not_found',
  'current_password_error',
  'password_too_weak',
  'password_reused',
  'unsupported_grant_type',
  'payload_too_large',
  'unsupported_media_type',
  'fail',
  'key_mismatch',
  'key_password',
  'internal_error',
  /** Too many sign-in attempts (from one address, or at one account): `qty` says how many seconds to wait. */
  'too_many_requests',
  /** The password is older than its validity period and operations before the change are not allowed. */
  'password_expired',
  /** An API call over plain HTTP while the device serves HTTPS only: refused, not redirected. */
  'https_required',
  /** A file refused by its content: a project upload takes only .app and .crc, other flows .cxob or .bin. */
  'unsupported_file_type',
  /** The new project (or the OPC UA server) did not start: the previous one runs again. */
  'start_failed',
  /** The device restarted while the job ran: the job ended there, the device runs what it ran before. */
  'interrupted',
  /** Another job of the same kind runs (a data backup to a medium): one at a time. */
  'job_running',
  /** The device is busy: another update is being received or runs (one at a time: a project, an
   * OS image, a PLC runtime firmware; a project restart waits for it too), or the uploads being
   * received hold all the room uploads stage in. Wait for it to end and try again. */
  'busy',
  /** The data disk has no room for an upload (asked before its first byte is written), or it
   * filled while the upload was written. */
  'insufficient_storage',
  /** A file or folder on the USB stick or SD card could not be read. */
  'media_read_failed',
  /** Writing to the USB stick or SD card failed (full, removed, read-only). */
  'media_write_failed',
] as const;

export type CommonErrorCode = (typeof COMMON_ERROR_CODES)[number];
/** A code only one area answers with (its `errorCodes`). */
export type AreaErrorCode = ContractAreaOf extends infer A ? (A extends { readonly errorCodes: readonly (infer V)[] } ? V : never) : never;
export type ErrorCode = CommonErrorCode | AreaErrorCode;

/** The two messages the console's base query renews the token on (specification §7,
 * docs/decisions.md#token-answers). */
export const EXPIRED_JWT_MESSAGE = 'invalid or expired jwt';
export const UNAUTHORIZED_JWT_MESSAGE = 'Unauthorized JWT';
