/**
 * Features / Remote Access (specification §3, §4, §5, §8): the settings with the shared rules'
 * messages and the passwords write-only, Connect, each code shown with the setting that fixes it
 * (the link focuses it), the session with its QR code as an image, and the note that Global and
 * China hold until the next reboot. Every fake answer is checked against the contract.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RemoteAccessPage from '../../../src/features/remote-access/RemoteAccessPage';
import { renderScreen } from '../../support/render';
import { fakeDevice } from '../../support/fake-device';
import { storeSession } from '../../support/shell-device';
import { DEFAULT_REMOTE_ACCESS_SETTINGS, type RemoteRegion } from '../../../contract/rules/remote-access';
import type { RemoteAccessStatus } from '../../../contract/api/remote-access';
import { SAMPLE_REMOTE_STATUSES as S } from '../../../machines/remote-access.qa';

function remoteDevice(afterConnect: RemoteAccessStatus) {
  const { proxy, ...rest } = DEFAULT_REMOTE_ACCESS_SETTINGS;
  const state = {
    settings: { ...rest, partner_name: 'line_partner', password_set: true, proxy: { ...proxy, password_set: false }, stored_region: 'custom' as RemoteRegion, region: 'custom' as RemoteRegion, custom_host: '127.0.0.1', custom_port: 7000 },
    status: S.notActivated as RemoteAccessStatus,
  };
  const fake = fakeDevice({
    'GET /api/v1/remote-access/settings': () => ({ body: state.settings }),
    'PUT /api/v1/remote-access/settings': (body) => {
      const b = body as { partner_name: string; region: RemoteRegion };
      state.settings = { ...state.settings, partner_name: b.partner_name.toLowerCase(), region: b.region, stored_region: b.region === 'custom' ? 'custom' : state.settings.stored_region };
      return { body: state.settings };
    },
    'GET /api/v1/remote-access/status': () => ({ body: state.status }),
    'POST /api/v1/remote-access/connect': () => {
      state.status = afterConnect;
      return { body: state.status };
    },
    'POST /api/v1/remote-access/disconnect': () => {
      state.status = S.notActivated;
      return { body: state.status };
    },
  });
  return { fake, state };
}

async function openPage(afterConnect: RemoteAccessStatus = S.connected) {
  storeSession('admin');
  const device = remoteDevice(afterConnect);
  const user = userEvent.setup();
  renderScreen(<RemoteAccessPage />);
  await screen.findByTestId('remote-partner_name');
  await screen.findByTestId('remote-connect');
  return { user, ...device };
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

afterEach(() => localStorage.clear());

describe('Remote Access', () => {
  it('shows the settings without passwords and names a problem of the shared rules as it is typed', async () => {
    const { user } = await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Remote Access' })).toBeInTheDocument();
    expect(input('remote-partner_name').value).toBe('line_partner');
    expect(input('remote-partner_password').value).toBe('');
    expect(screen.getByText('A password is stored: leave empty to keep it.')).toBeInTheDocument();
    await user.clear(input('remote-partner_name'));
    await user.type(input('remote-partner_name'), 'ab-c');
    expect(screen.getByText('Only letters, digits and underscores.')).toBeInTheDocument();
    await user.type(input('remote-partner_password'), '123');
    expect(screen.getByText('At least 6 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('connects and shows the session ID, the URL and the QR code as an image', async () => {
    const { user, fake } = await openPage(S.connected);
    await user.click(screen.getByTestId('remote-connect'));
    await waitFor(() => expect(screen.getByTestId('remote-state')).toHaveTextContent('Connected'));
    expect(fake.sent('POST', '/api/v1/remote-access/connect')).toHaveLength(1);
    expect(screen.getByTestId('remote-session-id')).toHaveTextContent('482 115 907');
    expect(screen.getByTestId('remote-url')).toHaveAttribute('href', 'http://relay.example.com:7101/');
    const qr = screen.getByTestId('remote-qr') as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    expect(qr).toHaveAccessibleName('QR code of the session URL http://relay.example.com:7101/');
  });

  it.each([
    [S.wrongPassword, 'Partner account or password error', 'remote-access-partner-password'],
    [S.dns, 'Error 102', 'remote-access-region'],
    [{ state: 'disconnected', code: 'partner_not_found', field: 'partner_name' } as RemoteAccessStatus, 'Partner not found', 'remote-access-partner-name'],
  ])('shows the code and a link that focuses the setting to fix (%#)', async (status, title, fieldId) => {
    const { user } = await openPage(status);
    await user.click(screen.getByTestId('remote-connect'));
    const code = await screen.findByTestId('remote-code');
    expect(code).toHaveTextContent(title);
    await user.click(screen.getByTestId('remote-fix'));
    expect(document.activeElement?.id).toBe(fieldId);
  });

  it('code 1 names no setting: the hardware key is fitted, not typed', async () => {
    const { user } = await openPage({ state: 'disconnected', code: '1' });
    await user.click(screen.getByTestId('remote-connect'));
    expect(await screen.findByTestId('remote-code')).toHaveTextContent('Error 1The hardware key does not exist.');
    expect(screen.queryByTestId('remote-fix')).not.toBeInTheDocument();
  });

  it('says that Global or China holds until the next reboot before it is saved', async () => {
    const { user } = await openPage();
    expect(screen.queryByTestId('remote-region-note')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Region' }));
    await user.click(await screen.findByRole('option', { name: 'China' }));
    expect(screen.getByTestId('remote-region-note')).toHaveTextContent('China holds until the next restart of the panel; after it the stored region (Custom) comes back.');
  });
});
