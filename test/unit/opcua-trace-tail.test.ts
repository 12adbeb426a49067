/**
 * The trace log's tail as the cache reads it (store/api/opcua-endpoints.ts): one read asks for the
 * lines after the last one kept, follows a full page at once (a bounded number of pages per read),
 * joins a log far ahead near its end, starts over with a log that started over, and keeps the
 * newest TRACE_KEEP lines.
 */
import {
  TRACE_KEEP,
  TRACE_PAGE,
  TRACE_PAGES_PER_READ,
  mergeTraceTail,
  readTraceTail,
  type TraceLine,
  type TraceTail,
} from '../../store/api/opcua-endpoints';

const line = (seq: number): TraceLine => ({ seq, time: '2026-11-24T08:00:00.000Z', level: 'info', message: `line ${seq}` });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => line(from + i));

/** A device whose log holds the lines `from`..`to`; records the `after` of each ask. */
function device(from: number, to: number) {
  const asked: number[] = [];
  const ask = async (after: number) => {
    asked.push(after);
    const start = Math.max(after + 1, from);
    const lines = start > to ? [] : range(start, Math.min(to, start + TRACE_PAGE - 1));
    return { data: { lines, last_seq: to } };
  };
  return { asked, ask };
}

describe('readTraceTail', () => {
  it('asks for the lines after the one given and keeps them, with the last seq read', async () => {
    const d = device(1, 3);
    expect(await readTraceTail(0, d.ask)).toEqual({ data: { lines: range(1, 3), after: 3, restarted: false } });
    expect(d.asked).toEqual([0]);
  });

  it('nothing new: no lines, the same place', async () => {
    const d = device(1, 3);
    expect(await readTraceTail(3, d.ask)).toEqual({ data: { lines: [], after: 3, restarted: false } });
  });

  it('a full page is followed at once by the next', async () => {
    const d = device(1, TRACE_PAGE + 50);
    const read = await readTraceTail(0, d.ask);
    expect(d.asked).toEqual([0, TRACE_PAGE]);
    expect(read).toEqual({ data: { lines: range(1, TRACE_PAGE + 50), after: TRACE_PAGE + 50, restarted: false } });
  });

  it('a log far ahead is joined near its end (the first page kept, then its last page)', async () => {
    const last = 10_000;
    const d = device(1, last);
    const read = await readTraceTail(0, d.ask);
    expect(d.asked).toEqual([0, last - TRACE_PAGE, last]);
    expect('data' in read && read.data.lines.map((l) => l.seq)).toEqual([...range(1, TRACE_PAGE), ...range(last - TRACE_PAGE + 1, last)].map((l) => l.seq));
    expect('data' in read && read.data.after).toBe(last);
  });

  it('reads at most TRACE_PAGES_PER_READ pages; the next read goes on from there', async () => {
    // A log that always has a line more than a page ahead: never far enough to jump, never read out.
    const asked: number[] = [];
    const ask = async (after: number) => {
      asked.push(after);
      return { data: { lines: range(after + 1, after + TRACE_PAGE), last_seq: after + TRACE_PAGE + 1 } };
    };
    const read = await readTraceTail(0, ask);
    expect(asked).toHaveLength(TRACE_PAGES_PER_READ);
    expect('data' in read && read.data.after).toBe(TRACE_PAGE * TRACE_PAGES_PER_READ);
    expect('data' in read && read.data.lines).toHaveLength(Math.min(TRACE_KEEP, TRACE_PAGE * TRACE_PAGES_PER_READ));
  });

  it('a log that started over (its newest seq below the one seen) is read again from 0', async () => {
    const d = device(1, 4);
    expect(await readTraceTail(90, d.ask)).toEqual({ data: { lines: range(1, 4), after: 4, restarted: true } });
    expect(d.asked).toEqual([90, 0]);
  });

  it('a failed ask answers its error and keeps nothing', async () => {
    const failure = { status: 503, data: { error_code: 'internal_error' } };
    expect(await readTraceTail(5, async () => ({ error: failure }))).toEqual({ error: failure });
  });
});

describe('mergeTraceTail', () => {
  const kept: TraceTail = { lines: range(1, 3), after: 3, restarted: false };

  it('adds the lines read after the ones kept', () => {
    expect(mergeTraceTail(kept, { lines: range(4, 5), after: 5, restarted: false })).toEqual({ lines: range(1, 5), after: 5, restarted: false });
  });

  it('keeps the newest TRACE_KEEP lines', () => {
    const merged = mergeTraceTail(kept, { lines: range(4, TRACE_KEEP + 10), after: TRACE_KEEP + 10, restarted: false });
    expect(merged.lines).toHaveLength(TRACE_KEEP);
    expect(merged.lines[0]!.seq).toBe(11);
    expect(merged.lines.at(-1)!.seq).toBe(TRACE_KEEP + 10);
  });

  it('a log that started over replaces the lines kept', () => {
    expect(mergeTraceTail(kept, { lines: range(1, 2), after: 2, restarted: true })).toEqual({ lines: range(1, 2), after: 2, restarted: true });
  });
});
