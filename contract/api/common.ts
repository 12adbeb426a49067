import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../rules/password-strength';
import { secret } from './secret';

export const statusSuccessSchema = z.object({ status: z.literal('success') }).meta({ id: 'StatusSuccess' });
/** An account's password, current or new: a secret wherever it travels (`.min()` keeps the mark). */
export const passwordField = secret(z.string().max(PASSWORD_MAX_LENGTH));
export const accountNameField = z.string().min(1).max(64);
