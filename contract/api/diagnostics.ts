import { z } from 'zod';
import { defineCall } from './define';
import { DIAGNOSTICS_ROUTES } from './diagnostics.routes';

/** Admin's, and update's or history's when granted the Diagnostics menu (contract/roles.ts). */
const access = { kind: 'menu', menu: 'diagnostics' } as const;

const bytes = z.number().int().min(0);
const percent = z.number().min(0).max(100);
const ms = z.number().min(0);

// ---- Live -------------------------------------------------------------------------------------

/** One sample of the device's load (GET /diagnostics/live): the console polls it every 2 s while
 * its Live section is open and draws the last minute. CPU shares are over the time since the
 * previous sample (any client's), of all the host's cores together (100 = every core busy). */
export const liveSampleSchema = z
  .object({
    /** When it was taken (ISO, the device clock). */
    at: z.string(),
    /** Seconds the device process has run. */
    uptime_s: z.number().min(0),
    process: z.object({
      cpu_percent: percent,
      /** Resident memory, and the largest it has been. */
      rss_bytes: bytes,
      max_rss_bytes: bytes,
      heap_used_bytes: bytes,
      heap_total_bytes: bytes,
      external_bytes: bytes,
    }),
    host: z.object({
      cpu_percent: percent,
      cpus: z.number().int().min(1),
      /** The 1, 5 and 15 minute load averages (0 where the system has none). */
      load: z.object({ one: z.number().min(0), five: z.number().min(0), fifteen: z.number().min(0) }),
      memory_total_bytes: bytes,
      memory_free_bytes: bytes,
    }),
    /** How late the event loop ran its timers since the previous sample: median, 99th percentile
     * and the worst, in milliseconds. */
    event_loop: z.object({ p50_ms: ms, p99_ms: ms, max_ms: ms }),
    /** Connections open now on the console's listeners and the time socket's clients; null for a
     * listener the device does not run (a test device answering without listening). */
    connections: z.object({ http: z.number().int().min(0).nullable(), https: z.number().int().min(0).nullable(), time_socket: z.number().int().min(0).nullable() }),
    /** The file system of the data folder; null where the system cannot tell. */
    disk: z.object({ total_bytes: bytes, free_bytes: bytes, available_bytes: bytes }).nullable(),
  })
  .meta({ id: 'DiagnosticsLiveSample' });

export const live = defineCall({
  ...DIAGNOSTICS_ROUTES.live,
  tag: 'diagnostics',
  summary:
    'One sample of the device\'s load: CPU and memory of the device process and of the host, event-loop delay, open connections, disk of the data folder',
  access,
  response: liveSampleSchema,
});

export type LiveSample = z.infer<typeof liveSampleSchema>;

// ---- Services ---------------------------------------------------------------------------------

export const SERVICE_STATES = ['running', 'stopped', 'error', 'disabled'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

/** One service the device runs, as an area reports it (`health` of its server area): running,
 * stopped (it may run but does not now), error (it failed), disabled (turned off by a setting or
 * the project). */
export const serviceHealthSchema = z
  .object({
    /** Its id (`ftp`, `opcua`, …): the console names it from its texts. */
    id: z.string().regex(/^[a-z][a-z0-9_]*$/).max(40),
    state: z.enum(SERVICE_STATES),
    /** When it came to this state (ISO, the device clock); null when the device cannot tell. */
    since: z.string().nullable(),
    /** Its last failure, even when it has recovered since: when, and the system's words. */
    last_error: z.object({ at: z.string(), message: z.string() }).nullable(),
    /** Where it listens or what it talks to (`0.0.0.0:4840`, the relay's host), when it says. */
    detail: z.string().nullable(),
  })
  .meta({ id: 'DiagnosticsServiceHealth' });

export type ServiceHealth = z.infer<typeof serviceHealthSchema>;
