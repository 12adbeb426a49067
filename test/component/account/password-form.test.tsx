import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  EMPTY_PASSWORD_FORM,
  PasswordChangeForm,
  passwordErrorKey,
  passwordServerError,
  type PasswordChangeFormProps,
  type PasswordFormValues,
} from '../../../src/features/account/PasswordChangeForm';
import { DEFAULT_STRENGTH_RULES, PASSWORD_MAX_LENGTH, type PasswordFormErrors } from '../../../contract/rules';
import { renderScreen } from '../../support/render';

/** Holds the values the way the wizard and the expiry dialog will. */
function Harness(props: Partial<PasswordChangeFormProps> & { onChange?: (v: PasswordFormValues) => void }) {
  const [values, setValues] = useState<PasswordFormValues>(EMPTY_PASSWORD_FORM);
  const update = (v: PasswordFormValues) => {
    setValues(v);
    props.onChange?.(v);
  };
  return (
    <PasswordChangeForm
      values={values}
      errors={{}}
      rules={DEFAULT_STRENGTH_RULES}
      showChangeAll={false}
      {...props}
      onEdit={(field, value) => update({ ...values, [field]: value })}
      onToggleChangeAll={(changeAll) => update({ ...values, changeAll })}
    />
  );
}

describe('PasswordChangeForm', () => {
  test('every control is labelled; edits go to the owner; passwords hidden until shown', async () => {
    const changes: PasswordFormValues[] = [];
    const user = userEvent.setup();
    renderScreen(<Harness showChangeAll onChange={(v) => changes.push(v)} />);
    const current = screen.getByLabelText(/^Current password/);
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('autocomplete', 'new-password');
    await user.type(current, 'ab');
    await user.type(screen.getByLabelText(/^New password/), 'c');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'c');
    await user.click(screen.getByRole('switch', { name: 'Also change the Update and History passwords' }));
    expect(changes.at(-1)).toEqual({ current: 'ab', password: 'c', confirm: 'c', changeAll: true });
    expect(screen.getByRole('switch', { name: /Update and History/ })).toHaveAccessibleDescription(
      'The Update and History accounts get the same new password, and their sessions end.',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Show passwords' }));
    expect(current).toHaveAttribute('type', 'text');
  });

  test('no change-all switch unless asked for', () => {
    renderScreen(<Harness showChangeAll={false} />);
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  test.each<[PasswordFormErrors, string[]]>([
    [{ current: 'required' }, ['Please enter your password']],
    [{ password: 'required' }, ['Please enter a new password']],
    [{ confirm: 'required' }, ['Please enter the new password again']],
    [{ confirm: 'inconsistent' }, ['The two passwords are inconsistent']],
    [{ password: 'too_long' }, [`The password can have at most ${PASSWORD_MAX_LENGTH} characters`]],
    [
      { password: ['min_length', 'numbers'] },
      ['The password must have at least 9 characters', 'The password must contain at least one digit'],
    ],
  ])('errors %j show their messages', (errors, messages) => {
    renderScreen(<Harness errors={errors} rules={{ ...DEFAULT_STRENGTH_RULES, minimalLength: 9 }} />);
    for (const m of messages) expect(screen.getByText(m)).toBeInTheDocument();
  });

  test.each([
    ['current_password_error', 'Current password error, please retry'],
    ['password_too_weak', 'Insufficient password strength: the password does not meet the password strength rules'],
    ['validation_failure', 'Validation failed'],
    ['fail', 'Change password failed'],
    ['something_new', 'Change password failed'],
    ['timeout', 'Request Timeout'],
  ])('server error %s reads "%s"', (code, message) => {
    renderScreen(<Harness serverError={code} />);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  test('disabled while a change is under way', () => {
    renderScreen(<Harness disabled showChangeAll />);
    expect(screen.getByLabelText(/^Current password/)).toBeDisabled();
    expect(screen.getByLabelText(/^New password/)).toBeDisabled();
    expect(screen.getByLabelText(/^Confirm new password/)).toBeDisabled();
    expect(screen.getByRole('switch')).toBeDisabled();
  });
});

describe('password error helpers', () => {
  test('passwordErrorKey maps each code, unknown ones to the generic failure', () => {
    expect(passwordErrorKey('current_password_error')).toBe('password.errors.current_password_error');
    expect(passwordErrorKey('password_too_weak')).toBe('password.errors.password_too_weak');
    expect(passwordErrorKey('validation_failure')).toBe('password.errors.validation_failure');
    expect(passwordErrorKey('login_locked')).toBe('password.errors.login_locked');
    expect(passwordErrorKey('forbidden')).toBe('password.errors.change_failed');
    expect(passwordErrorKey('network')).toBe('errors.network');
  });

  test('passwordServerError reads the device body and transport failures', () => {
    const answer = (status: number, data: unknown) => ({ status, data }) as FetchBaseQueryError;
    expect(passwordServerError(undefined)).toEqual({ serverError: null });
    expect(passwordServerError(answer(400, { error_code: 'current_password_error' }))).toEqual({
      serverError: 'current_password_error',
    });
    expect(passwordServerError(answer(400, { error_code: 'password_too_weak', failures: ['numbers', 'bogus'] }))).toEqual({
      serverError: 'password_too_weak',
      errors: { password: ['numbers'] },
    });
    expect(passwordServerError(answer(429, { error_code: 'login_locked', qty: 3 }))).toEqual({
      serverError: 'login_locked',
      serverErrorValues: { qty: 3 },
    });
    expect(passwordServerError(answer(502, 'bad gateway'))).toEqual({ serverError: 'fail' });
    expect(passwordServerError({ status: 'FETCH_ERROR', error: 'x' })).toEqual({ serverError: 'network' });
    expect(passwordServerError({ status: 'TIMEOUT_ERROR', error: 'x' })).toEqual({ serverError: 'timeout' });
    expect(passwordServerError({ message: 'thrown' })).toEqual({ serverError: 'fail' });
  });
});
