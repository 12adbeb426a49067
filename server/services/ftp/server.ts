/**
 * The panel's FTP server (docs/decisions.md#ftp): ftp-srv on its own port, off until the
 * administrator turns it on. ftp-srv because it does explicit TLS (AUTH TLS, also on the data
 * connections), takes a passive port range, gives each session the FileSystem object we make for
 * it (./confined-fs.ts) and lets our own 'login' handler decide who signs in, so the console's
 * accounts, password check, sign-in limits and lockout are the FTP server's too.
 *
 * The settings say whether it should run and how; every change is reconciled by one queue: close
 * the running server (its sessions end), start one with what is asked. A start that fails (port 21
 * needs privileges, a port another program holds) leaves the state `error` with the reason: it
 * never stops the device.
 */
import os from 'node:os';
import nodeTls from 'node:tls';
import type { FtpSrv, FtpConnection } from 'ftp-srv';
import type * as FtpSrvModule from 'ftp-srv';
import type { FtpSession, FtpStatus } from '../../../contract/api/ftp';
import { FTP_ACCOUNTS, FTP_IDLE_TIMEOUT_MS, FTP_MAX_SESSIONS, tlsRequired, type FtpAccount, type FtpSettingsFields } from '../../../contract/rules/ftp';
import type { TlsFiles } from '../../tls';
import type { ServiceHealth } from '../../../contract/api/diagnostics';
import { HealthTracker } from '../service-health';
import type * as ConfinedFsModule from './confined-fs';
import type { ConfinedFsOptions } from './confined-fs';
import { StepQueue } from '../../lib/step-queue';

/** ftp-srv (bluebird, ip-address and the rest under it) and our file system built on it, loaded the
 * first time the server starts: a device whose FTP is off does not carry them. */
const loadFtpSrv = (): typeof FtpSrvModule => require('ftp-srv') as typeof FtpSrvModule;
const loadConfinedFs = (): typeof ConfinedFsModule => require('./confined-fs') as typeof ConfinedFsModule;

/** ftp-srv logs through bunyan to stdout; the device keeps its own records (the operation log). */
const quietLog = {
  child: () => quietLog,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  fatal: () => undefined,
};

/** The outcome of a sign-in attempt, as the operation log's result says it. */
export type SignInResult = 'success' | 'invalid_credentials' | 'login_locked' | 'too_many_requests' | 'account_not_allowed' | 'tls_required';

export class SignInRefused extends Error {
  constructor(
    readonly result: Exclude<SignInResult, 'success'>,
    message: string,
    /** Written to the operation log (refusals by the sign-in limits are not: they bound the rows). */
    readonly logged = true,
  ) {
    super(message);
  }
}

export interface FtpServiceDeps {
  settings: () => FtpSettingsFields;
  httpEnabled: () => boolean;
  /** The running project enables FTP. */
  projectEnabled: () => boolean;
  /** The device's TLS certificate (the console's HTTPS one), made if it does not exist yet. */
  certificate: () => Promise<TlsFiles>;
  /** Checks a password sign-in as the console's token call does; throws SignInRefused. */
  signIn: (username: string, password: string, source: string) => Promise<FtpAccount>;
  /** Writes the operation-log row of a sign-in attempt. */
  recordSignIn: (account: string, source: string, result: SignInResult, secure: boolean) => void;
  fs: Omit<ConfinedFsOptions, 'mayWriteMedia'>;
  now: () => number;
  /** The address to listen on (the console's). */
  host: string;
}

interface LiveSession extends FtpSession {
  id: string;
}

/** The parts of ftp-srv's connection used here beyond its declared type. */
type Connection = FtpConnection & {
  commandSocket?: NodeJS.EventEmitter & { destroy(): void; write(data: string): boolean };
  secure: boolean;
  fs?: unknown;
  commands: { handle(m: unknown): unknown; parse(m: string): { directive: string; arg: string | null } };
  close(code: number, message: string): Promise<unknown>;
};

type Failure = { reason: 'port_privileged' | 'port_in_use' | 'start_failed'; detail: string };

export class FtpService {
  private server: FtpSrv | null = null;
  /** The TLS of the running server's control connections (AUTH TLS, see `upgrade`). */
  private secureContext: nodeTls.SecureContext | null = null;
  private runningWith: string | null = null;
  private failure: Failure | null = null;
  private readonly steps = new StepQueue();
  private closed = false;
  private readonly sessions = new Map<string, LiveSession>();
  private readonly open = new Set<Connection>();

  /** Diagnostics: since when, and the last failure (kept after a later start succeeds). */
  private readonly tracker: HealthTracker;

  constructor(private readonly deps: FtpServiceDeps) {
    this.tracker = new HealthTracker('ftp', deps.now);
  }

  /** Starts the server if the settings (and the running project) say so. */
  async start(): Promise<void> {
    this.reconcile();
    await this.settled();
  }

  /** The settings or the project changed: applied at once (a running server restarts). */
  reconcile(): void {
    this.steps.push(() => this.step());
  }

