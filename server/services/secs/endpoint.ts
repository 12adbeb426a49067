/**
 * The panel's HSMS-SS endpoint (SEMI E37 / E37.1, docs/decisions.md#secsgem): one TCP connection at
 * a time, passive (the panel listens) or active (the panel connects out and tries again after T5).
 *
 * On a connection: Select.req → Select.rsp (status 1 "already active" when selected already),
 * Deselect.req → Deselect.rsp, Linktest.req → Linktest.rsp, Separate.req ends it; a data message
 * before Select is refused by Reject.req (reason 4), an unknown SType by Reject.req (reason 1), a PType
 * other than SECS-II by Reject.req (reason 2), a response to nothing by Reject.req (reason 3). Data
 * messages while selected: S1F1 → S1F2 `L[2] <A MDLN> <A SOFTREV>`, S1F13 → S1F14 `L[2] <B COMMACK=0>
 * L[2] <A MDLN> <A SOFTREV>`; another device ID → S9F1, an unknown stream → S9F3, an unknown function
 * → S9F5, data that is not one SECS-II item → S9F7 (each carrying the offending header, MHEAD).
 *
 * Timers: T7 closes a connection not selected in time; T8 closes one whose message stops arriving
 * midway; T6 closes one whose Select.req (active) or Linktest.req goes unanswered; the linktest
 * interval sends a Linktest.req while selected; T5 separates the active mode's connect attempts.
 * Seconds are `secondMs` milliseconds (tests shorten them); every date comes from the device clock.
 *
 * The settings say whether it runs and how; every change is reconciled by one queue: the listener
 * (or the connect loop) and its connection end, and a new one starts with what is asked. A listener
 * that cannot start (a port another program holds) leaves the health `error` and the status's last
 * error `port_in_use`: it never stops the device.
 */
import net from 'node:net';
import type { SecsError, SecsStatus } from '../../../contract/api/secs';
import type { ServiceHealth } from '../../../contract/api/diagnostics';
import type { SecsSettingsFields } from '../../../contract/rules/secs';
import {
  controlMessage,
  CONTROL_SESSION,
  dataMessage,
  dataParts,
  DESELECT_STATUS,
  encodeHeader,
  encodeMessage,
  FrameError,
  FrameReader,
  REJECT_REASON,
  SELECT_STATUS,
  STYPE,
  type HsmsMessage,
} from './hsms';
import { A, asciiField, B, decodeItem, encodeItem, L, SecsDecodeError } from './secs-ii';
import { StepQueue } from '../../lib/step-queue';

export interface SecsEndpointOptions {
  /** Milliseconds of one configured second (1000; tests shorten every timer with it). */
  secondMs: number;
  /** The longest message accepted (header and data); a longer one ends the connection. */
  maxMessageBytes: number;
}

export const DEFAULT_SECS_OPTIONS: SecsEndpointOptions = { secondMs: 1000, maxMessageBytes: 1024 * 1024 };

/** E5: MDLN and SOFTREV are ASCII of at most 20 characters. */
export const MDLN_MAX = 20;

export interface SecsEndpointDeps {
  settings: () => SecsSettingsFields;
  /** The panel holds the SECS/GEM licence: without it nothing runs. */
  licensed: () => boolean;
  /** The model name and software version S1F2 and S1F14 carry (the system info's). */
  identity: () => { model: string; softwareVersion: string };
  /** The device clock (ms). */
  now: () => number;
  /** The address to listen on (the console's). */
  host: string;
  /** The ports the panel's own services hold, with the service's name. */
  portsInUse: () => ReadonlyMap<number, string>;
  options: SecsEndpointOptions;
}

export type SecsConnectionState = SecsStatus['state'];
/** The states the endpoint itself moves between (Diagnostics' `disabled` is read from the settings). */
type SecsHealthState = 'running' | 'stopped' | 'error';

interface Running {
  key: string;
  settings: SecsSettingsFields;
  server: net.Server | null;
  retry: NodeJS.Timeout | null;
  /** Active mode: the connect attempt under way. */
  attempt: net.Socket | null;
  stopped: boolean;
}

