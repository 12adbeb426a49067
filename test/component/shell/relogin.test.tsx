/**
 * Session expiry (specification §4 "Session expiry", §7 token handling, §8 "Transport";
 * docs/decisions.md#token-answers): the forced re-login dialog on 400 invalid_token, and the base
 * query's renewal on 401 'invalid or expired jwt' / 'Unauthorized JWT'.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../../../store/token-storage';
import { renderApp } from '../../support/render';
import type { DeviceAnswer, DeviceHandlers, SentRequest } from '../../support/fake-device';
import { shellDevice, tokenFor, type ShellDevice } from '../../support/shell-device';

const INVALID_TOKEN: DeviceAnswer = { status: 400, body: { message: 'Invalid token', error_code: 'invalid_token' } };
const TITLE = 'Confirm logout';
const MESSAGE = 'You have been logged out, you can cancel to stay on this page, or log in again';
const SYSTEM_INFO = '/api/v1/system/info';
const LEGACY = '/api/v1/system/legacyhash';
const REFRESH = '/api/v1/auth/token/admin';

/** Records reload attempts: jsdom cannot reload (and window.location.reload is unforgeable, so it
 * cannot be replaced); it reports each attempt as "Not implemented: navigation". */
function watchReloads() {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  return {
    count: () =>
      consoleError.mock.calls.filter(([e]) => String((e as { message?: unknown } | null)?.message).startsWith('Not implemented: navigation'))
        .length,
    restore: () => consoleError.mockRestore(),
  };
}

async function openShell(overrides: DeviceHandlers) {
  const device = shellDevice({}, overrides);
  const user = userEvent.setup({ delay: null });
  const app = await renderApp('/admin/dashboard', { account: 'admin' });
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  return { device, user, app };
}

describe('forced re-login (400 invalid_token)', () => {
  test('opens Confirm logout with the specification message', async () => {
    await openShell({ [`GET ${SYSTEM_INFO}`]: () => INVALID_TOKEN });
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog).toHaveTextContent(MESSAGE);
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Re-Login']);
  });

  test('Escape and a click outside do not close it', async () => {
    const { user } = await openShell({ [`GET ${SYSTEM_INFO}`]: () => INVALID_TOKEN });
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    await user.keyboard('{Escape}');
    await user.click(dialog.parentElement!); // the dimmed area around the dialog
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('dialog', { name: TITLE })).toBe(dialog);
  });

  test('further invalid_token answers while it is open do not open a second one', async () => {
    let answerLate: () => void = () => undefined;
    const { device } = await openShell({
      [`GET ${SYSTEM_INFO}`]: () => INVALID_TOKEN,
      [`GET ${LEGACY}`]: () =>
        new Promise<DeviceAnswer>((resolve) => {
          answerLate = () => resolve(INVALID_TOKEN);
        }),
    });
    await screen.findByRole('dialog', { name: TITLE });
    await waitFor(() => expect(device.requests.some((r) => r.path === LEGACY)).toBe(true));
    await act(async () => answerLate());
    await waitFor(() => expect(device.requests.find((r) => r.path === LEGACY)?.answer).toBeDefined());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getAllByText(MESSAGE)).toHaveLength(1);
  });

  test('Cancel closes it and leaves the user on the page, still signed in; a later invalid_token opens it again', async () => {
    const { user, app, device } = await openShell({ [`GET ${SYSTEM_INFO}`]: () => INVALID_TOKEN });
    const token = localStorage.getItem(ACCESS_TOKEN_KEY);
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
    expect(app.location()).toBe('/admin/dashboard');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(token);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();

    // Any call can meet a revoked token: here saving the HMI name.
    device.handlers['PUT /api/v1/system/hmi/name'] = () => INVALID_TOKEN;
    await user.click(screen.getByRole('button', { name: 'Edit the HMI name' }));
    const nameDialog = await screen.findByRole('dialog', { name: 'HMI name' });
    await user.clear(within(nameDialog).getByRole('textbox', { name: 'HMI name' }));
    await user.type(within(nameDialog).getByRole('textbox', { name: 'HMI name' }), 'Line-4');
    await user.click(within(nameDialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('dialog', { name: TITLE })).toHaveTextContent(MESSAGE);
  });

  test('Re-Login forgets the token and reloads the page', async () => {
    const reloads = watchReloads();
    try {
      const { user } = await openShell({ [`GET ${SYSTEM_INFO}`]: () => INVALID_TOKEN });
      const dialog = await screen.findByRole('dialog', { name: TITLE });
      expect(reloads.count()).toBe(0);
      await user.click(within(dialog).getByRole('button', { name: 'Re-Login' }));
      await waitFor(() => expect(reloads.count()).toBe(1));
      expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
      expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
      // Without the token, the guard shows the login page (what the reload would show too).
      expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    } finally {
      reloads.restore();
    }
  });
});