  settled(): Promise<void> {
    return this.steps.settled();
  }

  private wanted(): { settings: FtpSettingsFields; key: string } | null {
    const settings = this.deps.settings();
    if (!settings.enabled || !this.deps.projectEnabled()) return null;
    return { settings, key: JSON.stringify(settings) };
  }

  private async step(): Promise<void> {
    if (this.closed) return;
    const want = this.wanted();
    if (this.server && want && want.key === this.runningWith) return;
    if (this.server) await this.stopServer();
    if (!want) {
      this.failure = null;
      return;
    }
    // A failed start is tried again only when something changes (a save, the project).
    await this.startServer(want.settings, want.key);
  }

  private async startServer(settings: FtpSettingsFields, key: string): Promise<void> {
    this.failure = null;
    let tls: TlsFiles;
    try {
      tls = await this.deps.certificate();
    } catch (err) {
      this.failure = { reason: 'start_failed', detail: `No TLS certificate: ${err instanceof Error ? err.message : String(err)}` };
      return;
    }
    const host = this.deps.host;
    const signals = ['SIGTERM', 'SIGINT', 'SIGQUIT'] as const;
    const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
    this.secureContext = nodeTls.createSecureContext({ key: tls.key, cert: tls.cert, minVersion: 'TLSv1.2' });
    const { FtpSrv } = loadFtpSrv();
    const server = new FtpSrv({
      url: `ftp://${host}:${settings.port}`,
      pasv_url: passiveAddress(host) as unknown as string,
      pasv_min: settings.passive_from,
      pasv_max: settings.passive_to,
      tls: { key: tls.key, cert: tls.cert, minVersion: 'TLSv1.2' },
      anonymous: false,
      greeting: 'HMI panel FTP server',
      // Passive mode only: PORT/EPRT would let a client make the panel connect anywhere (FTP
      // bounce); SITE would reach chmod.
      blacklist: ['PORT', 'EPRT', 'SITE'],
      log: quietLog,
      timeout: FTP_IDLE_TIMEOUT_MS,
    });
    // ftp-srv exits the process on these signals; the device shuts down in its own order.
    for (const s of signals) for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.removeListener(s, l as never);

    const events = server as unknown as NodeJS.EventEmitter;
    events.on('connect', ({ connection }: { connection: FtpConnection }) => this.connected(connection as Connection));
    server.on('disconnect', ({ connection, id }: { connection: FtpConnection; id: string }) => {
      this.open.delete(connection as Connection);
      this.sessions.delete(id);
    });
    server.on('client-error', () => undefined);
    events.on('server-error', () => undefined);
    server.on('login', (data: { connection: FtpConnection; username: string; password: string }, resolve: (r: object) => void, reject: (e: Error) => void) => {
      void this.login(data.connection as Connection, data.username, data.password).then(resolve, reject);
    });
    try {
      await server.listen();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const detail = err instanceof Error ? err.message : String(err);
      this.failure = { reason: code === 'EACCES' ? 'port_privileged' : code === 'EADDRINUSE' ? 'port_in_use' : 'start_failed', detail };
      this.tracker.failed(detail);
      await server.close().catch(() => undefined);
      return;
    }
    this.server = server;
    this.runningWith = key;
    this.tracker.set('running');
  }

  private async stopServer(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.runningWith = null;
    if (!server) return;
    this.tracker.set(this.deps.settings().enabled && this.deps.projectEnabled() ? 'stopped' : 'disabled');
    for (const c of this.open) c.commandSocket?.destroy();
    this.open.clear();
    this.sessions.clear();
    // ftp-srv waits its idle timeout for each session to end; they are ended here already.
    (server as unknown as { options: { timeout: number } }).options.timeout = 0;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([server.close().catch(() => undefined), new Promise((r) => (timer = setTimeout(r, 2_000)))]);
    clearTimeout(timer);
  }

  /** A new control connection: at most FTP_MAX_SESSIONS at once, and a guard on two commands
   * ftp-srv lets through: USER before AUTH TLS while TLS is required (refused before any password
   * travels in clear, RFC 4217 §11), and RNFR where the session may not rename (550 at once). */
  private connected(connection: Connection): void {
    if (this.open.size >= FTP_MAX_SESSIONS) {
      void connection.close(421, 'Too many sessions: try again later');
      return;
    }
    this.open.add(connection);
    const commands = connection.commands;
    const handle = commands.handle.bind(commands);
    commands.handle = (message: unknown) => {
      const command = typeof message === 'string' ? commands.parse(message) : (message as { directive: string; arg: string | null });
      if (command.directive === 'USER' && !connection.secure && this.tlsRequired()) {
        this.deps.recordSignIn(command.arg ?? '', connection.ip, 'tls_required', false);
        return connection.reply(530, 'TLS is required: use AUTH TLS before signing in');
      }
      if (command.directive === 'AUTH' && (command.arg ?? '').toUpperCase() === 'TLS' && !connection.secure && this.secureContext) {
        return this.upgrade(connection, this.secureContext);
      }
      if (command.directive === 'RNFR' && connection.fs instanceof loadConfinedFs().ConfinedFileSystem && !connection.fs.mayChange(command.arg)) {
        return connection.reply(550, 'Permission denied');
      }
      return handle(command);
    };
  }

