/**
 * One update at a time: a project, an OS image or a PLC runtime firmware (each stops or restarts
 * something, and each stages a file of up to hundreds of megabytes). The slot is taken before the
 * first byte of an upload is staged and handed to the update's job once the file is in; the job
 * holds it until it ends. A second update while one is staging or running is refused with 409
 * `busy`, as is a project restart.
 */
import { JOB_KINDS, JOB_KINDS_DEF, type JobKind } from '../../contract/jobs';
import { ApiError } from '../lib/api-error';
import type { JobsService } from './jobs';

/** The kinds of job its area marks as an update (`update: true`). */
export const UPDATE_KINDS: readonly JobKind[] = JOB_KINDS.filter((kind) => JOB_KINDS_DEF[kind].update);
export type UpdateKind = JobKind;

export function busy(kind: UpdateKind, staging: boolean): ApiError {
  return new ApiError(409, 'busy', `The device is busy with ${JOB_KINDS_DEF[kind].what} (${staging ? 'its file is being received' : 'it is running'}): wait for it to end`);
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
