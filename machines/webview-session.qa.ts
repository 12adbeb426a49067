/** The live WebView session's QA entry: sample events, doubles and sample results (see qa-support.ts). */
import { WEBVIEW_CLOSE } from '../contract/api/webview.routes';
import { noop, samplesOf, silentCallback, type MachineEntry } from './qa-support';
import {
  ACTIVITY_THROTTLE_MS,
  CONNECT_TIMEOUT_MS,
  RECONNECT_AFTER_STALE_MS,
  RECONNECT_BASE_MS,
  RECONNECT_CAP_MS,
  STALE_AFTER_MS,
  WRITE_TIMEOUT_MS,
  webviewSessionMachine,
  type WebviewSessionContext,
  type WebviewSessionEvent,
  type WebviewSessionInput,
} from './webview-session.machine';

/** The sample project's first WebView screen. */
export const SAMPLE_SCREEN_ID = 10;

export const webviewSessionQa: MachineEntry = {
  id: webviewSessionMachine.id,
  textNamespace: 'webview-live',
  machine: webviewSessionMachine,
  textValues: {
    stale: `${STALE_AFTER_MS / 1000} s`,
    reconnect: `${RECONNECT_AFTER_STALE_MS / 1000} s`,
    connect: `${CONNECT_TIMEOUT_MS / 1000} s`,
    base: `${RECONNECT_BASE_MS / 1000} s`,
    cap: `${RECONNECT_CAP_MS / 1000} s`,
    write: `${WRITE_TIMEOUT_MS / 1000} s`,
    activity: `${ACTIVITY_THROTTLE_MS / 1000} s`,
  },
  input: { screen: SAMPLE_SCREEN_ID, supported: true } satisfies WebviewSessionInput,
  extraInputs: [{ screen: null, supported: true } satisfies WebviewSessionInput, { screen: SAMPLE_SCREEN_ID, supported: false } satisfies WebviewSessionInput],
  events: samplesOf<WebviewSessionEvent>([
    { type: 'socket.open' },
    { type: 'server.values', screen: SAMPLE_SCREEN_ID, values: { Tank1_Level: 42.5, Pump1_Running: 0 } },
    { type: 'server.values', screen: 11, values: { Mixer_Speed: 1200 } },
    { type: 'server.heartbeat' },
    { type: 'server.writeResult', id: 'w1', ok: true },
    { type: 'server.writeResult', id: 'w1', ok: false, error_code: 'view_only' },
    { type: 'socket.closed', code: 1006 },
    { type: 'socket.closed', code: WEBVIEW_CLOSE.unauthorized },
    { type: 'socket.closed', code: WEBVIEW_CLOSE.forbidden },
    { type: 'socket.closed', code: WEBVIEW_CLOSE.idle },
    { type: 'socket.closed', code: WEBVIEW_CLOSE.full },
    { type: 'screen.follow', id: 11 },
    { type: 'tag.write', tag: 'Pump1_Running', value: 1 },
    { type: 'write.timeout', id: 'w1' },
    { type: 'write.dismiss' },
    { type: 'user.activity' },
    { type: 'session.retry' },
  ]),
  doubles: {
    actors: { socket: silentCallback(), writeTimer: silentCallback() },
    actions: { reportUnauthorized: noop },
  },
  outcomes: {
    // The socket actor itself failing (the WebSocket constructor throwing).
    socket: { error: { message: 'WebSocket could not be opened' } },
  },
  // Each write names the next id and the values and failures vary without end: keep what the
  // guards read (the screen, whether the sample write w1 is pending, whether w1 was sent already)
  // and the attempt, which sets the back-off (capped: the wait stops growing).
  serializeState: (snapshot) => {
    const c = snapshot.context as WebviewSessionContext;
    return JSON.stringify({
      value: snapshot.value,
      status: snapshot.status,
      screen: c.screen,
      w1: 'w1' in c.pending,
      written: c.writes > 0,
      attempt: Math.min(c.attempt, 2),
      activitySent: c.activitySent,
    });
  },
};
