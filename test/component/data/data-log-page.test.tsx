/**
 * Data Log and Trend Display: the running project's logs, the trend asked for with at most 1000
 * points over the last hour, zoom and pan asking again, live leaving the end open, the records
 * table a page at a time with Older, the feature-not-enabled notice, and "Fetch data error" with
 * Retry. (The chart has no geometry under jsdom: the drag zoom is in the browser suite.)
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DataLogPage from '../../../src/features/data/DataLogPage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer, type FakeDevice } from '../../support/fake-device';
import { storeSession } from '../../support/shell-device';

const API = '/api/v1';
const LOGS = `${API}/datalog`;
const TREND = `${API}/datalog/1/trend`;
const RECORDS = `${API}/datalog/1/records`;
const T = Date.parse('2026-11-25T08:00:00Z');

const TANK = { id: 1, name: 'Tank trend', sample_period_s: 5, tags: ['Tank1_Level', 'Tank1_Temperature'], max_records: 100000, records: 3, first: new Date(T - 10_000).toISOString(), last: new Date(T).toISOString() };
const TREND_ANSWER = {
  log_id: 1,
  records: 3,
  bucket_records: 1,
  series: [
    { tag: 'Tank1_Level', points: [[T - 10_000, 40, 40, 40], [T - 5000, 45, 45, 45], [T, 50, 50, 50]] },
    { tag: 'Tank1_Temperature', points: [[T - 10_000, 20.5, 20.5, 20.5], [T - 5000, 21, 21, 21], [T, 21.5, 21.5, 21.5]] },
  ],
};
const record = (seq: number) => ({ seq, time: new Date(T - (2 - seq) * 5000).toISOString(), values: [40 + seq * 5, 20.5 + seq / 2] });

interface Options {
  logs?: () => DeviceAnswer;
  trend?: () => DeviceAnswer;
  records?: (query: URLSearchParams) => DeviceAnswer;
}

function device({ logs, trend, records }: Options = {}): FakeDevice {
  return fakeDevice({
    [`GET ${LOGS}`]: () => logs?.() ?? { body: [TANK] },
    [`GET ${TREND}`]: () => trend?.() ?? { body: TREND_ANSWER },
    [`GET ${RECORDS}`]: (_body, req) =>
      records?.(new URLSearchParams(req.query)) ?? { body: { log_id: 1, tags: TANK.tags, total: 3, records: [record(2), record(1), record(0)], next_cursor: null } },
  });
}

function queries(fake: FakeDevice, path: string): URLSearchParams[] {
  return fake.requests.filter((r) => r.method === 'GET' && r.path === path).map((r) => new URLSearchParams(r.query));
}

async function openPage(options?: Options) {
  storeSession('history');
  const fake = device(options);
  const user = userEvent.setup();
  renderScreen(<DataLogPage />, { language: 'en' });
  return { fake, user };
}

// jsdom has no ResizeObserver (the chart follows its box's width); its boxes have no size anyway.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => localStorage.clear());

describe('Data Log and Trend Display', () => {
  it("shows the project's log and asks for its trend over the last hour, 1000 points at most", async () => {
    const { fake } = await openPage();
    expect(await screen.findByTestId('trend-records')).toHaveTextContent('3 records, each shown.');
    expect(screen.getByRole('heading', { level: 1, name: 'Data Log and Trend Display' })).toBeInTheDocument();
    expect(screen.getByTestId('log-summary')).toHaveTextContent('Tags Tank1_Level, Tank1_Temperature · every 5 s · 3 records (keeps 100,000)');
    const q = queries(fake, TREND).at(-1)!;
    expect(q.get('points')).toBe('1000');
    expect(Date.parse(q.get('to')!) - Date.parse(q.get('from')!)).toBe(60 * 60_000);
    expect(screen.getByRole('button', { name: '1 h' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('zoom in halves the range and zoom out doubles it, each asking the device again; a pan moves it', async () => {
    const { fake, user } = await openPage();
    await screen.findByTestId('trend-records');
    const span = () => {
      const q = queries(fake, TREND).at(-1)!;
      return Date.parse(q.get('to')!) - Date.parse(q.get('from')!);
    };
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(span()).toBe(30 * 60_000));
    // Back to the first hour is read from the cache; once more out is a new question.
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await waitFor(() => expect(span()).toBe(2 * 60 * 60_000));
    const before = Date.parse(queries(fake, TREND).at(-1)!.get('from')!);
    await user.click(screen.getByRole('button', { name: 'Earlier' }));
    await waitFor(() => expect(Date.parse(queries(fake, TREND).at(-1)!.get('from')!)).toBe(before - 60 * 60_000));
    expect(screen.getByRole('button', { name: '1 h' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('live asks for the last hour up to the newest sample (no end), and says it follows', async () => {
    const { fake, user } = await openPage();
    await screen.findByTestId('trend-records');
    await user.click(screen.getByRole('switch', { name: 'Live' }));
    expect(await screen.findByText('Following new samples')).toBeInTheDocument();
    await waitFor(() => expect(queries(fake, TREND).at(-1)!.has('to')).toBe(false));
    expect(queries(fake, TREND).at(-1)!.has('from')).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Live' }));
    expect(screen.queryByText('Following new samples')).not.toBeInTheDocument();
  });

  it('All asks for the whole log (neither end)', async () => {
    const { fake, user } = await openPage();
    await screen.findByTestId('trend-records');
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => {
      const q = queries(fake, TREND).at(-1)!;
      expect([q.has('from'), q.has('to')]).toEqual([false, false]);
    });
  });

  it('the table shows the records newest first, and Older asks for the next page by its cursor', async () => {
    const { fake, user } = await openPage({
      records: (q) =>
        q.get('cursor') === '0'
          ? { body: { log_id: 1, tags: TANK.tags, total: 3, records: [record(0)], next_cursor: null } }
          : { body: { log_id: 1, tags: TANK.tags, total: 3, records: [record(2), record(1)], next_cursor: '0' } },
    });
    await screen.findByTestId('trend-records');
    await user.click(screen.getByRole('tab', { name: 'Table' }));
    expect(await screen.findByTestId('records-shown')).toHaveTextContent('Records 1–2 of 3, newest first');
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('50');
    expect(queries(fake, RECORDS).at(-1)!.get('limit')).toBe('1000');
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(screen.getByTestId('records-shown')).toHaveTextContent('Records 1,001–1,001 of 3'));
    expect(queries(fake, RECORDS).at(-1)!.get('cursor')).toBe('0');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  });

  it('says the feature is not enabled when the running project has no data log', async () => {
    await openPage({ logs: () => ({ body: [] }) });
    expect(await screen.findByTestId('feature-not-enabled')).toHaveTextContent('The running project has no data log.');
  });

  it('says "Fetch data error" when the trend cannot be read, and Retry asks again', async () => {
    let fail = true;
    const { fake, user } = await openPage({ trend: () => (fail ? { status: 500, body: { message: 'x', error_code: 'internal_error' } } : { body: TREND_ANSWER }) });
    expect(await screen.findByText('Fetch data error')).toBeInTheDocument();
    fail = false;
    const asked = queries(fake, TREND).length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('trend-records')).toHaveTextContent('3 records');
    expect(queries(fake, TREND).length).toBeGreaterThan(asked);
  });
});
