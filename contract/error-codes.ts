/** Stable error codes the device answers with (DESIGN §9); the console maps each to a translated
 * message. Zod-free so the console can import it. */
export const ERROR_CODES = [
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
  'unsupported_grant_type',
  'payload_too_large',
  'unsupported_media_type',
  'fail',
  'change_pending',
  'no_pending_change',
  'wifi_disabled',
  'key_mismatch',
  'key_password',
  'internal_error',
  /** Too many sign-in attempts (from one address, or at one account): `qty` says how many seconds to wait. */
  'too_many_requests',
  /** The password is older than its validity period and operations before the change are not allowed. */
  'password_expired',
  /** An API call over plain HTTP while the device serves HTTPS only: refused, not redirected. */
  'https_required',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The two messages the console's base query renews the token on (specification §7). */
export const EXPIRED_JWT_MESSAGE = 'invalid or expired jwt';
export const UNAUTHORIZED_JWT_MESSAGE = 'Unauthorized JWT';
