import type { ServiceHealth, ServiceState } from '../../contract/api/diagnostics';

/**
 * What a service tracks for Diagnostics' Services (docs/decisions.md#diagnostics): its state since
 * when, and its last failure, kept after it recovers. The service calls `set` where its state
 * changes and `failed` where something fails; `health` also takes the state as read now, so a
 * change that happened where the service does not call `set` still moves `since` (to when it was
 * first seen).
 */
export class HealthTracker {
  private state: ServiceState | null = null;
  private since: number | null = null;
  private lastError: { at: number; message: string } | null = null;
  /** When the tracker was made (the device's start, for a service made with it). */
  private readonly made: number;

  /** `now`: the device clock (every date the device stamps). */
  constructor(
    readonly id: string,
    private readonly now: () => number,
  ) {
    this.made = now();
  }

  /** The state now; `since` moves only when it changes. The first state is taken to hold since the
   * tracker was made: a service sets its state where it changes, so one it has not set since is
   * the state it started in. */
  set(state: ServiceState): void {
    if (state === this.state) return;
    this.since = this.state === null ? this.made : this.now();
    this.state = state;
  }

  /** A failure: its words, at the device's time now. The state is the caller's to set. */
  failed(err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    this.lastError = { at: this.now(), message: message.slice(0, 500) };
  }

  /** The service's entry, with its state as read now. */
  health(state: ServiceState, detail: string | null = null): ServiceHealth {
    this.set(state);
    return {
      id: this.id,
      state,
      since: this.since === null ? null : new Date(this.since).toISOString(),
      last_error: this.lastError ? { at: new Date(this.lastError.at).toISOString(), message: this.lastError.message } : null,
      detail,
    };
  }
}
