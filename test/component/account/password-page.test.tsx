import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PasswordPage from '../../../src/features/account/PasswordPage';
import { SPECIAL_CHARACTERS } from '../../../contract/rules';
import { renderScreen } from '../../support/render';
import { fakeDevice, offContract, type DeviceAnswer } from '../../support/fake-device';
import { userInfoWire } from '../../support/shell-device';
import { strengthRulesWire } from '../../support/settings';

const ADMIN_CALL = '/api/v1/uac/account/admin/password';
const USER_CALL = '/api/v1/uac/account/user/password';

function device(
  username: string,
  { rules = strengthRulesWire(), change }: { rules?: ReturnType<typeof strengthRulesWire>; change?: (body: unknown) => DeviceAnswer } = {},
) {
  const ok = (): DeviceAnswer => ({ body: { status: 'success' } });
  return fakeDevice({
    'GET /api/v1/uac/account/userinfo': () => ({ body: userInfoWire(username) }),
    'GET /api/v1/system/password-strength-rules': () => ({ body: rules }),
    [`PATCH ${ADMIN_CALL}`]: change ?? ok,
    [`PATCH ${USER_CALL}`]: change ?? ok,
  });
}

const ENFORCED = strengthRulesWire({
  password_rules_enable: true,
  password_rules_include_numbers: true,
  password_rules_include_mixed_cases: true,
  password_rules_include_special_characters: true,
});

async function openPage(username = 'admin', options?: Parameters<typeof device>[1]) {
  const fake = device(username, options);
  const user = userEvent.setup();
  const rendered = renderScreen(<PasswordPage />);
  await screen.findByLabelText(/^Current password/);
  return { fake, user, ...rendered };
}

const field = {
  current: () => screen.getByLabelText(/^Current password/),
  password: () => screen.getByLabelText(/^New password/),
  confirm: () => screen.getByLabelText(/^Confirm new password/),
};
const submit = () => screen.getByRole('button', { name: 'Change password' });

describe('PasswordPage: validation', () => {
  test('shows the signed-in account and the three required messages, sends nothing', async () => {
    const { fake, user } = await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'System Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Account')).toHaveValue('admin');
    await user.click(submit());
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByText('Please enter a new password')).toBeInTheDocument();
    expect(screen.getByText('Please enter the new password again')).toBeInTheDocument();
    expect(field.current()).toHaveAttribute('aria-invalid', 'true');
    expect(field.current()).toHaveFocus();
    expect(fake.sent('PATCH', ADMIN_CALL)).toHaveLength(0);
  });

  test('the two passwords are inconsistent, and the message goes once they match', async () => {
    const { fake, user } = await openPage();
    await user.type(field.current(), 'old-secret');
    await user.type(field.password(), 'new-secret-1');
    await user.type(field.confirm(), 'new-secret-2');
    await user.click(submit());
    expect(screen.getByText('The two passwords are inconsistent')).toBeInTheDocument();
    expect(fake.sent('PATCH', ADMIN_CALL)).toHaveLength(0);
    await user.clear(field.confirm());
    await user.type(field.confirm(), 'new-secret-1');
    expect(screen.queryByText('The two passwords are inconsistent')).not.toBeInTheDocument();
  });

  test('every strength rule has its own message; the length one names the length', async () => {
    const { fake, user } = await openPage('admin', { rules: { ...ENFORCED, password_rules_minimal_length: 14 } });
    await user.type(field.current(), 'old-secret');
    await user.type(field.password(), 'abc');
    await user.type(field.confirm(), 'abc');
    await user.click(submit());
    expect(screen.getByText('The password must have at least 14 characters')).toBeInTheDocument();
    expect(screen.getByText('The password must contain at least one digit')).toBeInTheDocument();
    expect(screen.getByText('The password must contain both upper and lower case letters')).toBeInTheDocument();
    expect(
      screen.getByText(`The password must contain at least one of these special characters: ${SPECIAL_CHARACTERS}`),
    ).toBeInTheDocument();
    expect(field.password()).toHaveAttribute('aria-invalid', 'true');
    expect(field.password()).toHaveFocus();
    expect(fake.sent('PATCH', ADMIN_CALL)).toHaveLength(0);

    // Fixing the password clears the messages as the user types.
    await user.clear(field.password());
    await user.type(field.password(), 'Abcdefghij12!x');
    expect(screen.queryByText(/The password must/)).not.toBeInTheDocument();
  });

  test('rules switched off: only the 8-character floor applies, and the checklist says so', async () => {
    const { fake, user } = await openPage('admin', { rules: strengthRulesWire({ password_rules_include_numbers: true }) });
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(checklist).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('At least 8 characters')]);
    await user.type(field.current(), 'old');
    await user.type(field.password(), 'a');
    await user.type(field.confirm(), 'a');
    await user.click(submit());
    expect(await screen.findByText('The password must have at least 8 characters')).toBeInTheDocument();
    expect(fake.sent('PATCH', ADMIN_CALL)).toHaveLength(0);
    await user.clear(field.password());
    await user.clear(field.confirm());
    await user.type(field.password(), 'abcdefgh');
    await user.type(field.confirm(), 'abcdefgh');
    await user.click(submit());
    await waitFor(() => expect(fake.sent('PATCH', ADMIN_CALL)).toHaveLength(1));
  });
});

