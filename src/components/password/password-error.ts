import type { ErrorTexts } from '../../i18n/error-text';

/** How the change-password form (the System Password page, the first-run wizard, the expiry
 * dialog) words a failed change (specification §8 "Password"); the wrong current password and a
 * too weak new one keep their default texts, which are the form's. */
export const PASSWORD_ERROR_TEXTS: ErrorTexts = {
  codes: {
    validation_failure: 'shell:password.errors.validation_failure',
    login_locked: 'shell:password.errors.login_locked',
  },
  fallback: 'shell:password.errors.change_failed',
};
