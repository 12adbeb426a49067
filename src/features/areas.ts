import type { FeatureArea } from './area';
import { dashboardArea } from './dashboard';
import { systemArea } from './system';
import { networkArea } from './network';
import { projectArea } from './project';
import { recipeArea } from './recipe';
import { dataArea } from './data';
import { communicationArea } from './communication';
import { accountArea } from './account';
import { osUpdateArea } from './os-update';
import { plcRuntimeArea } from './plc-runtime';
import { opcuaArea } from './opcua';
import { webviewArea } from './webview';
import { webviewLiveArea } from './webview-live';
import { machinesArea } from './machines';
import { apiKeysArea } from './api-keys';
import { enhancedSecurityArea } from './enhanced-security';
import { emailArea } from './email';
import { accountsArea } from './accounts';
import { cloudArea } from './cloud';
import { remoteAccessArea } from './remote-access';
import { ftpArea } from './ftp';
import { miscArea } from './misc';
import { secsArea } from './secs';
import { diagnosticsArea } from './diagnostics';
import { touchCalibrationArea } from './touch-calibration';
import { shellArea } from '../layout/area';

/** Every area of the console, once. A new area is a folder with an `index.ts` and one line here. */
export const AREAS: readonly FeatureArea[] = [shellArea, dashboardArea, systemArea, networkArea, projectArea, recipeArea, dataArea, communicationArea, accountArea, osUpdateArea, plcRuntimeArea, opcuaArea, webviewArea, webviewLiveArea, machinesArea, apiKeysArea, enhancedSecurityArea, emailArea, accountsArea, cloudArea, remoteAccessArea, ftpArea, secsArea, miscArea, diagnosticsArea, touchCalibrationArea];

/** The text namespaces of every area, besides the main one. */
export const TEXT_NAMESPACES: readonly string[] = AREAS.flatMap((a) => (a.textNamespace ? [a.textNamespace] : []));
