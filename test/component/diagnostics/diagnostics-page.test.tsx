/**
 * Administration / Diagnostics: the sections as tabs, only the open one mounted, and what each
 * polls stops when another section is chosen or the screen is left (nothing polls otherwise);
 * services with their states; the log's level filter and pause; the reachability form's rule and
 * the result's words. Every fake answer is checked against the contract.
 */
import { useState, type ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DiagnosticsPage from '../../../src/features/diagnostics/DiagnosticsPage';
import { LIVE_HISTORY_LENGTH, LIVE_POLL_MS, withSample } from '../../../src/features/diagnostics/live-history';
import { LOG_TAIL_MS } from '../../../src/features/diagnostics/LogSection';
import { renderScreen } from '../../support/render';
import { fakeDevice, type FakeDevice } from '../../support/fake-device';
import { storeSession } from '../../support/shell-device';
import type { LiveSample, LogEntry, ReachResult, ServiceHealth } from '../../../contract/api/diagnostics';

const LIVE = '/api/v1/diagnostics/live';
const SERVICES = '/api/v1/diagnostics/services';
const LOG = '/api/v1/diagnostics/log';
const REACH = '/api/v1/diagnostics/reach';

let clock = Date.UTC(2026, 10, 28, 9, 0, 0);
function sample(): LiveSample {
  clock += 2_000;
  return {
    at: new Date(clock).toISOString(),
    uptime_s: 600,
    process: { cpu_percent: 12.5, rss_bytes: 150 * 2 ** 20, max_rss_bytes: 160 * 2 ** 20, heap_used_bytes: 60 * 2 ** 20, heap_total_bytes: 90 * 2 ** 20, external_bytes: 2 ** 20 },
    host: { cpu_percent: 30, cpus: 2, load: { one: 0.5, five: 0.4, fifteen: 0.3 }, memory_total_bytes: 4 * 2 ** 30, memory_free_bytes: 2 ** 30 },
    event_loop: { p50_ms: 0.4, p99_ms: 3.2, max_ms: 12 },
    connections: { http: 3, https: 1, time_socket: 1 },
    disk: { total_bytes: 32 * 2 ** 30, free_bytes: 20 * 2 ** 30, available_bytes: 18 * 2 ** 30 },
  };
}

const SERVICE_LIST: ServiceHealth[] = [
  { id: 'http', state: 'running', since: '2026-11-28T08:00:00.000Z', last_error: null, detail: '0.0.0.0:8080' },
  { id: 'opcua', state: 'disabled', since: '2026-11-28T08:00:00.000Z', last_error: null, detail: null },
  { id: 'ftp', state: 'error', since: '2026-11-28T08:10:00.000Z', last_error: { at: '2026-11-28T08:10:00.000Z', message: 'listen EADDRINUSE: address already in use 0.0.0.0:21' }, detail: null },
];

const ENTRIES: LogEntry[] = [
  { seq: 3, time: '2026-11-28T08:30:00.000Z', level: 'error', msg: 'unexpected error', context: '{"err":{"message":"boom"}}' },
  { seq: 2, time: '2026-11-28T08:20:00.000Z', level: 'warn', msg: 'slow request', context: null },
  { seq: 1, time: '2026-11-28T08:10:00.000Z', level: 'info', msg: 'request', context: `{"method":"PUT","url":"/api/v1/ftp/settings","long":"${'x'.repeat(300)}"}` },
];
const RANK = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];

function device(reach?: ReachResult): FakeDevice {
  return fakeDevice({
    [`GET ${LIVE}`]: () => ({ body: sample() }),
    [`GET ${SERVICES}`]: () => ({ body: { services: SERVICE_LIST } }),
    [`GET ${LOG}`]: (_body, sent) => {
      const q = new URLSearchParams(sent.query);
      const min = RANK.indexOf(q.get('level') ?? 'trace');
      const text = (q.get('text') ?? '').toLowerCase();
      const entries = ENTRIES.filter((e) => RANK.indexOf(e.level) >= min && `${e.msg} ${e.context ?? ''}`.toLowerCase().includes(text));
      return { body: { entries, newest: 3, more: false } };
    },
    [`POST ${REACH}`]: (body) => {
      const b = body as { host: string; port: number };
      return { body: reach ?? { host: b.host, port: b.port, dns: { ok: true, literal: true, addresses: [b.host], ms: 0, error: null, detail: null }, tcp: { ok: true, address: b.host, ms: 1.5, error: null, detail: null } } };
    },
  });
}

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

