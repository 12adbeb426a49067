/**
 * The WebView page: the running project's screen drawn with live values over a fake
 * `/ws/webview` (the browser's WebSocket replaced), the screens read from a fake device checked
 * against the contract. The pump button writes and the lamp follows the next values; a view-only
 * user's controls are disabled and send nothing; values go stale without heartbeats; each close
 * code says what is wrong; the numeric entry checks its range.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WEBVIEW_CLOSE } from '../../../contract/api/webview.routes';
import type { WebviewScreens } from '../../../store/api/webview-endpoints';
import { STALE_AFTER_MS } from '../../../machines/webview-session.machine';
import WebviewPage from '../../../src/features/webview-live/WebviewPage';
import { fakeDevice, type DeviceAnswer } from '../../support/fake-device';
import { FakeWebSocket } from '../../support/fake-socket';
import { renderScreen } from '../../support/render';

const SCREENS_PATH = 'GET /api/v1/webview/screens';

/** The sample project's screen: a tank level, its bar and set point, and a pump with a lamp and a button. */
function sampleScreens(role: WebviewScreens['role'] = 'control'): WebviewScreens {
  return {
    screens: [
      {
        id: 10,
        name: 'Line overview',
        width: 800,
        height: 480,
        elements: [
          { kind: 'label', x: 20, y: 20, w: 200, h: 40, text: 'Tank 1 level' },
          { kind: 'value', x: 240, y: 20, w: 160, h: 40, tag: 'Tank1_Level' },
          { kind: 'bar', x: 420, y: 20, w: 300, h: 40, tag: 'Tank1_Level', min: 0, max: 100 },
          { kind: 'label', x: 20, y: 100, w: 200, h: 40, text: 'Set point' },
          { kind: 'numeric_entry', x: 240, y: 100, w: 160, h: 40, tag: 'Tank1_Setpoint', text: 'Set point', min: 0, max: 100 },
          { kind: 'lamp', x: 20, y: 200, w: 40, h: 40, tag: 'Pump1_Running', text: 'Pump 1' },
          { kind: 'button', x: 80, y: 200, w: 120, h: 40, tag: 'Pump1_Running', text: 'Pump 1' },
        ],
      },
      { id: 11, name: 'Mixer', width: 800, height: 480, elements: [{ kind: 'value', x: 20, y: 20, w: 160, h: 40, tag: 'Mixer_Speed' }] },
    ],
    tags: {
      Tank1_Level: { data_type: 'float', decimals: 1, unit: '%', writable: false },
      Tank1_Setpoint: { data_type: 'float', decimals: 1, unit: '%', writable: true },
      Pump1_Running: { data_type: 'bit', writable: true },
      Mixer_Speed: { data_type: 'uint16', decimals: 0, unit: 'rpm', writable: false },
    },
    role,
  };
}

/** The server side of the socket, driven by the test. */
class WebviewSocket extends FakeWebSocket {
  /** The server closes the socket with `code`. */
  serverClose(code: number): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code }));
  }
  /** What the console sent after the token, parsed. */
  messages(): Array<Record<string, unknown>> {
    return this.sent.slice(1).map((text) => JSON.parse(text) as Record<string, unknown>);
  }
}

const realWebSocket = globalThis.WebSocket;
beforeEach(() => {
  FakeWebSocket.instances = [];
  globalThis.WebSocket = WebviewSocket as unknown as typeof WebSocket;
});
afterEach(() => {
  globalThis.WebSocket = realWebSocket;
  jest.useRealTimers();
});

const socket = () => WebviewSocket.current() as WebviewSocket;

async function openPage(answer: DeviceAnswer = { body: sampleScreens() }) {
  fakeDevice({ [SCREENS_PATH]: () => answer });
  const rendered = renderScreen(<WebviewPage />);
  return rendered;
}

/** The socket open, the screen asked for, the first values in. */
async function goLive(values: Record<string, number | string> = { Tank1_Level: 42.5, Tank1_Setpoint: 50, Pump1_Running: 0 }) {
  await waitFor(() => expect(socket()).toBeDefined());
  await waitFor(() => expect(socket().messages()).toContainEqual({ type: 'screen', id: 10 }));
  await act(async () => socket().receive(JSON.stringify({ type: 'values', screen: 10, values })));
}

