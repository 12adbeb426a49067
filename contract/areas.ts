/**
 * Every area of the device API, once (docs/architecture.md#areas). Each area is two files in
 * contract/api/: `<area>.ts` (its calls, zod schemas) and `<area>.routes.ts` (zod-free: its routes
 * and what it adds to the shared lists, contract/area.ts). A new area is those two files and one
 * line here; the operation log's actions and targets, the error codes, the job kinds and the call
 * types are assembled from this list.
 */
import { authContract } from './api/auth.routes';
import { uacContract } from './api/uac.routes';
import { systemContract } from './api/system.routes';
import { networkContract } from './api/network.routes';
import { projectContract } from './api/project.routes';
import { jobsContract } from './api/jobs.routes';
import { osContract } from './api/os.routes';
import { recipeContract } from './api/recipe.routes';
import { dataContract } from './api/data.routes';
import { communicationContract } from './api/communication.routes';
import { webviewContract } from './api/webview.routes';
import { opcuaContract } from './api/opcua.routes';
import { cgiContract } from './api/cgi.routes';
import { metaContract } from './api/meta.routes';
import { plcRuntimeContract } from './api/plc-runtime.routes';
import { apiKeysContract } from './api/api-keys.routes';
import { securityContract } from './api/security.routes';
import { emailContract } from './api/email.routes';
import { accountsContract } from './api/accounts.routes';
import { cloudContract } from './api/cloud.routes';
import { remoteAccessContract } from './api/remote-access.routes';
import { ftpContract } from './api/ftp.routes';
import { miscContract } from './api/misc.routes';
import { secsContract } from './api/secs.routes';
import { diagnosticsContract } from './api/diagnostics.routes';
import { touchCalibrationContract } from './api/touch-calibration.routes';

export const CONTRACT_AREAS = [
  authContract,
  uacContract,
  systemContract,
  networkContract,
  projectContract,
  jobsContract,
  osContract,
  recipeContract,
  dataContract,
  communicationContract,
  webviewContract,
  opcuaContract,
  cgiContract,
  metaContract,
  plcRuntimeContract,
  apiKeysContract,
  securityContract,
  emailContract,
  accountsContract,
  cloudContract,
  remoteAccessContract,
  ftpContract,
  miscContract,
  secsContract,
  diagnosticsContract,
  touchCalibrationContract,
] as const;

export type ContractAreaOf = (typeof CONTRACT_AREAS)[number];
/** The name of an area of the contract (the first part of its calls' ids). */
export type ContractAreaName = ContractAreaOf['name'];

/** The values of one list the areas declare, every area's in the list's order. */
export function fromAreas<K extends 'auditActions' | 'deviceAuditActions' | 'auditTargets' | 'errorCodes'>(key: K): string[] {
  return CONTRACT_AREAS.flatMap((area) => ((area as { [P in K]?: readonly string[] })[key] ?? []) as string[]);
}
