/** Device time formats (specification §7, docs/decisions.md#time-formats): shown as
 * `YYYY/MM/DD HH:mm:ss`, set as `YYYY.MM.DD-HH:mm:ss`. */
export const DISPLAY_TIME_PATTERN = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
export const SET_TIME_PATTERN = /^(\d{4})\.(\d{2})\.(\d{2})-(\d{2}):(\d{2}):(\d{2})$/;

export interface TimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

export function formatDisplayTime(p: TimeParts): string {
  return `${pad(p.year, 4)}/${pad(p.month)}/${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

export function formatSetTime(p: TimeParts): string {
  return `${pad(p.year, 4)}.${pad(p.month)}.${pad(p.day)}-${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** Parses `YYYY.MM.DD-HH:mm:ss`; null for a malformed or impossible date (31 February, 25:00). */
export function parseSetTime(text: string): TimeParts | null {
  const m = SET_TIME_PATTERN.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (year < 1970 || year > 2099 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return null;
  return { year, month, day, hour, minute, second };
}

/** Wall-clock parts of an instant in the device's time zone (the host's local zone). */
export function partsOfLocal(ms: number): TimeParts {
  const d = new Date(ms);
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
  };
}

export function localPartsToMs(p: TimeParts): number {
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second).getTime();
}
