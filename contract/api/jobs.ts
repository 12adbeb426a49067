import { z } from 'zod';
import { defineCall } from './define';
import { JOB_ROUTES } from './jobs.routes';
import { ERROR_CODES } from '../errors';
import { JOB_KINDS, JOB_STATES, JOB_STEP_STATES } from '../jobs';

export const jobIdField = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const jobSchema = z
  .object({
    id: jobIdField,
    kind: z.enum(JOB_KINDS),
    state: z.enum(JOB_STATES),
    /** Every step of the job's kind, in order, with where each stands. */
    steps: z.array(z.object({ id: z.string(), state: z.enum(JOB_STEP_STATES) })),
    current_step: z.string().nullable(),
    /** How far the current step has come, when it counts: bytes (copying from a medium, writing an
     * image or an archive), or for a data backup's `prepare` the rows gathered. */
    bytes: z.object({ done: z.number().int().min(0), total: z.number().int().min(0) }).nullable(),
    /** Why a failed job failed. */
    error_code: z.enum(ERROR_CODES).nullable(),
    /** The device's own words on the failure (English, for the log and support). */
    error_detail: z.string().nullable(),
    /** A failed update whose new project did not start: the previous project runs again. */
    rolled_back: z.boolean(),
    /** The file a finished job wrote (a data backup on a medium), or null. */
    result: z.object({ file_name: z.string(), size: z.number().int().min(0) }).nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    finished_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof jobSchema>;

export const jobStartedSchema = z.object({ job_id: jobIdField }).meta({ id: 'JobStarted' });

export const getJob = defineCall({
  ...JOB_ROUTES.getJob,
  tag: 'jobs',
  summary: 'Where a long device task stands: its steps, bytes and outcome. Visible to the accounts that may start its kind',
  access: { kind: 'authenticated' },
  params: z.object({ id: jobIdField }),
  response: jobSchema,
});
