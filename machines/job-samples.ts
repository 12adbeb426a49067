/** Sample device jobs for the QA entries and the tests of the flows that follow them. */
import type { Job } from '../contract/api/jobs';
import { JOB_STEPS_BY_KIND, type JobKind } from '../contract/jobs';

const AT = '2026-11-24T08:00:00.000Z';

/** A job of `kind` at `step`: the steps before it done, it running (or failed), the rest waiting;
 * a done job has every step done. */
export function sampleJobOf(kind: JobKind, state: Job['state'], step: string, extra: Partial<Job> = {}): Job {
  const steps: readonly string[] = JOB_STEPS_BY_KIND[kind];
  const at = steps.indexOf(step);
  return {
    id: 'job-1',
    kind,
    state,
    steps: steps.map((id, i) => ({
      id,
      state: state === 'done' ? 'done' : i < at ? 'done' : i === at ? (state === 'failed' ? 'failed' : 'running') : 'pending',
    })),
    current_step: state === 'done' ? null : step,
    bytes: null,
    error_code: null,
    error_detail: null,
    rolled_back: false,
    result: null,
    created_at: AT,
    updated_at: AT,
    finished_at: state === 'running' ? null : AT,
    ...extra,
  };
}
