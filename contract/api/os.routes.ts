import { defineContractArea } from '../area';
import type * as calls from './os';
import { API_BASE, type Route } from './route';

/** Method and path of the OS calls, zod-free so the console can import it; their schemas are in ./os.ts. */
export const OS_ROUTES = {
  info: { id: 'os.info', method: 'GET', path: `${API_BASE}/os/info` },
  update: { id: 'os.update', method: 'POST', path: `${API_BASE}/os/update`, bodyFormat: 'multipart' },
} as const satisfies Record<string, Route>;

/** Specification §4: the OS update steps, in order; the reboot and the version check follow on
 * the console's side. */
export const OS_UPDATE_STEPS = ['prepare', 'upload_image', 'update_os'] as const;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const osContract = defineContractArea<typeof calls>()({
  name: 'os',
  auditActions: ['update_os'],
  deviceAuditActions: [
    /** An OS update job ended: the version installed (or why not), who asked. */
    'os_update_finished',
    /** The device rebooted (into a new OS): how long it was away. */
    'device_rebooted',
  ],
  auditTargets: ['os'],
  errorCodes: [
    /** An OS image larger than the device takes ('Image too large'). */
    'image_too_large',
    /** An OS image whose signature, model, length or hash is wrong ('Invalid image'). */
    'invalid_image',
    /** Writing the new OS failed ('Update failed'). */
    'update_failed',
  ],
  jobs: {
    os_update: { what: 'an OS update', steps: OS_UPDATE_STEPS, target: 'os', menu: 'os_update', update: true },
  },
});
