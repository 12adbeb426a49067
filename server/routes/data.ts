import fs from 'node:fs';
import path from 'node:path';
import * as data from '../../contract/api/data';
import { MEDIA } from '../../contract/media';
import type { AlarmSeverity } from '../../contract/rules/data';
import { registerCall } from '../http/register-call';
import { defineServerArea, setting } from '../http/area';
import { DEFAULT_OPLOG_RETENTION } from '../../contract/rules/data';
import { registerSettingPair } from '../http/setting-pair';
import { ApiError } from '../lib/api-error';
import { stampOf } from '../lib/stamp';
import { DataBackupService, type DeviceFacts } from '../services/data-backup';
import { DataLogService } from '../services/datalog';
import { AlarmService } from '../services/alarms';
import { Recorder } from '../services/recorder';
import { OperationLogReader } from '../services/operation-log';
import { JobFailure } from '../services/jobs';
import type { Device } from '../device';

const ms = (iso: string | undefined) => (iso === undefined ? undefined : Date.parse(iso));
const cursorOf = (c: string | undefined) => (c === undefined ? undefined : Number(c));

function facts(device: Device): DeviceFacts {
  return {
    serial: device.settings.get('device_identity').serial_number,
    model: device.project.project.model,
    hmiName: device.settings.get('hmi_name'),
    osVersion: device.settings.get('os_version'),
    webVersion: device.version,
    project: device.project.project.name,
  };
}

function fileLabel(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 64) || 'log';
}

