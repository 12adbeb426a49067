import { z } from 'zod';
import { defineCall } from './define';
import { DATA_ROUTES } from './data.routes';
import { jobStartedSchema } from './jobs';
import { MEDIA } from '../media';
import { AUDIT_ACTIONS } from '../audit';
import { ACKNOWLEDGING_ACCOUNTS, ALARM_SEVERITIES, BACKUP_CONTENTS, OPLOG_RETENTION_DAYS, OPLOG_RETENTION_ROWS, rangeProblem, TREND_POINTS_DEFAULT, VIEW_MAX } from '../rules/data';

/** An instant as ISO 8601 with its offset (`2026-11-25T06:00:00Z`, `2026-11-25T07:00:00+01:00`). */
export const isoInstant = z.iso.datetime({ offset: true });

/** A page's place in a list: the opaque value a previous page answered as `next_cursor`. */
const cursor = z.string().regex(/^\d{1,16}$/, 'not a cursor this list answered');

const logId = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** `from` and `to` of a query, each optional; `to` may not come before `from`. */
const range = {
  from: isoInstant.optional(),
  to: isoInstant.optional(),
};
function rangeChecked<T extends z.ZodObject<{ from: z.ZodOptional<typeof isoInstant> | typeof isoInstant; to: z.ZodOptional<typeof isoInstant> | typeof isoInstant }>>(schema: T) {
  return schema.refine((q: { from?: string; to?: string }) => q.from === undefined || q.to === undefined || rangeProblem(Date.parse(q.from), Date.parse(q.to)) === null, {
    path: ['to'],
    message: 'must not be before from',
  });
}

// ---------------------------------------------------------------- data logs

export const dataLogSchema = z
  .object({
    id: z.number().int().min(1),
    name: z.string(),
    sample_period_s: z.number().int().min(1),
    /** The tags it samples, in the order of their columns. */
    tags: z.array(z.string()),
    max_records: z.number().int().min(1),
    /** How many records it holds now. */
    records: z.number().int().min(0),
    /** The time of its oldest and newest record, null while it holds none. */
    first: isoInstant.nullable(),
    last: isoInstant.nullable(),
  })
  .meta({ id: 'DataLog' });

export const logs = defineCall({
  ...DATA_ROUTES.logs,
  tag: 'data',
  summary: "The running project's data logs: their tags, sample period, and the records they hold (an empty list when the project has none)",
  access: { kind: 'menu', menu: 'data_log' },
  response: z.array(dataLogSchema).meta({ id: 'DataLogs' }),
});

/** One point of a trend: the time of the bucket's first record (milliseconds since 1970), then the
 * lowest, highest and last value of the tag in the bucket (null for a tag without numbers). */
export const trendPointSchema = z
  .tuple([z.number(), z.number().nullable(), z.number().nullable(), z.number().nullable()])
  // JSON Schema: OpenAPI linters want `items` beside `prefixItems`; maxItems 4 keeps it unused.
  .meta({ items: { type: ['number', 'null'] } });

export const trend = defineCall({
  ...DATA_ROUTES.trend,
  tag: 'data',
  summary: `A data log's tags over a range as at most ${VIEW_MAX} points per series, computed on the device: each point is a bucket of records with its min, max and last value, so spikes stay visible at any range`,
  access: { kind: 'menu', menu: 'data_log' },
  params: logId,
  query: rangeChecked(
    z.object({
      ...range,
      points: z.coerce.number().int().min(2).max(VIEW_MAX).default(TREND_POINTS_DEFAULT),
    }),
  ),
  response: z
    .object({
      log_id: z.number().int(),
      /** The records in the range. */
      records: z.number().int().min(0),
      /** Records per point: 1 when every record is a point of its own. */
      bucket_records: z.number().min(0),
      series: z.array(z.object({ tag: z.string(), points: z.array(trendPointSchema) })),
    })
    .meta({ id: 'Trend' }),
});

export const dataRecordSchema = z.object({
  /** The record's number in its log (they only grow). */
  seq: z.number().int().min(0),
  time: isoInstant,
  /** One value per tag of the log, in the order of its `tags`. */
  values: z.array(z.union([z.number(), z.string(), z.null()])),
});

export const records = defineCall({
  ...DATA_ROUTES.records,
  tag: 'data',
  summary: `One page of a data log's records in a range (at most ${VIEW_MAX}), newest first unless \`order\` is asc`,
  access: { kind: 'menu', menu: 'data_log' },
  params: logId,
  query: rangeChecked(
    z.object({
      ...range,
      limit: z.coerce.number().int().min(1).max(VIEW_MAX).default(VIEW_MAX),
      cursor: cursor.optional(),
      order: z.enum(['asc', 'desc']).default('desc'),
    }),
  ),
  response: z
    .object({
      log_id: z.number().int(),
      tags: z.array(z.string()),
      /** The records in the range, over every page. */
      total: z.number().int().min(0),
      records: z.array(dataRecordSchema),
      next_cursor: cursor.nullable(),
    })
    .meta({ id: 'DataRecords' }),
});

