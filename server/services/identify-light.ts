import type { Clock } from '../lib/clock';

/** The identification LED (the light itself is simulated: docs/decisions.md#the-simulated-panel).
 * Blinking is a deadline, not a setting: a restart ends it, as it would on a panel. */
export class IdentifyLightService {
  private until = 0;

  constructor(private readonly clock: Clock) {}

  status(): { active: boolean; seconds_left: number } {
    const left = Math.max(0, Math.ceil((this.until - this.clock.now()) / 1000));
    return { active: left > 0, seconds_left: left };
  }

  start(seconds: number): { active: boolean; seconds_left: number } {
    this.until = this.clock.now() + seconds * 1000;
    return this.status();
  }

  stop(): { active: boolean; seconds_left: number } {
    this.until = 0;
    return this.status();
  }
}
