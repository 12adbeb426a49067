/**
 * The panel's OPC UA server (docs/decisions.md#the-simulated-panel: a real node-opcua server on its
 * own port). It publishes the running project's OPC UA tree: each folder as a folder, each tag as a
 * variable at `ns=1;s=<tag name>` whose value is the runtime's (TagValues) and which a client may
 * write only when the tag's access allows it (BadNotWritable otherwise) and its user has the write
 * right (BadUserAccessDenied otherwise).
 *
 * States (§4): running, stopping, stopped. The settings say whether it should run and how; every
 * change (settings, the tree, the server certificate) is reconciled by one queue, so two quick
 * saves never start two servers. A new tree and new users or rights are applied to the running
 * server in place (its sessions and subscriptions stay; `liveSettings`); any other change stops the
 * running server and starts one with what is asked, a brief restart. node-opcua itself (./engine,
 * ./pki) is loaded the first time it is needed.
 */
import os from 'node:os';
import type { ServiceHealth } from '../../../contract/api/diagnostics';
import { HealthTracker } from '../service-health';
import type { CertificateList, OpcuaCertificate, OpcuaCertificates, OpcuaStatus } from '../../../contract/api/opcua';
import type { Project } from '../../../contract/project-format';
import type { DeviceSettings } from '../settings';
import type { TagValues } from '../tag-values';
import type { SignInAccounts, SignInLimits } from '../sign-in-limits';
import { accountKey } from '../lockout';
import { ApiError } from '../../lib/api-error';
import type * as EngineModule from './engine';
import type { Engine, ExtraOpcuaUser } from './engine';
import type * as PkiModule from './pki';
import type { OpcuaPki } from './pki';

/** node-opcua's parts, loaded the first time a server starts or certificates are read. */
const loadEngine = (): typeof EngineModule => require('./engine') as typeof EngineModule;
const loadPki = (): typeof PkiModule => require('./pki') as typeof PkiModule;
import type { TraceLog } from './trace';
import { interfaceAddresses } from './addresses';

export type OpcuaSettingsStored = DeviceSettings['opcua'];

/** The settings a running server takes without a restart: its users and their rights (node-opcua
 * asks them at every sign-in and permission check) and the trace level. The others (port,
 * security, anonymous access, which the endpoints advertise; the name; discovery) restart it. */
const LIVE_SETTINGS = ['users', 'trace_level'] as const;
function restartPart(settings: OpcuaSettingsStored): string {
  const rest: Partial<OpcuaSettingsStored> = { ...settings };
  for (const key of LIVE_SETTINGS) delete rest[key];
  return JSON.stringify(rest);
}
/** Addresses remembered as an OPC UA user's recent sign-ins (the account throttle lets them by). */
const MAX_KNOWN_SIGN_INS = 10_000;

type State = OpcuaStatus['state'];
type DiscoveryState = NonNullable<OpcuaStatus['discovery']>['state'];

export interface OpcuaServiceOptions {
  /** The address the server listens on (the console's HOST). */
  host: string;
  /** The host name in the endpoint URL. */
  hostname: string;
  /** Ports the device's other services hold. */
  reservedPorts: number[];
  version: string;
  /** The device's serial number (made at its first start, kept in its data): the server's URIs. */
  deviceId(): string;
}

/** The server's applicationUri, and so its namespace's URI (ns=1), while its certificate is one
 * made here: the device's, whatever its host name or address (issue 27). */
export function stableApplicationUri(deviceId: string): string {
  return `urn:hmi:${deviceId}:opcua-server`;
}

export interface OpcuaEvents {
  /** A client certificate the server had not seen before was refused. */
  clientRejected(certificate: { id: string; subject: string; fingerprint: string }): void;
}

/** Users the OPC UA server signs in besides its own (Enhanced Security's operator accounts,
 * server/services/security-accounts.ts): the user of that name, with its password hash and rights,
 * as it is now; undefined for none. */
export type ExtraOpcuaUsers = (username: string) => ExtraOpcuaUser | undefined;

type OpcuaSignInLimits = Pick<SignInLimits, 'admit' | 'succeeded' | 'failed' | 'abandoned'>;

