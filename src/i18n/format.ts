import { numberFormat } from './numbers';

/** Bytes as a short figure with a binary unit. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${numberFormat(locale, unit === 0 ? 0 : 1).format(value)} ${units[unit]}`;
}

/** A time as specification §7 shows it (YYYY/MM/DD HH:mm:ss), in the browser's time zone. */
export function displayTime(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export interface Duration {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function splitDuration(totalSeconds: number): Duration {
  const s = Math.max(0, Math.floor(totalSeconds));
  return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

export function percent(used: number, total: number): number {
  return total > 0 ? Math.round((used / total) * 100) : 0;
}
