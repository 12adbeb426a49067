/** Long device tasks (a project update, an OS update) run as jobs the console follows step by step
 * (GET /api/v1/jobs/:id). Each area declares the kinds it runs (`jobs` in its
 * `contract/api/<area>.routes.ts`: steps, target, menu); this file assembles them. Zod-free, so the
 * console and its machines can import the step lists. */
import { CONTRACT_AREAS, type ContractAreaOf } from './areas';
import type { ContractArea, JobKindDef } from './area';

type JobsOf<A> = A extends { readonly jobs: infer J } ? J : never;
type AllJobs = JobsOf<ContractAreaOf>;
type KindOf<J> = J extends unknown ? keyof J & string : never;

export type JobKind = KindOf<AllJobs>;

type StepsOf<K extends JobKind> = AllJobs extends infer J ? (J extends { readonly [P in K]: { readonly steps: readonly (infer S)[] } } ? S : never) : never;

/** Every kind of job, with what its area says of it. */
export const JOB_KINDS_DEF = Object.fromEntries(
  CONTRACT_AREAS.flatMap((area: ContractArea) => Object.entries(area.jobs ?? {})),
) as Record<JobKind, JobKindDef>;

export const JOB_KINDS = Object.keys(JOB_KINDS_DEF) as readonly JobKind[];

export const JOB_STEPS_BY_KIND = Object.fromEntries(JOB_KINDS.map((kind) => [kind, JOB_KINDS_DEF[kind].steps])) as {
  readonly [K in JobKind]: readonly StepsOf<K>[];
};

export type JobStepId = StepsOf<JobKind>;

export const JOB_STATES = ['running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STEP_STATES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStepState = (typeof JOB_STEP_STATES)[number];
