/**
 * System Info: what the panel is, its name and clock for the admin, and the
 * identification light with its countdown.
 */
import { useState, type ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SystemInfoPage from '../../../src/features/system/SystemInfoPage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer, type FakeDevice } from '../../support/fake-device';
import { userInfoWire } from '../../support/shell-device';
import deSystem from '../../../public/locales/system/de.json';

const API = '/api/v1';
const LED = `${API}/system/led`;
const INFO = `${API}/system/info`;
const SPEC = `${API}/system/web/specification`;
const USERINFO = `${API}/uac/account/userinfo`;

const infoWire = (overrides: Record<string, unknown> = {}) => ({
  hmi_name: 'HMI-Line-3',
  model: 'cMT3072XH',
  os_version: '20250101',
  web_version: '1.0.0',
  hostname: 'hmi-panel',
  uptime_seconds: 93784, // 1 d 2 h 3 min 4 s
  remote_access_version: '2.1.0',
  serial_number: 'SN-2025-004711',
  macs: [
    { name: 'LAN1', mac: '00:0C:26:11:22:01' },
    { name: 'LAN2', mac: '00:0C:26:11:22:02' },
    { name: 'WLAN', mac: '00:0C:26:11:22:03' },
  ],
  disk: { total_bytes: 8 * 1024 ** 3, used_bytes: 2 * 1024 ** 3 },
  memory: { total_bytes: 2 * 1024 ** 3, used_bytes: 1024 ** 3 },
  ...overrides,
});

interface Options {
  username?: string;
  led?: boolean;
  /** What GET /system/led says when the page opens. */
  light?: { active: boolean; seconds_left: number };
  start?: (body: unknown) => DeviceAnswer;
  stop?: () => DeviceAnswer;
}

/** A panel that blinks for what it is asked (and says so when asked again), until stopped. */
function device({ username = 'admin', led = true, light = { active: false, seconds_left: 0 }, start, stop }: Options = {}): FakeDevice {
  let now = light;
  let name = 'HMI-Line-3';
  return fakeDevice({
    [`GET ${SPEC}`]: () => ({ body: { usermode: false, ethernet_count: 2, wifi_count: 1, led } }),
    [`GET ${USERINFO}`]: () => ({ body: userInfoWire(username) }),
    [`GET ${INFO}`]: () => ({ body: infoWire({ hmi_name: name }) }),
    [`PUT ${API}/system/hmi/name`]: (body) => ({ body: { name: (name = (body as { name: string }).name) } }),
    [`GET ${LED}`]: () => ({ body: now }),
    [`PUT ${LED}`]:
      start ?? ((body) => ({ body: (now = { active: true, seconds_left: (body as { seconds: number }).seconds }) })),
    [`DELETE ${LED}`]: stop ?? (() => ({ body: (now = { active: false, seconds_left: 0 }) })),
  });
}

/** The page with a button that leaves it and one that opens it again, as the menu would: the
 * store, and what it has cached, stay from one visit to the next. */
function Visits({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(!shown)}>
        {shown ? 'Leave the page' : 'Open the page again'}
      </button>
      {shown ? children : null}
    </>
  );
}

/** Opens the page and waits until every read it makes has been answered and shown. */
async function openPage(options: Options = {}, language: 'en' | 'de' = 'en', { visits = false }: { visits?: boolean } = {}) {
  const fake = device(options);
  // Fake timers drive the countdowns; user-event advances them while it waits between steps.
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const rendered = renderScreen(visits ? <Visits><SystemInfoPage /></Visits> : <SystemInfoPage />, { language });
  await screen.findByText('SN-2025-004711');
  // Specification, user info, system info, and the light's state where the model has one.
  const reads = options.led === false ? 3 : 4;
  await waitFor(() => {
    const queries = Object.values(rendered.store.getState().api.queries);
    expect(queries.filter((q) => q?.status === 'fulfilled')).toHaveLength(reads);
  });
  // The store tells the page of answers at the next animation frame.
  await act(async () => {
    await jest.advanceTimersByTimeAsync(20);
  });
  return { fake, user, ...rendered };
}

