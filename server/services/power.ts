import { stopwatch } from '../lib/clock';

/**
 * The simulated panel's power: a reboot makes the device unreachable for a while, as a real panel
 * is while it restarts into a new OS. While it is down the listeners (server/listen.ts) drop every
 * connection, new or open, HTTP and WebSocket alike: the console sees the panel vanish, then come
 * back. Nothing of the device's state is lost: what the reboot installs was committed before.
 */
export class PowerService {
  /** Running while the panel is away: how long it has been. */
  private downSince: (() => number) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly downListeners = new Set<() => void>();
  private readonly upListeners = new Set<(awayMs: number) => void>();

  get rebooting(): boolean {
    return this.downSince !== null;
  }

  /** Called as the device goes down (drop open connections). */
  onDown(listener: () => void): () => void {
    this.downListeners.add(listener);
    return () => this.downListeners.delete(listener);
  }

  /** Called as the device is back, with how long it was away. */
  onUp(listener: (awayMs: number) => void): () => void {
    this.upListeners.add(listener);
    return () => this.upListeners.delete(listener);
  }

  /** Goes down now and comes back after `awayMs`; a reboot while rebooting is ignored. */
  reboot(awayMs: number): void {
    if (this.downSince !== null) return;
    this.downSince = stopwatch();
    for (const l of this.downListeners) l();
    this.timer = setTimeout(() => this.up(), awayMs);
    this.timer.unref();
  }

  private up(): void {
    if (this.downSince === null) return;
    const away = this.downSince();
    this.downSince = null;
    this.timer = null;
    for (const l of this.upListeners) l(away);
  }

  /** Stops a pending return (the server shuts down). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
