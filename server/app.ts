import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import type { TLSSocket } from 'node:tls';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerFactory, type FastifyBaseLogger } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { openDatabase } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import { ApiError } from './lib/api-error';
import { SettingsService } from './services/settings';
import { AccountsService } from './services/accounts';
import { TokenService } from './services/tokens';
import { LockoutService } from './services/lockout';
import { OperationLog, OperationLogReader } from './services/operation-log';
import { TagValues } from './services/tag-values';
import { DataLogService } from './services/datalog';
import { AlarmService } from './services/alarms';
import { Recorder } from './services/recorder';
import { TraceLog } from './services/opcua/trace';
import { OpcuaServerService } from './services/opcua/server';
import { DataBackupService } from './services/data-backup';
import { SignInLimits } from './services/sign-in-limits';
import { LogRetention } from './services/log-retention';
import { DeviceTimeService } from './services/device-time';
import { DEFAULT_MAX_UPLOAD_BYTES, DEFAULT_RUNTIME_TIMING, ProjectService, type ProjectOptions } from './services/project';
import { RecipeService } from './services/recipes';
import { DEFAULT_OS_UPDATE_OPTIONS, OsUpdateService, type OsUpdateOptions } from './services/os-update';
import { PowerService } from './services/power';
import { DEFAULT_PLC_RUNTIME_OPTIONS, PlcRuntimeService, type PlcRuntimeOptions } from './services/plc-runtime';
import { trustedOsKeys } from './lib/os-image';
import { JobsService } from './services/jobs';
import { UpdateSlot } from './services/update-slot';
import { DEFAULT_KEEP_FREE_BYTES, StagingQuota, statfsFreeBytes, type StagingQuotaOptions } from './services/staging-quota';
import { RECIPE_BACKUP_MAX_BYTES } from './services/recipes';
import { DEFAULT_BODY_LIMITS, registerBodyGuards, type BodyLimits } from './http/request-body';
import { NetworkService, DEFAULT_NETWORK_TIMING, type NetworkTiming } from './services/network';
import { IdentifyLightService } from './services/identify-light';
import { applySecurityHeaders, registerSecurityHeaders } from './http/security-headers';
import { registerConsole } from './http/console';
import { refusePlainHttp } from './http/own-host';
import { SERVER_AREAS, SETTING_DEFS } from './areas';
import type { Device } from './device';
import type { AccountName } from '../contract/roles';
import { JOB_KINDS_DEF } from '../contract/jobs';
import type { AuditTarget } from '../contract/audit';
import sampleProject from './sample-project/sample-project.json';

export const SERVER_VERSION = '0.1.0';

export interface DeviceOptions {
  dataDir: string;
  clock?: Clock;
  /** Password of every account created at first start; random ones when absent. */
  initialPassword?: string;
  httpsPort?: number;
  /** Safe-apply and radio timings; tests shorten them. */
  networkTiming?: Partial<NetworkTiming>;
  /** Upload limit and runtime timings of the project; tests shorten and lower them. */
  project?: { maxUploadBytes?: number; runtime?: Partial<ProjectOptions['runtime']> };
  /** Image limit, reboot time and trusted keys of OS updates; tests shorten them. */
  os?: Partial<OsUpdateOptions>;
  /** Firmware limit and timings of PLC runtime updates (the HMI restart takes the OS reboot time
   * unless set); tests shorten them. */
  plcRuntime?: Partial<PlcRuntimeOptions>;
  /** The room uploads stage in (server/services/staging-quota.ts): by default the largest update
   * the device takes and two recipe backups beside it; tests lower it and give the free space. */
  staging?: Partial<StagingQuotaOptions>;
  /** The runtime's scan every second (data logs, alarms); tests that drive `recorder.scan`
   * themselves turn it off. */
  recorder?: boolean;
  /** The console's listen address and HTTP port: the OPC UA server listens on the same address
   * and may not take the console's ports. */
  host?: string;
  port?: number;
  /** `HMI_RECOVER_ADMIN=1`: whoever can start the device gets the administrator in, whatever the
   * settings (README, "Getting in as administrator"). */
  recoverAdmin?: boolean;
}

export interface AppOptions extends DeviceOptions {
  /** The built console (`dist/`); null serves the API only. */
  consoleDir?: string | null;
  logger?: boolean | FastifyBaseLogger | Record<string, unknown>;
  serverFactory?: FastifyServerFactory;
  /** How fast a request body must come (server/http/request-body.ts); tests shorten the window. */
  body?: Partial<Omit<BodyLimits, 'drainMultipartBytes'>>;
}