/** One HSMS connection: its bytes, its state and its timers. */
class Connection {
  private readonly reader: FrameReader;
  private selected = false;
  private system = 1;
  private t7: NodeJS.Timeout | null = null;
  private t8: NodeJS.Timeout | null = null;
  private linktest: NodeJS.Timeout | null = null;
  /** Our open control transactions (Select.req, Linktest.req) by system bytes, each with its T6. */
  private readonly open = new Map<number, { stype: number; timer: NodeJS.Timeout }>();
  private ended = false;

  constructor(
    readonly socket: net.Socket,
    private readonly settings: SecsSettingsFields,
    private readonly endpoint: SecsEndpoint,
    private readonly active: boolean,
  ) {
    this.reader = new FrameReader(endpoint.options.maxMessageBytes);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.received(chunk));
    socket.on('error', (err) => this.end('connection_lost', err.message));
    socket.on('close', () => this.end(null, null));
    if (active) this.request(STYPE.selectReq);
    else this.t7 = this.timer(settings.t7, () => this.end('t7_timeout', `Not selected within T7 (${settings.t7} s)`));
  }

  private timer(seconds: number, then: () => void): NodeJS.Timeout {
    const t = setTimeout(then, seconds * this.endpoint.options.secondMs);
    t.unref();
    return t;
  }

  private send(m: HsmsMessage): void {
    if (!this.ended) this.socket.write(encodeMessage(m));
  }

  private nextSystem(): number {
    const s = this.system;
    this.system = this.system >= 0xffffffff ? 1 : this.system + 1;
    return s;
  }

  /** Sends a control request and waits T6 for its response. */
  private request(stype: number): void {
    const system = this.nextSystem();
    const timer = this.timer(this.settings.t6, () => this.end('t6_timeout', `No response to ${stype === STYPE.selectReq ? 'Select.req' : 'Linktest.req'} within T6 (${this.settings.t6} s)`));
    this.open.set(system, { stype, timer });
    this.send(controlMessage(stype, system));
  }

  private settle(system: number, stype: number): boolean {
    const open = this.open.get(system);
    if (!open || open.stype !== stype) return false;
    clearTimeout(open.timer);
    this.open.delete(system);
    return true;
  }

  private received(chunk: Buffer): void {
    if (this.ended) return;
    let messages: HsmsMessage[];
    try {
      messages = this.reader.push(chunk);
    } catch (err) {
      this.end('protocol_error', err instanceof FrameError ? err.message : String(err));
      return;
    }
    // T8: while a message has begun and not ended, its next bytes must come within T8.
    if (this.t8) clearTimeout(this.t8);
    this.t8 = this.reader.pending ? this.timer(this.settings.t8, () => this.end('t8_timeout', `A message stalled for T8 (${this.settings.t8} s)`)) : null;
    for (const m of messages) {
      if (this.ended) return;
      this.handle(m);
    }
  }

  private reject(m: HsmsMessage, reason: number): void {
    const byte2 = reason === REJECT_REASON.ptypeNotSupported ? m.header.ptype : m.header.stype;
    this.send(controlMessage(STYPE.rejectReq, m.header.system, reason, byte2, m.header.session));
  }

  private becomeSelected(): void {
    this.selected = true;
    if (this.t7) clearTimeout(this.t7);
    this.t7 = null;
    this.endpoint.stateChanged(this, 'selected');
    this.scheduleLinktest();
  }

  private scheduleLinktest(): void {
    if (this.linktest) clearTimeout(this.linktest);
    this.linktest = null;
    const every = this.settings.linktest_interval;
    if (every > 0 && this.selected) {
      this.linktest = this.timer(every, () => {
        this.request(STYPE.linktestReq);
        this.scheduleLinktest();
      });
    }
  }

  private handle(m: HsmsMessage): void {
    const h = m.header;
    if (h.ptype !== 0) {
      this.reject(m, REJECT_REASON.ptypeNotSupported);
      return;
    }
    switch (h.stype) {
      case STYPE.data:
        if (!this.selected) this.reject(m, REJECT_REASON.notSelected);
        else this.data(m);
        return;
      case STYPE.selectReq:
        if (this.selected) {
          this.send(controlMessage(STYPE.selectRsp, h.system, SELECT_STATUS.alreadyActive));
        } else {
          this.send(controlMessage(STYPE.selectRsp, h.system, SELECT_STATUS.ok));
          this.becomeSelected();
        }
        return;
      case STYPE.selectRsp:
        if (!this.settle(h.system, STYPE.selectReq)) this.reject(m, REJECT_REASON.transactionNotOpen);
        else if (h.byte3 === SELECT_STATUS.ok) this.becomeSelected();
        else this.end('protocol_error', `Select refused by the peer (status ${h.byte3})`);
        return;
      case STYPE.deselectReq:
        if (!this.selected) {
          this.send(controlMessage(STYPE.deselectRsp, h.system, DESELECT_STATUS.notEstablished));
          return;
        }
        this.send(controlMessage(STYPE.deselectRsp, h.system, DESELECT_STATUS.ok));
        this.selected = false;
        this.scheduleLinktest();
        this.endpoint.stateChanged(this, 'connected');
        this.t7 = this.timer(this.settings.t7, () => this.end('t7_timeout', `Not selected within T7 (${this.settings.t7} s)`));
        return;
      case STYPE.linktestReq:
        this.send(controlMessage(STYPE.linktestRsp, h.system));
        return;
      case STYPE.linktestRsp:
        if (!this.settle(h.system, STYPE.linktestReq)) this.reject(m, REJECT_REASON.transactionNotOpen);
        return;
      case STYPE.deselectRsp:
        // The panel sends no Deselect.req.
        this.reject(m, REJECT_REASON.transactionNotOpen);
        return;
      case STYPE.rejectReq: {
        // The peer refused something the panel sent: a refused Select ends the connection.
        const open = this.open.get(h.system);
        if (open) {
          clearTimeout(open.timer);
          this.open.delete(h.system);
          if (open.stype === STYPE.selectReq) this.end('protocol_error', `Select.req rejected by the peer (reason ${h.byte3})`);
        }
        return;
      }
      case STYPE.separateReq:
        this.end(null, null);
        return;
      default:
        this.reject(m, REJECT_REASON.stypeNotSupported);
    }
  }

  /** A data message while selected (SEMI E5 streams 1 and 9). */
  private data(m: HsmsMessage): void {
    const h = m.header;
    const { stream, wbit, func } = dataParts(h);
    const deviceId = this.settings.device_id;
    const s9 = (f: number) => this.send(dataMessage(deviceId, 9, f, false, this.nextSystem(), encodeItem(B(...encodeHeader(h)))));
    if (h.session !== deviceId) return s9(1);
    // A secondary (even function) or an abort (function 0): the panel opened no transaction that
    // waits for it; it is dropped.
    if (func === 0 || func % 2 === 0) return;
    if (stream !== 1) return s9(3);
    if (func !== 1 && func !== 13) return s9(5);
    try {
      decodeItem(m.data);
    } catch (err) {
      if (err instanceof SecsDecodeError) return s9(7);
      throw err;
    }
    if (!wbit) return;
    const { model, softwareVersion } = this.endpoint.identity();
    const id = L(A(asciiField(model, MDLN_MAX)), A(asciiField(softwareVersion, MDLN_MAX)));
    const reply = func === 1 ? id : L(B(0), id);
    this.send(dataMessage(deviceId, 1, func + 1, false, h.system, encodeItem(reply)));
  }

  /** Ends the connection; `error` says why when it is a failure (null: the peer separated or closed). */
  end(error: SecsError | null, detail: string | null, graceful = false): void {
    if (this.ended) return;
    this.ended = true;
    for (const t of [this.t7, this.t8, this.linktest]) if (t) clearTimeout(t);
    for (const { timer } of this.open.values()) clearTimeout(timer);
    this.open.clear();
    // Graceful: what was written (a Separate.req) is sent before the FIN.
    if (graceful) {
      this.socket.end();
      setTimeout(() => this.socket.destroy(), 1000).unref();
    } else this.socket.destroy();
    this.endpoint.connectionEnded(this, error, detail);
  }

  /** The panel separates (the settings changed, the device stops). */
  separate(): void {
    if (this.ended) return;
    if (this.selected) this.send(controlMessage(STYPE.separateReq, this.nextSystem(), 0, 0, CONTROL_SESSION));
    this.end(null, null, true);
  }
}