export class OpcuaServerService {
  private engine: Engine | null = null;
  private extraUsers: ExtraOpcuaUsers = () => undefined;
  private pki: OpcuaPki | null = null;
  private runState: State = 'stopped';
  /** The settings and tree the running server was started with. */
  private runningWith: { settings: OpcuaSettingsStored; project: Project; certificate: number } | null = null;
  /** The settings and tree to run: the device's from `start`, then as applied. */
  private desired: { settings: OpcuaSettingsStored; project: Project | null };
  private certificateVersion = 0;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private startedAt: number | null = null;
  private lastError: OpcuaStatus['error'] = null;
  /** Diagnostics: since when, and the last failure (kept after a later start succeeds). */
  private tracker: HealthTracker | null = null;
  private discoveryState: DiscoveryState | null = null;
  private waitingFor: OpcuaStatus['waiting_for'] = null;
  private knownRejected = new Set<string>();
  private closed = false;
  private pkiReady: Promise<OpcuaPki> | null = null;

  private readonly dir: string;
  private readonly trace: TraceLog;
  private readonly tagValues: TagValues;
  private readonly runningProject: () => Project | null;
  private readonly options: OpcuaServiceOptions;
  private readonly events: OpcuaEvents;
  /** Sign-in attempts per address and per user: the console's limits, buckets of the OPC UA server's own. */
  private readonly limits: OpcuaSignInLimits;
  /** Where each user last signed in from, and when (host clock): `${key}\n${source}` → time. */
  private readonly signIns = new Map<string, number>();
  /** The device clock: the values' time, when the server started. */
  private readonly now: () => number;
  /** The host clock: the validity of the certificates made here (checked by other machines). */
  private readonly clockNow: () => number;

  constructor(deps: {
    dir: string;
    trace: TraceLog;
    tagValues: TagValues;
    runningProject: () => Project | null;
    /** The stored settings at the device's start. */
    settings: OpcuaSettingsStored;
    options: OpcuaServiceOptions;
    events: OpcuaEvents;
    /** Sign-in attempts per address and per user: the console's limits (SignInLimits) made for
     * the OPC UA server's users, buckets of its own. */
    limits: (accounts: SignInAccounts) => OpcuaSignInLimits;
    /** The device clock: the values' time, when the server started. */
    now: () => number;
    /** The host clock: the validity of the certificates made here (checked by other machines). */
    clockNow: () => number;
  }) {
    this.dir = deps.dir;
    this.trace = deps.trace;
    this.tagValues = deps.tagValues;
    this.runningProject = deps.runningProject;
    this.options = deps.options;
    this.events = deps.events;
    this.limits = deps.limits({
      // The OPC UA users, its own and the other sources' (every other name counts as one).
      isAccount: (name) => this.isUser(name),
      signedInFrom: (key, source, since) => (this.signIns.get(`${key}\n${source}`) ?? -Infinity) > since,
    });
    this.now = deps.now;
    this.tracker = new HealthTracker('opcua', () => this.now());
    this.clockNow = deps.clockNow;
    this.desired = { settings: deps.settings, project: null };
    this.trace.setLevel(deps.settings.trace_level);
  }

  /** Signs in `users` too, after the server's own users (a name the server has is its own user).
   * Read at every sign-in and permission check, so a change of those accounts holds at once. */
  useExtraUsers(users: ExtraOpcuaUsers): void {
    this.extraUsers = users;
  }

  /** Starts the server with the running project's tree if the settings say so (the device's
   * start, once the project runs). Nothing of node-opcua is loaded, and no key made, before it is
   * needed. */
  async start(project: Project): Promise<void> {
    this.desired = { ...this.desired, project };
    if (!this.desired.settings.enabled) return;
    this.reconcile();
    await this.settled();
  }

  /** The PKI folders and the server's own certificate, made once; the certificates already
   * rejected are noted so that only new ones are reported. */
  private ready(): Promise<OpcuaPki> {
    this.pkiReady ??= (async () => {
      const { OpcuaPki } = loadPki();
      loadEngine().attachTrace(this.trace);
      const pki = new OpcuaPki(this.dir, this.clockNow);
      await pki.ensureOwn(this.identity());
      if (await pki.reissueHostNameUri(this.identity())) {
        this.trace.write('warning', `The UA server certificate has been reissued with the URI ${this.identity().applicationUri} (it named the host before). UA clients must trust the new certificate to connect.`);
      }
      for (const id of pki.rejectedIds()) this.knownRejected.add(id);
      this.pki = pki;
      return pki;
    })();
    return this.pkiReady;
  }

  /** The certificates, as the Certificates tab lists them. */
  async certificates(): Promise<OpcuaCertificates> {
    const pki = await this.ready();
    this.noteRejected();
    return pki.list();
  }

