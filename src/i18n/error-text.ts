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
import { FAILURE_CODES, failureOf, type CommonFailureCode, type FailureCode } from '../../contract/failure';
import { TEXT_NAMESPACES } from '../features/areas';

/** What a failure reads: a translation key (or keys, the first one found is read) and its values (a
 * notice keeps these, translated when shown). */
export interface ErrorMessage {
  key: string | string[];
  values?: Record<string, string | number>;
}

/** An area's wording of failures. */
export interface ErrorTexts {
  /** The codes this area words its own way (they win over everything else). */
  readonly codes?: Partial<Record<FailureCode, string>>;
  /** The text of a failure with nothing more specific to say (a code of GENERIC_CODES): what
   * failed, said the area's way ("Update settings failed", "Change password failed"). */
  readonly fallback?: string;
  /** The text of every code only an area answers (none of FAILURE_CODES), instead of the area's
   * own: where the areas' texts are not loaded. */
  readonly areaCodes?: string;
}

/** The codes whose text is not their own `shell:errors.<code>`: sign-in refusals and what the
 * sign-in page must word from the main file, the password form's, and the codes the console never
 * sends (a console and a device that do not match, which a reload mends). */
const OTHER_KEYS: Partial<Record<FailureCode, string>> = {
  validation_failure: 'translation:errors.validation_failure',
  invalid_credentials: 'translation:login.errors.invalid_credentials',
  user_not_in_list: 'translation:login.errors.user_not_in_list',
  login_locked: 'translation:login.errors.login_locked',
  current_password_error: 'shell:password.errors.current_password_error',
  password_too_weak: 'shell:password.errors.password_too_weak',
  password_reused: 'shell:password.errors.password_reused',
  unsupported_grant_type: 'translation:errors.hmi_error',
  unsupported_media_type: 'translation:errors.hmi_error',
  internal_error: 'translation:errors.hmi_error',
  too_many_requests: 'translation:login.errors.too_many_requests',
  https_required: 'translation:errors.https_required',
  timeout: 'translation:errors.request_timeout',
  connection_lost: 'translation:errors.network',
};

/** The default text of every common code. */
export const ERROR_KEYS = Object.fromEntries(FAILURE_CODES.map((code) => [code, OTHER_KEYS[code] ?? `shell:errors.${code}`])) as Record<CommonFailureCode, string>;

function isCommon(code: FailureCode): code is CommonFailureCode {
  return Object.hasOwn(ERROR_KEYS, code);
}

/** The text of "it did not work", for a code the console has no text for. */
const FAIL_KEY = ERROR_KEYS.fail;

/** The default text of any code: a common one's own; an area's code is worded by its area, in its
 * namespace (`<ns>:error_codes.<code>`, docs/adding.md#texts). The keys name every area's namespace
 * and the first one loaded that has it is read: the code comes from a call of a screen whose area's
 * texts are loaded, so no table from code to area is kept (nor loaded with the sign-in page).
 * A code no area words reads as `otherwise` (an area's fallback, else `fail`). */
export function errorKeyOf(code: FailureCode, otherwise: string = FAIL_KEY): string | string[] {
  return isCommon(code) ? ERROR_KEYS[code] : [...TEXT_NAMESPACES.map((ns) => `${ns}:error_codes.${code}`), otherwise];
}

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
  areaCodes: HMI_ERROR,
};

/** The message of any failure (see `failureOf`), worded the area's way. */
export function errorMessage(error: unknown, texts: ErrorTexts = {}): ErrorMessage {
  const failure = failureOf(error);
  const code = failure.error_code;
  const key =
    texts.codes?.[code] ??
    (texts.fallback && GENERIC_CODES.includes(code) ? texts.fallback : texts.areaCodes && !isCommon(code) ? texts.areaCodes : errorKeyOf(code, texts.fallback));
  // `count` too, so that a text with plural forms ("1 minute", "5 minutes") picks its own.
  return failure.qty === undefined ? { key } : { key, values: { qty: failure.qty, count: failure.qty } };
}

/** The text of any failure in the chosen language, worded the area's way. */
export function errorText(t: TFunction, error: unknown, texts?: ErrorTexts): string {
  const { key, values } = errorMessage(error, texts);
  return t(key, values);
}
