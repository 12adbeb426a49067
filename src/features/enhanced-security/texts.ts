import type { ErrorTexts } from '../../i18n/error-text';

export const SECURITY_NS = 'security';

/** A failed change of an account: the device's reason, worded by this screen where it has its own
 * words (the specification's "Account is exist"), else "the change was not saved". */
export const SECURITY_ERROR_TEXTS: ErrorTexts = {
  codes: { account_exists: `${SECURITY_NS}:accounts.exists` },
  fallback: `${SECURITY_NS}:dialog.failed`,
};

export const TOUCH = { minHeight: 44 } as const;
