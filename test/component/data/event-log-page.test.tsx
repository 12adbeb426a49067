/**
 * Event Log: the active alarms and the history in a table, newest first; severity, words and time
 * filters that reach the device's query; acknowledging (one, all) only for the accounts the
 * contract lets acknowledge, a refused one said and nothing lost; the notice of a project without
 * alarms; a failed first read with Retry.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EventLogPage from '../../../src/features/data/EventLogPage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer, type FakeDevice } from '../../support/fake-device';
import { storeSession } from '../../support/shell-device';

const API = '/api/v1';
const EVENTS = `${API}/eventlog`;

interface AlarmEventWire {
  id: number;
  alarm_id: number;
  name: string;
  tag: string;
  severity: 'low' | 'medium' | 'high';
  message: string;
  value: number | null;
  raised_at: string;
  active: boolean;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  cleared_at: string | null;
  cleared_value: number | null;
}

function event(overrides: Partial<AlarmEventWire> & { id: number }): AlarmEventWire {
  return {
    alarm_id: overrides.id,
    name: `Alarm ${overrides.id}`,
    tag: 'Tank_Level',
    severity: 'medium',
    message: 'Something happened',
    value: 42,
    raised_at: '2026-11-25T10:00:00.000Z',
    active: true,
    acknowledged_at: null,
    acknowledged_by: null,
    cleared_at: null,
    cleared_value: null,
    ...overrides,
  };
}

const HIGH_PRESSURE = event({ id: 3, name: 'High pressure', tag: 'Boiler_Pressure', severity: 'high', message: 'Boiler pressure above 8 bar', value: 8.4, raised_at: '2026-11-25T10:30:00.000Z' });
const LOW_LEVEL = event({ id: 2, name: 'Low level', tag: 'Tank_Level', severity: 'low', message: 'Tank level below 10 %', value: 9, raised_at: '2026-11-25T10:20:00.000Z' });
const DOOR_OPEN = event({
  id: 1,
  name: 'Door open',
  tag: 'Door_Switch',
  severity: 'medium',
  message: 'Cabinet door open',
  value: 1,
  raised_at: '2026-11-25T10:10:00.000Z',
  active: false,
  cleared_at: '2026-11-25T10:15:00.000Z',
  cleared_value: 0,
  acknowledged_at: '2026-11-25T10:12:00.000Z',
  acknowledged_by: 'update',
});

interface Options {
  alarms?: number;
  events?: () => DeviceAnswer | null;
  ack?: (id: number) => DeviceAnswer;
}

/** A device with three events; acknowledging changes them as the panel would. */
function eventDevice({ alarms = 3, events: override, ack }: Options = {}): FakeDevice {
  let list = [HIGH_PRESSURE, LOW_LEVEL, DOOR_OPEN].map((e) => ({ ...e }));
  const acknowledge = (e: AlarmEventWire) => {
    if (e.acknowledged_at === null) Object.assign(e, { acknowledged_at: '2026-11-25T11:00:00.000Z', acknowledged_by: 'admin' });
  };
  return fakeDevice({
    [`GET ${API}/uac/account/extra-role`]: () => ({ body: [] }),
    [`GET ${EVENTS}`]: (_b, request) => {
      const given = override?.();
      if (given) return given;
      const q = new URLSearchParams(request.query);
      const state = q.get('state') ?? 'all';
      const matching = list.filter((e) => (state === 'active' ? e.active : state === 'unacknowledged' ? e.acknowledged_at === null : true));
      return {
        body: {
          alarms,
          active: list.filter((e) => e.active).length,
          unacknowledged: list.filter((e) => e.acknowledged_at === null).length,
          total: matching.length,
          events: matching,
          next_cursor: null,
        },
      };
    },
    ...Object.fromEntries(
      [1, 2, 3].map((id) => [
        `POST ${EVENTS}/${id}/ack`,
        (): DeviceAnswer => {
          if (ack) return ack(id);
          const e = list.find((x) => x.id === id)!;
          acknowledge(e);
          return { body: e };
        },
      ]),
    ),
    [`POST ${EVENTS}/ack-all`]: () => {
      const count = list.filter((e) => e.acknowledged_at === null).length;
      list = list.map((e) => ({ ...e }));
      list.forEach(acknowledge);
      return { body: { acknowledged: count } };
    },
  });
}

