/**
 * What the WebView page computes from a screen and its tags, kept pure: a tag's value as text, the
 * check of a numeric entry, and the scale that fits a screen's canvas into the room there is.
 */
import type { TagValue } from '../../../machines/webview-session.machine';
import type { WebviewTagFormat } from '../../../store/api/webview-endpoints';

/** The smallest touch target, in CSS px, whatever the scale (docs/architecture.md#quality-bars). */
export const MIN_TARGET_PX = 44;

const fixedFormats = new Map<string, Intl.NumberFormat>();

/** The language's number format with exactly `decimals` decimals (a panel shows 42.50, not 42.5). */
export function fixedFormat(language: string, decimals: number): Intl.NumberFormat {
  const key = `${language}/${decimals}`;
  let format = fixedFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    fixedFormats.set(key, format);
  }
  return format;
}

/** A tag's value as the screen shows it: a number with the tag's decimals in the language's
 * format, then its unit; a text as it is; null when there is no value yet. */
export function valueText(value: TagValue | undefined, format: WebviewTagFormat | undefined, language: string): string | null {
  if (value === undefined) return null;
  if (typeof value === 'string') return value;
  const number = fixedFormat(language, format?.decimals ?? 0).format(value);
  return format?.unit ? `${number} ${format.unit}` : number;
}

/** Whether a lamp's or a toggle button's tag is on. */
export function isOn(value: TagValue | undefined): boolean {
  if (value === undefined) return false;
  return typeof value === 'number' ? value !== 0 : value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

export type EntryProblem =
  | { key: 'not_a_number' }
  | { key: 'whole_number' }
  | { key: 'too_many_decimals'; count: number }
  | { key: 'too_small'; min: number }
  | { key: 'too_large'; max: number };

/** The data types whose values are whole numbers. */
const WHOLE = /^(u?int\d*|bit|bool(ean)?|word|dword)$/i;

/**
 * A numeric entry's text as a value for its tag, or what is wrong with it. `text` is as typed in
 * the language's format (a decimal comma is taken as a decimal point).
 */
export function checkEntry(
  text: string,
  range: { min?: number; max?: number },
  format: WebviewTagFormat | undefined,
): { value: number } | { problem: EntryProblem } {
  const normalised = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normalised)) return { problem: { key: 'not_a_number' } };
  const value = Number(normalised);
  const decimals = (normalised.split('.')[1] ?? '').length;
  if (format && WHOLE.test(format.data_type) && decimals > 0 && !/^\.?0*$/.test(normalised.split('.')[1] ?? '')) return { problem: { key: 'whole_number' } };
  if (format?.decimals !== undefined && decimals > format.decimals && !WHOLE.test(format.data_type)) {
    return { problem: { key: 'too_many_decimals', count: format.decimals } };
  }
  if (range.min !== undefined && value < range.min) return { problem: { key: 'too_small', min: range.min } };
  if (range.max !== undefined && value > range.max) return { problem: { key: 'too_large', max: range.max } };
  return { value };
}

/** The scale that fits a `width`×`height` canvas into `room` (aspect ratio kept). */
export function fitScale(canvas: { width: number; height: number }, room: { width: number; height: number }): number {
  if (room.width <= 0 || canvas.width <= 0 || canvas.height <= 0) return 1;
  const byWidth = room.width / canvas.width;
  const byHeight = room.height > 0 ? room.height / canvas.height : byWidth;
  return Math.min(byWidth, byHeight);
}

/** The rectangle an element's touch area takes once scaled: its own, grown around its centre to
 * at least MIN_TARGET_PX in each direction. */
export function touchRect(rect: { x: number; y: number; w: number; h: number }, scale: number): { left: number; top: number; width: number; height: number } {
  const width = Math.max(rect.w * scale, MIN_TARGET_PX);
  const height = Math.max(rect.h * scale, MIN_TARGET_PX);
  return { left: (rect.x + rect.w / 2) * scale - width / 2, top: (rect.y + rect.h / 2) * scale - height / 2, width, height };
}