export class SecsEndpoint {
  readonly options: SecsEndpointOptions;
  private running: Running | null = null;
  private connection: Connection | null = null;
  private state: SecsConnectionState = 'not_connected';
  private stateSince: number;
  private peer: { address: string; port: number } | null = null;
  private lastError: { code: SecsError; detail: string | null; at: number } | null = null;
  /** The listener could not start: the health is `error` until something changes. */
  private failed = false;
  private healthState: SecsHealthState = 'stopped';
  private healthSince: number;
  private readonly steps = new StepQueue();
  private closed = false;

  constructor(private readonly deps: SecsEndpointDeps) {
    this.options = deps.options;
    this.stateSince = deps.now();
    this.healthSince = deps.now();
  }

  /** The panel's own service that holds this port, if one does. */
  portHolder(port: number): string | undefined {
    return this.deps.portsInUse().get(port);
  }

  identity(): { model: string; softwareVersion: string } {
    return this.deps.identity();
  }

  /** Starts the endpoint if the settings and the licence say so. */
  async start(): Promise<void> {
    this.reconcile();
    await this.settled();
  }

  /** The settings or the licence changed: applied at once (a running endpoint restarts). */
  reconcile(): void {
    this.steps.push(() => this.step());
  }

  settled(): Promise<void> {
    return this.steps.settled();
  }