/** The query strings the page asked the event log with, parsed. */
function queries(fake: FakeDevice): URLSearchParams[] {
  return fake.requests.filter((r) => r.method === 'GET' && r.path === EVENTS).map((r) => new URLSearchParams(r.query));
}
const lastQuery = (fake: FakeDevice) => queries(fake).at(-1)!;

async function openPage(account = 'admin', options?: Options) {
  storeSession(account);
  const fake = eventDevice(options);
  const user = userEvent.setup();
  const rendered = renderScreen(<EventLogPage />, { language: 'en' });
  return { fake, user, ...rendered };
}

afterEach(() => localStorage.clear());

describe('Event Log', () => {
  it('shows the active alarms newest first, with severity, tag, value and state', async () => {
    const { fake } = await openPage();
    const row = await screen.findByRole('row', { name: /High pressure/ });
    expect(screen.getByRole('heading', { level: 1, name: 'Event Log' })).toBeInTheDocument();
    expect(row).toHaveTextContent('High');
    expect(row).toHaveTextContent('Boiler pressure above 8 bar');
    expect(row).toHaveTextContent('Boiler_Pressure');
    expect(row).toHaveTextContent('8.4');
    expect(row).toHaveTextContent('Not acknowledged');
    const names = within(screen.getByRole('table')).getAllByRole('rowheader').map((h) => h.textContent);
    expect(names).toEqual(['High pressure', 'Low level']);
    expect(lastQuery(fake).get('state')).toBe('active');
    expect(screen.getByRole('tab', { name: 'Active alarms (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('event-counts')).toHaveTextContent('2 active · 2 not acknowledged');
  });

  it('shows the history with cleared and acknowledged events', async () => {
    const { fake, user } = await openPage();
    await screen.findByRole('row', { name: /High pressure/ });
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const door = await screen.findByRole('row', { name: /Door open/ });
    expect(lastQuery(fake).get('state')).toBe('all');
    expect(door).toHaveTextContent(/Cleared \d{4}\/\d{2}\/\d{2}/);
    expect(door).toHaveTextContent(/Acknowledged by update at \d{4}\/\d{2}\/\d{2}/);
    expect(within(screen.getByRole('table')).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['High pressure', 'Low level', 'Door open']);
  });

  it('sends the severity, the words and the time range with the query', async () => {
    const { fake, user } = await openPage();
    await screen.findByRole('row', { name: /High pressure/ });
    expect(lastQuery(fake).has('severity')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Low' }));
    await waitFor(() => expect(lastQuery(fake).get('severity')).toBe('medium,high'));
    expect(screen.getByRole('checkbox', { name: 'Low' })).toHaveAttribute('aria-checked', 'false');

    await user.type(screen.getByRole('searchbox', { name: 'Search name, message or tag' }), 'pressure');
    await waitFor(() => expect(lastQuery(fake).get('text')).toBe('pressure'));

    await user.click(screen.getByRole('tab', { name: 'History' }));
    await waitFor(() => expect(lastQuery(fake).get('state')).toBe('all'));
    expect(lastQuery(fake).has('from')).toBe(false);
    await user.click(screen.getByRole('button', { name: '24 h' }));
    await waitFor(() => expect(lastQuery(fake).has('from')).toBe(true));
    const q = lastQuery(fake);
    expect(Date.parse(q.get('to')!) - Date.parse(q.get('from')!)).toBe(24 * 3600_000);
    expect(q.get('severity')).toBe('medium,high');
    expect(q.get('text')).toBe('pressure');
  });

  it('offers Acknowledge and Acknowledge all to admin', async () => {
    await openPage('admin');
    const row = await screen.findByRole('row', { name: /High pressure/ });
    expect(within(row).getByRole('button', { name: /^Acknowledge High pressure raised at/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acknowledge all' })).toBeEnabled();
  });

  it('offers no acknowledging to history, which only reads the event log', async () => {
    await openPage('history');
    const row = await screen.findByRole('row', { name: /High pressure/ });
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('acknowledges one alarm on the device and shows who acknowledged it', async () => {
    const { fake, user } = await openPage('admin');
    const row = await screen.findByRole('row', { name: /High pressure/ });
    await user.click(within(row).getByRole('button', { name: /^Acknowledge High pressure/ }));
    await waitFor(() => expect(fake.requests.filter((r) => r.method === 'POST' && r.path === `${EVENTS}/3/ack`)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('row', { name: /High pressure/ })).toHaveTextContent('Acknowledged by admin'));
    expect(within(screen.getByRole('row', { name: /High pressure/ })).queryByRole('button')).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Low level/ })).getByRole('button', { name: /^Acknowledge Low level/ })).toBeInTheDocument();
  });

  it('acknowledges every alarm with Acknowledge all and says how many', async () => {
    const { fake, user } = await openPage('admin');
    await screen.findByRole('row', { name: /High pressure/ });
    await user.click(screen.getByRole('button', { name: 'Acknowledge all' }));
    expect(await screen.findByText('Alarms acknowledged: 2')).toBeInTheDocument();
    expect(fake.sent('POST', `${EVENTS}/ack-all`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('event-counts')).toHaveTextContent('2 active · 0 not acknowledged'));
    expect(screen.getByRole('button', { name: 'Acknowledge all' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Acknowledge High pressure/ })).not.toBeInTheDocument();
  });

  it('says why an acknowledgement failed and keeps every row', async () => {
    const { fake, user } = await openPage('admin', { ack: () => ({ status: 403, body: { message: 'Forbidden', error_code: 'forbidden' } }) });
    const row = await screen.findByRole('row', { name: /High pressure/ });
    await user.click(within(row).getByRole('button', { name: /^Acknowledge High pressure/ }));
    expect(await screen.findByText('The alarm could not be acknowledged')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /High pressure/ })).toHaveTextContent('Not acknowledged');
    expect(screen.getByRole('row', { name: /Low level/ })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /High pressure/ })).getByRole('button', { name: /^Acknowledge High pressure/ })).toBeEnabled();
  });

  it('says the feature is not enabled when the running project has no alarms', async () => {
    await openPage('admin', { alarms: 0, events: () => ({ body: { alarms: 0, active: 0, unacknowledged: 0, total: 0, events: [], next_cursor: null } }) });
    expect(await screen.findByTestId('feature-not-enabled')).toHaveTextContent('The running project defines no alarms.');
    expect(screen.getByRole('heading', { level: 1, name: 'Event Log' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge all' })).not.toBeInTheDocument();
  });

  it('says "Fetch data error" when the first read fails, and Retry reads again', async () => {
    let fail = true;
    const { user } = await openPage('admin', { events: () => (fail ? { status: 500, body: { message: 'x', error_code: 'internal_error' } } : null) });
    expect(await screen.findByText('Fetch data error')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /High pressure/ })).toBeInTheDocument();
    expect(screen.queryByText('Fetch data error')).not.toBeInTheDocument();
  });

  it('follows the panel: a new alarm shows within the 2 s poll while the page is open', async () => {
    let reads = 0;
    const pump = event({ id: 9, name: 'Pump overload', severity: 'high', raised_at: '2026-11-25T10:40:00.000Z' });
    await openPage('history', {
      events: () => {
        reads += 1;
        const list = reads > 1 ? [pump, HIGH_PRESSURE] : [HIGH_PRESSURE];
        return { body: { alarms: 3, active: list.length, unacknowledged: list.length, total: list.length, events: list, next_cursor: null } };
      },
    });
    await screen.findByRole('row', { name: /High pressure/ });
    expect(screen.queryByRole('row', { name: /Pump overload/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Pump overload/ }, { timeout: 3500 })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Pump overload', 'High pressure']);
  });

  it('asks for more rows with Load more while the device has more', async () => {
    const many = Array.from({ length: 5 }, (_, i) => event({ id: 500 - i, raised_at: new Date(Date.UTC(2026, 10, 25, 10, 0, 0) - i * 1000).toISOString() }));
    const { fake, user } = await openPage('history', {
      events: () => ({ body: { alarms: 3, active: 150, unacknowledged: 150, total: 150, events: many, next_cursor: '400' } }),
    });
    await screen.findByRole('row', { name: /Alarm 500/ });
    expect(screen.getByTestId('event-shown')).toHaveTextContent('5 of 150 events');
    expect(lastQuery(fake).get('limit')).toBe('100');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(lastQuery(fake).get('limit')).toBe('200'));
  });
});