export const dataArea = defineServerArea({
  name: 'data',
  settings: {
    /** How much of the operation log is kept: at most `rows` rows, none older than `days` days; the
     * oldest go first, and each pruning writes one row saying what went. */
    oplog_retention: setting(data.oplogRetentionSchema, () => ({ ...DEFAULT_OPLOG_RETENTION })),
  },
  services: (
    device,
    options: {
      /** The runtime's scan every second (data logs, alarms); tests that drive `recorder.scan`
       * themselves turn it off. */
      recorder?: boolean;
    },
  ) => {
    const { db, project, time } = device;
    const now = () => time.nowMs();
    /** The running project's data logs: records, trends, CSV. */
    const dataLogs = new DataLogService(db, now);
    project.onActivate((id, p) => dataLogs.replace(id, p));
    /** The running project's alarms and the event log. */
    const alarms = new AlarmService(db);
    /** The operation log as read by the Operation Log screen. */
    const operations = new OperationLogReader(db);
    return {
      dataLogs,
      alarms,
      operations,
      /** The runtime's scan that samples the data logs and evaluates the alarms. */
      recorder: new Recorder({ runtime: project.runtime, tags: device.tagValues, dataLogs, alarms, now }),
      /** Backups of the data logs, the event log and the operation log. */
      dataBackup: new DataBackupService({ dataLogs, alarms, operations, now, mediaRoot: path.join(device.dataDir, 'media') }),
    };
  },
  start(device, options) {
    device.dataLogs.ensureActive(device.project.active());
    if (options.recorder !== false) device.recorder.start();
  },
  close: ({ recorder }) => recorder.close(),
  health: ({ recorder }) => recorder.health(),
  register(app, device) {
    const notFound = () => ApiError.notFound('No such data log in the running project');

    registerCall(app, device, data.logs, () => device.dataLogs.list());

    registerCall(app, device, data.trend, ({ params, query }) => {
      const trend = device.dataLogs.trend(params.id, ms(query.from), ms(query.to), query.points);
      if (!trend) throw notFound();
      return trend;
    });

    registerCall(app, device, data.records, ({ params, query }) => {
      const page = device.dataLogs.records(params.id, ms(query.from), ms(query.to), query.limit, cursorOf(query.cursor), query.order);
      if (!page) throw notFound();
      return page;
    });

    registerCall(app, device, data.exportLog, ({ params, query, reply }) => {
      const csv = device.dataLogs.csv(params.id, ms(query.from), ms(query.to));
      if (!csv) throw notFound();
      const name = `${fileLabel(device.dataLogs.nameOf(params.id) ?? 'log')}-${stampOf(device.time.nowMs())}.csv`;
      reply.header('content-disposition', `attachment; filename="${name}"`).header('x-record-count', String(csv.count));
      return csv.stream;
    });

    const eventFilter = (q: { from?: string; to?: string; severity?: string; state: 'all' | 'active' | 'unacknowledged'; text?: string }) => ({
      from: ms(q.from),
      to: ms(q.to),
      severities: q.severity ? (q.severity.split(',') as AlarmSeverity[]) : undefined,
      state: q.state,
      text: q.text?.trim() || undefined,
    });

    registerCall(app, device, data.events, ({ query }) => ({
      alarms: device.project.runtime.project?.alarms.length ?? device.project.project.alarms.length,
      ...device.alarms.list(eventFilter(query), query.limit, cursorOf(query.cursor)),
    }));

    registerCall(app, device, data.ackEvent, ({ params, caller, audit }) => {
      const done = device.alarms.acknowledge(params.id, caller.username, device.time.nowMs());
      if (!done) throw ApiError.notFound('No such alarm event');
      audit({ target: `event_log.${params.id}`, after: { event: params.id, alarm: done.event.name, acknowledged: done.changed } });
      return done.event;
    });

    registerCall(app, device, data.ackAllEvents, ({ caller, audit }) => {
      const acknowledged = device.alarms.acknowledgeAll(caller.username, device.time.nowMs());
      audit({ after: { acknowledged } });
      return { acknowledged };
    });

    registerCall(app, device, data.exportEvents, ({ query, reply }) => {
      const csv = device.alarms.csv(eventFilter(query));
      reply.header('content-disposition', `attachment; filename="events-${stampOf(device.time.nowMs())}.csv"`).header('x-record-count', String(csv.count));
      return csv.stream;
    });

    const operationFilter = (q: { from?: string; to?: string; account?: string; action?: string; result?: 'success' | 'failure' }) => ({
      from: ms(q.from),
      to: ms(q.to),
      account: q.account,
      action: q.action,
      result: q.result,
    });

    registerCall(app, device, data.operations, ({ query }) => device.operations.list(operationFilter(query), query.limit, cursorOf(query.cursor)));

    registerCall(app, device, data.exportOperations, ({ query, reply }) => {
      const csv = device.operations.csv(operationFilter(query));
      reply.header('content-disposition', `attachment; filename="operations-${stampOf(device.time.nowMs())}.csv"`).header('x-record-count', String(csv.count));
      return csv.stream;
    });

    // A lower retention applies at once.
    registerSettingPair(app, device, { key: 'oplog_retention', get: data.getRetention, set: data.setRetention, applied: () => device.retention.run() });

    registerCall(app, device, data.media, () => ({
      media: MEDIA.map((medium) => ({ medium, present: fs.existsSync(device.dataBackup.mediumPath(medium)) })),
    }));

    registerCall(app, device, data.backup, async ({ body, reply, audit }) => {
      const request = { what: body.what, from: Date.parse(body.from), to: Date.parse(body.to) };
      audit({ after: { what: body.what, from: body.from, to: body.to } });
      const dir = device.project.newStagingDir();
      try {
        const built = await device.dataBackup.build(request, facts(device), dir);
        audit({ after: { what: body.what, from: body.from, to: body.to, file: built.fileName, size: built.size, rows: Object.fromEntries(built.manifest.files.map((f) => [f.path, f.rows])) } });
        const stream = fs.createReadStream(built.file);
        stream.on('close', () => device.project.discardStaging(dir));
        reply
          .header('content-disposition', `attachment; filename="${built.fileName}"`)
          .header('content-length', String(built.size))
          .header('x-record-count', String(built.manifest.files.reduce((n, f) => n + f.rows, 0)));
        return stream;
      } catch (err) {
        device.project.discardStaging(dir);
        throw err;
      }
    });

    registerCall(app, device, data.backupToMedia, ({ body, caller, audit }) => {
      if (device.jobs.running(['data_backup'])) throw new ApiError(409, 'job_running', 'A data backup is being written: one at a time');
      if (!fs.existsSync(device.dataBackup.mediumPath(body.target))) {
        throw ApiError.notFound(`No ${body.target === 'usb' ? 'USB stick' : 'SD card'} is in the device`);
      }
      const job = device.jobs.create('data_backup', caller.username, { what: body.what, from: body.from, to: body.to, medium: body.target });
      audit({ after: { what: body.what, from: body.from, to: body.to, medium: body.target, job: job.id } });
      void runMediaBackup(device, job.id, caller.username, { what: body.what, from: Date.parse(body.from), to: Date.parse(body.to) }, body.target);
      return { job_id: job.id };
    });
  },
});

/** The media backup job: gather (rows as its progress), then write (bytes as its progress). */
async function runMediaBackup(device: Device, jobId: string, account: string, request: { what: ('datalog' | 'eventlog' | 'operationlog')[]; from: number; to: number }, medium: 'usb' | 'sd') {
  const { jobs } = device;
  const dir = device.project.newStagingDir();
  try {
    jobs.step(jobId, 'prepare');
    const built = await device.dataBackup.build(request, facts(device), dir, (done, total) => jobs.progress(jobId, done, total));
    jobs.step(jobId, 'write_archive');
    const name = await device.dataBackup.writeToMedium(built, medium, (done, total) => jobs.progress(jobId, done, total));
    jobs.finish(jobId, { file_name: name, size: built.size });
    device.oplog.record({ account, source: 'device', action: 'data_backup_finished', target: 'data', after: { job: jobId, medium, file: name, size: built.size }, values: null, result: 'success' });
  } catch (err) {
    const code = err instanceof ApiError ? err.errorCode : 'internal_error';
    try {
      jobs.fail(jobId, new JobFailure(code, err instanceof Error ? err.message : String(err)));
      device.oplog.record({ account, source: 'device', action: 'data_backup_finished', target: 'data', after: { job: jobId, medium }, values: null, result: code });
    } catch {
      // The device closed meanwhile: the job ends as interrupted at the next start.
    }
  } finally {
    device.project.discardStaging(dir);
  }
}
