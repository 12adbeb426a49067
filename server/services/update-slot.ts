/**
 * One update at a time: a project, an OS image or a PLC runtime firmware (each stops or restarts
 * something, and each stages a file of up to hundreds of megabytes). The slot is taken before the
 * first byte of an upload is staged and handed to the update's job once the file is in; the job
 * holds it until it ends. A second update while one is staging or running is refused with 409
 * `busy`, as is a project restart.
 */
import type { JobKind } from '../../contract/jobs';
import { ApiError } from '../lib/api-error';
import type { JobsService } from './jobs';

export const UPDATE_KINDS = ['project_update', 'os_update', 'plc_runtime_update'] as const satisfies readonly JobKind[];
export type UpdateKind = (typeof UPDATE_KINDS)[number];

const WHAT: Record<UpdateKind, string> = {
  project_update: 'a project update',
  os_update: 'an OS update',
  plc_runtime_update: 'a PLC runtime firmware update',
};

export function busy(kind: UpdateKind, staging: boolean): ApiError {
  return new ApiError(409, 'busy', `The device is busy with ${WHAT[kind]} (${staging ? 'its file is being received' : 'it is running'}): wait for it to end`);
}

export class UpdateSlot {
  private staging: UpdateKind | null = null;

  constructor(private readonly jobs: JobsService) {}

  /** Refuses (409 `busy`) while an update stages or runs. */
  assertFree(): void {
    if (this.staging) throw busy(this.staging, true);
    const running = this.jobs.running(UPDATE_KINDS);
    if (running) throw busy(running.kind as UpdateKind, false);
  }

  /** Takes the slot for staging an update of `kind` (409 `busy` while another stages or runs);
   * answers its release. The caller releases it once the update's job exists (the job keeps
   * others out from there) or the staging failed. */
  take(kind: UpdateKind): () => void {
    this.assertFree();
    this.staging = kind;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.staging = null;
    };
  }
}
