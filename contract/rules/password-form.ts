import { PASSWORD_MAX_LENGTH, strengthFailures, type PasswordStrengthRules, type StrengthFailure } from './password-strength';

/** The change-password form (specification §3, §5), checked the same way in the console and the server. */
export interface PasswordChangeForm {
  current: string;
  password: string;
  confirm: string;
}

export interface PasswordFormErrors {
  current?: 'required';
  password?: 'required' | 'too_long' | 'same_as_current' | StrengthFailure[];
  confirm?: 'required' | 'inconsistent';
}

export { PASSWORD_HISTORY_DEPTH } from './password-history';

export function validatePasswordChangeForm(
  form: PasswordChangeForm,
  rules: PasswordStrengthRules,
): PasswordFormErrors {
  const errors: PasswordFormErrors = {};
  if (form.current.length === 0) errors.current = 'required';
  if (form.password.length === 0) errors.password = 'required';
  else if (form.password.length > PASSWORD_MAX_LENGTH) errors.password = 'too_long';
  else if (form.current !== '' && form.password === form.current) errors.password = 'same_as_current';
  else {
    const failures = strengthFailures(form.password, rules);
    if (failures.length > 0) errors.password = failures;
  }
  if (form.confirm.length === 0) errors.confirm = 'required';
  else if (form.confirm !== form.password) errors.confirm = 'inconsistent';
  return errors;
}

export function hasFormErrors(errors: PasswordFormErrors): boolean {
  return Object.keys(errors).length > 0;
}
