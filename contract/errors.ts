import { z } from 'zod';

import { fromAreas } from './areas';
import { COMMON_ERROR_CODES, type AreaErrorCode, type ErrorCode } from './error-codes';

export * from './error-codes';

/** Every code the device answers with: the common ones, then every area's (contract/areas.ts). */
export const ERROR_CODES: readonly ErrorCode[] = [...COMMON_ERROR_CODES, ...(fromAreas('errorCodes') as AreaErrorCode[])];

export const errorBodySchema = z
  .object({
    message: z.string(),
    error_code: z.enum(ERROR_CODES),
    /** The body, query or path field a validation failure is about. */
    field: z.string().optional(),
    /** The shared rule's problem code, with `validation_failure` from a rule of contract/rules. */
    problem: z.string().optional(),
    /** Minutes left, with `login_locked`; seconds to wait, with `too_many_requests`; how many
     * passwords the device remembers, with `password_reused`. */
    qty: z.number().int().optional(),
    /** Strength rules broken, with `password_too_weak`. */
    failures: z.array(z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
