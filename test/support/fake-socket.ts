/** The time channel's socket in the component tests: the browser's WebSocket replaced by one the
 * test drives (renderApp installs it). */
import { act, waitFor } from '@testing-library/react';

/** Stands in for the browser's WebSocket: the time channel's socket, driven by the test. */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  /** What the console sent on this socket (the access token first). */
  readonly sent: string[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
    // The device accepts the connection at once.
    queueMicrotask(() => {
      if (this.readyState !== FakeWebSocket.CONNECTING) return;
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.readyState = FakeWebSocket.CLOSED;
  }

  /** The device sends one message. */
  receive(text: string): void {
    this.onmessage?.(new MessageEvent('message', { data: text }));
  }

  /** The connection fails (an error, then the close that follows it). */
  fail(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }

  /** The open socket the console listens on now. */
  static current(): FakeWebSocket | undefined {
    return [...FakeWebSocket.instances].reverse().find((s) => s.readyState === FakeWebSocket.OPEN);
  }
}

/** The device publishes its time on the time channel (`YYYY/MM/DD HH:mm:ss`). */
export async function publishDeviceTime(time: string): Promise<void> {
  await waitFor(() => expect(FakeWebSocket.current()).toBeDefined());
  await act(async () => {
    FakeWebSocket.current()!.receive(time);
  });
}
