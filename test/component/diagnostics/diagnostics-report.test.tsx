/**
 * Diagnostics: the Security self-check section (each finding translated, the most severe first,
 * with its setting and a link to the screen that fixes it; the "nothing found" state; a failed
 * read with Retry), the Diagnostic bundle section (admin downloads and sees the file saved, a
 * refusal worded, another account told it is admin's), and the dashboard's count of findings, a
 * link to them, only for the accounts that may read the self-check. Fake answers are checked
 * against the contract.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DiagnosticsPage from '../../../src/features/diagnostics/DiagnosticsPage';
import DashboardPage from '../../../src/features/dashboard/DashboardPage';
import { SELF_CHECK_PATH } from '../../../src/features/dashboard/SelfCheckFact';
import type { SelfCheck } from '../../../contract/api/self-check';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer, type DeviceHandlers } from '../../support/fake-device';
import { storeSession } from '../../support/shell-device';

const SELF_CHECK = '/api/v1/diagnostics/self-check';
const BUNDLE = '/api/v1/diagnostics/bundle';
const SERVICES = '/api/v1/diagnostics/services';
const EXTRA = '/api/v1/uac/account/extra-role';
const INFO = '/api/v1/system/info';

const FINDINGS: SelfCheck = {
  checked_at: '2026-11-28T09:00:00.000Z',
  items: [
    { id: 'api_keys_without_expiry', severity: 'medium', area: 'apiKeys', setting: 'api_keys.expires_at', menu: 'api', values: { count: 2, keys: 'SCADA, MES' } },
    { id: 'https_certificate_expiring', severity: 'low', area: 'system', setting: 'tls/cert.pem', menu: 'security', values: { days: 12 } },
    { id: 'plain_http', severity: 'high', area: 'system', setting: 'http_enabled', menu: 'security', values: {} },
  ],
};

function device(handlers: DeviceHandlers = {}, extraRoles: string[] = []) {
  return fakeDevice({
    [`GET ${SELF_CHECK}`]: () => ({ body: FINDINGS }),
    [`GET ${SERVICES}`]: () => ({ body: { services: [] } }),
    [`GET ${EXTRA}`]: () => ({ body: extraRoles }),
    ...handlers,
  });
}

async function openSection(name: 'Security self-check' | 'Diagnostic bundle', account = 'admin') {
  storeSession(account);
  const user = userEvent.setup({ delay: null });
  renderScreen(<DiagnosticsPage />);
  await user.click(await screen.findByRole('tab', { name }));
  return user;
}

afterEach(() => localStorage.clear());

describe('Diagnostics: Security self-check', () => {
  it('lists each finding in words, the most severe first, with its setting and a link to the screen that fixes it', async () => {
    const fake = device();
    await openSection('Security self-check');
    const list = await screen.findByRole('list', { name: 'Security self-check' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Plain HTTP is on',
      'API keys that never expire: SCADA, MES',
      "The console's HTTPS certificate expires in 12 d",
    ]);
    expect(screen.getByTestId('self-check-summary')).toHaveTextContent('3 findings weaken this panel.');
    const http = within(screen.getByTestId('self-check-item-plain_http'));
    expect(http.getByText('High')).toBeInTheDocument();
    expect(http.getByText('Setting: http_enabled')).toBeInTheDocument();
    expect(http.getByRole('link', { name: 'Open Security' })).toHaveAttribute('href', '/admin/account/security');
    expect(within(screen.getByTestId('self-check-item-api_keys_without_expiry')).getByRole('link', { name: 'Open API' })).toHaveAttribute('href', '/admin/account/api');
    // Check again reads the device again.
    const before = fake.requests.filter((r) => r.path === SELF_CHECK).length;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(fake.requests.filter((r) => r.path === SELF_CHECK).length).toBe(before + 1));
  });

  it('says nothing was found when the list is empty', async () => {
    device({ [`GET ${SELF_CHECK}`]: () => ({ body: { checked_at: FINDINGS.checked_at, items: [] } }) });
    await openSection('Security self-check');
    expect(await screen.findByTestId('self-check-none')).toHaveTextContent('Nothing found: none of the weaknesses');
    expect(screen.queryByRole('list', { name: 'Security self-check' })).not.toBeInTheDocument();
  });

  it('a failed read says so, and Retry reads again', async () => {
    let fail = true;
    device({
      [`GET ${SELF_CHECK}`]: () => {
        return fail ? { status: 500, body: { message: 'database is locked', error_code: 'internal_error' } } : { body: FINDINGS };
      },
    });
    const user = await openSection('Security self-check');
    expect(await screen.findByText(/The security self-check could not be read/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Plain HTTP is on')).toBeInTheDocument();
  });

  it('reads in German', async () => {
    device();
    storeSession('admin');
    const user = userEvent.setup({ delay: null });
    renderScreen(<DiagnosticsPage />, { language: 'de' });
    await user.click(await screen.findByRole('tab', { name: 'Sicherheits-Selbsttest' }));
    expect(await screen.findByText('Unverschlüsseltes HTTP ist eingeschaltet')).toBeInTheDocument();
    expect(screen.getByTestId('self-check-summary')).toHaveTextContent('3 Befunde schwächen dieses Panel.');
  });
});

describe('Diagnostics: Diagnostic bundle', () => {
  it('admin downloads it: the button waits while the file comes, then the file saved is named', async () => {
    const realCreate = URL.createObjectURL;
    const realRevoke = URL.revokeObjectURL;
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:bundle');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      let answer: (a: DeviceAnswer) => void = () => undefined;
      device({ [`GET ${BUNDLE}`]: () => new Promise<DeviceAnswer>((resolve) => (answer = resolve)) });
      const user = await openSection('Diagnostic bundle');
      const button = await screen.findByRole('button', { name: 'Download the bundle' });
      await user.click(button);
      await waitFor(() => expect(button).toBeDisabled());
      expect(screen.getByRole('progressbar', { name: 'Downloading the bundle' })).toBeInTheDocument();
      answer({ body: 'the bundle' });
      expect(await screen.findByTestId('bundle-saved')).toHaveTextContent(/^Saved diagnostics\.tar\.gz/);
      expect(saved).toEqual(['diagnostics.tar.gz']);
      expect(button).toBeEnabled();
    } finally {
      URL.createObjectURL = realCreate;
      URL.revokeObjectURL = realRevoke;
      click.mockRestore();
    }
  });

  it('a refusal is worded with Retry, and nothing is saved', async () => {
    device({ [`GET ${BUNDLE}`]: () => ({ status: 403, body: { message: 'Forbidden', error_code: 'forbidden' } }) });
    const user = await openSection('Diagnostic bundle');
    await user.click(await screen.findByRole('button', { name: 'Download the bundle' }));
    expect(await screen.findByText(/The bundle could not be downloaded:/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('another account granted Diagnostics is told the bundle is the administrator\'s, and offered no button', async () => {
    device({}, ['diagnostics']);
    await openSection('Diagnostic bundle', 'update');
    expect(await screen.findByText(/Only the administrator can download the bundle/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download the bundle' })).not.toBeInTheDocument();
  });
});

describe('Dashboard: the self-check count', () => {
  const INFO_ANSWER: DeviceAnswer = {
    body: {
      hmi_name: 'Press-7',
      model: 'cMT3072XH',
      os_version: '20250101',
      web_version: '1.0.0',
      hostname: 'hmi-panel',
      uptime_seconds: 93784,
      remote_access_version: '2.1.0',
      serial_number: 'X107000004711',
      macs: [{ name: 'LAN1', mac: '02:1a:7c:11:22:01' }],
      disk: { total_bytes: 8 * 1024 ** 3, used_bytes: 2 * 1024 ** 3 },
      memory: { total_bytes: 2 * 1024 ** 3, used_bytes: 1024 ** 3 },
    },
  };

  it('shows admin how many findings there are, a link to the self-check', async () => {
    device({ [`GET ${INFO}`]: () => INFO_ANSWER });
    storeSession('admin');
    renderScreen(<DashboardPage />);
    await waitFor(() => expect(screen.getByTestId('fact-self_check')).toHaveTextContent('3 findings'));
    expect(screen.getByTestId('dashboard-self-check')).toHaveAttribute('href', SELF_CHECK_PATH);
    expect(SELF_CHECK_PATH).toBe('/admin/account/diagnostics?section=self_check');
  });

  it('says nothing was found when the list is empty', async () => {
    device({ [`GET ${INFO}`]: () => INFO_ANSWER, [`GET ${SELF_CHECK}`]: () => ({ body: { checked_at: FINDINGS.checked_at, items: [] } }) });
    storeSession('admin');
    renderScreen(<DashboardPage />);
    await waitFor(() => expect(screen.getByTestId('fact-self_check')).toHaveTextContent('Nothing found'));
  });

  it('shows history nothing of it, and asks the device nothing, unless Diagnostics is granted', async () => {
    const fake = device({ [`GET ${INFO}`]: () => INFO_ANSWER });
    storeSession('history');
    renderScreen(<DashboardPage />);
    expect(await screen.findByTestId('fact-hmi_name')).toHaveTextContent('Press-7');
    await waitFor(() => expect(fake.requests.some((r) => r.path === EXTRA)).toBe(true));
    expect(screen.queryByTestId('dashboard-self-check')).not.toBeInTheDocument();
    expect(fake.requests.filter((r) => r.path === SELF_CHECK)).toHaveLength(0);
  });

  it('shows history the count once Diagnostics is granted to it', async () => {
    device({ [`GET ${INFO}`]: () => INFO_ANSWER }, ['diagnostics']);
    storeSession('history');
    renderScreen(<DashboardPage />);
    await waitFor(() => expect(screen.getByTestId('fact-self_check')).toHaveTextContent('3 findings'));
  });
});