export interface CreatedDevice {
  device: Device;
  /** The initial passwords, only on the start that created the accounts. */
  credentials: Record<AccountName, string> | null;
  /** Admin's new password, only on a start that recovered administrator access. */
  recovered: string | null;
}

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
  const recipes = new RecipeService({ db, time, dataDir: opts.dataDir, active: () => project.active() });
  project.onActivate((id, p) => recipes.replace(id, p.recipes));
  const dataLogs = new DataLogService(db, () => time.nowMs());
  project.onActivate((id, p) => dataLogs.replace(id, p));
  project.start(sampleProject);
  dataLogs.ensureActive(project.active());
  recipes.ensureSeeded();
  const jobs = new JobsService(db, time);
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
  const lockout = new LockoutService(db, clock);
  const signInLimits = new SignInLimits(db, clock);
  const retention = new LogRetention(clock, oplog, lockout, signInLimits);
  retention.start();
  const network = new NetworkService({ db, settings, clock, oplog, timing: { ...DEFAULT_NETWORK_TIMING, ...opts.networkTiming } });
  const power = new PowerService();
  power.onUp((awayMs) =>
    oplog.record({ account: null, source: 'device', action: 'device_rebooted', target: 'device', after: { away_ms: awayMs, os_version: settings.get('os_version') }, values: null, result: 'success' }),
  );
  const tagValues = new TagValues();
  const alarms = new AlarmService(db);
  const operations = new OperationLogReader(db);
  const recorder = new Recorder({ runtime: project.runtime, tags: tagValues, dataLogs, alarms, now: () => time.nowMs() });
  if (opts.recorder !== false) recorder.start();
  const opcuaDir = path.join(opts.dataDir, 'opcua');
  const host = opts.host ?? '127.0.0.1';
  const opcua = new OpcuaServerService({
    dir: opcuaDir,
    trace: new TraceLog(opcuaDir, () => time.nowMs()),
    tagValues,
    runningProject: () => project.runtime.project,
    initial: { settings: settings.get('opcua'), project: project.project },
    options: {
      host,
      hostname: host === '127.0.0.1' || host === '::1' || host === 'localhost' ? 'localhost' : host === '0.0.0.0' || host === '::' ? os.hostname() : host,
      reservedPorts: [opts.port ?? 8080, opts.httpsPort ?? 8443].filter((p) => p > 0),
      version: SERVER_VERSION,
    },
    events: {
      clientRejected: (cert) =>
        oplog.record({ account: null, source: 'device', action: 'opcua_client_rejected', target: 'opcua.certificates', after: cert, values: null, result: 'failure' }),
    },
    limits: new SignInLimits(db, clock),
    now: () => time.nowMs(),
    clockNow: () => clock.now(),
  });
  // The OPC UA server publishes the tree of the project that runs, as edited.
  project.onEdit((p, part) => {
    tagValues.reload(p);
    if (part === 'opcua') opcua.applyProject(p);
  });
  // A project that starts (a restart, an update: the runtime runs it before it is the active one).
  project.runtime.on('state', (state) => {
    const running = project.runtime.project;
    if (state === 'running' && running) opcua.applyProject(running);
  });
  project.onActivate((id) => {
    const parts = project.discardEditsExcept(id);
    if (parts.length > 0) {
      oplog.record({ account: null, source: 'device', action: 'project_edits_discarded', target: 'project', after: { parts }, values: null, result: 'success' });
    }
  });
  await opcua.start();
  const dataBackup = new DataBackupService({ dataLogs, alarms, operations, now: () => time.nowMs(), mediaRoot: path.join(opts.dataDir, 'media') });
  const osUpdate = new OsUpdateService({ db, settings, oplog, power, dataDir: opts.dataDir, options: { ...DEFAULT_OS_UPDATE_OPTIONS, ...opts.os } });
  // The runtime's firmware comes from the panel's vendor: the keys trusted for OS images sign it too.
  const plcRuntime = new PlcRuntimeService({
    db,
    settings,
    oplog,
    jobs,
    power,
    now: () => time.nowMs(),
    dataDir: opts.dataDir,
    options: { ...DEFAULT_PLC_RUNTIME_OPTIONS, restartMs: osUpdate.options.rebootMs, ...opts.plcRuntime },
    trusted: trustedOsKeys(osUpdate.options.trustedKeyPaths),
  });
  const largestUpdate = Math.max(project.options.maxUploadBytes, osUpdate.options.maxImageBytes, plcRuntime.options.maxFirmwareBytes);
  const staging = new StagingQuota({
    maxBytes: largestUpdate + 2 * RECIPE_BACKUP_MAX_BYTES,
    keepFreeBytes: DEFAULT_KEEP_FREE_BYTES,
    freeBytes: statfsFreeBytes,
    ...opts.staging,
  });
  const device: Device = {
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
    recipes,
    jobs,
    updates: new UpdateSlot(jobs),
    staging,
    network,
    identifyLight: new IdentifyLightService(clock),
    osUpdate,
    power,
    tagValues,
    dataLogs,
    alarms,
    recorder,
    operations,
    dataBackup,
    opcua,
    plcRuntime,
    httpsPort: opts.httpsPort ?? 8443,
    version: SERVER_VERSION,
  };
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

/** Builds the Fastify app of one device. Tests call it with `inject`; `listen.ts` serves it. */
export async function buildApp(created: CreatedDevice, opts: AppOptions): Promise<FastifyInstance> {
  const { device } = created;
  const app = Fastify({
    logger: opts.logger ?? false,
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
  const { project, osUpdate, plcRuntime } = device;
  registerBodyGuards(app, {
    ...DEFAULT_BODY_LIMITS,
    ...opts.body,
    drainMultipartBytes:
      Math.max(project.options.maxUploadBytes, osUpdate.options.maxImageBytes, plcRuntime.options.maxFirmwareBytes, RECIPE_BACKUP_MAX_BYTES) + 128 * 1024,
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

  app.addHook('onClose', async () => {
    await device.opcua.close();
    device.power.dispose();
    device.recorder.close();
    device.network.close();
    device.retention.close();
    device.db.close();
  });
  return app;
}

export async function createApp(opts: AppOptions): Promise<{ app: FastifyInstance } & CreatedDevice> {
  const created = await createDevice(opts);
  const app = await buildApp(created, opts);
  return { app, ...created };
}

export type { Server };
