import { defineContractArea } from '../area';
import type * as calls from './project';
import { API_BASE, type Route } from './route';

/** Method and path of the project calls, zod-free so the console can import it; their schemas are in ./project.ts. */
export const PROJECT_ROUTES = {
  logoName: { id: 'project.logoName', method: 'GET', path: `${API_BASE}/project/management/logoname` },
  info: { id: 'project.info', method: 'GET', path: `${API_BASE}/project/management/info` },
  restart: { id: 'project.restart', method: 'POST', path: `${API_BASE}/project/management/restart` },
  update: { id: 'project.update', method: 'POST', path: `${API_BASE}/project/management/update`, bodyFormat: 'multipart' },
  backup: { id: 'project.backup', method: 'GET', path: `${API_BASE}/project/management/backup`, answerFormat: 'file' },
  media: { id: 'project.media', method: 'GET', path: `${API_BASE}/project/management/media` },
  updateFromMedia: { id: 'project.updateFromMedia', method: 'POST', path: `${API_BASE}/project/management/update-from-media` },
} as const satisfies Record<string, Route>;

/** Specification §4: the project update steps, in order. */
export const PROJECT_UPDATE_STEPS = ['prepare', 'stop_project', 'update_project', 'decompress_project', 'start_project'] as const;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const projectContract = defineContractArea<typeof calls>()({
  name: 'project',
  auditActions: ['restart_project', 'update_project', 'update_project_from_media', 'backup_project'],
  deviceAuditActions: [
    /** A project update job ended: the project it installed (or why not), who asked, whether the
     * previous project runs again. */
    'project_update_finished',
    /** A new project brought its own OPC UA tree and communication devices: the edits saved for the
     * previous project no longer apply. */
    'project_edits_discarded',
  ],
  auditTargets: ['project'],
  errorCodes: [
    /** The .crc does not match the .app ('Upload project failed. Please restart Project.'). */
    'crc_mismatch',
    /** No project document in the .app ('Could not find EasyBuilder project file'). */
    'project_file_missing',
    /** A protected project with a wrong password ('error password'). */
    'wrong_password',
    /** A protected project sent without a password: the console asks for it. */
    'password_required',
    /** The project is for another model ('Project was incompatible with this machine'). */
    'incompatible_model',
    /** The project was made with design software older than the device runs (specification §9). */
    'design_version_too_old',
    /** Restarting the project failed ('Restart failed'). */
    'restart_failed',
    /** The project backup could not be packed ('Project packing failed!'). */
    'packing_failed',
    /** An edit of the running project (its OPC UA tags, its devices) that would leave a reference
     * unresolved: nothing was saved. */
    'project_link',
  ],
  jobs: {
    project_update: { what: 'a project update', steps: PROJECT_UPDATE_STEPS, target: 'project', menu: 'project_management', update: true },
  },
});
