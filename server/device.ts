import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { SettingsService } from './services/settings';
import type { AccountsService } from './services/accounts';
import type { TokenService } from './services/tokens';
import type { LockoutService } from './services/lockout';
import type { OperationLog } from './services/operation-log';
import type { DeviceTimeService } from './services/device-time';
import type { ProjectService } from './services/project';
import type { NetworkService } from './services/network';
import type { IdentifyLightService } from './services/identify-light';

/** The services one device is made of; routes receive this and nothing global. */
export interface Device {
  dataDir: string;
  clock: Clock;
  db: Db;
  settings: SettingsService;
  accounts: AccountsService;
  tokens: TokenService;
  lockout: LockoutService;
  oplog: OperationLog;
  time: DeviceTimeService;
  project: ProjectService;
  network: NetworkService;
  identifyLight: IdentifyLightService;
  httpsPort: number;
  version: string;
}
