import {
  EMPTY_PASSWORD_FORM,
  changePasswordInput,
  clearFieldError,
  editForm,
  errorCodeOf,
} from '../../../machines/password-change';

describe('password-change helpers shared by the wizard and the expiry dialog', () => {
  it('takes the error_code of a rejection, directly or from an RTK Query error, else fail', () => {
    expect(errorCodeOf({ error_code: 'current_password_error' })).toBe('current_password_error');
    expect(errorCodeOf({ status: 400, data: { error_code: 'validation_failure', field: 'password' } })).toBe('validation_failure');
    expect(errorCodeOf({ error_code: '' })).toBe('fail');
    expect(errorCodeOf({ error_code: 7 })).toBe('fail');
    expect(errorCodeOf(new Error('offline'))).toBe('fail');
    expect(errorCodeOf(null)).toBe('fail');
    expect(errorCodeOf(undefined)).toBe('fail');
  });

  it('sends changeAll for admin only, even if a non-admin form somehow holds it', () => {
    const form = { current: 'a', password: 'b', confirm: 'b', changeAll: true };
    expect(changePasswordInput('admin', true, form)).toEqual({ username: 'admin', current: 'a', password: 'b', changeAll: true });
    expect(changePasswordInput('update', false, form)).toEqual({ username: 'update', current: 'a', password: 'b', changeAll: false });
  });

  it('edits one field and clears one error without touching the others', () => {
    expect(editForm(EMPTY_PASSWORD_FORM, 'confirm', 'x')).toEqual({ current: '', password: '', confirm: 'x', changeAll: false });
    expect(EMPTY_PASSWORD_FORM.confirm).toBe('');
    const errors = { current: 'required', confirm: 'inconsistent' } as const;
    expect(clearFieldError(errors, 'current')).toEqual({ confirm: 'inconsistent' });
    expect(clearFieldError(errors, 'password')).toBe(errors);
    expect(errors).toEqual({ current: 'required', confirm: 'inconsistent' });
  });
});