describe('PasswordPage: strength meter and checklist', () => {
  test('the meter rates what is typed', async () => {
    const { user } = await openPage();
    const meter = screen.getByRole('progressbar', { name: 'Password strength' });
    expect(meter).toHaveAttribute('aria-valuetext', 'No password entered');
    await user.type(field.password(), 'abc');
    expect(meter).toHaveAttribute('aria-valuetext', 'Weak');
    await user.clear(field.password());
    await user.type(field.password(), 'abcdefgh');
    expect(meter).toHaveAttribute('aria-valuetext', 'Fair');
    await user.clear(field.password());
    await user.type(field.password(), 'abcdefghijkl');
    expect(meter).toHaveAttribute('aria-valuetext', 'Good');
    await user.clear(field.password());
    await user.type(field.password(), 'Abcdefghijk1');
    expect(meter).toHaveAttribute('aria-valuetext', 'Strong');
    expect(screen.getByText('Strong')).toBeInTheDocument();
    await user.clear(field.password());
    await user.type(field.password(), 'Abcdefghij1!');
    expect(meter).toHaveAttribute('aria-valuetext', 'Very strong');
  });

  test('the checklist marks each active rule met or unmet', async () => {
    const { user } = await openPage('admin', { rules: ENFORCED });
    const list = screen.getByRole('list', { name: 'Password requirements' });
    const item = (text: string | RegExp) => within(list).getByText(text).closest('li')!;
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(item('At least 12 characters')).toHaveAttribute('data-met', 'false');
    expect(item('At least 12 characters')).toHaveTextContent('not met');

    await user.type(field.password(), 'abcdefghijkl');
    expect(item('At least 12 characters')).toHaveAttribute('data-met', 'true');
    expect(item('At least one digit')).toHaveAttribute('data-met', 'false');
    expect(item('Both upper and lower case letters')).toHaveAttribute('data-met', 'false');
    expect(item(/At least one special character/)).toHaveAttribute('data-met', 'false');

    await user.type(field.password(), 'A1{!}');
    for (const li of within(list).getAllByRole('listitem')) expect(li).toHaveAttribute('data-met', 'true');
    expect(item('At least 12 characters')).toHaveTextContent(/met$/);
  });

  test('only the rules that are on are listed', async () => {
    await openPage('admin', { rules: strengthRulesWire({ password_rules_enable: true, password_rules_minimal_length: 8, password_rules_include_numbers: true }) });
    const list = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('data-rule'))).toEqual(['min_length', 'numbers']);
    expect(within(list).getByText('At least 8 characters')).toBeInTheDocument();
  });
});