export const exportLog = defineCall({
  ...DATA_ROUTES.exportLog,
  tag: 'data',
  summary: 'Every record of a data log in a range as CSV (time, then one column per tag), streamed; the header x-record-count says how many rows follow',
  access: { kind: 'menu', menu: 'data_log' },
  params: logId,
  query: rangeChecked(z.object(range)),
  download: { contentType: 'text/csv; charset=utf-8' },
  response: z.custom<Blob>(() => true),
});

// ---------------------------------------------------------------- event log

export const EVENT_STATES = ['all', 'active', 'unacknowledged'] as const;

/** Severities as a comma-separated list (`high,medium`). */
const severities = z
  .string()
  .regex(new RegExp(`^(${ALARM_SEVERITIES.join('|')})(,(${ALARM_SEVERITIES.join('|')}))*$`), `a comma-separated list of ${ALARM_SEVERITIES.join(', ')}`);

const eventFilter = {
  ...range,
  severity: severities.optional(),
  state: z.enum(EVENT_STATES).default('all'),
  /** Words in the alarm's name, message or tag. */
  text: z.string().max(100).optional(),
};

export const alarmEventSchema = z
  .object({
    id: z.number().int().min(1),
    alarm_id: z.number().int(),
    name: z.string(),
    tag: z.string(),
    severity: z.enum(ALARM_SEVERITIES),
    message: z.string(),
    /** The tag's value when the alarm was raised. */
    value: z.number().nullable(),
    raised_at: isoInstant,
    /** Still raised: its condition holds. */
    active: z.boolean(),
    acknowledged_at: isoInstant.nullable(),
    acknowledged_by: z.string().nullable(),
    cleared_at: isoInstant.nullable(),
    /** The tag's value when the condition ended. */
    cleared_value: z.number().nullable(),
  })
  .meta({ id: 'AlarmEvent' });

export const events = defineCall({
  ...DATA_ROUTES.events,
  tag: 'data',
  summary: `Alarm events, newest first, filtered by time, severity, state and text (at most ${VIEW_MAX} a page); with the counts of active and unacknowledged alarms`,
  access: { kind: 'menu', menu: 'event_log' },
  query: rangeChecked(
    z.object({
      ...eventFilter,
      limit: z.coerce.number().int().min(1).max(VIEW_MAX).default(200),
      cursor: cursor.optional(),
    }),
  ),
  response: z
    .object({
      /** The alarms the running project defines (none: the event log is not enabled). */
      alarms: z.number().int().min(0),
      active: z.number().int().min(0),
      unacknowledged: z.number().int().min(0),
      /** The events that match, over every page. */
      total: z.number().int().min(0),
      events: z.array(alarmEventSchema),
      next_cursor: cursor.nullable(),
    })
    .meta({ id: 'AlarmEvents' }),
});

/** Admin and Update acknowledge alarms; History reads the event log only. */
const acknowledging = { kind: 'menu', menu: 'event_log', accounts: ACKNOWLEDGING_ACCOUNTS } as const;

export const ackEvent = defineCall({
  ...DATA_ROUTES.ackEvent,
  tag: 'data',
  summary: 'Acknowledges an alarm event (an event already acknowledged stays as it was)',
  access: acknowledging,
  params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
  response: alarmEventSchema,
  audit: { action: 'acknowledge_alarm', target: 'event_log' },
});

export const ackAllEvents = defineCall({
  ...DATA_ROUTES.ackAllEvents,
  tag: 'data',
  summary: 'Acknowledges every unacknowledged alarm event',
  access: acknowledging,
  response: z.object({ acknowledged: z.number().int().min(0) }).meta({ id: 'AlarmsAcknowledged' }),
  audit: { action: 'acknowledge_all_alarms', target: 'event_log' },
});

export const exportEvents = defineCall({
  ...DATA_ROUTES.exportEvents,
  tag: 'data',
  summary: 'Every alarm event that matches the filter as CSV, newest first, streamed (x-record-count says how many)',
  access: { kind: 'menu', menu: 'event_log' },
  query: rangeChecked(z.object(eventFilter)),
  download: { contentType: 'text/csv; charset=utf-8' },
  response: z.custom<Blob>(() => true),
});

// ---------------------------------------------------------------- operation log

export const OPERATION_RESULTS = ['success', 'failure'] as const;

const operationFilter = {
  ...range,
  /** An account's name, or `device` for the rows the device wrote by itself. */
  account: z.string().min(1).max(64).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  result: z.enum(OPERATION_RESULTS).optional(),
};

