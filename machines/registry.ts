/**
 * The registry of every state machine of the console: the QA explorer lists it and the
 * model-based test (test/unit/machines/model-based.test.ts) traverses every entry. Each machine's
 * entry lives beside it (`<name>.qa.ts`, see qa-support.ts); its title and description are the
 * `qa.<id>.*` texts of the namespace of its area (the entry's `textNamespace`). Adding a machine
 * to the console means adding its line here (its id, its area's namespace and its entry's import)
 * and its two texts in its area's namespace; nothing else has to change for it to be explored and
 * covered.
 *
 * Each entry is loaded when it is needed (`load`, a chunk of its own): the explorer lists the
 * machines from these lines alone and loads the one a tester chooses, so the page does not grow
 * with every machine the console gains. The tests load them all (`loadAllMachines`).
 */
import type { MachineEntry, MachineRef } from './qa-support';

/** Every machine of the console, in the order the explorer lists them. */
export const MACHINE_REGISTRY: readonly MachineRef[] = [
  { id: 'firstRunWizard', textNamespace: 'shell', load: () => import(/* webpackChunkName: "qa-first-run-wizard" */ './first-run-wizard.qa').then((m) => m.firstRunWizardQa) },
  { id: 'passwordExpiry', textNamespace: 'shell', load: () => import(/* webpackChunkName: "qa-password-expiry" */ './password-expiry.qa').then((m) => m.passwordExpiryQa) },
  { id: 'passwordChange', textNamespace: 'shell', load: () => import(/* webpackChunkName: "qa-password-change" */ './password-change.qa').then((m) => m.passwordChangeQa) },
  { id: 'forcedRelogin', textNamespace: 'shell', load: () => import(/* webpackChunkName: "qa-forced-relogin" */ './forced-relogin.qa').then((m) => m.forcedReloginQa) },
  { id: 'timeChannel', textNamespace: 'shell', load: () => import(/* webpackChunkName: "qa-time-channel" */ './time-channel.qa').then((m) => m.timeChannelQa) },
  { id: 'safeApply', textNamespace: 'network', load: () => import(/* webpackChunkName: "qa-safe-apply" */ './safe-apply.qa').then((m) => m.safeApplyQa) },
  { id: 'identifyLight', textNamespace: 'system', load: () => import(/* webpackChunkName: "qa-identify-light" */ './identify-light.qa').then((m) => m.identifyLightQa) },
  { id: 'projectUpdate', textNamespace: 'project', load: () => import(/* webpackChunkName: "qa-project-update" */ './project-update.qa').then((m) => m.projectUpdateQa) },
  { id: 'osUpdate', textNamespace: 'os', load: () => import(/* webpackChunkName: "qa-os-update" */ './os-update.qa').then((m) => m.osUpdateQa) },
  { id: 'plcRuntimeUpdate', textNamespace: 'plc-runtime', load: () => import(/* webpackChunkName: "qa-plc-runtime-update" */ './plc-runtime-update.qa').then((m) => m.plcRuntimeUpdateQa) },
  { id: 'recipeRestore', textNamespace: 'recipe', load: () => import(/* webpackChunkName: "qa-recipe-restore" */ './recipe-restore.qa').then((m) => m.recipeRestoreQa) },
  { id: 'fileExport', textNamespace: 'data', load: () => import(/* webpackChunkName: "qa-file-export" */ './file-export.qa').then((m) => m.fileExportQa) },
  { id: 'trendWindow', textNamespace: 'data', load: () => import(/* webpackChunkName: "qa-trend-window" */ './trend-window.qa').then((m) => m.trendWindowQa) },
  { id: 'dataBackupJob', textNamespace: 'data', load: () => import(/* webpackChunkName: "qa-data-backup-job" */ './data-backup-job.qa').then((m) => m.dataBackupJobQa) },
  { id: 'opcuaServer', textNamespace: 'opcua', load: () => import(/* webpackChunkName: "qa-opcua-server" */ './opcua-server.qa').then((m) => m.opcuaServerQa) },
  { id: 'webviewSession', textNamespace: 'webview-live', load: () => import(/* webpackChunkName: "qa-webview-session" */ './webview-session.qa').then((m) => m.webviewSessionQa) },
  { id: 'machineExplorer', textNamespace: 'machines', load: () => import(/* webpackChunkName: "qa-explorer" */ './explorer.qa').then((m) => m.explorerQa) },
  { id: 'cloudDashboard', textNamespace: 'cloud', load: () => import(/* webpackChunkName: "qa-cloud-dashboard" */ './cloud-dashboard.qa').then((m) => m.cloudDashboardQa) },
  { id: 'remoteAccess', textNamespace: 'remote-access', load: () => import(/* webpackChunkName: "qa-remote-access" */ './remote-access.qa').then((m) => m.remoteAccessQa) },
  { id: 'touchCalibration', textNamespace: 'touch-calibration', load: () => import(/* webpackChunkName: "qa-touch-calibration" */ './touch-calibration.qa').then((m) => m.touchCalibrationQa) },
];

/** The registry's line of a machine, by id. */
export function findMachine(id: string): MachineRef | undefined {
  return MACHINE_REGISTRY.find((ref) => ref.id === id);
}

/** Every entry, loaded, in the registry's order (the tests and the mutation run). */
export function loadAllMachines(): Promise<MachineEntry[]> {
  return Promise.all(MACHINE_REGISTRY.map((ref) => ref.load()));
}

export { descriptionKey, titleKey, type ActorOutcome, type MachineEntry, type MachineRef } from './qa-support';
export { allStateNodes, traversalEvents, withDoubles } from './entry-utils';
