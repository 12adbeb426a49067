import { z } from 'zod';

import { ERROR_CODES } from './error-codes';

export * from './error-codes';

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