const lamp = () => document.querySelector('[data-kind="lamp"]')!;

describe('WebView page', () => {
  test('draws the screen with its values formatted with the tag\u2019s decimals and unit, sending the token first', async () => {
    await openPage();
    expect(await screen.findByRole('heading', { name: 'WebView' })).toBeInTheDocument();
    expect(await screen.findByText('Connecting to the panel…')).toBeInTheDocument();
    await goLive();
    expect(socket().url).toMatch(/^ws:\/\/[^/]+\/ws\/webview$/);
    expect(socket().sent[0]).toBe('');
    expect(screen.queryByText('Connecting to the panel…')).not.toBeInTheDocument();
    expect(screen.getByText('Tank 1 level')).toBeInTheDocument();
    expect(document.querySelector('[data-kind="value"][data-tag="Tank1_Level"]')).toHaveTextContent('42.5 %');
    const bar = document.querySelector('[data-kind="bar"]')!;
    expect(bar).toHaveAttribute('role', 'meter');
    expect(bar).toHaveAttribute('aria-label', 'Tank1_Level: 42.5 % of 0.0 to 100.0');
    expect(bar).toHaveAttribute('aria-valuenow', '42.5');
    expect(lamp()).toHaveAttribute('data-on', 'false');
    expect(screen.getByRole('img', { name: 'Pump 1: Off' })).toBeInTheDocument();
    // Two screens: a list to choose from.
    expect(screen.getByRole('tab', { name: 'Line overview' })).toHaveAttribute('aria-selected', 'true');
  });

  test('pressing the pump button sends a write; the lamp follows the next values', async () => {
    await openPage();
    await goLive();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pump 1' }));
    expect(socket().messages()).toContainEqual({ type: 'write', id: 'w1', tag: 'Pump1_Running', value: 1 });
    await act(async () => {
      socket().receive(JSON.stringify({ type: 'write_result', id: 'w1', ok: true }));
      socket().receive(JSON.stringify({ type: 'values', screen: 10, values: { Pump1_Running: 1 } }));
    });
    expect(lamp()).toHaveAttribute('data-on', 'true');
    expect(screen.getByRole('button', { name: 'Pump 1' })).toHaveAttribute('aria-pressed', 'true');
    // Pressed again: it turns the pump off (a toggle).
    await user.click(screen.getByRole('button', { name: 'Pump 1' }));
    expect(socket().messages()).toContainEqual({ type: 'write', id: 'w2', tag: 'Pump1_Running', value: 0 });
  });

  test('a refused write says why', async () => {
    await openPage();
    await goLive();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pump 1' }));
    await act(async () => socket().receive(JSON.stringify({ type: 'write_result', id: 'w1', ok: false, error_code: 'not_writable' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Pump1_Running was not changed: this tag cannot be written from WebView.');
  });

  test('choosing another screen follows it', async () => {
    await openPage();
    await goLive();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Mixer' }));
    expect(socket().messages()).toContainEqual({ type: 'screen', id: 11 });
    await act(async () => socket().receive(JSON.stringify({ type: 'values', screen: 11, values: { Mixer_Speed: 1200 } })));
    expect(document.querySelector('[data-kind="value"][data-tag="Mixer_Speed"]')).toHaveTextContent('1,200 rpm');
  });

  test('a view-only user sees the same screen with its controls disabled, explained, and sends no write', async () => {
    await openPage({ body: sampleScreens('view_only') });
    await goLive();
    expect(screen.getByTestId('view-only')).toHaveTextContent('You are signed in as a view-only user');
    const button = screen.getByRole('button', { name: 'Pump 1' });
    expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: /Enter a value for Set point/ })).toBeDisabled();
    fireEvent.click(button);
    expect(socket().messages().filter((m) => m.type === 'write')).toEqual([]);
    // The lamp still follows the values.
    await act(async () => socket().receive(JSON.stringify({ type: 'values', screen: 10, values: { Pump1_Running: 1 } })));
    expect(lamp()).toHaveAttribute('data-on', 'true');
  });

  test('values are marked stale when the heartbeats stop, and current again when they come back', async () => {
    jest.useFakeTimers();
    await openPage();
    await goLive();
    const value = () => document.querySelector('[data-kind="value"][data-tag="Tank1_Level"]')!;
    expect(value()).not.toHaveAttribute('data-stale');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(STALE_AFTER_MS);
    });
    expect(screen.getByTestId('webview-state')).toHaveTextContent('The panel has not sent anything for 10 seconds');
    expect(value()).toHaveAttribute('data-stale', 'true');
    expect(value()).toHaveTextContent('42.5 % (stale)');
    expect(screen.getByTestId('webview-canvas')).toHaveAttribute('data-stale', 'true');
    expect(screen.getByRole('button', { name: 'Pump 1' })).toBeDisabled();
    await act(async () => socket().receive(JSON.stringify({ type: 'heartbeat', at: '2026-11-28T01:00:00.000Z' })));
    expect(value()).not.toHaveAttribute('data-stale');
    expect(screen.queryByTestId('webview-state')).not.toBeInTheDocument();
  });

  test.each([
    [WEBVIEW_CLOSE.idle, 'You were signed out of WebView because the screen was not touched', 'Reconnect'],
    [WEBVIEW_CLOSE.full, 'The maximum number of simultaneous WebView viewers is reached', 'Retry'],
    [WEBVIEW_CLOSE.forbidden, 'WebView is turned off on this panel', 'Retry'],
    [WEBVIEW_CLOSE.unauthorized, 'Your session has ended. Sign in again', 'Sign in again'],
  ])('close %i says what is wrong and offers %s', async (code, text, action) => {
    const { store } = await openPage();
    await goLive();
    const first = socket();
    await act(async () => first.serverClose(code));
    const notice = screen.getByTestId('webview-state');
    expect(notice).toHaveTextContent(text);
    expect(within(notice).getByRole('button', { name: action })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pump 1' })).toBeDisabled();
    if (code !== WEBVIEW_CLOSE.unauthorized) {
      await userEvent.setup().click(within(notice).getByRole('button', { name: action }));
      await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
      expect(screen.getByTestId('webview-state')).toHaveTextContent('Connecting to the panel…');
    }
    if (code === WEBVIEW_CLOSE.unauthorized) expect(store.getState().session).toBeDefined();
  });

  test('an unexplained close reconnects and says so', async () => {
    await openPage();
    await goLive();
    await act(async () => socket().fail());
    expect(screen.getByTestId('webview-state')).toHaveTextContent('The connection to the panel was lost. Reconnecting…');
  });

  test('a browser without WebSocket is told so', async () => {
    (globalThis as { WebSocket?: unknown }).WebSocket = undefined;
    await openPage();
    expect(await screen.findByText(/This browser cannot show live WebView values/)).toBeInTheDocument();
  });

  test('no running project (409) and WebView off (403) say what to do, with Retry', async () => {
    await openPage({ status: 409, body: { message: 'no project runs', error_code: 'no_running_project' } });
    expect(await screen.findByText(/No project is running on the panel/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  test('WebView off at load (403 webview_disabled)', async () => {
    await openPage({ status: 403, body: { message: 'WebView is disabled', error_code: 'webview_disabled' } });
    expect(await screen.findByText(/WebView is turned off on this panel/)).toBeInTheDocument();
  });

  test('the numeric entry checks its range and writes a valid value', async () => {
    await openPage();
    await goLive();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Enter a value for Set point/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Set point' });
    const field = within(dialog).getByLabelText('New value');
    await user.clear(field);
    await user.type(field, '150');
    expect(within(dialog).getByText('The value is too large: it must be at most 100.0.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Set' }));
    expect(socket().messages().filter((m) => m.type === 'write')).toEqual([]);
    await user.clear(field);
    await user.type(field, 'abc');
    expect(within(dialog).getByText('Enter a number.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '55.55');
    expect(within(dialog).getByText('Too many decimal places: this value takes at most 1.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '55.5');
    await user.click(within(dialog).getByRole('button', { name: 'Set' }));
    expect(socket().messages()).toContainEqual({ type: 'write', id: 'w1', tag: 'Tank1_Setpoint', value: 55.5 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
