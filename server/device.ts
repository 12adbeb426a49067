import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { SettingsService } from './services/settings';
import type { AccountsService } from './services/accounts';
import type { TokenService } from './services/tokens';
import type { LockoutService } from './services/lockout';
import type { OperationLog } from './services/operation-log';
import type { SignInLimits } from './services/sign-in-limits';
import type { LogRetention } from './services/log-retention';
import type { DeviceTimeService } from './services/device-time';
import type { ProjectService } from './services/project';
import type { JobsService } from './services/jobs';
import type { RecipeService } from './services/recipes';
import type { NetworkService } from './services/network';
import type { IdentifyLightService } from './services/identify-light';
import type { OsUpdateService } from './services/os-update';
import type { PowerService } from './services/power';
import type { TagValues } from './services/tag-values';
import type { DataLogService } from './services/datalog';
import type { AlarmService } from './services/alarms';
import type { Recorder } from './services/recorder';
import type { OperationLogReader } from './services/operation-log';
import type { DataBackupService } from './services/data-backup';
import type { PlcRuntimeService } from './services/plc-runtime';
import type { OpcuaServerService } from './services/opcua/server';
import type { UpdateSlot } from './services/update-slot';
import type { StagingQuota } from './services/staging-quota';

/** The services one device is made of; routes receive this and nothing global. */
export interface Device {
  dataDir: string;
  /** The host clock: lifetimes of tokens, lockouts and sign-in limits only; every date the device
   * stamps comes from `time` (server/lib/clock.ts). */
  clock: Clock;
  db: Db;
  settings: SettingsService;
  accounts: AccountsService;
  tokens: TokenService;
  lockout: LockoutService;
  /** Per-address and per-account limits on sign-in attempts (in memory). */
  signInLimits: SignInLimits;
  oplog: OperationLog;
  /** Retention of the operation log and the sign-in failure tables. */
  retention: LogRetention;
  time: DeviceTimeService;
  project: ProjectService;
  /** The running project's recipe books and their backups. */
  recipes: RecipeService;
  /** Long tasks (updates) that the console follows step by step. */
  jobs: JobsService;
  /** One update at a time (project, OS, PLC runtime firmware), from its upload to its job's end. */
  updates: UpdateSlot;
  /** The room uploads stage in: what they reserve together, and the disk's free space. */
  staging: StagingQuota;
  network: NetworkService;
  identifyLight: IdentifyLightService;
  /** OS images: verification, installation, the installed version. */
  osUpdate: OsUpdateService;
  /** The simulated reboot: the device unreachable for a while. */
  power: PowerService;
  /** The running project's tag values (simulated, or as written). */
  tagValues: TagValues;
  /** The running project's data logs: records, trends, CSV. */
  dataLogs: DataLogService;
  /** The running project's alarms and the event log. */
  alarms: AlarmService;
  /** The runtime's scan that samples the data logs and evaluates the alarms. */
  recorder: Recorder;
  /** The operation log as read by the Operation Log screen. */
  operations: OperationLogReader;
  /** Backups of the data logs, the event log and the operation log. */
  dataBackup: DataBackupService;
  /** The PLC runtime: activation, LAN1, firmware updates. */
  plcRuntime: PlcRuntimeService;
  /** The OPC UA server: its state, its certificates, its trace log. */
  opcua: OpcuaServerService;
  httpsPort: number;
  version: string;
}
