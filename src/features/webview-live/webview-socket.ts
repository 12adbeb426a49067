import { fromCallback, type EventObject } from 'xstate';
import { WEBVIEW_SOCKET_PATH } from '../../../contract/api/webview.routes';
import type { SocketSend, WebviewSocketEvent } from '../../../machines/webview-session.machine';

/** A server message as the socket actor reads it (JSON; the console carries no zod, so the shape
 * is checked by hand, and a message it cannot read is left out). */
export function socketEventOf(text: string): WebviewSocketEvent | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Record<string, unknown>;
  if (m.type === 'values' && typeof m.screen === 'number' && typeof m.values === 'object' && m.values !== null) {
    return { type: 'server.values', screen: m.screen, values: m.values as Record<string, number | string> };
  }
  if (m.type === 'write_result' && typeof m.id === 'string' && typeof m.ok === 'boolean') {
    return { type: 'server.writeResult', id: m.id, ok: m.ok, ...(typeof m.error_code === 'string' ? { error_code: m.error_code as never } : {}) };
  }
  if (m.type === 'heartbeat') return { type: 'server.heartbeat' };
  return null;
}

/**
 * The WebView session's socket: opens `/ws/webview` (ws or wss like the page, as the time channel
 * does), sends the access token as the first message, reports it open, every message it can read
 * and its close (with the code; a failed connection closes with 1006). What the machine sends
 * (`{ type: 'send', message }`) goes out as JSON once the socket is open; before, it is dropped
 * (the machine sends the screen again on 'socket.open').
 */
export function webviewSocket(getToken: () => string | null) {
  return fromCallback<EventObject>(({ sendBack, receive }) => {
    const report = (e: WebviewSocketEvent) => sendBack(e);
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${window.location.host}${WEBVIEW_SOCKET_PATH}`);
    let open = false;
    socket.onopen = () => {
      socket.send(getToken() ?? '');
      open = true;
      report({ type: 'socket.open' });
    };
    socket.onmessage = (e) => {
      const event = socketEventOf(String(e.data));
      if (event) report(event);
    };
    socket.onclose = (e) => {
      open = false;
      report({ type: 'socket.closed', code: e.code });
    };
    receive((event) => {
      const { message } = event as SocketSend;
      if (open && message) socket.send(JSON.stringify(message));
    });
    return () => {
      open = false;
      socket.onopen = null;
      socket.onclose = null;
      socket.onmessage = null;
      socket.close();
    };
  });
}
