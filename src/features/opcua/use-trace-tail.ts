/**
 * The trace log's live tail: asks for the lines after the last one seen (`after` = its seq) every
 * TRACE_POLL_MS while the panel is shown, not paused and the browser tab is visible; a full page
 * is followed at once by the next. A log longer than a page at the start is joined near its end
 * (the download has it all). The newest TRACE_KEEP lines stay on screen. A log that started over
 * (the device's newest seq below the one seen) starts the view over.
 */
import { useEffect, useRef, useState } from 'react';
import type { ResponseOf } from '../../../contract/api/define';
import type { trace } from '../../../contract/api/opcua';
import { useAppDispatch } from '../../../store';
import { opcuaApi } from '../../../store/api/opcua-endpoints';

export type TraceLine = ResponseOf<typeof trace>['lines'][number];

export const TRACE_POLL_MS = 2000;
/** Lines asked for at once. */
export const TRACE_PAGE = 200;
/** Lines kept on screen. */
export const TRACE_KEEP = 500;

export interface TraceTail {
  lines: readonly TraceLine[];
  /** The first answer came. */
  loaded: boolean;
  /** The last ask failed (the tail asks again by itself). */
  error: unknown;
}

export function useTraceTail(paused: boolean): TraceTail {
  const dispatch = useAppDispatch();
  const [lines, setLines] = useState<readonly TraceLine[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const after = useRef(0);

  useEffect(() => {
    if (paused) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (ms: number) => {
      if (!stopped) timer = setTimeout(() => void ask(), ms);
    };
    const ask = async (): Promise<void> => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return schedule(TRACE_POLL_MS);
      const request = dispatch(opcuaApi.endpoints.opcuaTrace.initiate({ after: after.current, limit: TRACE_PAGE }, { forceRefetch: true, subscribe: false }));
      try {
        const answer = await request.unwrap();
        if (stopped) return;
        setError(null);
        setLoaded(true);
        if (answer.last_seq < after.current) {
          // The log started over (the device restarted it): so does the view.
          after.current = 0;
          setLines([]);
          return schedule(0);
        }
        const newest = answer.lines.length > 0 ? answer.lines[answer.lines.length - 1]!.seq : after.current;
        after.current = Math.max(after.current, newest);
        if (answer.lines.length > 0) setLines((shown) => [...shown, ...answer.lines].slice(-TRACE_KEEP));
        if (answer.lines.length >= TRACE_PAGE) {
          // More waits: join near the end when it is far, else read on.
          if (answer.last_seq - after.current > TRACE_KEEP) after.current = answer.last_seq - TRACE_PAGE;
          return schedule(0);
        }
        schedule(TRACE_POLL_MS);
      } catch (failure) {
        if (stopped) return;
        setError(failure);
        schedule(TRACE_POLL_MS);
      }
    };
    void ask();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [paused, dispatch]);

  return { lines, loaded, error };
}