describe('PasswordPage: changing the password', () => {
  test('admin changes all three passwords: the body, the notice, the form clears', async () => {
    const { fake, user } = await openPage('admin', { rules: ENFORCED });
    await user.type(field.current(), 'Old-secret-1');
    await user.type(field.password(), 'New-secret-12');
    await user.type(field.confirm(), 'New-secret-12');
    const changeAll = screen.getByRole('switch', { name: 'Also change the Update and History passwords' });
    expect(changeAll).not.toBeChecked();
    await user.click(changeAll);
    await user.click(submit());

    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(fake.sent('PATCH', ADMIN_CALL)).toEqual([
      { username: 'admin', current: 'Old-secret-1', password: 'New-secret-12', changeAll: true },
    ]);
    expect(field.current()).toHaveValue('');
    expect(field.password()).toHaveValue('');
    expect(field.confirm()).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Also change the Update and History passwords' })).not.toBeChecked();
    expect(screen.queryByText('Please enter your password')).not.toBeInTheDocument();
  });

  test('update and history change only their own password, with no change-all switch', async () => {
    const { fake, user } = await openPage('update');
    expect(screen.queryByRole('switch', { name: /Update and History/ })).not.toBeInTheDocument();
    await user.type(field.current(), 'old');
    await user.type(field.password(), 'newpass1');
    await user.type(field.confirm(), 'newpass1');
    await user.click(submit());
    await screen.findByText('Password changed successfully');
    expect(fake.sent('PATCH', ADMIN_CALL)).toEqual([{ username: 'update', current: 'old', password: 'newpass1', changeAll: false }]);
  });

  test('a WebView user uses the user call', async () => {
    const { fake, user } = await openPage('cmt_default_control_user');
    expect(screen.queryByRole('switch', { name: /Update and History/ })).not.toBeInTheDocument();
    await user.type(field.current(), 'old');
    await user.type(field.password(), 'newpass1');
    await user.type(field.confirm(), 'newpass1');
    await user.click(submit());
    await screen.findByText('Password changed successfully');
    expect(fake.sent('PATCH', USER_CALL)).toEqual([{ username: 'cmt_default_control_user', current: 'old', password: 'newpass1' }]);
    expect(fake.sent('PATCH', ADMIN_CALL)).toHaveLength(0);
  });

  test('a wrong current password: the message stays on the form and nothing typed is lost', async () => {
    const { user } = await openPage('admin', {
      change: () => ({ status: 400, body: { message: 'x', error_code: 'current_password_error' } }),
    });
    await user.type(field.current(), 'wrong');
    await user.type(field.password(), 'newpass1');
    await user.type(field.confirm(), 'newpass1');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password error, please retry');
    expect(field.current()).toHaveValue('wrong');
    expect(field.password()).toHaveValue('newpass1');
    expect(field.confirm()).toHaveValue('newpass1');
    expect(field.current()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field.current()).toHaveFocus());
    expect(screen.queryByText('Password changed successfully')).not.toBeInTheDocument();
  });

  test('a password the device finds too weak names the broken rule', async () => {
    const { user } = await openPage('admin', {
      change: () => ({
        status: 400,
        body: { message: 'x', error_code: 'password_too_weak', field: 'password', failures: ['numbers'] },
      }),
    });
    await user.type(field.current(), 'old');
    await user.type(field.password(), 'newpass1');
    await user.type(field.confirm(), 'newpass1');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(/Insufficient password strength/);
    expect(screen.getByText('The password must contain at least one digit')).toBeInTheDocument();
    expect(field.password()).toHaveAttribute('aria-invalid', 'true');
    expect(field.password()).toHaveValue('newpass1');
    // Typing a new password drops what the device said about the old one.
    await user.type(field.password(), '1');
    expect(screen.queryByText('The password must contain at least one digit')).not.toBeInTheDocument();
  });

  test.each([
    [{ status: 400, body: { message: 'x', error_code: 'validation_failure', field: 'password' } }, 'Validation failed'],
    [{ status: 403, body: { message: 'x', error_code: 'forbidden' } }, 'Change password failed'],
    [
      offContract(
        { status: 200, body: { status: 'fail' } },
        'the page guards against a 200 that does not say success, which the contract does not allow',
      ),
      'Change password failed',
    ],
    [{ status: 429, body: { message: 'x', error_code: 'login_locked', qty: 7 } }, 'Too many wrong passwords. Please wait 7 minutes and try again'],
    [{ status: 500, body: { message: 'x', error_code: 'internal_error' } }, 'Change password failed'],
  ])('device answer %j shows "%s"', async (answer, message) => {
    const { user } = await openPage('admin', { change: () => answer });
    await user.type(field.current(), 'old');
    await user.type(field.password(), 'newpass1');
    await user.type(field.confirm(), 'newpass1');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field.password()).toHaveValue('newpass1');
  });

  test('a failed load offers a retry', async () => {
    let fail = true;
    const fake = fakeDevice({
      'GET /api/v1/uac/account/userinfo': () => ({ body: userInfoWire('admin') }),
      'GET /api/v1/system/password-strength-rules': () =>
        fail ? { status: 500, body: { message: 'x', error_code: 'internal_error' } } : { body: strengthRulesWire() },
    });
    const user = userEvent.setup();
    renderScreen(<PasswordPage />);
    expect(await screen.findByText('The password settings could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/^Current password/)).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.path.endsWith('password-strength-rules'))).toHaveLength(2);
  });

  test('a panel that cannot be reached is said so, in the words every screen uses', async () => {
    let fail = true;
    fakeDevice({
      'GET /api/v1/uac/account/userinfo': () => ({ body: userInfoWire('admin') }),
      'GET /api/v1/system/password-strength-rules': () => {
        if (fail) throw new TypeError('Failed to fetch');
        return { body: strengthRulesWire() };
      },
    });
    const user = userEvent.setup();
    renderScreen(<PasswordPage />);
    expect(await screen.findByText('The panel cannot be reached. Check the connection and try again')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'System Password' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/^Current password/)).toBeInTheDocument();
  });
});

describe('PasswordPage in German', () => {
  test('speaks German: labels and the network message', async () => {
    // The panel answers the reads, then drops off the network before the change.
    device('admin', {
      change: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    const { i18n } = renderScreen(<PasswordPage />, { language: 'de' });
    expect(i18n.language).toBe('de');
    await user.type(await screen.findByLabelText(/^Aktuelles Passwort/), 'old');
    await user.type(screen.getByLabelText(/^Neues Passwort$|^Neues Passwort \*/), 'newpass1');
    await user.type(screen.getByLabelText(/^Neues Passwort bestätigen/), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    // The panel cannot be reached: errors.network exists in German.
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.getResource('de', 'translation', 'errors.network') as string);
    expect(screen.getByRole('alert')).toHaveTextContent(/Das Panel ist nicht erreichbar/);
  });
});