/** The value shown next to a label in one of the page's description lists. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
const lightCard = () => within(screen.getByRole('region', { name: 'Identification light' }));
const countdown = () => screen.getByTestId('identify-countdown');

/** Lets `ms` of the device's and the console's time pass. */
async function elapse(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

/** How often the page asked the device about the light. */
const ledReads = (fake: FakeDevice) => fake.requests.filter((r) => r.method === 'GET' && r.path === LED).length;

/** Goes to another screen (the page is unmounted; the store stays). */
async function leavePage(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Leave the page' }));
  expect(screen.queryByRole('region', { name: 'Identification light' })).not.toBeInTheDocument();
}

/** Comes back to the page (opened with `visits`) and waits until the light's state asked again is shown. */
async function openPageAgain(fake: FakeDevice, user: ReturnType<typeof userEvent.setup>) {
  const asked = ledReads(fake);
  await user.click(screen.getByRole('button', { name: 'Open the page again' }));
  await screen.findByText('SN-2025-004711');
  await waitFor(() => expect(fake.requests.filter((r) => r.method === 'GET' && r.path === LED && r.answer)).toHaveLength(asked + 1));
  // The store tells the page of the answer at the next animation frame.
  await elapse(20);
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('SystemInfoPage: the device', () => {
  test('shows model, serial number, versions, uptime, usage and the MAC address of each interface', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'System information' })).toBeInTheDocument();
    const card = within(screen.getByRole('region', { name: 'Device' }));
    expect(card.getByTestId('info-model')).toHaveTextContent('cMT3072XH');
    expect(valueOf('Model')).toHaveTextContent('cMT3072XH');
    expect(valueOf('Serial number')).toHaveTextContent('SN-2025-004711');
    expect(valueOf('OS version')).toHaveTextContent('20250101');
    expect(valueOf('Hostname')).toHaveTextContent('hmi-panel');
    expect(valueOf('Up time')).toHaveTextContent('1 d 2 h 3 min');
    expect(valueOf('Disk usage')).toHaveTextContent('2 GiB of 8 GiB (25 %)');
    expect(valueOf('Memory usage')).toHaveTextContent('1 GiB of 2 GiB (50 %)');
    expect(valueOf('MAC address (LAN1)')).toHaveTextContent('00:0C:26:11:22:01');
    expect(valueOf('MAC address (LAN2)')).toHaveTextContent('00:0C:26:11:22:02');
    expect(valueOf('MAC address (WLAN)')).toHaveTextContent('00:0C:26:11:22:03');
    expect(valueOf('HMI name')).toHaveTextContent('HMI-Line-3');
    expect(valueOf('System time')).toHaveTextContent('—');
  });

  test('the admin can edit the HMI name and the time; Edit opens the HMI name dialog', async () => {
    const { fake, user } = await openPage();
    const nameAndTime = within(screen.getByRole('region', { name: 'Name and time' }));
    expect(nameAndTime.getByRole('button', { name: 'Edit the device time' })).toBeInTheDocument();
    await user.click(nameAndTime.getByRole('button', { name: 'Edit the HMI name' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'HMI name' }));
    const input = dialog.getByRole('textbox', { name: 'HMI name' });
    expect(input).toHaveValue('HMI-Line-3');
    await user.clear(input);
    await user.type(input, 'Press-7');
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.sent('PUT', `${API}/system/hmi/name`)).toEqual([{ name: 'Press-7' }]);
    // The page reads the device again and shows the new name.
    await waitFor(() => expect(valueOf('HMI name')).toHaveTextContent('Press-7'));

    await user.click(nameAndTime.getByRole('button', { name: 'Edit the device time' }));
    const timeDialog = await screen.findByRole('dialog', { name: 'Device date and time' });
    await user.click(within(timeDialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('the history account sees the name and the time but cannot edit them', async () => {
    await openPage({ username: 'history' });
    expect(valueOf('HMI name')).toHaveTextContent('HMI-Line-3');
    expect(screen.queryByRole('button', { name: 'Edit the HMI name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit the device time' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});

describe('SystemInfoPage: the identification light', () => {
  test('a model without the LED has no identification card', async () => {
    const { fake } = await openPage({ led: false });
    expect(screen.queryByRole('region', { name: 'Identification light' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Identify' })).not.toBeInTheDocument();
    expect(fake.requests.filter((r) => r.path === LED)).toHaveLength(0);
  });

  test('Identify blinks for 30 s by default and counts down each second', async () => {
    const { fake, user } = await openPage();
    expect(lightCard().getByRole('combobox', { name: 'Blink for' })).toHaveTextContent('30 seconds');
    await user.click(lightCard().getByRole('button', { name: 'Identify' }));
    expect(await screen.findByText('The LED is blinking: 30 s left')).toBeInTheDocument();
    expect(fake.sent('PUT', LED)).toEqual([{ seconds: 30 }]);
    expect(lightCard().queryByRole('button', { name: 'Identify' })).not.toBeInTheDocument();

    await elapse(1000);
    expect(countdown()).toHaveTextContent('The LED is blinking: 29 s left');
    await elapse(9000);
    expect(countdown()).toHaveTextContent('The LED is blinking: 20 s left');
    expect(lightCard().getByRole('progressbar', { name: 'The LED is blinking: 20 s left' })).toBeInTheDocument();
  });

  test('the chosen duration is sent, and at zero the card offers Identify again', async () => {
    const { fake, user } = await openPage();
    await user.click(lightCard().getByRole('combobox', { name: 'Blink for' }));
    await user.click(await screen.findByRole('option', { name: '10 seconds' }));
    expect(lightCard().getByRole('combobox', { name: 'Blink for' })).toHaveTextContent('10 seconds');
    await user.click(lightCard().getByRole('button', { name: 'Identify' }));
    expect(await screen.findByText('The LED is blinking: 10 s left')).toBeInTheDocument();
    expect(fake.sent('PUT', LED)).toEqual([{ seconds: 10 }]);

    await elapse(9000);
    expect(countdown()).toHaveTextContent('The LED is blinking: 1 s left');
    await elapse(1000);
    expect(screen.queryByTestId('identify-countdown')).not.toBeInTheDocument();
    expect(lightCard().getByRole('button', { name: 'Identify' })).toBeInTheDocument();
  });

  test.each([
    ['1 minute', 60],
    ['10 minutes', 600],
  ])('choosing %s sends {seconds: %i}', async (option, seconds) => {
    const { fake, user } = await openPage();
    await user.click(lightCard().getByRole('combobox', { name: 'Blink for' }));
    await user.click(await screen.findByRole('option', { name: option }));
    await user.click(lightCard().getByRole('button', { name: 'Identify' }));
    expect(await screen.findByText(`The LED is blinking: ${seconds} s left`)).toBeInTheDocument();
    expect(fake.sent('PUT', LED)).toEqual([{ seconds }]);
  });

  test('the countdown follows what the device answers, not what was asked', async () => {
    const { user } = await openPage({ start: () => ({ body: { active: true, seconds_left: 25 } }) });
    await user.click(lightCard().getByRole('button', { name: 'Identify' }));
    expect(await screen.findByText('The LED is blinking: 25 s left')).toBeInTheDocument();
  });

  test('Stop sends DELETE and brings back the Identify button', async () => {
    const { fake, user } = await openPage();
    await user.click(lightCard().getByRole('button', { name: 'Identify' }));
    await screen.findByText('The LED is blinking: 30 s left');
    await elapse(3000);
    expect(countdown()).toHaveTextContent('27 s left');
    await user.click(lightCard().getByRole('button', { name: 'Stop' }));
    expect(await lightCard().findByRole('button', { name: 'Identify' })).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'DELETE' && r.path === LED)).toHaveLength(1);
    expect(screen.queryByTestId('identify-countdown')).not.toBeInTheDocument();
    expect(lightCard().queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    // Nothing counts on after Stop.
    await elapse(5000);
    expect(screen.queryByTestId('identify-countdown')).not.toBeInTheDocument();
  });

  test('a page opened while the light blinks shows the countdown at once', async () => {
    const { fake } = await openPage({ light: { active: true, seconds_left: 12 } });
    expect(countdown()).toHaveTextContent('The LED is blinking: 12 s left');
    expect(lightCard().getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(fake.sent('PUT', LED)).toHaveLength(0);
    await elapse(2000);
    expect(countdown()).toHaveTextContent('The LED is blinking: 10 s left');
  });

  test('leaving the page while the light blinks and coming back asks the device again and resumes its countdown', async () => {
    const { fake, user } = await openPage({}, 'en', { visits: true });
    expect(ledReads(fake)).toBe(1);
    await user.click(lightCard().getByRole('button', { name: 'Identify' }));
    await screen.findByText('The LED is blinking: 30 s left');
    await elapse(4000);
    expect(countdown()).toHaveTextContent('The LED is blinking: 26 s left');

    await leavePage(user);
    expect(screen.queryByTestId('identify-countdown')).not.toBeInTheDocument();
    // The light blinks on meanwhile; asked again, the device says how long it still has.
    await elapse(2000);
    fake.handlers[`GET ${LED}`] = () => ({ body: { active: true, seconds_left: 24 } });

    await openPageAgain(fake, user);
    // The page asked again (the answer cached at the first visit said the light was off).
    expect(ledReads(fake)).toBe(2);
    expect(countdown()).toHaveTextContent('The LED is blinking: 24 s left');
    expect(lightCard().getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(lightCard().queryByRole('button', { name: 'Identify' })).not.toBeInTheDocument();
    expect(fake.sent('PUT', LED)).toHaveLength(1);
    await elapse(1000);
    expect(countdown()).toHaveTextContent('The LED is blinking: 23 s left');
  });

  test('after Stop, leaving and coming back shows Identify, not the countdown of the cached answer', async () => {
    // The first visit's answer (kept in the store) says the light blinks for 20 s more.
    const { fake, user } = await openPage({ light: { active: true, seconds_left: 20 } }, 'en', { visits: true });
    expect(countdown()).toHaveTextContent('The LED is blinking: 20 s left');
    await user.click(lightCard().getByRole('button', { name: 'Stop' }));
    expect(await lightCard().findByRole('button', { name: 'Identify' })).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'DELETE' && r.path === LED)).toHaveLength(1);

    await leavePage(user);
    await elapse(2000);
    await openPageAgain(fake, user);
    expect(ledReads(fake)).toBe(2);
    expect(lightCard().getByRole('button', { name: 'Identify' })).toBeInTheDocument();
    expect(screen.queryByTestId('identify-countdown')).not.toBeInTheDocument();
    expect(lightCard().queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    // Nor does one start later.
    await elapse(3000);
    expect(screen.queryByTestId('identify-countdown')).not.toBeInTheDocument();
  });

  test('a page opened while the light is off shows Identify', async () => {
    await openPage({ light: { active: false, seconds_left: 0 } });
    expect(lightCard().getByRole('button', { name: 'Identify' })).toBeInTheDocument();
    expect(screen.queryByTestId('identify-countdown')).not.toBeInTheDocument();
  });

  test('a failed start says so and keeps the Identify button', async () => {
    const { user } = await openPage({ start: () => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } }) });
    await user.click(lightCard().getByRole('button', { name: 'Identify' }));
    expect(await lightCard().findByText('The panel did not answer. The LED may not have changed; try again.')).toBeInTheDocument();
    expect(lightCard().getByRole('button', { name: 'Identify' })).toBeInTheDocument();
    expect(screen.queryByTestId('identify-countdown')).not.toBeInTheDocument();
  });

  test('a failed stop says so and the light keeps counting down', async () => {
    const { user } = await openPage({ stop: () => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } }) });
    await user.click(lightCard().getByRole('button', { name: 'Identify' }));
    await screen.findByText('The LED is blinking: 30 s left');
    await user.click(lightCard().getByRole('button', { name: 'Stop' }));
    expect(await lightCard().findByText('The panel did not answer. The LED may not have changed; try again.')).toBeInTheDocument();
    expect(lightCard().getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    await elapse(1000);
    expect(countdown()).toHaveTextContent('The LED is blinking: 29 s left');
  });
});

describe('SystemInfoPage in German', () => {
  test('labels, the Identify button and the countdown come from system/de.json', async () => {
    const { fake, user, i18n } = await openPage({}, 'de');
    expect(i18n.language).toBe('de');
    expect(screen.getByRole('heading', { level: 1, name: deSystem.title })).toBeInTheDocument();
    expect(valueOf(deSystem.serial_number)).toHaveTextContent('SN-2025-004711');
    expect(valueOf(deSystem.mac.replace('{{name}}', 'LAN2'))).toHaveTextContent('00:0C:26:11:22:02');
    const card = within(screen.getByRole('region', { name: deSystem.identify.title }));
    expect(card.getByRole('combobox', { name: deSystem.identify.duration })).toHaveTextContent(
      deSystem.identify.seconds_other.replace('{{count}}', '30'),
    );
    await user.click(card.getByRole('button', { name: deSystem.identify.start }));
    const blinking = (s: number) => deSystem.identify.blinking.replace('{{seconds}}', String(s));
    expect(await screen.findByText(blinking(30))).toBeInTheDocument();
    expect(fake.sent('PUT', LED)).toEqual([{ seconds: 30 }]);
    await elapse(5000);
    expect(countdown()).toHaveTextContent(blinking(25));
    await user.click(card.getByRole('button', { name: deSystem.identify.stop }));
    expect(await card.findByRole('button', { name: deSystem.identify.start })).toBeInTheDocument();
  });
});

describe('System Info when the panel cannot be reached', () => {
  test('keeps its title, says the panel cannot be reached, and Retry reads again', async () => {
    const fake = device();
    let refused = true;
    const answer = fake.handlers[`GET ${INFO}`]!;
    fake.handlers[`GET ${INFO}`] = (body, request) => {
      if (refused) throw new TypeError('Failed to fetch');
      return answer(body, request);
    };
    const user = userEvent.setup({ delay: null });
    renderScreen(<SystemInfoPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The panel cannot be reached');
    expect(screen.getByRole('heading', { level: 1, name: 'System information' })).toBeInTheDocument();
    refused = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('info-model')).toBeInTheDocument();
  });
});

describe('SystemInfoPage: the Edit buttons', () => {
  test('stand at the end of their rows, centred on the value, never wrapped below it', async () => {
    await openPage();
    for (const [label, name] of [
      ['HMI name', 'Edit the HMI name'],
      ['System time', 'Edit the device time'],
    ] as const) {
      const row = valueOf(label);
      const button = within(row).getByRole('button', { name });
      // The value and its button share one line: a long value (a clock at 1280 px beside the
      // sidebar) wraps within its own box instead of pushing the button under it.
      expect(getComputedStyle(row).display).toBe('flex');
      expect(getComputedStyle(row).alignItems).toBe('center');
      expect(getComputedStyle(row).flexWrap).toBe('nowrap');
      // The button keeps to the end of the row, so both Edit buttons stand in one column.
      const holder = button.parentElement as HTMLElement;
      expect(holder).not.toBe(row);
      expect(getComputedStyle(holder).marginLeft).toBe('auto');
      expect(getComputedStyle(holder).flexShrink).toBe('0');
      // Label and value line up too, though the button makes the row taller.
      expect(getComputedStyle(row.parentElement as HTMLElement).alignItems).toBe('center');
    }
  });
});
