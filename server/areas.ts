import type { ServerArea, SettingDefs } from './http/area';
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

/** Every area the server serves, once, one per area of the contract (CONTRACT_AREAS). A new area is
 * its file in server/routes/ and one line here; its settings come with it. */
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
] as const satisfies readonly ServerArea[];

/** Every area's settings, by key (server/services/settings.ts reads them at start). */
export const SETTING_DEFS: SettingDefs = Object.assign({}, ...SERVER_AREAS.map((area: ServerArea) => area.settings ?? {}));
