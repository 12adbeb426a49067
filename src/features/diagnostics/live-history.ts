import { useState } from 'react';
import type { LiveSample } from '../../../contract/api/diagnostics';

/** Samples the Live charts keep: two minutes at one every 2 s. */
export const LIVE_HISTORY_LENGTH = 60;
/** How often the Live section asks for a sample while it is open. */
export const LIVE_POLL_MS = 2_000;

/** The history with `sample` added at its end, unless it is the last one already (the same
 * answer read twice), at most `LIVE_HISTORY_LENGTH` long. */
export function withSample(history: readonly LiveSample[], sample: LiveSample | undefined): readonly LiveSample[] {
  if (!sample || history[history.length - 1]?.at === sample.at) return history;
  return [...history, sample].slice(-LIVE_HISTORY_LENGTH);
}

/** The samples seen since the section was opened, newest last: each new answer is added as it is
 * rendered (state derived from the previous render's, without an effect). */
export function useLiveHistory(sample: LiveSample | undefined): readonly LiveSample[] {
  const [history, setHistory] = useState<readonly LiveSample[]>([]);
  const next = withSample(history, sample);
  if (next !== history) setHistory(next);
  return next;
}