  /**
   * AUTH TLS (RFC 4217 §4), done here rather than by ftp-srv: ftp-srv wraps the control socket in
   * TLS only once its 234 reply has gone through several promise hops, and a client that starts its
   * handshake at once (curl does) has its ClientHello read as a plain command in about one sign-in
   * out of three ("wrong version number"). Here the reply is written and the socket wrapped in the
   * same tick, so no byte the client sends after the 234 can be read in clear. The events of the TLS
   * socket are forwarded to the plain one, whose listeners ftp-srv installed, as ftp-srv does.
   */
  private upgrade(connection: Connection, secureContext: nodeTls.SecureContext): Promise<void> {
    const plain = connection.commandSocket!;
    plain.write('234 Honored\r\n');
    const secure = new nodeTls.TLSSocket(plain as unknown as import('node:net').Socket, { isServer: true, secureContext });
    for (const event of ['data', 'timeout', 'end', 'close', 'drain', 'error']) {
      secure.on(event, (...args: unknown[]) => plain.emit(event, ...args));
    }
    connection.commandSocket = secure as unknown as Connection['commandSocket'];
    connection.secure = true;
    return Promise.resolve();
  }

  private tlsRequired(): boolean {
    return tlsRequired(this.deps.settings().require_tls, this.deps.httpEnabled());
  }

  private async login(connection: Connection, username: string, password: string): Promise<object> {
    const source = connection.ip;
    const secure = connection.secure;
    if (!secure && this.tlsRequired()) {
      this.deps.recordSignIn(username, source, 'tls_required', false);
      throw new Error('TLS is required: use AUTH TLS before signing in');
    }
    let account: FtpAccount;
    try {
      account = await this.deps.signIn(username, password, source);
    } catch (err) {
      if (err instanceof SignInRefused) {
        if (err.logged) this.deps.recordSignIn(username, source, err.result, secure);
        throw new Error(err.message);
      }
      throw new Error('Sign-in failed');
    }
    this.deps.recordSignIn(account, source, 'success', secure);
    this.sessions.set(connection.id, { id: connection.id, account, address: source, since: new Date(this.deps.now()).toISOString(), secure });
    const settings = this.deps.settings();
    const { ConfinedFileSystem } = loadConfinedFs();
    const fs = new ConfinedFileSystem(connection, { ...this.deps.fs, mayWriteMedia: () => account === 'update' && settings.media_writable });
    return { fs, cwd: '/' };
  }

  /** Diagnostics: running, error (its start failed), disabled (by its setting or the project),
   * or stopped; its address while it runs. */
  health(): ServiceHealth {
    const status = this.status();
    const state = status.state === 'stopped' && (status.reason === 'disabled' || status.reason === 'project_disabled') ? 'disabled' : status.state;
    return this.tracker.health(state, status.url);
  }

  status(): FtpStatus {
    const settings = this.deps.settings();
    const projectEnabled = this.deps.projectEnabled();
    const running = this.server !== null;
    const host = this.deps.host;
    const shown = host === '0.0.0.0' || host === '::' ? externalAddress() : host;
    const httpOff = !this.deps.httpEnabled();
    return {
      state: running ? 'running' : this.failure ? 'error' : 'stopped',
      reason: running ? null : this.failure ? this.failure.reason : !settings.enabled ? 'disabled' : !projectEnabled ? 'project_disabled' : null,
      detail: running ? null : (this.failure?.detail ?? null),
      address: shown,
      port: settings.port,
      url: running ? `ftp://${shown.includes(':') ? `[${shown}]` : shown}:${settings.port}` : null,
      passive: { from: settings.passive_from, to: settings.passive_to },
      tls: { offered: true, required: tlsRequired(settings.require_tls, !httpOff), http_off: httpOff },
      project_enabled: projectEnabled,
      sessions: [...this.sessions.values()].map(({ id: _id, ...s }) => s).filter((s) => (FTP_ACCOUNTS as readonly string[]).includes(s.account)),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.steps.settled();
    await this.stopServer();
  }
}

/** The first external IPv4 address of the machine (what a client elsewhere reaches), else loopback. */
function externalAddress(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}

/** The address a PASV answer names: the client's own when it is on this machine, else the address
 * the server listens on (or the machine's external one when it listens on all). */
function passiveAddress(host: string): (clientIp: string) => string {
  return (clientIp) => {
    const ip = clientIp.replace(/^::ffff:/, '');
    if (ip === '127.0.0.1' || ip.startsWith('127.')) return ip;
    if (host === '0.0.0.0' || host === '::' || host.includes(':')) return externalAddress();
    return host;
  };
}