  private wanted(): { settings: SecsSettingsFields; key: string } | null {
    const settings = this.deps.settings();
    if (!settings.enabled || !this.deps.licensed()) return null;
    return { settings, key: JSON.stringify(settings) };
  }

  private async step(): Promise<void> {
    if (this.closed) return;
    const want = this.wanted();
    if (this.running && want && want.key === this.running.key && !this.failed) return;
    await this.stopRunning();
    this.failed = false;
    if (!want) {
      this.setHealth('stopped');
      return;
    }
    await this.startRunning(want.settings, want.key);
  }

  private async startRunning(settings: SecsSettingsFields, key: string): Promise<void> {
    const running: Running = { key, settings, server: null, retry: null, attempt: null, stopped: false };
    this.running = running;
    if (settings.mode === 'active') {
      this.connectOut(running);
      this.setHealth('running');
      return;
    }
    const holder = this.portHolder(settings.port);
    if (holder) {
      this.failed = true;
      this.error('port_in_use', `Port ${settings.port} is used by the panel's ${holder} server`);
      this.setHealth('error');
      return;
    }
    const server = net.createServer((socket) => this.accepted(running, socket));
    server.on('error', () => undefined);
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(settings.port, this.deps.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      this.failed = true;
      this.error(e.code === 'EADDRINUSE' || e.code === 'EACCES' ? 'port_in_use' : 'listen_failed', e.message);
      this.setHealth('error');
      server.close();
      return;
    }
    running.server = server;
    this.setHealth('running');
  }

