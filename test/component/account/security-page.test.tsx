import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SecurityPage from '../../../src/features/account/SecurityPage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer } from '../../support/fake-device';
import { expirationWire, strengthRulesWire } from '../../support/settings';

const HTTP = '/api/v1/system/http';
const RULES = '/api/v1/system/password-strength-rules';
const EXPIRATION = '/api/v1/system/password-expiration-notification';

/** A device that keeps what it is sent, with the server's defaults (rules off, 12; expiry off, 90). */
function device({ failPut = false, failGet = '', on = false }: { failPut?: boolean; failGet?: string; on?: boolean } = {}) {
  let http = { http: true, https_port: 8443, certificate_sha256: 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89' };
  // `on`: the strength rules and expiry notifications switched on, so their other fields take edits.
  let rules = strengthRulesWire(on ? { password_rules_enable: true } : {});
  let expiration = expirationWire(on ? { password_expiration_notification_enable: true } : {});
  const refuse = (): DeviceAnswer => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } });
  const state = { getFails: failGet };
  const fake = fakeDevice({
    [`GET ${HTTP}`]: () => (state.getFails === HTTP ? refuse() : { body: http }),
    [`GET ${RULES}`]: () => (state.getFails === RULES ? refuse() : { body: rules }),
    [`GET ${EXPIRATION}`]: () => (state.getFails === EXPIRATION ? refuse() : { body: expiration }),
    [`PUT ${HTTP}`]: (body) => (failPut ? refuse() : { body: (http = { ...http, ...(body as { http: boolean }) }) }),
    [`PUT ${RULES}`]: (body) => (failPut ? refuse() : { body: (rules = body as typeof rules) }),
    [`PUT ${EXPIRATION}`]: (body) => (failPut ? refuse() : { body: (expiration = body as typeof expiration) }),
  });
  return { fake, state };
}

function card(name: string) {
  return within(screen.getByRole('region', { name }));
}

async function openPage(options?: Parameters<typeof device>[0]) {
  const { fake, state } = device(options);
  const user = userEvent.setup();
  renderScreen(<SecurityPage />);
  if (!options?.failGet) {
    await screen.findByRole('radio', { name: 'HTTPS only' });
    await screen.findByLabelText(/^Minimal length/);
    await screen.findByLabelText(/^Validity period/);
  }
  return { fake, state, user };
}

