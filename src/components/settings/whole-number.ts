/** A whole number typed as text (spaces around it allowed): its value, or NaN when the text is
 * not one (empty, a sign, a decimal point, letters, more than six digits). */
export function readWholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : NaN;
}

/** Whether a number read by `readWholeNumber` lies within the range (bounds included). */
export function inRange(n: number, range: { min: number; max: number }): boolean {
  return Number.isInteger(n) && n >= range.min && n <= range.max;
}
