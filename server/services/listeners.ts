import type { Server } from 'node:net';
import type { ServiceHealth, ServiceState } from '../../contract/api/diagnostics';

/** The core's own services: the console's two listeners and the time socket. */
export const LISTENER_IDS = ['http', 'https', 'time_socket'] as const;
export type ListenerId = (typeof LISTENER_IDS)[number];

interface Tracked {
  state: ServiceState;
  since: number | null;
  lastError: { at: number; message: string } | null;
  detail: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The console's listeners (HTTP, HTTPS) and the time socket, as server/listen.ts starts them: their
 * state since when, their last error, and the connections open on them now (Diagnostics). A device
 * that answers without listening (the tests' `inject`) has none: they read as stopped and their
 * connections as unknown.
 */
export class Listeners {
  private readonly servers = new Map<'http' | 'https', Server>();
  private socketClients: (() => number) | null = null;
  private readonly tracked = new Map<ListenerId, Tracked>(LISTENER_IDS.map((id) => [id, { state: 'stopped', since: null, lastError: null, detail: null }]));

  /** `now`: the device clock (every date the device stamps). */
  constructor(private readonly now: () => number) {}

  private set(id: ListenerId, state: ServiceState, detail?: string | null): void {
    const t = this.tracked.get(id)!;
    if (t.state !== state || t.since === null) {
      t.state = state;
      t.since = this.now();
    }
    if (detail !== undefined) t.detail = detail;
  }

  /** Records a failure of one of them (it keeps its state unless `state` says otherwise). */
  failed(id: ListenerId, err: unknown, state?: ServiceState): void {
    this.tracked.get(id)!.lastError = { at: this.now(), message: err instanceof Error ? err.message : String(err) };
    if (state) this.set(id, state);
  }

  /** A listener that listens now: followed until it closes, its errors recorded. */
  listening(id: 'http' | 'https', server: Server): void {
    this.servers.set(id, server);
    const address = server.address();
    this.set(id, 'running', address && typeof address === 'object' ? `${address.address}:${address.port}` : null);
    server.on('error', (err) => this.failed(id, err, server.listening ? undefined : 'error'));
    server.on('close', () => {
      this.servers.delete(id);
      this.set(id, 'stopped');
    });
  }

  /** The time socket, with the number of its clients. */
  socketRunning(clients: () => number): void {
    this.socketClients = clients;
    this.set('time_socket', 'running');
  }

  socketStopped(): void {
    this.socketClients = null;
    this.set('time_socket', 'stopped');
  }

  /** The connections open now on each, null for one that does not run. */
  async connections(): Promise<Record<ListenerId, number | null>> {
    const count = (server: Server | undefined) =>
      server ? new Promise<number | null>((resolve) => server.getConnections((err, n) => resolve(err ? null : n))) : Promise.resolve(null);
    const [http, https] = await Promise.all([count(this.servers.get('http')), count(this.servers.get('https'))]);
    return { http, https, time_socket: this.socketClients ? this.socketClients() : null };
  }

  health(): ServiceHealth[] {
    return LISTENER_IDS.map((id) => {
      const t = this.tracked.get(id)!;
      return {
        id,
        state: t.state,
        since: iso(t.since),
        last_error: t.lastError ? { at: iso(t.lastError.at)!, message: t.lastError.message } : null,
        detail: t.detail,
      };
    });
  }
}
