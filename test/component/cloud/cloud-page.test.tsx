/**
 * Cloud Service: each subscription state with what the administrator can do next (days left in
 * plurals, the expiry date, the QR code), activation and deactivation, a cloud that cannot be
 * reached (why, what to check, the retries), the region settings judged as they are typed and
 * saved, Japanese and German, and a panel that cannot be reached.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CloudPage from '../../../src/features/cloud/CloudPage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer, type FakeDevice } from '../../support/fake-device';
import { storeSession } from '../../support/shell-device';
import type { CloudStatus } from '../../../src/features/cloud/messages';
import { CLOUD_SUBSCRIPTIONS, CLOUD_TRIAL_DAYS, DEFAULT_CLOUD_SETTINGS, cloudSettingsProblems, type CloudSettings, type CloudSubscription } from '../../../contract/rules/cloud';
import enCloud from '../../../public/locales/cloud/en.json';
import deCloud from '../../../public/locales/cloud/de.json';

const API = '/api/v1';
const STATUS = `${API}/cloud/status`;
const SETTINGS = `${API}/cloud/settings`;
const QR = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

const statusWire = (overrides: Partial<CloudStatus> = {}): CloudStatus => ({
  region: 'custom',
  service: '127.0.0.1:19300',
  panel_id: 'X107012345678',
  error: null,
  activation: 'not_activated',
  subscription: 'unsubscribed',
  domain: null,
  dashboard_url: null,
  dashboard_qr: null,
  expires_at: null,
  suspends_at: null,
  days_left: null,
  checked_at: '2027-01-01T12:00:00.000Z',
  ...overrides,
});

const activated = (subscription: CloudSubscription, days_left: number | null, extra: Partial<CloudStatus> = {}): Partial<CloudStatus> => ({
  activation: 'activated',
  subscription,
  domain: '127.0.0.1',
  dashboard_url: 'http://127.0.0.1:19300/cloud/dashboard/X107012345678',
  dashboard_qr: QR,
  expires_at: subscription === 'unsubscribed' || subscription === 'disabled' ? null : '2027-01-13T12:00:00.000Z',
  suspends_at: subscription === 'grace_period' || subscription === 'suspension' ? '2027-01-05T12:00:00.000Z' : null,
  days_left,
  ...extra,
});

const refusal = (status: number, error_code: string, extra: Record<string, unknown> = {}): DeviceAnswer => ({ status, body: { message: error_code, error_code, ...extra } });

interface Options {
  status?: Partial<CloudStatus>;
  settings?: CloudSettings;
  unreachable?: boolean;
  activateAnswer?: DeviceAnswer;
}

function device({ status = {}, settings = { ...DEFAULT_CLOUD_SETTINGS, region: 'custom', host: '127.0.0.1', port: 19300 }, unreachable = false, activateAnswer }: Options = {}): FakeDevice {
  let current = statusWire(status);
  let stored = settings;
  return fakeDevice({
    [`GET ${API}/uac/account/extra-role`]: () => ({ body: [] }),
    [`GET ${STATUS}`]: () => {
      if (unreachable) throw new TypeError('Failed to fetch');
      return { body: current };
    },
    [`GET ${SETTINGS}`]: () => ({ body: stored }),
    [`PUT ${SETTINGS}`]: (raw) => {
      const s = raw as CloudSettings;
      const problems = cloudSettingsProblems(s);
      const field = (['host', 'port'] as const).find((f) => problems[f]);
      if (field) return refusal(400, 'validation_failure', { field, problem: problems[field] });
      stored = s;
      return { body: stored };
    },
    [`POST ${API}/cloud/activate`]: () => {
      if (activateAnswer) return activateAnswer;
      current = statusWire({ ...activated('trial', CLOUD_TRIAL_DAYS) });
      return { body: current };
    },
    [`POST ${API}/cloud/deactivate`]: () => {
      current = { ...current, activation: 'not_activated', domain: null, dashboard_url: null, dashboard_qr: null };
      return { body: current };
    },
  });
}

afterEach(() => localStorage.clear());

async function openPage(options: Options = {}, language: 'en' | 'de' = 'en') {
  storeSession('admin');
  const fake = device(options);
  const user = userEvent.setup();
  const rendered = renderScreen(<CloudPage />, { language });
  if (!options.unreachable) await screen.findByTestId('cloud-subscription', {}, { timeout: 3000 }).catch(() => screen.findByTestId('cloud-error'));
  return { fake, user, ...rendered };
}

const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('Cloud Service: each subscription state says what to do next', () => {
  const NEXT: Record<CloudSubscription, { days: number | null; text: RegExp; chip: string }> = {
    unsubscribed: { days: null, text: /has no subscription\. Activate it to start a free trial of 30 days/, chip: 'Unsubscribed' },
    trial: { days: 12, text: /Trial: 12 days left\. To keep the dashboard, subscribe before the trial ends/, chip: 'Trial' },
    subscribed: { days: 1, text: /Subscribed: the subscription runs 1 more day\. Renew it in time/, chip: 'Subscribed' },
    expired: { days: null, text: /The subscription has expired\. Renew it/, chip: 'Expired' },
    grace_period: { days: 4, text: /Grace period: .* suspended in 4 days\. Renew now/, chip: 'Grace period' },
    suspension: { days: null, text: /The dashboard is suspended: .* Renew the subscription to resume it/, chip: 'Suspended' },
    disabled: { days: null, text: /disabled for this panel\. Contact your distributor/, chip: 'Disabled' },
  };

  it.each(CLOUD_SUBSCRIPTIONS.map((s) => [s]))('%s', async (subscription) => {
    const { days, text, chip } = NEXT[subscription];
    await openPage({ status: activated(subscription, days) });
    expect(screen.getByTestId('cloud-subscription')).toHaveTextContent(chip);
    expect(screen.getByTestId('cloud-activation')).toHaveTextContent('Already Activated');
    expect(screen.getByTestId('cloud-next')).toHaveTextContent(text);
    expect(screen.getByTestId('cloud-days-left')).toHaveTextContent(days === null ? '—' : days === 1 ? '1 day' : `${days} days`);
    expect(screen.getByTestId('cloud-expiry')).toHaveTextContent(subscription === 'unsubscribed' || subscription === 'disabled' ? '—' : 'January 13, 2027');
    if (subscription === 'grace_period' || subscription === 'suspension') expect(screen.getByTestId('cloud-suspends')).toHaveTextContent('January 5, 2027');
    else expect(screen.queryByTestId('cloud-suspends')).toBeNull();
    expect(screen.getByTestId('cloud-domain')).toHaveTextContent('127.0.0.1');
    expect(screen.getByRole('img', { name: 'QR code of the dashboard address' })).toHaveAttribute('src', QR);
    expect(screen.getByTestId('cloud-dashboard-url')).toHaveAttribute('href', 'http://127.0.0.1:19300/cloud/dashboard/X107012345678');
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeEnabled();
  });

  it('a panel not activated says to activate it, and shows no QR code', async () => {
    await openPage({ status: { subscription: 'expired', expires_at: '2026-12-01T00:00:00.000Z' } });
    expect(screen.getByTestId('cloud-activation')).toHaveTextContent('Not Activated');
    expect(screen.getByTestId('cloud-next')).toHaveTextContent(/has expired.*Activate this panel to connect it to its dashboard\./);
    expect(screen.queryByTestId('cloud-qr')).toBeNull();
    expect(screen.getByRole('button', { name: 'Activate' })).toBeEnabled();
  });

  it('speaks German: the state, the days left and the next step', async () => {
    await openPage({ status: activated('trial', 12) }, 'de');
    expect(screen.getByTestId('cloud-subscription')).toHaveTextContent(deCloud.subscriptions.trial);
    expect(screen.getByTestId('cloud-days-left')).toHaveTextContent('12 Tage');
    expect(screen.getByTestId('cloud-next')).toHaveTextContent('Testphase: noch 12 Tage.');
    expect(screen.getByTestId('cloud-expiry')).toHaveTextContent('13. Januar 2027');
    expect(screen.getByRole('button', { name: deCloud.status.refresh })).toBeInTheDocument();
  });

  it('speaks German, one day in the singular', async () => {
    await openPage({ status: activated('grace_period', 1) }, 'de');
    expect(screen.getByTestId('cloud-days-left')).toHaveTextContent('1 Tag');
    expect(screen.getByTestId('cloud-next')).toHaveTextContent('in 1 Tag ausgesetzt');
    expect(screen.getByTestId('cloud-subscription')).toHaveTextContent(deCloud.subscriptions.grace_period);
  });
});

describe('Cloud Service: activation', () => {
  it('Activate starts the trial: days left and the QR code appear', async () => {
    const { fake, user } = await openPage();
    expect(screen.getByTestId('cloud-next')).toHaveTextContent('free trial of 30 days');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByTestId('cloud-qr')).toBeInTheDocument();
    expect(screen.getByTestId('cloud-subscription')).toHaveTextContent('Trial');
    expect(screen.getByTestId('cloud-days-left')).toHaveTextContent('30 days');
    expect(fake.sent('POST', `${API}/cloud/activate`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeEnabled();
  });

  it('a refused activation says why', async () => {
    const { user } = await openPage({ activateAnswer: refusal(409, 'cloud_already_activated') });
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByTestId('cloud-action-error')).toHaveTextContent(enCloud.error_codes.cloud_already_activated);
  });

  it('Deactivate: Not Activated again', async () => {
    const { user, fake } = await openPage({ status: activated('subscribed', 200) });
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.getByTestId('cloud-activation')).toHaveTextContent('Not Activated'));
    expect(fake.sent('POST', `${API}/cloud/deactivate`)).toHaveLength(1);
    expect(screen.queryByTestId('cloud-qr')).toBeNull();
  });
});

describe('Cloud Service: a cloud that cannot be reached', () => {
  it.each([
    ['cloud_dns_failed', /host name could not be found.*set DNS in Network settings/],
    ['cloud_refused', /Nothing answers at the cloud service's host and port/],
    ['cloud_timeout', /did not answer in time/],
    ['cloud_unreachable', /cannot be reached over the network/],
    ['cloud_bad_answer', /it is not a cloud service/],
  ] as const)('%s: says why and what to check; activation waits for the cloud', async (error, text) => {
    await openPage({ status: { error, activation: null, subscription: null, region: 'global', service: 'dashboard.global.hmi-cloud.invalid:443' } });
    const alert = screen.getByTestId('cloud-error');
    expect(alert).toHaveTextContent('The cloud service at dashboard.global.hmi-cloud.invalid:443 cannot be reached.');
    expect(alert).toHaveTextContent(text);
    expect(await within(alert).findByText('The panel tries again automatically.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate' })).toBeDisabled();
    expect(screen.getByText('Activation needs the cloud service: fix the connection first.')).toBeInTheDocument();
    expect(valueOf('Region')).toHaveTextContent('Global');
    // A failed look-up of the vendor's host: the setting to fix is the panel's DNS.
    if (error === 'cloud_dns_failed') expect(within(alert).getByRole('link', { name: 'Open the Ethernet settings (DNS)' })).toHaveAttribute('href', '/admin/network/ethernet');
    else expect(within(alert).queryByRole('link')).toBeNull();
  });

  it('says the panel cannot be reached, and reads again on Retry', async () => {
    const { fake, user } = await openPage({ unreachable: true });
    expect(await screen.findByText(/The panel cannot be reached/)).toBeInTheDocument();
    const before = fake.sent('GET', STATUS).length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fake.sent('GET', STATUS).length).toBeGreaterThan(before));
  });
});

describe('Cloud Service: region settings', () => {
  const regionCard = () => within(screen.getByRole('region', { name: 'Region' }));

  it('Custom: a wrong host is said as it is typed, the port too; a right one is saved and the status read again', async () => {
    const { fake, user } = await openPage({ settings: { ...DEFAULT_CLOUD_SETTINGS } });
    const card = regionCard();
    expect(await card.findByRole('radio', { name: 'Global' })).toBeChecked();
    expect(card.getByTestId('cloud-region-hint')).toHaveTextContent('dashboard.global.hmi-cloud.invalid');
    expect(card.queryByRole('textbox', { name: 'Host' })).toBeNull();
    await user.click(card.getByRole('radio', { name: 'Custom' }));
    const host = card.getByRole('textbox', { name: 'Host' });
    await user.type(host, 'http://cloud');
    expect(card.getByText(/Enter a host name such as cloud\.example\.com/)).toBeInTheDocument();
    const port = card.getByRole('textbox', { name: 'Port' });
    await user.clear(port);
    await user.type(port, '70000');
    expect(card.getByText('Enter a port from 1 to 65535')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(host);
    await user.type(host, 'cloud.plant.example');
    await user.clear(port);
    await user.type(port, '8080');
    const reads = fake.sent('GET', STATUS).length;
    await user.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.sent('PUT', SETTINGS)).toEqual([{ region: 'custom', host: 'cloud.plant.example', port: 8080 }]));
    await waitFor(() => expect(fake.sent('GET', STATUS).length).toBeGreaterThan(reads));
  });

  it('China needs no host', async () => {
    const { fake, user } = await openPage();
    const card = regionCard();
    await user.click(await card.findByRole('radio', { name: 'China' }));
    expect(card.getByTestId('cloud-region-hint')).toHaveTextContent('dashboard.cn.hmi-cloud.invalid');
    await user.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.sent('PUT', SETTINGS)).toEqual([{ region: 'china', host: '127.0.0.1', port: 19300 }]));
  });
});