describe('SecurityPage', () => {
  test('with the rules and expiry notifications off, their other fields are disabled and the page says why', async () => {
    await openPage();
    const rules = card('Password strength rules');
    expect(rules.getByLabelText(/^Minimal length/)).toBeDisabled();
    expect(rules.getByRole('switch', { name: 'Include numbers' })).toBeDisabled();
    expect(rules.getByTestId('rules-off-hint')).toHaveTextContent('only the minimum of 8 characters applies');
    const expiry = card('Password expiration');
    expect(expiry.getByLabelText(/^Validity period/)).toBeDisabled();
    expect(expiry.getByTestId('expiry-off-hint')).toHaveTextContent('no password expires');
  });

  test('every field a switch that is off governs is disabled, the switches say why, and turning it on frees them', async () => {
    const { user } = await openPage();
    const rules = card('Password strength rules');
    const enforce = rules.getByRole('switch', { name: 'Enforce password strength rules' });
    expect(enforce).toBeEnabled();
    for (const name of ['Include numbers', 'Include upper and lower case letters', /^Include special characters/]) {
      expect(rules.getByRole('switch', { name })).toBeDisabled();
      expect(rules.getByRole('switch', { name })).toHaveAccessibleDescription(/only the minimum of 8 characters applies/);
    }
    expect(enforce).toHaveAccessibleDescription(/only the minimum of 8 characters applies/);
    await user.click(enforce);
    expect(rules.getByLabelText(/^Minimal length/)).toBeEnabled();
    expect(rules.getByRole('switch', { name: 'Include numbers' })).toBeEnabled();
    expect(rules.queryByTestId('rules-off-hint')).not.toBeInTheDocument();
    expect(enforce).not.toHaveAccessibleDescription(/only the minimum/);

    const expiry = card('Password expiration');
    const notify = expiry.getByRole('switch', { name: 'Notify when a password has expired' });
    const allow = expiry.getByRole('switch', { name: 'Allow operations before the password is updated' });
    expect(allow).toBeDisabled();
    expect(notify).toHaveAccessibleDescription(/no password expires/);
    expect(allow).toHaveAccessibleDescription(/no password expires/);
    await user.click(notify);
    expect(expiry.getByLabelText(/^Validity period/)).toBeEnabled();
    expect(allow).toBeEnabled();
    expect(expiry.queryByTestId('expiry-off-hint')).not.toBeInTheDocument();
  });

  test('loads the values of the three cards, each Save disabled until something changes', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();

    const protocol = card('Protocol');
    expect(protocol.getByRole('radio', { name: 'Allow HTTP and HTTPS' })).toBeChecked();
    expect(protocol.getByRole('radio', { name: 'HTTPS only' })).not.toBeChecked();
    expect(protocol.getByText(/redirected to HTTPS on port 8443/)).toBeInTheDocument();
    expect(protocol.getByText(/self-signed certificate/)).toBeInTheDocument();

    const rules = card('Password strength rules');
    expect(rules.getByRole('switch', { name: 'Enforce password strength rules' })).not.toBeChecked();
    expect(rules.getByLabelText(/^Minimal length/)).toHaveValue('12');
    expect(rules.getByRole('switch', { name: 'Include numbers' })).not.toBeChecked();
    expect(rules.getByRole('switch', { name: 'Include upper and lower case letters' })).not.toBeChecked();
    expect(rules.getByRole('switch', { name: /^Include special characters/ })).not.toBeChecked();

    const expiration = card('Password expiration');
    expect(expiration.getByRole('switch', { name: 'Notify when a password has expired' })).not.toBeChecked();
    expect(expiration.getByLabelText(/^Validity period/)).toHaveValue('90');
    expect(expiration.getByRole('switch', { name: 'Allow operations before the password is updated' })).not.toBeChecked();

    for (const name of ['Protocol', 'Password strength rules', 'Password expiration']) {
      expect(card(name).getByRole('button', { name: 'Save' })).toBeDisabled();
    }
  });

  test('changing a value back disables Save again', async () => {
    const { user } = await openPage({ on: true });
    const rules = card('Password strength rules');
    await user.click(rules.getByRole('switch', { name: 'Include numbers' }));
    expect(rules.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(card('Protocol').getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(rules.getByRole('switch', { name: 'Include numbers' }));
    expect(rules.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  test('protocol: HTTPS only sends {http: false} and confirms', async () => {
    const { fake, user } = await openPage();
    const protocol = card('Protocol');
    await user.click(protocol.getByRole('radio', { name: 'HTTPS only' }));
    await user.click(protocol.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update settings successful')).toBeInTheDocument();
    expect(fake.sent('PUT', HTTP)).toEqual([{ http: false }]);
    expect(protocol.getByRole('radio', { name: 'HTTPS only' })).toBeChecked();
    await waitFor(() => expect(protocol.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  test('strength rules: saves the five fields under their device names', async () => {
    const { fake, user } = await openPage();
    const rules = card('Password strength rules');
    await user.click(rules.getByRole('switch', { name: 'Enforce password strength rules' }));
    await user.clear(rules.getByLabelText(/^Minimal length/));
    await user.type(rules.getByLabelText(/^Minimal length/), '10');
    await user.click(rules.getByRole('switch', { name: 'Include upper and lower case letters' }));
    await user.click(rules.getByRole('switch', { name: /^Include special characters/ }));
    await user.click(rules.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update settings successful')).toBeInTheDocument();
    expect(fake.sent('PUT', RULES)).toEqual([
      {
        password_rules_enable: true,
        password_rules_minimal_length: 10,
        password_rules_include_numbers: false,
        password_rules_include_mixed_cases: true,
        password_rules_include_special_characters: true,
      },
    ]);
    expect(rules.getByLabelText(/^Minimal length/)).toHaveValue('10');
    await waitFor(() => expect(rules.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(fake.sent('PUT', HTTP)).toHaveLength(0);
    expect(fake.sent('PUT', EXPIRATION)).toHaveLength(0);
  });

  test('expiration: saves the three fields under their device names', async () => {
    const { fake, user } = await openPage();
    const expiration = card('Password expiration');
    await user.click(expiration.getByRole('switch', { name: 'Notify when a password has expired' }));
    await user.clear(expiration.getByLabelText(/^Validity period/));
    await user.type(expiration.getByLabelText(/^Validity period/), '30');
    await user.click(expiration.getByRole('switch', { name: 'Allow operations before the password is updated' }));
    await user.click(expiration.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update settings successful')).toBeInTheDocument();
    expect(fake.sent('PUT', EXPIRATION)).toEqual([
      {
        password_expiration_notification_enable: true,
        password_expiration_validity_period: 30,
        password_expiration_allow_operations_before_update: true,
      },
    ]);
  });

  test.each([
    // 8 is the floor of every password (issue 20, item 13): the range starts there.
    ['Password strength rules', /^Minimal length/, ['3', '7', '65', 'abc', '', '4.5'], 'Enter a whole number from 8 to 64', '64'],
    // Numbers as the language writes them, as the Operation Log does.
    ['Password expiration', /^Validity period/, ['0', '3651', '-1', ''], 'Enter a whole number from 1 to 3,650', '1'],
  ])('%s: out-of-range values are refused with a message', async (name, label, bad, message, good) => {
    const { fake, user } = await openPage({ on: true });
    const c = card(name);
    const input = c.getByLabelText(label);
    for (const value of bad) {
      await user.clear(input);
      if (value) await user.type(input, value);
      expect(c.getByText(message)).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(c.getByRole('button', { name: 'Save' })).toBeDisabled();
    }
    await user.clear(input);
    await user.type(input, good);
    expect(c.queryByText(message)).not.toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(c.getByRole('button', { name: 'Save' }));
    await screen.findByText('Update settings successful');
    expect(fake.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  test('ranges are written as the language writes numbers (German: 3.650)', async () => {
    device({ on: true });
    renderScreen(<SecurityPage />, { language: 'de' });
    expect(await screen.findByText('1 bis 3.650 Tage')).toBeInTheDocument();
  });

  test('a refused save says so and keeps the edit', async () => {
    const { user } = await openPage({ failPut: true, on: true });
    const expiration = card('Password expiration');
    await user.clear(expiration.getByLabelText(/^Validity period/));
    await user.type(expiration.getByLabelText(/^Validity period/), '45');
    await user.click(expiration.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update settings failed')).toBeInTheDocument();
    expect(expiration.getByLabelText(/^Validity period/)).toHaveValue('45');
    expect(expiration.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  test('a save that finds the panel unreachable says so and keeps the edit, though the reload fails too', async () => {
    const { fake, user } = await openPage({ on: true });
    const rules = card('Password strength rules');
    await user.clear(rules.getByLabelText(/^Minimal length/));
    await user.type(rules.getByLabelText(/^Minimal length/), '14');
    const unreachable = () => {
      throw new TypeError('Failed to fetch');
    };
    fake.handlers[`PUT ${RULES}`] = unreachable;
    fake.handlers[`GET ${RULES}`] = unreachable;
    await user.click(rules.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The panel cannot be reached');
    await waitFor(() => expect(fake.requests.filter((r) => r.method === 'GET' && r.path === RULES)).toHaveLength(2));
    expect(rules.queryByText('These settings could not be loaded.')).not.toBeInTheDocument();
    expect(rules.getByLabelText(/^Minimal length/)).toHaveValue('14');
    expect(rules.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  test('a card whose read cannot reach the panel says so, in the words every screen uses', async () => {
    const { fake } = device();
    const view = fake.handlers[`GET ${EXPIRATION}`]!;
    let fail = true;
    fake.handlers[`GET ${EXPIRATION}`] = (b, r) => {
      if (fail) throw new TypeError('Failed to fetch');
      return view(b, r);
    };
    const user = userEvent.setup();
    renderScreen(<SecurityPage />);
    const expiration = card('Password expiration');
    expect(await expiration.findByText('The panel cannot be reached. Check the connection and try again')).toBeInTheDocument();
    expect(await card('Protocol').findByRole('radio', { name: 'HTTPS only' })).toBeInTheDocument();
    fail = false;
    await user.click(expiration.getByRole('button', { name: 'Retry' }));
    expect(await expiration.findByLabelText(/^Validity period/)).toHaveValue('90');
  });

  test('a card that fails to load offers a retry; the others work', async () => {
    const { state, user } = await openPage({ failGet: RULES });
    const rules = card('Password strength rules');
    expect(await rules.findByText('These settings could not be loaded.')).toBeInTheDocument();
    expect(rules.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(await card('Protocol').findByRole('radio', { name: 'HTTPS only' })).toBeInTheDocument();
    state.getFails = '';
    await user.click(rules.getByRole('button', { name: 'Retry' }));
    expect(await rules.findByLabelText(/^Minimal length/)).toHaveValue('12');
  });
});
