import type { Server } from 'node:http';
import type { TLSSocket } from 'node:tls';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerFactory, type FastifyBaseLogger } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { openDatabase } from './db/database';
import { systemClock } from './lib/clock';
import { ApiError } from './lib/api-error';
import { SettingsService } from './services/settings';
import { AccountsService } from './services/accounts';
import { TokenService } from './services/tokens';
import { LockoutService } from './services/lockout';
import { OperationLog } from './services/operation-log';
import { TagValues } from './services/tag-values';
import { SignInLimits } from './services/sign-in-limits';
import { LogRetention } from './services/log-retention';
import { DeviceTimeService } from './services/device-time';
import { DEFAULT_MAX_UPLOAD_BYTES, DEFAULT_RUNTIME_TIMING, ProjectService } from './services/project';
import { PowerService } from './services/power';
import { Listeners } from './services/listeners';
import { DeviceLog, RANK } from './services/device-log';
import { LOG_LEVELS, type LogLevel } from '../contract/rules/diagnostics';
import { secretPaths } from './lib/mask';
import { ALL_CALLS } from '../contract/api';
import { JobsService } from './services/jobs';
import { UpdateSlot } from './services/update-slot';
import { DEFAULT_KEEP_FREE_BYTES, StagingQuota, statfsFreeBytes } from './services/staging-quota';
import { DEFAULT_BODY_LIMITS, registerBodyGuards, type BodyLimits } from './http/request-body';
import { applySecurityHeaders, registerSecurityHeaders } from './http/security-headers';
import { registerConsole } from './http/console';
import { refusePlainHttp } from './http/own-host';
import type { LargestUpload, ServerArea } from './http/area';
import { SERVER_AREAS, SETTING_DEFS } from './areas';
import type { CoreDevice, Device, DeviceOptions } from './device';
import type { AccountName } from '../contract/roles';
import { JOB_KINDS_DEF } from '../contract/jobs';
import type { AuditTarget } from '../contract/audit';
import sampleProject from './sample-project/sample-project.json';

export const SERVER_VERSION = '0.1.0';

/** createDevice's options: the core's (server/device.ts) and every area's, by the names each
 * gives them (`services` in server/http/area.ts). */
export type { DeviceOptions };

/** The areas, as the assembly below sees them (each with its own services and options). */
const AREAS: readonly ServerArea[] = SERVER_AREAS;

export type AppOptions = DeviceOptions & {
  /** The built console (`dist/`); null serves the API only. */
  consoleDir?: string | null;
  /** false (the tests): nothing on stdout, the device's log still kept (`device.deviceLog`); true
   * or pino's options: JSON lines on stdout too. A logger of its own is used as it is, and keeps
   * nothing in the device's log. */
  logger?: boolean | FastifyBaseLogger | Record<string, unknown>;
  serverFactory?: FastifyServerFactory;
  /** How fast a request body must come (server/http/request-body.ts); tests shorten the window. */
  body?: Partial<Omit<BodyLimits, 'drainMultipartBytes'>>;
};

export interface CreatedDevice {
  device: Device;
  /** The initial passwords, only on the start that created the accounts. */
  credentials: Record<AccountName, string> | null;
  /** Admin's new password, only on a start that recovered administrator access. */
  recovered: string | null;
}

/** The largest upload of the project (the core's) and of every area that takes files. */
function largestUploads(device: Device): LargestUpload[] {
  const uploads: LargestUpload[] = [{ bytes: device.project.options.maxUploadBytes }];
  for (const area of AREAS) {
    const upload = area.largestUpload?.(device);
    if (upload) uploads.push(upload);
  }
  return uploads;
}

/** Makes one device: the core, then every area's services in the order of server/areas.ts, then
 * the core starts (the project runs), then every area's `start` in the same order
 * (server/http/area.ts). */
