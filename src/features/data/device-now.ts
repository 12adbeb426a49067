import { useCallback } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../../store';

/** The top bar's format of the device time (specification §7): YYYY/MM/DD HH:mm:ss. Read with a
 * pattern rather than dayjs's customParseFormat plugin, which every Data screen loaded for this
 * one format (3.6 KB minified). */
const DISPLAY = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** A time the top bar shows, in milliseconds (local time, as it is shown), or null. */
export function parseShownTime(shown: string): number | null {
  const m = DISPLAY.exec(shown);
  if (!m) return null;
  const [year, month, day, hours, minutes, seconds] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  // Out-of-range parts roll over (2026/02/30 is March 2), as dayjs's parse did.
  return new Date(year, month - 1, day, hours, minutes, seconds).getTime();
}

/** The panel's clock as the top bar shows it, in milliseconds (the browser's when it has not
 * ticked yet): quick ranges end at the panel's now, not the computer's. Read when called, so a
 * page does not redraw every second. */
export function useDeviceNow(): () => number {
  const store = useStore<RootState>();
  return useCallback(() => {
    const shown = store.getState().app.datetime;
    return (shown ? parseShownTime(shown) : null) ?? Date.now();
  }, [store]);
}
