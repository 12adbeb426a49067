import type { Clock } from '../lib/clock';
import type { SettingsService } from './settings';
import { formatDisplayTime, localPartsToMs, parseSetTime, partsOfLocal } from '../../contract/rules/device-time';
import { ApiError } from '../lib/api-error';

/** Device time = host clock + a stored offset (docs/decisions.md#device-time); the host clock is
 * never changed. It is the clock of every date the device stamps (see server/lib/clock.ts). */
export class DeviceTimeService implements Clock {
  constructor(private readonly clock: Clock, private readonly settings: SettingsService) {}

  nowMs(): number {
    return this.clock.now() + this.settings.get('time_offset_ms');
  }

  now(): number {
    return this.nowMs();
  }

  display(): string {
    return formatDisplayTime(partsOfLocal(this.nowMs()));
  }

  /** Sets the device time from `YYYY.MM.DD-HH:mm:ss` (device-local wall time). */
  set(text: string): { before: string; after: string } {
    const parts = parseSetTime(text);
    if (!parts) throw ApiError.validation('time', 'not a valid date and time (YYYY.MM.DD-HH:mm:ss)');
    const before = this.display();
    this.settings.set('time_offset_ms', localPartsToMs(parts) - this.clock.now());
    return { before, after: this.display() };
  }
}