export async function createDevice(opts: DeviceOptions): Promise<CreatedDevice> {
  const clock = opts.clock ?? systemClock;
  const db = openDatabase(opts.dataDir);
  const settings = new SettingsService(db, SETTING_DEFS);
  // Every date the device stamps comes from the device clock; the host clock measures only the
  // lifetimes of tokens, lockouts and limits (server/lib/clock.ts says why).
  const time = new DeviceTimeService(clock, settings);
  const accounts = new AccountsService(db, time, opts.dataDir);
  const credentials = await accounts.ensureAccounts(opts.initialPassword);
  if (credentials) accounts.writeInitialPasswords(credentials);
  const oplog = new OperationLog(db, time, () => settings.get('oplog_retention'));
  const project = new ProjectService({
    db,
    dataDir: opts.dataDir,
    clock: time,
    maxUploadBytes: opts.project?.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    runtime: { ...DEFAULT_RUNTIME_TIMING, ...opts.project?.runtime },
  });
  const jobs = new JobsService(db, time);
  const lockout = new LockoutService(db, clock);
  const signInLimits = new SignInLimits(db, clock);
  const retention = new LogRetention(clock, oplog, lockout, signInLimits);
  const power = new PowerService();
  power.onUp((awayMs) =>
    oplog.record({ account: null, source: 'device', action: 'device_rebooted', target: 'device', after: { away_ms: awayMs, os_version: settings.get('os_version') }, values: null, result: 'success' }),
  );
  const core: CoreDevice = {
    dataDir: opts.dataDir,
    clock,
    db,
    settings,
    accounts,
    tokens: new TokenService(db, clock, settings.get('jwt_secret')),
    lockout,
    signInLimits,
    oplog,
    retention,
    time,
    project,
    tagValues: new TagValues(),
    jobs,
    updates: new UpdateSlot(jobs),
    power,
    listeners: new Listeners(() => time.nowMs()),
    deviceLog: new DeviceLog(() => time.nowMs()),
    httpsPort: opts.httpsPort ?? 8443,
    version: SERVER_VERSION,
  };

  // Every area's services, by name, in the list's order: each sees the core and those before it.
  const made: Record<string, unknown> = core as unknown as Record<string, unknown>;
  for (const area of AREAS) {
    const services = area.services?.(core, opts) ?? {};
    for (const [name, service] of Object.entries(services)) {
      if (name in made) throw new Error(`The server area '${area.name}' makes '${name}', which the device already has`);
      made[name] = service;
    }
  }

  // The core starts: the project runs (the areas have hooked its activation).
  project.start(sampleProject);
  // A job the previous run left running was cut short: the project above is the old or the new
  // one, whichever the last committed switch says; the job says it ended there.
  for (const left of jobs.interruptLeftovers()) {
    oplog.record({
      account: null,
      source: 'device',
      action: 'job_interrupted',
      target: JOB_KINDS_DEF[left.kind].target as AuditTarget,
      after: { job: left.id, kind: left.kind, requested_by: left.account, step: left.step, detail: left.detail, running: project.project.name },
      values: null,
      result: 'interrupted',
    });
  }
  retention.start();
  // The runtime's values follow the tags of the project as edited.
  project.onEdit((p) => core.tagValues.reload(p));
  project.onActivate((id) => {
    const parts = project.discardEditsExcept(id);
    if (parts.length > 0) {
      oplog.record({ account: null, source: 'device', action: 'project_edits_discarded', target: 'project', after: { parts }, values: null, result: 'success' });
    }
  });

  // The staging room holds the largest update (one at a time) and what the areas stage beside it.
  const uploads = largestUploads(made as unknown as Device);
  const largestUpdate = Math.max(...uploads.filter((u) => u.beside === undefined).map((u) => u.bytes));
  const besideUpdate = uploads.reduce((sum, u) => sum + (u.beside ?? 0) * u.bytes, 0);
  made.staging = new StagingQuota({
    maxBytes: largestUpdate + besideUpdate,
    keepFreeBytes: DEFAULT_KEEP_FREE_BYTES,
    freeBytes: statfsFreeBytes,
    ...opts.staging,
  });
  made.serviceHealth = () => [...core.listeners.health(), ...AREAS.flatMap((area) => area.health?.(made as unknown as Device) ?? [])];
  const device = made as unknown as Device;
  made.selfCheck = async () => (await Promise.all(AREAS.map((area) => area.selfCheck?.check(device) ?? []))).flat();

  for (const area of AREAS) await area.start?.(device, opts);
  const recovered = opts.recoverAdmin ? await recoverAdmin(device) : null;
  return { device, credentials, recovered };
}

/** Gets the administrator in whatever the settings are: a new password (printed at start), the
 * first-run wizard at the next sign-in, no lockout held against admin, every admin session ended,
 * and plain HTTP on so that the console's usual address answers (the wizard offers HTTPS again). */
async function recoverAdmin(device: Device): Promise<string> {
  const password = await device.accounts.recoverAdmin();
  device.lockout.clearAccount('admin');
  device.tokens.revokeAccounts(['admin'], 'admin_access_recovered');
  const httpBefore = device.settings.get('http_enabled');
  device.settings.set('http_enabled', true);
  device.oplog.record({
    account: null,
    source: 'device',
    action: 'admin_access_recovered',
    target: 'account.admin',
    before: { http_enabled: httpBefore },
    after: { http_enabled: true, state_code: 0 },
    values: null,
    result: 'success',
  });
  return password;
}

/** The field names the contract marks secret anywhere (a call's body or answer, a setting): the
 * device's log removes their values whatever else it knows (server/lib/log-scrub.ts). */
let contractSecretKeys: string[] | null = null;
function secretKeysOfContract(): string[] {
  if (contractSecretKeys) return contractSecretKeys;
  const schemas = [
    ...ALL_CALLS.flatMap((c) => [c.body, c.query, c.params, c.response, c.audit?.values, c.upload?.fields]),
    ...Object.values(SETTING_DEFS).map((d) => d.schema),
  ].filter((s): s is NonNullable<typeof s> => s !== undefined);
  const keys = new Set<string>();
  for (const schema of schemas) {
    for (const path of secretPaths(schema)) {
      const last = path.split('.').filter((p) => p !== '' && p !== '[]' && p !== '*').pop();
      if (last) keys.add(last.replace(/\[\]$/, ''));
    }
  }
  return (contractSecretKeys = [...keys]);
}

