/**
 * The trace log's live tail on this screen: the `opcuaTraceTail` query (store/api/opcua-endpoints.ts),
 * read every TRACE_POLL_MS while not paused; each read adds the lines after the last one kept.
 * Paused, it reads nothing and the lines shown stay; resuming reads at once.
 */
import { TRACE_POLL_MS, useOpcuaTraceTailQuery, type TraceLine } from '../../../store/api/opcua-endpoints';

export type { TraceLine };

export interface TraceTail {
  lines: readonly TraceLine[];
  /** The first answer came. */
  loaded: boolean;
  /** The last read failed (the tail reads again by itself). */
  error: unknown;
  /** Reads at once (on resume). */
  readNow(): void;
}

export function useTraceTail(paused: boolean): TraceTail {
  const query = useOpcuaTraceTailQuery(undefined, { pollingInterval: paused ? 0 : TRACE_POLL_MS, refetchOnMountOrArgChange: true });
  return {
    lines: query.data?.lines ?? [],
    loaded: query.data !== undefined,
    error: query.isError ? query.error : null,
    readNow: () => void query.refetch(),
  };
}
