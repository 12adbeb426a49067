/**
 * The one policy from a failure to what the user reads. `failureOf` (contract/failure.ts) turns any
 * failure into a code and its values; here each code has a default text, and an area (the sign-in
 * page, the password form, a settings save, …) words some codes its own way and may give one text
 * for the failures that say nothing more specific than "it did not work".
 *
 * Keys carry their namespace, so the text is found whatever namespace the caller's `t` is bound
 * to: 'translation' is loaded with the sign-in page, 'shell' with the signed-in console, an
 * area's own namespace with its screens.
 */
import type { TFunction } from 'i18next';
import { failureOf, type FailureCode } from '../../contract/failure';

/** What a failure reads: a translation key and its values (a notice keeps these, translated when
 * shown). */
export interface ErrorMessage {
  key: string;
  values?: Record<string, string | number>;
}

/** An area's wording of failures. */
export interface ErrorTexts {
  /** The codes this area words its own way (they win over everything else). */
  readonly codes?: Partial<Record<FailureCode, string>>;
  /** The text of a failure with nothing more specific to say (a code of GENERIC_CODES): what
   * failed, said the area's way ("Update settings failed", "Change password failed"). */
  readonly fallback?: string;
}

/** The default text of every code. */
export const ERROR_KEYS: Record<FailureCode, string> = {
  validation_failure: 'translation:errors.validation_failure',
  invalid_credentials: 'translation:login.errors.invalid_credentials',
  user_not_in_list: 'translation:login.errors.user_not_in_list',
  login_locked: 'translation:login.errors.login_locked',
  invalid_token: 'shell:errors.invalid_token',
  unauthorized: 'shell:errors.unauthorized',
  forbidden: 'shell:errors.forbidden',
  not_found: 'shell:errors.not_found',
  current_password_error: 'shell:password.errors.current_password_error',
  password_too_weak: 'shell:password.errors.password_too_weak',
  // The console never sends these: a console and a device that do not match, which a reload mends.
  unsupported_grant_type: 'translation:errors.hmi_error',
  payload_too_large: 'shell:errors.payload_too_large',
  unsupported_media_type: 'translation:errors.hmi_error',
  fail: 'shell:errors.fail',
  change_pending: 'shell:errors.change_pending',
  no_pending_change: 'shell:errors.no_pending_change',
  wifi_disabled: 'shell:errors.wifi_disabled',
  key_mismatch: 'shell:errors.key_mismatch',
  key_password: 'shell:errors.key_password',
  internal_error: 'translation:errors.hmi_error',
  too_many_requests: 'translation:login.errors.too_many_requests',
  password_expired: 'shell:errors.password_expired',
  https_required: 'translation:errors.https_required',
  unsupported_file_type: 'shell:errors.unsupported_file_type',
  crc_mismatch: 'shell:errors.crc_mismatch',
  project_file_missing: 'shell:errors.project_file_missing',
  wrong_password: 'shell:errors.wrong_password',
  incompatible_model: 'shell:errors.incompatible_model',
  design_version_too_old: 'shell:errors.design_version_too_old',
  start_failed: 'shell:errors.start_failed',
  restart_failed: 'shell:errors.restart_failed',
  interrupted: 'shell:errors.interrupted',
  job_running: 'shell:errors.job_running',
  packing_failed: 'shell:errors.packing_failed',
  image_too_large: 'shell:errors.image_too_large',
  invalid_image: 'shell:errors.invalid_image',
  update_failed: 'shell:errors.update_failed',
  media_read_failed: 'shell:errors.media_read_failed',
  media_write_failed: 'shell:errors.media_write_failed',
  invalid_backup: 'shell:errors.invalid_backup',
  recipe_mismatch: 'shell:errors.recipe_mismatch',
  project_link: 'shell:errors.project_link',
  runtime_unavailable: 'shell:errors.runtime_unavailable',
  port_in_use: 'shell:errors.port_in_use',
  invalid_certificate: 'shell:errors.invalid_certificate',
  invalid_serial_number: 'shell:errors.invalid_serial_number',
  invalid_activation_code: 'shell:errors.invalid_activation_code',
  plc_already_activated: 'shell:errors.plc_already_activated',
  plc_not_activated: 'shell:errors.plc_not_activated',
  plc_runtime_busy: 'shell:errors.plc_runtime_busy',
  invalid_firmware: 'shell:errors.invalid_firmware',
  firmware_too_large: 'shell:errors.firmware_too_large',
  firmware_update_failed: 'shell:errors.firmware_update_failed',
  timeout: 'translation:errors.request_timeout',
  connection_lost: 'translation:errors.network',
};

/** The codes that say no more than "it did not work" (refused, not allowed, broken on the
 * device): an area's `fallback` words them. Every other code tells the user something to do (a
 * lost connection and a timeout included), so it keeps its own text. */
export const GENERIC_CODES: readonly FailureCode[] = [
  'fail',
  'internal_error',
  'forbidden',
  'not_found',
  'invalid_token',
  'unauthorized',
  'unsupported_grant_type',
  'unsupported_media_type',
];

/** A settings save (a settings card, a network section, a dialog of the top bar). */
export const SETTINGS_ERROR_TEXTS: ErrorTexts = { fallback: 'shell:settings.update_failed' };

const MAIN_FILE = 'translation:';
const HMI_ERROR = 'translation:errors.hmi_error';

/** Where only the main texts are loaded (the sign-in page, a route that failed to load): a failure
 * whose text is in the main file keeps it (sign-in refusals, a lost connection, a timeout, a
 * refused value); any other is a device error, "please reload this page". */
export const DEVICE_ERROR_TEXTS: ErrorTexts = {
  codes: Object.fromEntries(
    Object.entries(ERROR_KEYS)
      .filter(([, key]) => !key.startsWith(MAIN_FILE))
      .map(([code]) => [code, HMI_ERROR]),
  ),
  fallback: HMI_ERROR,
};

/** The message of any failure (see `failureOf`), worded the area's way. */
export function errorMessage(error: unknown, texts: ErrorTexts = {}): ErrorMessage {
  const failure = failureOf(error);
  const code = failure.error_code;
  const key = texts.codes?.[code] ?? (texts.fallback && GENERIC_CODES.includes(code) ? texts.fallback : ERROR_KEYS[code]);
  return failure.qty === undefined ? { key } : { key, values: { qty: failure.qty } };
}

/** The text of any failure in the chosen language, worded the area's way. */
export function errorText(t: TFunction, error: unknown, texts?: ErrorTexts): string {
  const { key, values } = errorMessage(error, texts);
  return t(key, values);
}
