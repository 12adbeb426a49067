import { z } from 'zod';
import { defineCall } from './define';
import { DIAGNOSTICS_ROUTES } from './diagnostics.routes';
import { selfCheckSchema } from './self-check';
import { BUNDLE_ACCESS, SELF_CHECK_ACCESS } from '../rules/self-check';
import {
  LOG_LEVELS,
  LOG_PAGE_DEFAULT,
  LOG_PAGE_MAX,
  LOG_TEXT_MAX,
  REACH_ERRORS,
  REACH_PORT_MAX,
  REACH_PORT_MIN,
} from '../rules/diagnostics';

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

export const services = defineCall({
  ...DIAGNOSTICS_ROUTES.services,
  tag: 'diagnostics',
  summary:
    'The services the device runs (HTTP, HTTPS, time socket, runtime scan, data logger, OPC UA, FTP, SMTP outbox, remote access, …): each one\'s state, since when, its last error',
  access,
  response: z.object({ services: z.array(serviceHealthSchema) }).meta({ id: 'DiagnosticsServices' }),
});

// ---- Log --------------------------------------------------------------------------------------

const seq = z.coerce.number().int().min(0);

export const logQuerySchema = z.object({
  /** The lowest level answered (all by default). */
  level: z.enum(LOG_LEVELS).optional(),
  /** Entries whose message or context holds this, in any case. */
  text: z.string().max(LOG_TEXT_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(LOG_PAGE_MAX).default(LOG_PAGE_DEFAULT),
  /** Older than this entry (the next page down). */
  before: seq.optional(),
  /** Newer than this entry (the live tail: the last `newest` read). */
  after: seq.optional(),
});

export const logEntrySchema = z
  .object({
    /** Its place in the log: later entries have larger numbers. */
    seq: z.number().int().min(0),
    /** When it was written (ISO, the device clock). */
    time: z.string(),
    level: z.enum(LOG_LEVELS),
    msg: z.string(),
    /** Its other fields as JSON (a request's method and path, an error), secrets removed; null
     * without any. */
    context: z.string().nullable(),
  })
  .meta({ id: 'DiagnosticsLogEntry' });

export const log = defineCall({
  ...DIAGNOSTICS_ROUTES.log,
  tag: 'diagnostics',
  summary:
    'The device\'s log, newest first: the entries kept in memory (the last 10,000) at or above a level, holding a text, a page at a time (`before`) or those newer than one (`after`, a live tail). Passwords, tokens and other secrets are removed before an entry is kept',
  access,
  query: logQuerySchema,
  response: z
    .object({
      entries: z.array(logEntrySchema),
      /** The newest entry the device has (any level or text): the next tail asks `after` it. */
      newest: z.number().int().min(0),
      /** Older entries match beyond this page. */
      more: z.boolean(),
    })
    .meta({ id: 'DiagnosticsLog' }),
});

// ---- Reachability -----------------------------------------------------------------------------

export const reachRequestSchema = z
  .object({
    /** A host name or an IPv4/IPv6 address, at most 253 characters (contract/rules/diagnostics.ts
     * judges it, so the form and the device say the same; the schema only bounds the body). */
    host: z.string().max(1024),
    port: z.number().int().min(REACH_PORT_MIN).max(REACH_PORT_MAX),
  })
  .meta({ id: 'DiagnosticsReachRequest' });

const reachError = z.enum(REACH_ERRORS).nullable();

export const reachResultSchema = z
  .object({
    host: z.string(),
    port: z.number().int(),
    /** The look-up (the device's resolver, its hosts file included); an address is its own. */
    dns: z.object({ ok: z.boolean(), literal: z.boolean(), addresses: z.array(z.string()), ms: ms, error: reachError, detail: z.string().nullable() }),
    /** The TCP connection to the first address that answers; null when the look-up failed. */
    tcp: z.object({ ok: z.boolean(), address: z.string().nullable(), ms: ms, error: reachError, detail: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'DiagnosticsReachResult' });

export const reach = defineCall({
  ...DIAGNOSTICS_ROUTES.reach,
  tag: 'diagnostics',
  summary:
    'Tests from the device a DNS look-up of a host and a TCP connection to host:port, each bounded to 5 s: the addresses, the time taken, and why it failed (dns_not_found, refused, timeout, unreachable, …). 400 for a host that is not a host name or an IP address',
  access,
  body: reachRequestSchema,
  response: reachResultSchema,
  audit: { action: 'test_reachability', target: 'diagnostics.reach' },
});

// ---- Security self-check and diagnostic bundle ------------------------------------------------

export const selfCheck = defineCall({
  ...DIAGNOSTICS_ROUTES.selfCheck,
  tag: 'diagnostics',
  summary:
    'The security self-check: what weakens the panel now (plain HTTP, initial passwords, password rules off, OPC UA with None or anonymous, FTP without TLS, a proxy in clear, API keys without expiry, certificates expiring within 30 days, …), each with its severity, the setting to change and the menu that changes it; empty when nothing is found',
  access: SELF_CHECK_ACCESS,
  response: selfCheckSchema,
});

export const bundle = defineCall({
  ...DIAGNOSTICS_ROUTES.bundle,
  tag: 'diagnostics',
  summary:
    'The diagnostic bundle, a tar.gz streamed as it is made: system facts, every setting, the last 10,000 log lines, the services\' states, the security self-check and the database\'s integrity check, every secret removed. Admin only (it holds every setting), even when Diagnostics is granted to another account',
  access: BUNDLE_ACCESS,
  download: { contentType: 'application/gzip' },
  response: z.custom<Blob>(() => true),
  audit: { action: 'download_diagnostic_bundle', target: 'diagnostics.bundle' },
});

export type LogEntry = z.infer<typeof logEntrySchema>;
export type ReachResult = z.infer<typeof reachResultSchema>;
