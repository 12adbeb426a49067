/**
 * The panel's side of remote access: one control connection to the remote-access service, kept
 * while the administrator wants it (Connect … Disconnect), re-opened with back-off when it fails or
 * drops, and one outbound data connection per browser connection the service announces, piped raw
 * to the panel's own HTTP listener (server/services/remote-access/protocol.ts).
 *
 * States (specification §4): `not_activated` (switched off, or no partner account stored),
 * `connecting`, `connected`, `occupied` (another panel holds the partner's session: tried again
 * with back-off), `disconnected` with a code (specification §8). Codes the network may cure (102,
 * the service or the proxy unreachable) are retried with back-off; a hardware-key code, a wrong
 * password or an unknown partner wait for a new Connect or a change of the settings.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import {
  REGION_HOSTS,
  REMOTE_RETRIED_CODES,
  reconnectDelayMs,
  type RemoteCode,
  type RemoteField,
  type RemoteRegion,
  type RemoteState,
} from '../../../contract/rules/remote-access';
import { qrSvg } from '../../lib/qr-svg';
import { DialError, dialRelay, type DialTarget, type ProxyTarget } from './dial';
import { CONTROL_PATH, DATA_PATH_PREFIX, line, lineReader, type ServiceMessage } from './protocol';

/** What the hardware key reading gives (the simulated key: `HMI_REMOTE_KEY=missing | unreadable`). */
export type HardwareKey = { ok: true; key: string } | { ok: false; code: '1' | '101' };

export interface RemoteStatus {
  state: RemoteState;
  code?: RemoteCode;
  field?: RemoteField;
  detail?: string;
  session_id?: string;
  domain?: string;
  version?: string;
  url?: string;
  qr_svg?: string;
  retry_at?: string;
}

/** What one attempt uses, read from the settings when it starts. */
export interface ConnectionConfig {
  partner: string;
  password: string;
  region: RemoteRegion;
  custom_host: string;
  custom_port: number;
  proxy: ProxyTarget;
}

export interface LocalTarget {
  host: string;
  port: number;
  scheme: 'http' | 'https';
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** How long the service may stay silent (it pings every 15 s) before the connection counts as lost. */
export const SILENCE_MS = 45_000;

export const REAL_TIMERS: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as NodeJS.Timeout) };

export interface RemoteConnectionDeps {
  /** The stored settings, or null when no partner account is stored. */
  config: () => ConnectionConfig | null;
  hardwareKey: () => HardwareKey;
  /** The panel's own listener, where relayed connections go, and what it speaks. */
  localTarget: () => LocalTarget;
  /** The device clock (retry_at). */
  now: () => number;
  timers?: Timers;
  /** The pause before the n-th retry (1: after the first failure). */
  delayMs?: (failures: number) => number;
  /** A state change the operation log records. */
  changed?: (status: RemoteStatus, before: RemoteStatus) => void;
}

export function serviceOf(config: ConnectionConfig): { host: string; port: number; field: RemoteField } {
  if (config.region === 'custom') return { host: config.custom_host, port: config.custom_port, field: 'custom_host' };
  return { ...REGION_HOSTS[config.region], field: 'region' };
}

export class RemoteConnection {
  private status_: RemoteStatus = { state: 'not_activated' };
  private wanted = false;
  private failures = 0;
  private retryTimer: unknown = null;
  private control: net.Socket | null = null;
  /** Cut a control connection the service has gone silent on (it pings every 15 s). */
  private watchdog: unknown = null;
  /** Each attempt's number: the answers of an attempt that was given up are ignored. */
  private attempt = 0;
  private readonly data = new Set<net.Socket>();
  private readonly timers: Timers;
  private readonly delayMs: (failures: number) => number;

  constructor(private readonly deps: RemoteConnectionDeps) {
    this.timers = deps.timers ?? REAL_TIMERS;
    this.delayMs = deps.delayMs ?? reconnectDelayMs;
  }

  status(): RemoteStatus {
    return { ...this.status_ };
  }

  /** Keeps a connection from now on (Connect), starting over at once. */
  connect(): void {
    this.wanted = true;
    this.failures = 0;
    this.restart();
  }

  /** Closes it and stops trying (Disconnect). */
  disconnect(): void {
    this.wanted = false;
    this.drop();
    this.set({ state: 'not_activated' });
  }

  /** The settings changed: a wanted connection starts over with them. */
  reconfigure(): void {
    if (!this.wanted) return;
    this.failures = 0;
    this.restart();
  }

  close(): void {
    this.wanted = false;
    this.drop();
  }

  private set(status: RemoteStatus): void {
    const before = this.status_;
    this.status_ = status;
    if (before.state !== status.state || before.code !== status.code || before.session_id !== status.session_id) this.deps.changed?.(status, before);
  }

  private drop(): void {
    this.attempt++;
    this.quiet();
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.retryTimer = null;
    this.control?.destroy();
    this.control = null;
    for (const s of this.data) s.destroy();
    this.data.clear();
  }

  private quiet(): void {
    if (this.watchdog !== null) this.timers.clear(this.watchdog);
    this.watchdog = null;
  }

  /** Heard from the service: its silence is counted from now. */
  private heard(attempt: number, field: RemoteField): void {
    this.quiet();
    this.watchdog = this.timers.set(() => {
      this.watchdog = null;
      this.fail(attempt, 'disconnected', 'service_unreachable', field, `the service sent nothing for ${SILENCE_MS / 1000} s`);
    }, SILENCE_MS);
  }

  private restart(): void {
    this.drop();
    void this.run(this.attempt);
  }

