/** SECS/GEM tests' helpers: the settings built from the contract's defaults, and a small HSMS host
 * (the far end of the panel's endpoint) on a real socket. */
import net from 'node:net';
import { DEFAULT_SECS_SETTINGS, type SecsSettingsFields } from '../../contract/rules/secs';
import { controlMessage, dataMessage, encodeMessage, FrameReader, type HsmsMessage } from '../../server/services/secs/hsms';
import { fromDefaults, type DeepPartial } from './settings';

export function secsSettingsOf(overrides: DeepPartial<SecsSettingsFields> = {}): SecsSettingsFields {
  return fromDefaults(DEFAULT_SECS_SETTINGS, overrides);
}

/** The far end of an HSMS connection: sends messages, and waits for what the panel sends or for
 * the connection to close. */
export class HsmsPeer {
  private readonly reader = new FrameReader(1024 * 1024);
  private readonly inbox: HsmsMessage[] = [];
  private waiters: Array<() => void> = [];
  closed = false;
  readonly closedAt: Promise<void>;

  constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.inbox.push(...this.reader.push(chunk));
      this.wake();
    });
    this.closedAt = new Promise((resolve) => {
      socket.on('close', () => {
        this.closed = true;
        this.wake();
        resolve();
      });
    });
    socket.on('error', () => undefined);
  }

  static connect(port: number, host = '127.0.0.1'): Promise<HsmsPeer> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host }, () => resolve(new HsmsPeer(socket)));
      socket.once('error', reject);
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  send(m: HsmsMessage): void {
    this.socket.write(encodeMessage(m));
  }

  sendRaw(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  control(stype: number, system: number, byte3 = 0): void {
    this.send(controlMessage(stype, system, byte3));
  }

  data(session: number, stream: number, func: number, system: number, data: Buffer = Buffer.alloc(0), wbit = true): void {
    this.send(dataMessage(session, stream, func, wbit, system, data));
  }

  /** The next message the panel sent (within `ms`). */
  async next(ms = 2000): Promise<HsmsMessage> {
    const deadline = Date.now() + ms;
    for (;;) {
      const m = this.inbox.shift();
      if (m) return m;
      if (this.closed) throw new Error('the connection closed');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Resolves with how long the connection stayed open from now, or rejects after `ms`. */
  async closesWithin(ms: number): Promise<number> {
    const start = Date.now();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.closedAt,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms))),
    ]).finally(() => clearTimeout(timer));
    return Date.now() - start;
  }

  close(): void {
    this.socket.destroy();
  }
}
