import type { ServerArea } from './http/area';
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

/** Every area the server serves, once, one per area of the contract (CALL_AREAS). A new area is
 * its file in server/routes/ and one line here. */
export const SERVER_AREAS: readonly ServerArea[] = [
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
];
