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
import type { ProjectOptions, ProjectService } from './services/project';
import type { JobsService } from './services/jobs';
import type { PowerService } from './services/power';
import type { TagValues } from './services/tag-values';
import type { UpdateSlot } from './services/update-slot';
import type { SelfCheckItem } from '../contract/api/self-check';
import type { StagingQuota, StagingQuotaOptions } from './services/staging-quota';
import type { Listeners } from './services/listeners';
import type { DeviceLog } from './services/device-log';
import type { ServiceHealth } from '../contract/api/diagnostics';
import type { SERVER_AREAS } from './areas';

/** The platform every area builds on, made by createDevice (server/app.ts) before any area's
 * services: the database, the clocks, the settings, the accounts and their sign-in, the operation
 * log, the jobs, the project and its runtime, the simulated power. */
export interface CoreDevice {
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
  /** The project and its runtime. Not yet started while the areas' services are made: a service
   * hooks its activation there (`onActivate`) and reads the running project in its `start`. */
  project: ProjectService;
  /** The running project's tag values (simulated, or as written). */
  tagValues: TagValues;
  /** Long tasks (updates) that the console follows step by step. */
  jobs: JobsService;
  /** One update at a time (project, OS, PLC runtime firmware), from its upload to its job's end. */
  updates: UpdateSlot;
  /** The simulated reboot: the device unreachable for a while. */
  power: PowerService;
  /** The console's listeners and the time socket (server/listen.ts starts them): their states and
   * connections, for Diagnostics. */
  listeners: Listeners;
  /** The device's log, the last 10,000 entries in memory, secrets removed (Diagnostics; its
   * `lastLines` for anything that takes the log whole). Fed by the app's logger, whether or not
   * that writes to stdout too. */
  deviceLog: DeviceLog;
  httpsPort: number;
  version: string;
}

/** What the device gains once the areas' services are made. */
export interface DeviceAfterAreas {
  /** The room uploads stage in: what they reserve together, and the disk's free space. Its size
   * comes from the largest upload each area declares (`largestUpload`, server/http/area.ts). */
  staging: StagingQuota;
  /** The services the device runs, as Diagnostics lists them: the core's listeners, then every
   * area's `health` (server/http/area.ts), in the list's order. */
  serviceHealth(): ServiceHealth[];
  /** The security self-check: every area's findings (`selfCheck` of each server area, in the
   * areas' order), looked for now. */
  selfCheck(): Promise<SelfCheckItem[]>;
}

/** The options of createDevice that are not an area's own (each area names its own in its
 * `services`, server/http/area.ts). */
export interface CoreDeviceOptions {
  dataDir: string;
  clock?: Clock;
  /** Password of every account created at first start; random ones when absent. */
  initialPassword?: string;
  httpsPort?: number;
  /** Upload limit and runtime timings of the project; tests shorten and lower them. */
  project?: { maxUploadBytes?: number; runtime?: Partial<ProjectOptions['runtime']> };
  /** The room uploads stage in (server/services/staging-quota.ts): by default the largest update
   * the device takes and the uploads the room holds beside it; tests lower it and give the free
   * space. */
  staging?: Partial<StagingQuotaOptions>;
  /** The console's listen address and HTTP port: the OPC UA server listens on the same address
   * and may not take the console's ports. */
  host?: string;
  port?: number;
  /** `HMI_RECOVER_ADMIN=1`: whoever can start the device gets the administrator in, whatever the
   * settings (README, "Getting in as administrator"). */
  recoverAdmin?: boolean;
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type AnyArea = (typeof SERVER_AREAS)[number];

/** The services one area adds, by name ({} for an area with none). */
export type ServicesOf<A> = A extends { services?(device: never, options: never): infer V } ? V : never;
/** The options one area reads, by name ({} for an area with none). */
export type OptionsOf<A> = A extends { services?(device: never, options: infer O): unknown } ? O : never;
/** The services one area uses when it makes its own (the core, and those of areas before it). */
export type NeedsOf<A> = A extends { services?(device: infer D, options: never): unknown } ? D : never;

/** Every area's services (server/areas.ts), by name. */
export type AreaServices = UnionToIntersection<ServicesOf<AnyArea>>;

/** The services one device is made of: the core, and every area's, by name. Routes receive this
 * and nothing global. */
export interface Device extends CoreDevice, DeviceAfterAreas, AreaServices {}

/** Everything createDevice takes: its own options and every area's. */
export type DeviceOptions = CoreDeviceOptions & UnionToIntersection<OptionsOf<AnyArea>>;