async function elapse(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

const reads = (fake: FakeDevice, path: string) => fake.requests.filter((r) => r.method === 'GET' && r.path === path).length;

async function openPage(fake = device()) {
  storeSession('admin');
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderScreen(
    <Visits>
      <DiagnosticsPage />
    </Visits>,
  );
  await screen.findByTestId('diagnostics-services');
  return { user, fake };
}

/** Opens the page on its Live section. */
async function openLive(fake = device()) {
  const opened = await openPage(fake);
  await opened.user.click(screen.getByRole('tab', { name: 'Live' }));
  await screen.findByTestId('diagnostics-live');
  return opened;
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  localStorage.clear();
});

describe('Diagnostics: Live', () => {
  it('opens on Services and reads no sample; on Live, one every 2 s while open, and nothing once the screen is left', async () => {
    const opened = await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Diagnostics' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Services', selected: true })).toBeInTheDocument();
    await elapse(LIVE_POLL_MS * 3);
    expect(reads(opened.fake, LIVE)).toBe(0);
    await opened.user.click(screen.getByRole('tab', { name: 'Live' }));
    await screen.findByTestId('diagnostics-live');
    const { user, fake } = opened;
    expect(screen.getByRole('tab', { name: 'Live', selected: true })).toBeInTheDocument();
    const first = reads(fake, LIVE);
    await elapse(LIVE_POLL_MS * 3);
    expect(reads(fake, LIVE)).toBe(first + 3);
    // Figures as the language writes them, bytes with their unit.
    expect(screen.getByText('Device process: 12.5 %')).toBeInTheDocument();
    expect(screen.getByText('Host in use: 3 GiB of 4 GiB')).toBeInTheDocument();
    expect(screen.getByTestId('diagnostics-disk')).toHaveTextContent("Data folder's disk: 18 GiB free of 32 GiB");
    for (const id of ['cpu', 'memory', 'event_loop', 'connections']) expect(screen.getByTestId(`diagnostics-chart-${id}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Leave the page' }));
    expect(screen.queryByTestId('diagnostics-live')).not.toBeInTheDocument();
    const left = reads(fake, LIVE);
    await elapse(LIVE_POLL_MS * 10);
    expect(reads(fake, LIVE)).toBe(left);
  });

  it('stops reading samples when another section is chosen', async () => {
    const { user, fake } = await openLive();
    await user.click(screen.getByRole('tab', { name: 'Services' }));
    await screen.findByTestId('diagnostics-services');
    const after = reads(fake, LIVE);
    await elapse(LIVE_POLL_MS * 5);
    expect(reads(fake, LIVE)).toBe(after);
  });

  it('keeps the last 60 samples, one per answer', () => {
    let history: readonly LiveSample[] = [];
    const s = sample();
    history = withSample(history, s);
    expect(withSample(history, s)).toBe(history);
    for (let i = 0; i < 100; i++) history = withSample(history, sample());
    expect(history).toHaveLength(LIVE_HISTORY_LENGTH);
    expect(history[history.length - 1]!.at).toBe(new Date(clock).toISOString());
  });
});

describe('Diagnostics: Services', () => {
  it('lists each service with its state, since when and its last error', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('tab', { name: 'Services' }));
    const ftp = within(await screen.findByTestId('diagnostics-service-ftp'));
    expect(ftp.getByText('FTP server')).toBeInTheDocument();
    expect(ftp.getByTestId('diagnostics-service-state')).toHaveTextContent('Error');
    expect(ftp.getByText(/Last error, .*EADDRINUSE/)).toBeInTheDocument();
    expect(within(screen.getByTestId('diagnostics-service-opcua')).getByTestId('diagnostics-service-state')).toHaveTextContent('Off');
    expect(screen.getByText('Services reporting an error: 1')).toBeInTheDocument();
  });
});

describe('Diagnostics: Log', () => {
  it('shows the newest first, filters by level and text, and stops the tail while paused', async () => {
    const { user, fake } = await openPage();
    await user.click(screen.getByRole('tab', { name: 'Log' }));
    await waitFor(() => expect(screen.getAllByTestId('diagnostics-log-entry')).toHaveLength(3));
    expect(screen.getAllByTestId('diagnostics-log-entry').map((e) => within(e).getAllByText(/./)[2]!.textContent)).toEqual(['unexpected error', 'slow request', 'request']);

    await user.type(screen.getByTestId('diagnostics-log-filter'), 'SLOW');
    await waitFor(() => expect(screen.getAllByTestId('diagnostics-log-entry')).toHaveLength(1));
    await user.clear(screen.getByTestId('diagnostics-log-filter'));
    await waitFor(() => expect(screen.getAllByTestId('diagnostics-log-entry')).toHaveLength(3));

    await user.click(screen.getByRole('combobox', { name: 'Lowest level' }));
    await user.click(screen.getByRole('option', { name: 'Error' }));
    await waitFor(() => expect(screen.getAllByTestId('diagnostics-log-entry')).toHaveLength(1));
    expect(fake.requests.filter((r) => r.path === LOG).at(-1)!.query).toContain('level=error');

    const polled = reads(fake, LOG);
    await elapse(LOG_TAIL_MS * 2);
    expect(reads(fake, LOG)).toBe(polled + 2);
    await user.click(screen.getByTestId('diagnostics-log-pause'));
    expect(screen.getByText('Paused: the list is not updated.')).toBeInTheDocument();
    const paused = reads(fake, LOG);
    await elapse(LOG_TAIL_MS * 5);
    expect(reads(fake, LOG)).toBe(paused);
    await user.click(screen.getByTestId('diagnostics-log-pause'));
    await elapse(LOG_TAIL_MS);
    expect(reads(fake, LOG)).toBeGreaterThan(paused);
  });
});

describe('Diagnostics: Reachability', () => {
  it('judges the host as it is typed and sends nothing while it is wrong', async () => {
    const { user, fake } = await openPage();
    await user.click(screen.getByRole('tab', { name: 'Reachability' }));
    await user.type(await screen.findByTestId('diagnostics-reach-host'), 'http://plc.local/');
    expect(screen.getByText('Enter a host name (letters, digits, hyphens, dots) or an IP address, without http://, a port or a path.')).toBeInTheDocument();
    await user.type(screen.getByTestId('diagnostics-reach-port'), '502');
    await user.click(screen.getByTestId('diagnostics-reach-test'));
    expect(fake.sent('POST', REACH)).toHaveLength(0);
    await user.clear(screen.getByTestId('diagnostics-reach-host'));
    await user.type(screen.getByTestId('diagnostics-reach-host'), '192.168.0.10');
    await user.click(screen.getByTestId('diagnostics-reach-test'));
    await screen.findByTestId('diagnostics-reach-result');
    expect(fake.sent('POST', REACH)).toEqual([{ host: '192.168.0.10', port: 502 }]);
    expect(screen.getByTestId('diagnostics-reach-verdict')).toHaveTextContent('192.168.0.10:502 can be reached from the panel (1.5 ms).');
  });

  it('words a refused connection with what to check, and keeps what was typed', async () => {
    const refused: ReachResult = {
      host: 'plc-1.local',
      port: 502,
      dns: { ok: true, literal: false, addresses: ['10.0.0.7'], ms: 2, error: null, detail: null },
      tcp: { ok: false, address: '10.0.0.7', ms: 1, error: 'refused', detail: 'connect ECONNREFUSED 10.0.0.7:502' },
    };
    const { user } = await openPage(device(refused));
    await user.click(screen.getByRole('tab', { name: 'Reachability' }));
    await user.type(await screen.findByTestId('diagnostics-reach-host'), 'plc-1.local');
    await user.type(screen.getByTestId('diagnostics-reach-port'), '502');
    await user.click(screen.getByTestId('diagnostics-reach-test'));
    await screen.findByTestId('diagnostics-reach-result');
    expect(screen.getByTestId('diagnostics-reach-verdict')).toHaveTextContent('plc-1.local:502 cannot be reached from the panel.');
    expect(screen.getByTestId('diagnostics-reach-dns')).toHaveTextContent('Found 10.0.0.7 (2 ms).');
    expect(screen.getByTestId('diagnostics-reach-tcp')).toHaveTextContent('plc-1.local answered, but nothing accepts connections on port 502. Check the port number');
    expect((screen.getByTestId('diagnostics-reach-host') as HTMLInputElement).value).toBe('plc-1.local');
  });
});