describe('renewal (401 expired token)', () => {
  const OLD = tokenFor('admin', 1);

  /** A device on which every call but the token calls refuses the first access token as expired. */
  function expiringDevice(message: string): ShellDevice {
    const device = shellDevice();
    for (const [key, handler] of Object.entries(device.handlers)) {
      if (key.startsWith('POST /api/v1/auth/token/')) continue;
      device.handlers[key] = (body: unknown, request: SentRequest) =>
        request.headers.authorization === `Bearer ${OLD}`
          ? { status: 401, body: { message, error_code: 'unauthorized' } }
          : handler(body, request);
    }
    return device;
  }

  test.each(['invalid or expired jwt', 'Unauthorized JWT'])(
    "on 401 '%s' the parallel calls share one renewal, then each is retried once with the new token",
    async (message) => {
      const device = expiringDevice(message);
      await renderApp('/admin/dashboard', { account: 'admin' });
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
      await within(screen.getByRole('banner')).findByText('HMI-Line-3');
      await within(screen.getByRole('main')).findByText('HMI-Line-3'); // the dashboard's answer too

      const renewals = device.requests.filter((r) => r.path === REFRESH);
      expect(renewals).toHaveLength(1);
      expect(renewals[0]!.body).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-admin-1' });
      // The renewal itself does not carry the expired bearer token.
      expect(renewals[0]!.headers.authorization ?? '').not.toContain(OLD);
      const fresh = (renewals[0]!.answer!.body as { access_token: string }).access_token;
      expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(fresh);

      const refused = device.requests.filter((r) => r.headers.authorization === `Bearer ${OLD}`);
      expect(refused.length).toBeGreaterThanOrEqual(2);
      for (const first of refused) {
        const retries = device.requests.filter(
          (r) => r.method === first.method && r.path === first.path && r.headers.authorization === `Bearer ${fresh}`,
        );
        expect({ call: first.path, retries: retries.length }).toEqual({ call: first.path, retries: 1 });
        expect(device.requests.indexOf(retries[0]!)).toBeGreaterThan(device.requests.indexOf(renewals[0]!));
      }
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  test('other 401 answers are not renewed', async () => {
    const device = shellDevice({}, { [`GET ${LEGACY}`]: () => ({ status: 401, body: { message: 'Unauthorized', error_code: 'unauthorized' } }) });
    await renderApp('/admin/dashboard', { account: 'admin' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(device.requests.find((r) => r.path === LEGACY)?.answer).toBeDefined());
    expect(device.requests.filter((r) => r.path === REFRESH)).toHaveLength(0);
    expect(device.requests.filter((r) => r.path === LEGACY)).toHaveLength(1);
  });

  test('a failed renewal signs out: the token is forgotten and the login page opens', async () => {
    const device = expiringDevice('invalid or expired jwt');
    device.handlers[`POST ${REFRESH}`] = () => ({ status: 401, body: { message: 'Refresh token revoked', error_code: 'unauthorized' } });
    const app = await renderApp('/admin/dashboard', { account: 'admin' });
    await screen.findByRole('button', { name: 'Log In' });
    expect(device.requests.filter((r) => r.path === REFRESH)).toHaveLength(1);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(app.location()).toBe('/admin/login?redirect=%2Fadmin%2Fdashboard'));
    // No call was retried with the refused token.
    const refusedCalls = device.requests.filter((r) => r.headers.authorization === `Bearer ${OLD}`);
    expect(new Set(refusedCalls.map((r) => `${r.method} ${r.path}`)).size).toBe(refusedCalls.length);
  });
});