  private async stopRunning(): Promise<void> {
    const running = this.running;
    this.running = null;
    if (!running) return;
    running.stopped = true;
    if (running.retry) clearTimeout(running.retry);
    running.attempt?.destroy();
    this.connection?.separate();
    this.connection = null;
    this.setState('not_connected', null);
    const server = running.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Passive mode: a connection arrives. HSMS-SS holds one: another is closed at once. */
  private accepted(running: Running, socket: net.Socket): void {
    if (running.stopped || this.running !== running || this.connection) {
      socket.destroy();
      return;
    }
    this.opened(running, socket, false);
  }

  /** Active mode: connects to the remote entity; a failed attempt is tried again after T5. */
  private connectOut(running: Running): void {
    if (running.stopped) return;
    const { remote_host: host, remote_port: port, t5 } = running.settings;
    const socket = net.connect({ host: host.trim(), port });
    running.attempt = socket;
    // An attempt that neither connects nor fails within T5 is given up.
    socket.setTimeout(t5 * this.options.secondMs);
    const failed = (detail: string) => {
      running.attempt = null;
      socket.destroy();
      if (running.stopped) return;
      this.error('connect_failed', detail);
      this.retryLater(running);
    };
    socket.once('timeout', () => failed(`No connection to ${host}:${port} within T5 (${t5} s)`));
    socket.once('error', (err) => failed(err.message));
    socket.once('connect', () => {
      running.attempt = null;
      socket.removeAllListeners('timeout');
      socket.removeAllListeners('error');
      socket.setTimeout(0);
      if (running.stopped) {
        socket.destroy();
        return;
      }
      this.opened(running, socket, true);
    });
  }

  private retryLater(running: Running): void {
    if (running.stopped || running.retry) return;
    running.retry = setTimeout(() => {
      running.retry = null;
      this.connectOut(running);
    }, running.settings.t5 * this.options.secondMs);
    running.retry.unref();
  }

  private opened(running: Running, socket: net.Socket, active: boolean): void {
    const connection = new Connection(socket, running.settings, this, active);
    this.connection = connection;
    this.peer = { address: (socket.remoteAddress ?? '').replace(/^::ffff:/, ''), port: socket.remotePort ?? 0 };
    this.setState('connected', this.peer);
  }

  /** Called by the connection. */
  stateChanged(connection: Connection, state: SecsConnectionState): void {
    if (this.connection === connection) this.setState(state, this.peer);
  }

  /** Called by the connection once it has ended. */
  connectionEnded(connection: Connection, error: SecsError | null, detail: string | null): void {
    if (this.connection !== connection) return;
    this.connection = null;
    if (error) this.error(error, detail);
    this.setState('not_connected', null);
    const running = this.running;
    if (running && running.settings.mode === 'active') this.retryLater(running);
  }

  private setState(state: SecsConnectionState, peer: { address: string; port: number } | null): void {
    if (state !== this.state) this.stateSince = this.deps.now();
    this.state = state;
    this.peer = peer;
  }

  private error(code: SecsError, detail: string | null): void {
    this.lastError = { code, detail, at: this.deps.now() };
  }

  private setHealth(state: SecsHealthState): void {
    if (state !== this.healthState) this.healthSince = this.deps.now();
    this.healthState = state;
  }

  status(): SecsStatus {
    const settings = this.deps.settings();
    return {
      running: this.running !== null && !this.failed,
      state: this.state,
      mode: settings.mode,
      peer: this.peer,
      since: new Date(this.stateSince).toISOString(),
      last_error: this.lastError?.code ?? null,
      last_error_detail: this.lastError?.detail ?? null,
      last_error_at: this.lastError ? new Date(this.lastError.at).toISOString() : null,
    };
  }

  /** The service's health, as the Diagnostics Services panel lists it. */
  /** Diagnostics' Services entry (docs/decisions.md#diagnostics): disabled while turned off or
   * without the licence; otherwise running, stopped or error since it came to it, with the last
   * error (kept after a recovery) and where it listens or what it connects to. */
  health(): ServiceHealth {
    const settings = this.deps.settings();
    const off = !settings.enabled || !this.deps.licensed();
    const detail = off ? null : settings.mode === 'passive' ? `${this.deps.host}:${settings.port}` : `${settings.remote_host}:${settings.remote_port}`;
    return {
      id: 'secs_gem',
      state: off ? 'disabled' : this.healthState,
      since: new Date(this.healthSince).toISOString(),
      last_error: this.lastError
        ? { at: new Date(this.lastError.at).toISOString(), message: `${this.lastError.code}${this.lastError.detail ? `: ${this.lastError.detail}` : ''}` }
        : null,
      detail,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.steps.settled();
    await this.stopRunning();
    this.setHealth('stopped');
  }
}
