import { useCallback } from 'react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useStore } from 'react-redux';
import type { RootState } from '../../../store';

dayjs.extend(customParseFormat);

/** The top bar's format of the device time (specification §7). */
const DISPLAY = 'YYYY/MM/DD HH:mm:ss';

/** The panel's clock as the top bar shows it, in milliseconds (the browser's when it has not
 * ticked yet): quick ranges end at the panel's now, not the computer's. Read when called, so a
 * page does not redraw every second. */
export function useDeviceNow(): () => number {
  const store = useStore<RootState>();
  return useCallback(() => {
    const shown = store.getState().app.datetime;
    const parsed = shown ? dayjs(shown, DISPLAY) : null;
    return parsed?.isValid() ? parsed.valueOf() : Date.now();
  }, [store]);
}