  /** What a certificate made here names: the stable URI, and every name and address a client may
   * use (the host name, `localhost`, the interface addresses as they are when it is made). */
  private identity() {
    return {
      applicationName: this.desired.settings.server_name,
      applicationUri: stableApplicationUri(this.options.deviceId()),
      hostnames: [...new Set([this.options.hostname, os.hostname(), 'localhost'])],
      ips: [...new Set(['127.0.0.1', ...interfaceAddresses()])],
    };
  }

  /** New settings: applied at once (a running server restarts with them). */
  applySettings(settings: OpcuaSettingsStored): void {
    this.desired = { ...this.desired, settings };
    this.trace.setLevel(settings.trace_level);
    this.reconcile();
  }

  /** A new tree or new tags (a saved edit, a new project). */
  applyProject(project: Project): void {
    this.desired = { ...this.desired, project };
    this.reconcile();
  }

  /** The server certificate changed: a running server restarts to present the new one. */
  certificateChanged(): void {
    this.certificateVersion++;
    this.reconcile();
  }

  async regenerateCertificate(): Promise<void> {
    const pki = await this.ready();
    await pki.ensureOwn(this.identity(), true);
    this.trace.write('warning', 'The UA server certificate has been reissued. UA clients must trust the new certificate to connect.');
    this.certificateChanged();
  }

  /** Resolves once every change asked for so far is applied. */
  settled(): Promise<void> {
    return this.queue;
  }

  private reconcile(): void {
    this.pending++;
    this.queue = this.queue
      .then(() => this.step())
      .catch((err: unknown) => {
        this.trace.write('error', `OPC UA server: ${err instanceof Error ? err.message : String(err)}`);
        this.health$().failed(err);
      })
      .finally(() => {
        this.pending--;
      });
  }

  private async step(): Promise<void> {
    if (this.closed) return;
    const want = this.desired;
    const running = this.runningWith;
    const same =
      running !== null &&
      running.project === want.project &&
      running.certificate === this.certificateVersion &&
      JSON.stringify(running.settings) === JSON.stringify(want.settings);
    if (this.engine && same && want.settings.enabled) return;
    if (this.engine && running && want.settings.enabled && want.project && running.certificate === this.certificateVersion && restartPart(running.settings) === restartPart(want.settings)) {
      if (this.applyLive(this.engine, running, { settings: want.settings, project: want.project })) return;
    }
    if (this.engine) await this.stopServer(want.settings.enabled ? 'to apply new settings' : 'disabled');
    if (want.settings.enabled && want.project && !this.closed) await this.startServer(want.settings, want.project);
  }

  /** Applies a new tree, or new users and rights, to the running server without restarting it.
   * Answers false when node-opcua refused (the caller restarts the server instead). */
  private applyLive(engine: Engine, running: { settings: OpcuaSettingsStored; project: Project }, want: { settings: OpcuaSettingsStored; project: Project }): boolean {
    try {
      if (running.project !== want.project) {
        const c = engine.applyProject(want.project);
        const names = (list: string[]) => (list.length > 20 ? `${list.slice(0, 20).join(', ')} and ${list.length - 20} more` : list.join(', '));
        const parts = [
          c.added.length > 0 ? `added ${names(c.added)}` : '',
          c.removed.length > 0 ? `removed ${names(c.removed)}` : '',
          c.moved.length > 0 ? `moved ${names(c.moved)}` : '',
          c.folders.added.length + c.folders.removed.length > 0 ? `folders added ${c.folders.added.length}, removed ${c.folders.removed.length}` : '',
        ].filter((p) => p !== '');
        if (parts.length > 0) this.trace.write('info', `Applied the new tree without a restart: ${parts.join('; ')}`);
      }
      if (JSON.stringify(running.settings.users) !== JSON.stringify(want.settings.users)) {
        const { closedSessions } = engine.applyUsers(want.settings.users);
        this.trace.write('info', `Applied the new users and rights without a restart${closedSessions > 0 ? `; ${closedSessions} session(s) of removed users or changed passwords closed` : ''}`);
      }
      this.runningWith = { ...want, certificate: this.certificateVersion };
      return true;
    } catch (err) {
      this.trace.write('warning', `Could not apply the change to the running server (${err instanceof Error ? err.message : String(err)}); restarting it`);
      return false;
    }
  }