  /** A failed attempt or a lost connection: retried after its back-off when the code allows. */
  private fail(attempt: number, state: 'disconnected' | 'occupied', code: RemoteCode | undefined, field: RemoteField | undefined, detail: string): void {
    if (attempt !== this.attempt) return;
    this.quiet();
    this.control?.destroy();
    this.control = null;
    const retried = state === 'occupied' || (code !== undefined && REMOTE_RETRIED_CODES.includes(code));
    const status: RemoteStatus = { state, ...(code ? { code } : {}), ...(field ? { field } : {}), detail };
    if (retried && this.wanted) {
      this.failures++;
      const delay = this.delayMs(this.failures);
      status.retry_at = new Date(this.deps.now() + delay).toISOString();
      this.retryTimer = this.timers.set(() => {
        this.retryTimer = null;
        if (attempt === this.attempt && this.wanted) this.restart();
      }, delay);
    }
    this.set(status);
  }

  private async run(attempt: number): Promise<void> {
    const config = this.deps.config();
    if (!config) {
      this.set({ state: 'not_activated' });
      return;
    }
    this.set({ state: 'connecting' });
    const key = this.deps.hardwareKey();
    if (!key.ok) {
      this.fail(attempt, 'disconnected', key.code, undefined, key.code === '1' ? 'no hardware key' : 'the hardware key could not be read');
      return;
    }
    const service = serviceOf(config);
    const target: DialTarget = { host: service.host, port: service.port, proxy: config.proxy, serviceField: service.field };
    let socket: net.Socket;
    let rest: Buffer;
    try {
      ({ socket, rest } = await dialRelay(target, CONTROL_PATH));
    } catch (err) {
      const e = err instanceof DialError ? err : new DialError('service_unreachable', service.field, (err as Error).message);
      this.fail(attempt, 'disconnected', e.code, e.field ?? undefined, e.message);
      return;
    }
    if (attempt !== this.attempt) {
      socket.destroy();
      return;
    }
    this.control = socket;
    socket.setKeepAlive(true, 10_000);
    const read = lineReader(
      (msg) => void this.onMessage(attempt, target, msg as ServiceMessage),
      () => this.fail(attempt, 'disconnected', 'service_unreachable', service.field, 'the service sent something that is not the relay protocol'),
    );
    socket.on('data', (chunk: Buffer) => {
      this.heard(attempt, service.field);
      read(chunk);
    });
    this.heard(attempt, service.field);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (attempt !== this.attempt || this.control !== socket) return;
      // A refusal closes the connection after saying why: only a silent close is a lost one.
      const s = this.status_.state;
      if (s === 'connected' || s === 'connecting') this.fail(attempt, 'disconnected', 'service_unreachable', service.field, 'the service closed the connection');
    });
    socket.write(line({ type: 'hello', partner: config.partner, password: config.password, panel: key.key, scheme: this.deps.localTarget().scheme }));
    if (rest.length) read(rest);
    socket.resume();
  }

  private async onMessage(attempt: number, target: DialTarget, msg: ServiceMessage): Promise<void> {
    if (attempt !== this.attempt) return;
    switch (msg.type) {
      case 'welcome': {
        this.failures = 0;
        const qr = await qrSvg(msg.url);
        if (attempt !== this.attempt) return;
        this.set({ state: 'connected', session_id: msg.session_id, version: msg.version, domain: msg.domain, url: msg.url, qr_svg: qr });
        return;
      }
      case 'refused': {
        const field: Record<typeof msg.reason, RemoteField | undefined> = { partner_auth: 'partner_password', partner_not_found: 'partner_name', occupied: undefined };
        if (msg.reason === 'occupied') this.fail(attempt, 'occupied', undefined, undefined, msg.message);
        else this.fail(attempt, 'disconnected', msg.reason, field[msg.reason], msg.message);
        return;
      }
      case 'ping':
        this.control?.write(line({ type: 'pong' }));
        return;
      case 'open':
        if (typeof msg.id === 'string' && /^[0-9a-f]{32}$/.test(msg.id)) void this.openData(attempt, target, msg.id);
        return;
    }
  }

  /** A browser connected to the session URL: a new outbound connection, piped to the console. */
  private async openData(attempt: number, target: DialTarget, id: string): Promise<void> {
    let remote: net.Socket;
    let rest: Buffer;
    try {
      ({ socket: remote, rest } = await dialRelay(target, `${DATA_PATH_PREFIX}${id}`));
    } catch {
      return; // the browser's connection is closed by the service when no data connection comes
    }
    if (attempt !== this.attempt) {
      remote.destroy();
      return;
    }
    const { host, port } = this.deps.localTarget();
    const local = net.connect({ host, port });
    local.setNoDelay(true);
    this.data.add(remote);
    this.data.add(local);
    const end = () => {
      remote.destroy();
      local.destroy();
      this.data.delete(remote);
      this.data.delete(local);
    };
    remote.on('error', end).on('close', end);
    local.on('error', end).on('close', end);
    if (rest.length) local.write(rest);
    remote.pipe(local);
    local.pipe(remote);
    remote.resume();
  }
}

/** The simulated hardware key: `HMI_REMOTE_KEY=missing` (code 1) or `unreadable` (code 101); any
 * other value, or none, reads the panel's key (`key`). */
export function simulatedHardwareKey(mode: string | undefined, key: string): HardwareKey {
  if (mode === 'missing') return { ok: false, code: '1' };
  if (mode === 'unreadable') return { ok: false, code: '101' };
  return { ok: true, key };
}

/** A new panel's hardware key (kept in its settings). */
export function newHardwareKey(): string {
  return crypto.randomBytes(16).toString('hex');
}
