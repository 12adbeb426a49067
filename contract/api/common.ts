import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../rules/password-strength';

export const statusSuccessSchema = z.object({ status: z.literal('success') }).meta({ id: 'StatusSuccess' });
export const passwordField = z.string().max(PASSWORD_MAX_LENGTH);
export const accountNameField = z.string().min(1).max(64);
