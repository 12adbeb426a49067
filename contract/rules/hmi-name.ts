/** HMI name rules (docs/decisions.md#hmi-name): trim, replace every character other than ASCII
 * letters, digits, dot and hyphen with `x`, refuse an empty name or one longer than 32
 * characters. */
export const HMI_NAME_MAX_LENGTH = 32;

export type HmiNameProblem = 'empty' | 'too_long';

export function sanitizeHmiName(raw: string): string {
  // Array.from walks code points, so one emoji becomes one `x`, not two.
  return Array.from(raw.trim())
    .map((ch) => (/^[A-Za-z0-9.-]$/.test(ch) ? ch : 'x'))
    .join('');
}

export function hmiNameProblem(raw: string): HmiNameProblem | null {
  const clean = sanitizeHmiName(raw);
  if (clean.length === 0) return 'empty';
  if (clean.length > HMI_NAME_MAX_LENGTH) return 'too_long';
  return null;
}