export const operationSchema = z
  .object({
    id: z.number().int().min(1),
    at: isoInstant,
    /** Null for the device's own rows. */
    account: z.string().nullable(),
    source: z.string(),
    action: z.string(),
    target: z.string(),
    /** The values before and after the change, secrets masked (`***`); null when not recorded. */
    before: z.unknown(),
    after: z.unknown(),
    /** `success`, or the error code the change was refused with. */
    result: z.string(),
    /** Refused sign-ins from one address are one row per 10 minutes: how many, until when, of which results. */
    repeat_count: z.number().int().min(1),
    repeat_last_at: isoInstant.nullable(),
    repeat_results: z.record(z.string(), z.number()).nullable(),
  })
  .meta({ id: 'Operation' });

export const operations = defineCall({
  ...DATA_ROUTES.operations,
  tag: 'data',
  summary: `The operation log, newest first, filtered by time, account, action and result (at most ${VIEW_MAX} rows a page)`,
  access: { kind: 'menu', menu: 'operation_log' },
  query: rangeChecked(
    z.object({
      ...operationFilter,
      limit: z.coerce.number().int().min(1).max(VIEW_MAX).default(200),
      cursor: cursor.optional(),
    }),
  ),
  response: z
    .object({ total: z.number().int().min(0), entries: z.array(operationSchema), next_cursor: cursor.nullable() })
    .meta({ id: 'Operations' }),
});

export const exportOperations = defineCall({
  ...DATA_ROUTES.exportOperations,
  tag: 'data',
  summary: 'Every operation-log row that matches the filter as CSV, newest first, streamed (x-record-count says how many)',
  access: { kind: 'menu', menu: 'operation_log' },
  query: rangeChecked(z.object(operationFilter)),
  download: { contentType: 'text/csv; charset=utf-8' },
  response: z.custom<Blob>(() => true),
});

/** How much of the operation log the device keeps: at most `rows` rows, none older than `days`. */
export const oplogRetentionSchema = z
  .object({
    rows: z.number().int().min(OPLOG_RETENTION_ROWS.min).max(OPLOG_RETENTION_ROWS.max),
    days: z.number().int().min(OPLOG_RETENTION_DAYS.min).max(OPLOG_RETENTION_DAYS.max),
  })
  .meta({ id: 'OperationLogRetention' });

export const getRetention = defineCall({
  ...DATA_ROUTES.getRetention,
  tag: 'data',
  summary: 'How much of the operation log the device keeps (rows and days; the oldest rows go first)',
  access: { kind: 'menu', menu: 'operation_log' },
  response: oplogRetentionSchema,
});

export const setRetention = defineCall({
  ...DATA_ROUTES.setRetention,
  tag: 'data',
  summary: 'Sets how much of the operation log the device keeps; rows past it are removed at once',
  access: { kind: 'menu', menu: 'operation_log', accounts: ['admin'] },
  body: oplogRetentionSchema,
  response: oplogRetentionSchema,
  audit: { action: 'set_oplog_retention', target: 'operation_log' },
});

// ---------------------------------------------------------------- data backup

export const media = defineCall({
  ...DATA_ROUTES.media,
  tag: 'data',
  summary: 'Whether the USB stick and the SD card are in, for the accounts that back data up to them',
  access: { kind: 'menu', menu: 'backup_data' },
  response: z.object({ media: z.array(z.object({ medium: z.enum(MEDIA), present: z.boolean() })) }).meta({ id: 'DataMedia' }),
});

const backupBody = {
  what: z
    .array(z.enum(BACKUP_CONTENTS))
    .min(1)
    .max(BACKUP_CONTENTS.length)
    .refine((w) => new Set(w).size === w.length, 'names a content twice'),
  from: isoInstant,
  to: isoInstant,
};
function backupChecked<T extends z.ZodObject<typeof backupBody & { target: z.ZodType }>>(schema: T) {
  return schema.refine((b: { from: string; to: string }) => rangeProblem(Date.parse(b.from), Date.parse(b.to)) === null, { path: ['to'], message: 'must not be before from' });
}

export const backup = defineCall({
  ...DATA_ROUTES.backup,
  tag: 'data',
  summary:
    'A backup of the data logs, the event log and the operation log (what is asked) in a range, as one archive to download: a tar.gz of a CSV per log and a manifest with the device, versions, range, row counts and the SHA-256 of each file',
  access: { kind: 'menu', menu: 'backup_data' },
  body: backupChecked(z.object({ ...backupBody, target: z.literal('download') })),
  download: { contentType: 'application/gzip' },
  response: z.custom<Blob>(() => true),
  audit: { action: 'backup_data', target: 'data' },
});

export const backupToMedia = defineCall({
  ...DATA_ROUTES.backupToMedia,
  tag: 'data',
  summary: 'Writes the same archive to the USB stick or the SD card, as a job (GET /api/v1/jobs/{id} follows it; its result names the file)',
  access: { kind: 'menu', menu: 'backup_data' },
  body: backupChecked(z.object({ ...backupBody, target: z.enum(MEDIA) })),
  successStatus: 202,
  response: jobStartedSchema,
  audit: { action: 'backup_data_to_media', target: 'data' },
});
