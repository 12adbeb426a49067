/** Long device tasks (a project update, an OS update) run as jobs the console follows step by step
 * (GET /api/v1/jobs/:id). Zod-free, so the console and its machines can import the step lists. */

/** Specification §4: the project update steps, in order. */
export const PROJECT_UPDATE_STEPS = ['prepare', 'stop_project', 'update_project', 'decompress_project', 'start_project'] as const;
/** Specification §4: the OS update steps, in order; the reboot and the version check follow on
 * the console's side. */
export const OS_UPDATE_STEPS = ['prepare', 'upload_image', 'update_os'] as const;

/** A data backup written to the USB stick or the SD card: the files gathered, then the archive written. */
export const DATA_BACKUP_STEPS = ['prepare', 'write_archive'] as const;

/** A PLC runtime firmware update: the firmware checked, received and installed, then the HMI
 * restarts (specification §4); the job ends when the panel is back. */
export const PLC_RUNTIME_UPDATE_STEPS = ['prepare', 'upload_firmware', 'update_firmware', 'restart_hmi'] as const;

export const JOB_KINDS = ['project_update', 'os_update', 'data_backup', 'plc_runtime_update'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STEPS_BY_KIND = {
  project_update: PROJECT_UPDATE_STEPS,
  os_update: OS_UPDATE_STEPS,
  data_backup: DATA_BACKUP_STEPS,
  plc_runtime_update: PLC_RUNTIME_UPDATE_STEPS,
} as const satisfies Record<JobKind, readonly string[]>;

export type JobStepId = (typeof JOB_STEPS_BY_KIND)[JobKind][number];

export const JOB_STATES = ['running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STEP_STATES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStepState = (typeof JOB_STEP_STATES)[number];
