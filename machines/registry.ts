/**
 * The registry of every state machine of the console: the QA explorer lists it and the
 * model-based test (test/unit/machines/model-based.test.ts) traverses every entry. Each machine's
 * entry lives beside it (`<name>.qa.ts`, see qa-support.ts); its title and description are the
 * `qa.<id>.*` texts of the namespace of its area (the entry's `textNamespace`). Adding a machine
 * to the console means adding its entry here (and its two texts in its area's namespace); nothing
 * else has to change for it to be explored and covered.
 */
import { dataBackupJobQa } from './data-backup-job.qa';
import { explorerQa } from './explorer.qa';
import { firstRunWizardQa } from './first-run-wizard.qa';
import { forcedReloginQa } from './forced-relogin.qa';
import { identifyLightQa } from './identify-light.qa';
import { opcuaServerQa } from './opcua-server.qa';
import { osUpdateQa } from './os-update.qa';
import { plcRuntimeUpdateQa } from './plc-runtime-update.qa';
import { passwordChangeQa } from './password-change.qa';
import { passwordExpiryQa } from './password-expiry.qa';
import { projectUpdateQa } from './project-update.qa';
import type { MachineEntry } from './qa-support';
import { recipeRestoreQa } from './recipe-restore.qa';
import { fileExportQa } from './file-export.qa';
import { trendWindowQa } from './trend-window.qa';
import { safeApplyQa } from './safe-apply.qa';
import { timeChannelQa } from './time-channel.qa';
import { webviewSessionQa } from './webview-session.qa';
import { cloudDashboardQa } from './cloud-dashboard.qa';
import { remoteAccessQa } from './remote-access.qa';
import { touchCalibrationQa } from './touch-calibration.qa';

/** Every machine of the console, in the order the explorer lists them. */
export const MACHINE_REGISTRY: readonly MachineEntry[] = [
  firstRunWizardQa,
  passwordExpiryQa,
  passwordChangeQa,
  forcedReloginQa,
  timeChannelQa,
  safeApplyQa,
  identifyLightQa,
  projectUpdateQa,
  osUpdateQa,
  plcRuntimeUpdateQa,
  recipeRestoreQa,
  fileExportQa,
  trendWindowQa,
  dataBackupJobQa,
  opcuaServerQa,
  webviewSessionQa,
  explorerQa,
  cloudDashboardQa,
  remoteAccessQa,
  touchCalibrationQa,
];

export function findMachine(id: string): MachineEntry | undefined {
  return MACHINE_REGISTRY.find((entry) => entry.id === id);
}

export { descriptionKey, titleKey, type ActorOutcome, type MachineEntry } from './qa-support';
export { allStateNodes, traversalEvents, withDoubles } from './entry-utils';
