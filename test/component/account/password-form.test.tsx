import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  EMPTY_PASSWORD_FORM,
  PasswordChangeForm,
  type PasswordChangeFormProps,
  type PasswordFormValues,
} from '../../../src/components/password/PasswordChangeForm';
import { DEFAULT_STRENGTH_RULES, PASSWORD_MAX_LENGTH, type PasswordFormErrors } from '../../../contract/rules';
import { renderScreen } from '../../support/render';
import { failureOf } from '../../../contract/failure';
import { errorMessage } from '../../../src/i18n/error-text';
import { PASSWORD_ERROR_TEXTS } from '../../../src/components/password/password-error';

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
    [{ password: 'same_as_current' }, ['The new password must differ from the current one']],
    [
      { password: ['min_length', 'numbers'] },
      ['The password must have at least 9 characters', 'The password must contain at least one digit'],
    ],
  ])('errors %j show their messages', (errors, messages) => {
    renderScreen(<Harness errors={errors} rules={{ ...DEFAULT_STRENGTH_RULES, rulesEnable: true, minimalLength: 9 }} />);
    for (const m of messages) expect(screen.getByText(m)).toBeInTheDocument();
  });

  test.each([
    ['current_password_error', 'Current password error, please retry'],
    ['password_too_weak', 'Insufficient password strength: the password does not meet the password strength rules'],
    // Without the count in the answer, the device's own depth (contract/rules/password-form.ts).
    ['password_reused', 'You used this password recently: choose one that differs from your last 3 passwords'],
    ['validation_failure', 'Validation failed'],
    ['fail', 'Change password failed'],
    ['something_new', 'Change password failed'],
    ['timeout', 'Request Timeout'],
  ])('server error %s reads "%s"', (code, message) => {
    renderScreen(<Harness serverError={code} />);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  test('a reused password reads the count the device sent, in the language\'s plural form', () => {
    renderScreen(<Harness serverError={{ error_code: 'password_reused', qty: 1 }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('You used this password recently: choose one that differs from your last password');
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true');
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
  test('the form words each code its way, unknown ones as the generic failure', () => {
    const key = (code: string) => errorMessage(code, PASSWORD_ERROR_TEXTS).key;
    expect(key('current_password_error')).toBe('shell:password.errors.current_password_error');
    expect(key('password_too_weak')).toBe('shell:password.errors.password_too_weak');
    expect(key('validation_failure')).toBe('shell:password.errors.validation_failure');
    expect(key('login_locked')).toBe('shell:password.errors.login_locked');
    expect(key('forbidden')).toBe('shell:password.errors.change_failed');
    // A code no area words (looked up in the areas' namespaces first) ends at the form's failure.
    expect((key('something_new') as string[]).at(-1)).toBe('shell:password.errors.change_failed');
    expect(key('connection_lost')).toBe('translation:errors.network');
  });

  test('failureOf reads the device body and transport failures', () => {
    const answer = (status: number, data: unknown) => ({ status, data }) as FetchBaseQueryError;
    expect(failureOf(answer(400, { error_code: 'current_password_error' }))).toEqual({ error_code: 'current_password_error' });
    expect(failureOf(answer(400, { error_code: 'password_too_weak', failures: ['numbers', 'bogus'] }))).toEqual({
      error_code: 'password_too_weak',
      failures: ['numbers'],
    });
    expect(failureOf(answer(429, { error_code: 'login_locked', qty: 3 }))).toEqual({ error_code: 'login_locked', qty: 3 });
    // A device error: "Change password failed" on this form, as before.
    expect(failureOf(answer(500, 'oops'))).toEqual({ error_code: 'internal_error' });
    expect(errorMessage(answer(500, 'oops'), PASSWORD_ERROR_TEXTS).key).toBe('shell:password.errors.change_failed');
    expect(failureOf({ status: 'FETCH_ERROR', error: 'x' })).toEqual({ error_code: 'connection_lost' });
    expect(failureOf({ status: 'TIMEOUT_ERROR', error: 'x' })).toEqual({ error_code: 'timeout' });
    expect(failureOf({ message: 'thrown' })).toEqual({ error_code: 'fail' });
  });
});
