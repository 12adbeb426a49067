import { PASSWORD_MAX_LENGTH, strengthFailures, type PasswordStrengthRules, type StrengthFailure } from '../../../contract/rules/password-strength';

/** The reset dialog's fields: the account's new password twice and admin's own password. */
export interface ResetForm {
  password: string;
  confirm: string;
  adminPassword: string;
}

export interface ResetFormProblems {
  password?: 'required' | 'too_long' | StrengthFailure[];
  confirm?: 'required' | 'inconsistent';
  adminPassword?: 'required';
}

export const EMPTY_RESET_FORM: ResetForm = { password: '', confirm: '', adminPassword: '' };

/** What is wrong with the reset form before it is sent: the device's strength rules by the same
 * function the server runs (`strengthFailures`), the confirmation, admin's password. */
export function resetFormProblems(form: ResetForm, rules: PasswordStrengthRules): ResetFormProblems {
  const problems: ResetFormProblems = {};
  if (form.password.length === 0) problems.password = 'required';
  else if (form.password.length > PASSWORD_MAX_LENGTH) problems.password = 'too_long';
  else {
    const failures = strengthFailures(form.password, rules);
    if (failures.length > 0) problems.password = failures;
  }
  if (form.confirm.length === 0) problems.confirm = 'required';
  else if (form.confirm !== form.password) problems.confirm = 'inconsistent';
  if (form.adminPassword.length === 0) problems.adminPassword = 'required';
  return problems;
}
