/**
 * The runtime's scan: once a second, while a project runs, the data logs that are due sample their
 * tags and every alarm is evaluated, whatever screen is open (or none). The scan uses the device
 * clock; a log samples once per period, at the first scan of each period.
 */
import type { ProjectRuntime } from './project/runtime';
import type { TagValues } from './tag-values';
import type { DataLogService } from './datalog';
import type { AlarmService } from './alarms';
import type { Project } from '../../contract/project-format';
import type { ServiceHealth } from '../../contract/api/diagnostics';
import { HealthTracker } from './service-health';

export const SCAN_INTERVAL_MS = 1000;

export class Recorder {
  private timer: NodeJS.Timeout | null = null;
  private loaded: Project | null = null;

  private readonly runtime: ProjectRuntime;
  private readonly tags: TagValues;
  private readonly dataLogs: DataLogService;
  private readonly alarms: AlarmService;
  private readonly now: () => number;
  /** Diagnostics: the scan, and the data logs' writing within it. */
  private readonly scanHealth: HealthTracker;
  private readonly logHealth: HealthTracker;
  private scanFailed = false;
  private logFailed = false;

  constructor(deps: {
    runtime: ProjectRuntime;
    tags: TagValues;
    dataLogs: DataLogService;
    alarms: AlarmService;
    now: () => number;
  }) {
    this.runtime = deps.runtime;
    this.tags = deps.tags;
    this.dataLogs = deps.dataLogs;
    this.alarms = deps.alarms;
    this.now = deps.now;
    this.scanHealth = new HealthTracker('runtime_scan', deps.now);
    this.logHealth = new HealthTracker('data_logger', deps.now);
  }

  /** One scan at `now` (device time, ms). */
  scan(now = this.now()): void {
    const project = this.runtime.project;
    if (!project) return;
    if (project !== this.loaded) {
      this.tags.sync(project);
      this.loaded = project;
    }
    try {
      for (const log of this.dataLogs.activeLogs()) {
        const period = log.samplePeriodMs;
        if (log.lastT !== -Infinity && Math.floor(now / period) <= Math.floor(log.lastT / period)) continue;
        this.dataLogs.append(log.id, now, log.tags.map((t) => this.tags.value(t, now)));
      }
      this.logFailed = false;
    } catch (err) {
      this.logFailed = true;
      this.logHealth.failed(err);
      throw err;
    }
    this.alarms.evaluate(project.alarms, (tag) => this.tags.value(tag, now), now);
    this.dataLogs.purgeInactive();
  }

  start(): void {
    if (this.timer) return;
    const tick = () => {
      try {
        this.scan();
        this.scanFailed = false;
      } catch (err) {
        // A scan that failed (the disk full, say) is tried again at the next tick.
        this.scanFailed = true;
        this.scanHealth.failed(err);
      }
    };
    this.scanHealth.set(this.runtime.project ? 'running' : 'stopped');
    tick();
    this.timer = setInterval(tick, SCAN_INTERVAL_MS);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.scanHealth.set('stopped');
  }

  /** Diagnostics: the scan runs while its timer does and a project runs, in error while its last
   * tick failed; the data logger runs while the scan does and the project has data logs (disabled
   * without any), in error while its last write failed. */
  health(): ServiceHealth[] {
    const scanning = this.timer !== null && this.runtime.project !== null;
    const logs = scanning ? this.dataLogs.activeLogs().length : 0;
    return [
      this.scanHealth.health(scanning ? (this.scanFailed ? 'error' : 'running') : 'stopped'),
      this.logHealth.health(!scanning ? 'stopped' : this.logFailed ? 'error' : logs === 0 ? 'disabled' : 'running'),
    ];
  }
}
