import type { ServerArea, SettingDefs } from './http/area';
import type { CoreDevice, NeedsOf, ServicesOf } from './device';
import { authArea } from './routes/auth';
import { uacArea } from './routes/uac';
import { systemArea } from './routes/system';
import { networkArea } from './routes/network';
import { projectArea } from './routes/project';
import { jobsArea } from './routes/jobs';
import { osArea } from './routes/os';
import { recipeArea } from './routes/recipe';
import { dataArea } from './routes/data';
import { communicationArea } from './routes/communication';
import { webviewArea } from './routes/webview';
import { opcuaArea } from './routes/opcua';
import { cgiArea } from './routes/cgi';
import { metaArea } from './routes/meta';
import { plcRuntimeArea } from './routes/plc-runtime';
import { apiKeysArea } from './routes/api-keys';
import { securityArea } from './routes/security';
import { emailArea } from './routes/email';
import { accountsArea } from './routes/accounts';
import { cloudArea } from './routes/cloud';
import { remoteAccessArea } from './routes/remote-access';
import { ftpArea } from './routes/ftp';
import { miscArea } from './routes/misc';
import { secsArea } from './routes/secs';
import { diagnosticsArea } from './routes/diagnostics';
import { touchCalibrationArea } from './routes/touch-calibration';

/** Every area the server serves, once, one per area of the contract (CONTRACT_AREAS). A new area is
 * its file in server/routes/ (and its services' files) and one line here; its settings, services,
 * options and uploads come with it. The order is the order services are made and started in (and
 * closed in, reversed): an area that uses another's services comes after it (checked below). */
export const SERVER_AREAS = [
  authArea,
  uacArea,
  systemArea,
  networkArea,
  projectArea,
  jobsArea,
  osArea,
  recipeArea,
  dataArea,
  communicationArea,
  webviewArea,
  opcuaArea,
  cgiArea,
  metaArea,
  plcRuntimeArea,
  apiKeysArea,
  securityArea,
  emailArea,
  accountsArea,
  cloudArea,
  remoteAccessArea,
  ftpArea,
  miscArea,
  secsArea,
  diagnosticsArea,
  touchCalibrationArea,
] as const satisfies readonly ServerArea[];

/** Every area's settings, by key (server/services/settings.ts reads them at start). */
export const SETTING_DEFS: SettingDefs = Object.assign({}, ...SERVER_AREAS.map((area: ServerArea) => area.settings ?? {}));

/** Each area's services use only the core and the services of areas before it: `true`, or the
 * names the first area that fails uses and nothing before it makes. */
type ListedInOrder<L, Made> = L extends readonly [infer A, ...infer Rest]
  ? Made extends NeedsOf<A>
    ? ListedInOrder<Rest, Made & ServicesOf<A>>
    : { 'an area uses services that no area before it makes': Exclude<keyof NeedsOf<A>, keyof Made> }
  : true;
const LISTED_IN_ORDER: ListedInOrder<typeof SERVER_AREAS, CoreDevice> = true;
void LISTED_IN_ORDER;