const isLogLevel = (value: unknown): value is LogLevel => (LOG_LEVELS as readonly unknown[]).includes(value);

/** pino's options for the app: the device clock stamps every line, the headers that carry
 * credentials are removed, and every line goes through the device's log (which removes the rest of
 * what is secret) before stdout, when the device logs there. */
function loggerOf(option: AppOptions['logger'], device: Device): { logger: Record<string, unknown> } | { loggerInstance: FastifyBaseLogger } {
  if (option && typeof option === 'object' && typeof (option as { info?: unknown }).info === 'function') return { loggerInstance: option as FastifyBaseLogger };
  const given = option && typeof option === 'object' ? (option as Record<string, unknown>) : {};
  const redact = Array.isArray(given.redact) ? (given.redact as string[]) : [];
  // stdout gets the configured level (LOG_LEVEL); the device's log at least info, so Diagnostics
  // shows requests and warnings on a device started with LOG_LEVEL=warn.
  const stdoutLevel = isLogLevel(given.level) ? given.level : 'info';
  const level = RANK[stdoutLevel] < RANK.info ? stdoutLevel : 'info';
  device.deviceLog.knowSecretKeys(secretKeysOfContract());
  return {
    logger: {
      ...given,
      level,
      redact: [...new Set([...redact, 'req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'])],
      timestamp: () => `,"time":${device.time.nowMs()}`,
      stream: device.deviceLog.destination(option && given.level !== 'silent' ? process.stdout : null, stdoutLevel),
    },
  };
}

/** Builds the Fastify app of one device. Tests call it with `inject`; `listen.ts` serves it. */
export async function buildApp(created: CreatedDevice, opts: AppOptions): Promise<FastifyInstance> {
  const { device } = created;
  const app = Fastify({
    ...loggerOf(opts.logger, device),
    // Per-request lines come from the onResponse hook below: changes and errors only, no secrets.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    trustProxy: false,
    return503OnClosing: true,
    // A malformed URL (bad percent-encoding, a path parameter over 100 characters) fails in the
    // router, before any route or hook: answer it in the API's error shape, not Fastify's own.
    frameworkErrors: (_err, req, reply) => {
      applySecurityHeaders(req.url, reply as FastifyReply);
      (reply as FastifyReply).code(400).send(ApiError.validation('url', 'the address is not valid').toBody());
    },
    ...(opts.serverFactory ? { serverFactory: opts.serverFactory } : {}),
  });

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof ApiError) return reply.code(err.statusCode).send(err.toBody());
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) return reply.code(413).send(new ApiError(413, 'payload_too_large', 'The request body is too large').toBody());
    if (status === 415) return reply.code(415).send(new ApiError(415, 'unsupported_media_type', 'Unsupported content type').toBody());
    if (status >= 400 && status < 500) {
      return reply.code(400).send(ApiError.validation('body', (err as Error).message).toBody());
    }
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send(new ApiError(500, 'internal_error', 'HMI error, please reload this page').toBody());
  });

  registerSecurityHeaders(app);

  // A body that stalls is cut; one answered early is read to its end (or its connection closed).
  registerBodyGuards(app, {
    ...DEFAULT_BODY_LIMITS,
    ...opts.body,
    drainMultipartBytes: Math.max(...largestUploads(device).map((u) => u.bytes)) + 128 * 1024,
  });

  // With plain HTTP switched off, a plain API call is refused and a console page is sent to the
  // HTTPS listener, under one of the device's own names.
  app.addHook('onRequest', (req, reply, done) => {
    if ((req.raw.socket as TLSSocket).encrypted || device.settings.get('http_enabled')) return done();
    refusePlainHttp(device, req, reply);
  });

  app.addHook('onResponse', (req, reply, done) => {
    if (reply.statusCode >= 400 || req.method !== 'GET') {
      req.log.info({ method: req.method, url: req.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    }
    done();
  });

  await app.register(formbody, { bodyLimit: 16 * 1024 });
  // Uploads are read part by part by the calls that take them (server/http/upload.ts), each with
  // its own limits; nothing is buffered or saved by the plugin itself.
  await app.register(multipart, { limits: { fileSize: 0, files: 0, fields: 0, parts: 0 } });
  for (const area of SERVER_AREAS) area.register(app, device);
  await registerConsole(app, opts.consoleDir ?? null);

  app.addHook('onClose', () => closeDevice(device));
  return app;
}

/** Stops a device made by createDevice: every area's services, the last listed first; then the
 * core. What the app does when it closes, and what a program that made a device without an app
 * (a bench) does when it is done with it. */
export async function closeDevice(device: Device): Promise<void> {
  for (const area of [...AREAS].reverse()) await area.close?.(device);
  device.power.dispose();
  device.retention.close();
  device.db.close();
}

export async function createApp(opts: AppOptions): Promise<{ app: FastifyInstance } & CreatedDevice> {
  const created = await createDevice(opts);
  const app = await buildApp(created, opts);
  return { app, ...created };
}

export type { Server };