  private async startServer(settings: OpcuaSettingsStored, project: Project): Promise<void> {
    this.lastError = null;
    if (this.options.reservedPorts.includes(settings.port)) {
      this.lastError = { code: 'port_in_use', message: `Port ${settings.port} is used by the panel's web server` };
      this.trace.write('error', this.lastError.message);
      this.health$().failed(this.lastError.message);
      return;
    }
    const pki = await this.ready();
    const { startEngine } = loadEngine();
    const certificate = this.certificateVersion;
    this.trace.write('info', `Starting the OPC UA server on port ${settings.port}`);
    if (settings.discovery) this.discoveryState = 'registering';
    try {
      this.engine = await startEngine(
        settings,
        project,
        pki,
        // The applicationUri is the one the certificate names (the stable one, unless an uploaded
        // certificate names another): a client checks that they match.
        { host: this.options.host, hostname: this.options.hostname, applicationUri: pki.ownUri() ?? this.identity().applicationUri, version: this.options.version },
        {
          trace: this.trace,
          valueOf: (tag) => {
            const running = this.runningProject();
            if (running) this.tagValues.sync(running);
            const v = this.tagValues.value(tag.name, this.now());
            if (tag.data_type === 'bit') return v === 1;
            if (tag.data_type === 'string') return typeof v === 'string' ? v : '';
            return typeof v === 'number' ? v : 0;
          },
          // The one write path WebView's writes take too (TagValues.writeChecked): access, type, length.
          write: (tag, value) => {
            const running = this.runningProject();
            if (running) this.tagValues.sync(running);
            const written = this.tagValues.writeChecked(tag.name, value, this.now());
            return written.ok ? null : written.error;
          },
          extraUser: (username) => this.extraUsers(username),
          admit: (source, username) => {
            try {
              this.limits.admit(source, username);
              return null;
            } catch (err) {
              if (err instanceof ApiError && typeof err.extra.qty === 'number') return err.extra.qty;
              throw err;
            }
          },
          signedIn: (source, username, ok) => {
            if (!ok) {
              this.limits.failed(username, source);
              return;
            }
            this.limits.succeeded(source, username);
            this.rememberSignIn(username, source);
          },
          signInAbandoned: (username) => this.limits.abandoned(username),
          channelFailed: () => this.noteRejected(),
          discovery: (state) => this.setDiscovery(state),
        },
      );
      this.runState = 'running';
      this.startedAt = this.now();
      this.health$().set('running');
      this.runningWith = { settings, project, certificate };
      this.trace.write('info', `OPC UA server running at ${this.engine.endpointUrl()}`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const inUse = /EADDRINUSE|address already in use/i.test(message);
      this.lastError = inUse ? { code: 'port_in_use', message: `Port ${settings.port} is already in use` } : { code: 'start_failed', message };
      this.trace.write('error', `The OPC UA server did not start: ${this.lastError.message}`);
      this.health$().failed(this.lastError.message);
      this.engine = null;
      this.runState = 'stopped';
      this.discoveryState = null;
    }
  }

  /** Whether a name is a user of the OPC UA server: its own, or another source's. */
  private isUser(name: string): boolean {
    return this.desired.settings.users.some((u) => u.username === name) || this.extraUsers(name) !== undefined;
  }

  /** The address a user just signed in from: the account throttle does not hold it back later. */
  private rememberSignIn(username: string, source: string): void {
    const key = `${accountKey(username, (name) => this.isUser(name))}\n${source}`;
    this.signIns.delete(key);
    this.signIns.set(key, this.clockNow());
    if (this.signIns.size > MAX_KNOWN_SIGN_INS) this.signIns.delete(this.signIns.keys().next().value!);
  }

  private setDiscovery(state: DiscoveryState | null): void {
    if (this.runState === 'stopping' && state !== null) return;
    this.discoveryState = state;
    const url = this.desired.settings.discovery?.url ?? '';
    if (state === 'registered') this.trace.write('info', `Registered with the discovery server ${url}`);
    if (state === 'unavailable') this.trace.write('warning', `The discovery server ${url} is unavailable; the server keeps trying to register`);
  }

  private async stopServer(why: string): Promise<void> {
    const engine = this.engine;
    if (!engine) return;
    this.runState = 'stopping';
    this.trace.write('info', `Stopping the OPC UA server (${why})`);
    if (this.discoveryState) {
      // §4: a shutdown unregisters from the discovery server first, and waits for it when it is unavailable.
      this.waitingFor = this.discoveryState === 'unavailable' ? 'discovery_server' : null;
      this.discoveryState = 'unregistering';
    }
    try {
      await engine.shutdown();
    } catch (err) {
      this.trace.write('warning', `Shutdown: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.engine = null;
    this.runningWith = null;
    this.startedAt = null;
    this.discoveryState = null;
    this.waitingFor = null;
    this.runState = 'stopped';
    this.health$().set(this.desired.settings.enabled ? 'stopped' : 'disabled');
    this.trace.write('info', 'OPC UA server stopped');
  }

  /** Looks for certificates refused since the last look: each is reported once (the trace line
   * and an operation-log row). Called when a secure channel fails and whenever the status or the
   * certificates are read. */
  noteRejected(): void {
    if (!this.pki) return;
    let rejected: OpcuaCertificate[];
    try {
      rejected = this.pki.rejected();
    } catch {
      return;
    }
    for (const cert of rejected) {
      if (this.knownRejected.has(cert.id)) continue;
      this.knownRejected.add(cert.id);
      this.trace.write('warning', `The UA client certificate '${cert.subject}' has been rejected. The server cannot accept connections from the client.`);
      this.events.clientRejected({ id: cert.id, subject: cert.subject, fingerprint: cert.fingerprint });
    }
  }

  reservedPorts(): number[] {
    return this.options.reservedPorts;
  }

  traceAfter(seq: number, limit: number) {
    return this.trace.after(seq, limit);
  }

  traceText(): string {
    return this.trace.fileText();
  }

  /** Trust: the rejected client's certificate joins the trusted clients; it connects from now on. */
  async trustRejected(id: string): Promise<OpcuaCertificate> {
    const cert = await (await this.ready()).trustRejected(id);
    this.knownRejected.delete(id);
    this.trace.write('info', `The UA client certificate '${cert.subject}' has been trusted.`);
    return cert;
  }

  async replaceCertificate(certificate: Buffer, key: Buffer): Promise<void> {
    await (await this.ready()).replaceOwn(certificate, key);
    this.trace.write('warning', 'The UA server certificate has been replaced. UA clients must trust the new certificate to connect.');
    this.certificateChanged();
  }

  async addCertificate(list: Exclude<CertificateList, 'rejected'>, bytes: Buffer): Promise<{ id: string; description: string }> {
    const added = await (await this.ready()).add(list, bytes);
    this.knownRejected.delete(added.id);
    this.trace.write('info', `Added to ${list}: ${added.description}`);
    return added;
  }

  async removeCertificate(list: CertificateList, id: string): Promise<void> {
    await (await this.ready()).remove(list, id);
    this.knownRejected.delete(id);
    this.trace.write('info', `Removed from ${list}: ${id}`);
  }

  async certificateFile(list: CertificateList | 'own', id: string): Promise<Buffer> {
    return (await this.ready()).file(list, id);
  }

  private health$(): HealthTracker {
    return (this.tracker ??= new HealthTracker('opcua', () => this.now()));
  }

  /** Diagnostics: running, stopped (or stopping), error while its last start failed, disabled by
   * its setting; where it listens while it runs. */
  health(): ServiceHealth {
    const settings = this.desired.settings;
    const state = this.runState === 'running' ? 'running' : this.lastError ? 'error' : !settings.enabled ? 'disabled' : 'stopped';
    return this.health$().health(state, this.runState === 'running' && this.engine ? this.engine.endpointUrl() : null);
  }

  status(): OpcuaStatus {
    this.noteRejected();
    const settings = this.desired.settings;
    const engine = this.engine;
    return {
      state: this.runState,
      enabled: settings.enabled,
      restarting: this.pending > 0 && settings.enabled,
      endpoint_url: this.runState === 'running' && engine ? engine.endpointUrl() : null,
      sessions: this.runState === 'running' && engine ? engine.sessions() : 0,
      since: this.startedAt === null ? null : new Date(this.startedAt).toISOString(),
      error: this.lastError,
      discovery: settings.discovery && this.discoveryState ? { url: settings.discovery.url, state: this.discoveryState } : null,
      waiting_for: this.waitingFor,
      rejected: this.pki ? safeCount(() => this.pki!.rejectedIds().length) : 0,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue.catch(() => undefined);
    if (this.engine) await this.stopServer('the device stops');
    if (this.pkiReady) {
      const pki = await this.pkiReady.catch(() => null);
      loadEngine().detachTrace(this.trace);
      await pki?.dispose();
    }
  }
}

function safeCount(f: () => number): number {
  try {
    return f();
  } catch {
    return 0;
  }
}
