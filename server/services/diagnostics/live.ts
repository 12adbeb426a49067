import fs from 'node:fs';
import os from 'node:os';
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';
import type { LiveSample } from '../../../contract/api/diagnostics';
import { stopwatch } from '../../lib/clock';
import type { Listeners } from '../listeners';

/** Two reads closer than this answer the same sample: the CPU shares need a span to mean anything,
 * and two consoles polling at once should not halve it. */
export const MIN_SAMPLE_SPAN_MS = 250;

/** How often the event-loop probe's timer runs (ms): finer costs a wake-up that often. */
export const EVENT_LOOP_PROBE_MS = 20;

interface CpuTimes {
  busy: number;
  total: number;
}

/** Busy and total time of every core of the host, in ms, as the system counts them. */
function hostCpuTimes(): CpuTimes {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, irq, idle } = cpu.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + irq + idle;
  }
  return { busy, total };
}

const clampPercent = (n: number) => (Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0);
const nsToMs = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);

export interface LiveSamplerDeps {
  /** The device clock: the sample's stamp. */
  now(): number;
  dataDir: string;
  listeners: Listeners;
}

/**
 * Samples the device's load for Diagnostics' Live section, when asked (no timer of its own but the
 * event-loop probe, running while the device runs): the device process's CPU share and
 * memory, the host's CPU share, load and memory, the event loop's delay, the connections open on
 * the listeners, the data folder's disk. CPU shares and the delay are over the span since the
 * previous sample.
 */
export class LiveSampler {
  private readonly histogram: RecordableHistogram = createHistogram();
  private probe: NodeJS.Timeout | null = null;
  private elapsed = stopwatch();
  private lastAt = -Infinity;
  private last: Promise<LiveSample> | null = null;
  private lastProcessCpu = process.cpuUsage();
  private lastProcessAt = this.elapsed();
  private lastHost = hostCpuTimes();

  constructor(private readonly deps: LiveSamplerDeps) {}

  /** Starts the event-loop probe: a timer every EVENT_LOOP_PROBE_MS that records how much later
   * than asked it ran (perf_hooks' monitorEventLoopDelay, on Node 20, does not see a loop blocked
   * by one long task: a test blocks it 400 ms). */
  start(): void {
    if (this.probe) return;
    let previous = this.elapsed();
    this.probe = setInterval(() => {
      const now = this.elapsed();
      // In nanoseconds, at least 1 (the histogram takes positive integers only).
      this.histogram.record(Math.max(1, Math.round((now - previous - EVENT_LOOP_PROBE_MS) * 1e6)));
      previous = now;
    }, EVENT_LOOP_PROBE_MS);
    this.probe.unref();
  }

  close(): void {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
  }

  sample(): Promise<LiveSample> {
    const at = this.elapsed();
    if (this.last && at - this.lastAt < MIN_SAMPLE_SPAN_MS) return this.last;
    this.lastAt = at;
    this.last = this.take(at);
    return this.last;
  }

  private async take(at: number): Promise<LiveSample> {

    const cpu = process.cpuUsage();
    const cores = Math.max(1, os.availableParallelism?.() ?? os.cpus().length);
    const spanMs = Math.max(1, at - this.lastProcessAt);
    const processBusyMs = (cpu.user - this.lastProcessCpu.user + cpu.system - this.lastProcessCpu.system) / 1000;
    this.lastProcessCpu = cpu;
    this.lastProcessAt = at;

    const host = hostCpuTimes();
    const hostTotal = host.total - this.lastHost.total;
    const hostCpu = hostTotal > 0 ? ((host.busy - this.lastHost.busy) / hostTotal) * 100 : 0;
    this.lastHost = host;

    const h = this.histogram;
    const eventLoop = h.count > 0 ? { p50_ms: nsToMs(h.percentile(50)), p99_ms: nsToMs(h.percentile(99)), max_ms: nsToMs(h.max) } : { p50_ms: 0, p99_ms: 0, max_ms: 0 };
    h.reset();

    const memory = process.memoryUsage();
    const usage = process.resourceUsage();
    const [connections, disk] = await Promise.all([this.deps.listeners.connections(), this.disk()]);
    const load = os.loadavg();
    const sample: LiveSample = {
      at: new Date(this.deps.now()).toISOString(),
      uptime_s: process.uptime(),
      process: {
        cpu_percent: clampPercent((processBusyMs / spanMs / cores) * 100),
        rss_bytes: memory.rss,
        // resourceUsage's maxRSS is in kilobytes.
        max_rss_bytes: Math.max(memory.rss, usage.maxRSS * 1024),
        heap_used_bytes: memory.heapUsed,
        heap_total_bytes: memory.heapTotal,
        external_bytes: memory.external,
      },
      host: {
        cpu_percent: clampPercent(hostCpu),
        cpus: cores,
        load: { one: load[0] ?? 0, five: load[1] ?? 0, fifteen: load[2] ?? 0 },
        memory_total_bytes: os.totalmem(),
        memory_free_bytes: os.freemem(),
      },
      event_loop: eventLoop,
      connections,
      disk,
    };
    return sample;
  }

  private async disk(): Promise<LiveSample['disk']> {
    try {
      const s = await fs.promises.statfs(this.deps.dataDir);
      return { total_bytes: s.blocks * s.bsize, free_bytes: s.bfree * s.bsize, available_bytes: s.bavail * s.bsize };
    } catch {
      return null;
    }
  }
}
