/**
 * The dashboard's first read: its title stays whatever happens, one loading look (the bar every
 * screen shows), and a failure worded by the one error policy with a Retry: a panel that cannot be
 * reached says so; only a device error asks for a reload.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DashboardPage from '../../../src/features/dashboard/DashboardPage';
import { renderScreen } from '../../support/render';
import { fakeDevice, offContract, type DeviceAnswer } from '../../support/fake-device';

const INFO = '/api/v1/system/info';

const SYSTEM_INFO: DeviceAnswer = {
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

/** The answers the device gives to successive reads (the last one repeats). */
function device(...answers: Array<DeviceAnswer | 'refused'>) {
  let n = 0;
  return fakeDevice({
    [`GET ${INFO}`]: () => {
      const answer = answers[Math.min(n, answers.length - 1)]!;
      n += 1;
      if (answer === 'refused') throw new TypeError('Failed to fetch');
      return answer;
    },
  });
}

const title = () => screen.getByRole('heading', { level: 1, name: 'Dashboard' });

test('while the first read runs: the title and the loading bar every screen shows', async () => {
  let answer: ((a: DeviceAnswer) => void) | null = null;
  fakeDevice({ [`GET ${INFO}`]: () => new Promise<DeviceAnswer>((resolve) => (answer = resolve)) });
  renderScreen(<DashboardPage />);
  await waitFor(() => expect(answer).not.toBeNull());
  expect(title()).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  answer!(SYSTEM_INFO);
  expect(await screen.findByTestId('fact-hmi_name')).toHaveTextContent('Press-7');
  expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
});

test('a refused connection says the panel cannot be reached (not "HMI error"), keeps the title, and Retry reads again', async () => {
  const fake = device('refused', SYSTEM_INFO);
  const user = userEvent.setup({ delay: null });
  renderScreen(<DashboardPage />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The panel cannot be reached. Check the connection and try again');
  expect(alert).not.toHaveTextContent('HMI error');
  expect(title()).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('fact-hmi_name')).toHaveTextContent('Press-7');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await waitFor(() => expect(fake.requests.filter((r) => r.path === INFO).length).toBeGreaterThanOrEqual(2));
});

test('a device error (500) asks for a reload', async () => {
  device({ status: 500, body: { message: 'x', error_code: 'internal_error' } });
  renderScreen(<DashboardPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('HMI error, please reload this page');
  expect(title()).toBeInTheDocument();
});

test.each([502, 503, 504])('a %i without a device error code (a gateway, a server closing) says the panel cannot be reached', async (status) => {
  device(offContract({ status, body: { statusCode: status, message: 'Unavailable' } }, 'a gateway or a closing server answers, not the panel'));
  renderScreen(<DashboardPage />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The panel cannot be reached. Check the connection and try again');
  expect(alert).not.toHaveTextContent('HMI error');
});
