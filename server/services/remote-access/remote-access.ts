/**
 * Remote access on the device: the stored settings, the region that holds until the next reboot,
 * the simulated hardware key, and the one connection (./connection.ts).
 *
 * A change to Global or China holds until the next reboot (specification §4): it is kept in
 * memory, used at once, and the stored region (Custom with its host and port, or the factory
 * Global) comes back when the panel restarts (the process, or the simulated reboot of an update).
 * A change to Custom is stored.
 */
import { z } from 'zod';
import { secret } from '../../../contract/api/secret';
import { PROXY_PROTOCOLS, REMOTE_REGIONS, type RemoteRegion } from '../../../contract/rules/remote-access';
import type { SettingsService } from '../settings';
import type { OperationLog } from '../operation-log';
import type { ServiceHealth, ServiceState } from '../../../contract/api/diagnostics';
import { HealthTracker } from '../service-health';
import { RemoteConnection, simulatedHardwareKey, type LocalTarget, type RemoteStatus, type Timers } from './connection';

/** The settings as stored: the passwords are secrets (masked in the operation log, never answered). */
export const storedRemoteAccessSchema = z.object({
  enabled: z.boolean(),
  partner_name: z.string(),
  partner_password: secret(z.string()),
  proxy: z.object({
    protocol: z.enum(PROXY_PROTOCOLS),
    host: z.string(),
    port: z.number().int(),
    user: z.string(),
    password: secret(z.string()),
  }),
  region: z.enum(REMOTE_REGIONS),
  custom_host: z.string(),
  custom_port: z.number().int(),
});
export type StoredRemoteAccess = z.infer<typeof storedRemoteAccessSchema>;

export interface RemoteAccessOptions {
  /** The simulated hardware key: `missing`, `unreadable`, or anything else for a present key
   * (default: the environment's HMI_REMOTE_KEY, read at each attempt). */
  hardwareKey?: () => string | undefined;
  /** Where relayed connections go (default: the panel's own listener, see `localTarget` below). */
  localTarget?: () => LocalTarget;
  timers?: Timers;
  delayMs?: (failures: number) => number;
}

export class RemoteAccessService {
  /** Global or China chosen since the last start: holds until the next reboot. */
  private regionUntilReboot: RemoteRegion | null = null;
  readonly connection: RemoteConnection;
  /** The listener relayed connections go to: the plain HTTP one while plain HTTP is on, else the
   * HTTPS one (the browser then speaks TLS with the panel itself, through the relay). The server
   * area points it at the app's own listener once it listens. */
  localTarget: () => LocalTarget;
  /** A localTarget was given in the options (tests): the area leaves it. */
  readonly fixedTarget: boolean;

  constructor(
    private readonly deps: { settings: SettingsService; oplog: OperationLog; now: () => number },
    options: RemoteAccessOptions & { host?: string; port?: number },
  ) {
    const { settings } = deps;
    const localHost = !options.host || options.host === '0.0.0.0' ? '127.0.0.1' : options.host === '::' ? '::1' : options.host;
    this.fixedTarget = options.localTarget !== undefined;
    this.localTarget = options.localTarget ?? (() => ({ host: localHost, port: options.port ?? 8080, scheme: 'http' }));
    const keyMode = options.hardwareKey ?? (() => process.env.HMI_REMOTE_KEY);
    this.connection = new RemoteConnection({
      config: () => {
        const s = this.stored();
        if (s.partner_name === '' || s.partner_password === '') return null;
        return {
          partner: s.partner_name,
          password: s.partner_password,
          region: this.region(),
          custom_host: s.custom_host,
          custom_port: s.custom_port,
          proxy: s.proxy,
        };
      },
      hardwareKey: () => simulatedHardwareKey(keyMode(), settings.get('remote_access_key') as string),
      localTarget: () => this.localTarget(),
      now: deps.now,
      ...(options.timers ? { timers: options.timers } : {}),
      ...(options.delayMs ? { delayMs: options.delayMs } : {}),
      changed: (status, before) => this.record(status, before),
    });
  }

  stored(): StoredRemoteAccess {
    return this.deps.settings.get('remote_access') as StoredRemoteAccess;
  }

  /** The region connections use now. */
  region(): RemoteRegion {
    return this.regionUntilReboot ?? this.stored().region;
  }

  /** A region chosen: Global or China until the next reboot, Custom stored (answers what to store). */
  chooseRegion(region: RemoteRegion): RemoteRegion {
    if (region === 'custom') {
      this.regionUntilReboot = null;
      return 'custom';
    }
    this.regionUntilReboot = region === this.stored().region ? null : region;
    return this.stored().region;
  }

  /** The panel restarted (the simulated reboot): the stored region is back. */
  rebooted(): void {
    this.regionUntilReboot = null;
    this.connection.reconfigure();
  }

  status(): RemoteStatus {
    return this.connection.status();
  }

  start(): void {
    this.health$().set(healthStateOf(this.status()));
    if (this.stored().enabled) this.connection.connect();
  }

  close(): void {
    this.connection.close();
  }

  /** Diagnostics: connected is running, not activated disabled, connecting stopped (on its way),
   * occupied or disconnected an error, with the service's code and words. */
  private tracker: HealthTracker | null = null;

  private health$(): HealthTracker {
    return (this.tracker ??= new HealthTracker('remote_access', this.deps.now));
  }

  health(): ServiceHealth {
    const status = this.status();
    return this.health$().health(healthStateOf(status), status.state === 'connected' ? (status.domain ?? null) : null);
  }

  /** A state the connection reached by itself: one operation-log row (the QR code left out). */
  private record(status: RemoteStatus, before: RemoteStatus): void {
    this.health$().set(healthStateOf(status));
    if (status.state === 'occupied' || status.state === 'disconnected') this.health$().failed([status.code, status.detail].filter(Boolean).join(': ') || status.state);
    // Connecting is a step, and not_activated follows the administrator's own Disconnect (its
    // call's row says so).
    if (status.state === 'connecting' || status.state === 'not_activated') return;
    const { qr_svg: _qr, retry_at: _retry, ...after } = status;
    this.deps.oplog.record({
      account: null,
      source: 'device',
      action: 'remote_access_state',
      target: 'remote_access.connection',
      before: { state: before.state, ...(before.code ? { code: before.code } : {}) },
      after,
      values: null,
      result: status.state === 'connected' ? 'success' : (status.code ?? status.state),
    });
  }
}

function healthStateOf(status: RemoteStatus): ServiceState {
  switch (status.state) {
    case 'connected':
      return 'running';
    case 'not_activated':
      return 'disabled';
    case 'connecting':
      return 'stopped';
    default:
      return 'error';
  }
}
