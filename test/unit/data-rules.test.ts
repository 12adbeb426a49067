/** The Data screens' shared rules (contract/rules/data.ts): ranges, quick ranges, zoom and pan of
 * a trend's window, and the before/after difference of an operation-log row. */
import {
  ALARM_SEVERITIES,
  BACKUP_CONTENTS,
  EVENT_LOG_MAX_EVENTS,
  QUICK_RANGES,
  TREND_POINTS_DEFAULT,
  VIEW_MAX,
  panRange,
  quickRange,
  rangeProblem,
  valueChanges,
  zoomRange,
  type QuickRange,
} from '../../contract/rules/data';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('limits', () => {
  it('a view shows at most 1000 points or records, and a trend asks for that many by default', () => {
    expect(VIEW_MAX).toBe(1000);
    expect(TREND_POINTS_DEFAULT).toBeLessThanOrEqual(VIEW_MAX);
    expect(EVENT_LOG_MAX_EVENTS).toBe(100_000);
    expect(ALARM_SEVERITIES).toEqual(['low', 'medium', 'high']);
    expect(BACKUP_CONTENTS).toEqual(['datalog', 'eventlog', 'operationlog']);
  });
});

describe('rangeProblem', () => {
  it('accepts a range in order, and an empty one (from = to: the records of that instant)', () => {
    expect(rangeProblem(1000, 2000)).toBeNull();
    expect(rangeProblem(1000, 1000)).toBeNull();
    expect(rangeProblem(-5000, 0)).toBeNull();
  });

  it('refuses a range that ends before it starts', () => {
    expect(rangeProblem(2000, 1999)).toBe('from_after_to');
    expect(rangeProblem(Date.parse('2026-01-02T00:00:00Z'), Date.parse('2026-01-01T00:00:00Z'))).toBe('from_after_to');
  });

  it('calls a bound that is not a finite number invalid (an unparsable date), before its order', () => {
    expect(rangeProblem(Number.NaN, 1000)).toBe('invalid');
    expect(rangeProblem(1000, Number.NaN)).toBe('invalid');
    expect(rangeProblem(Date.parse('yesterday'), 0)).toBe('invalid');
    expect(rangeProblem(Number.POSITIVE_INFINITY, 0)).toBe('invalid');
    expect(rangeProblem(0, Number.NEGATIVE_INFINITY)).toBe('invalid');
  });
});

describe('quickRange', () => {
  const now = Date.UTC(2026, 10, 25, 6, 0, 0);

  it.each([
    ['15m', 15 * MIN],
    ['1h', HOUR],
    ['8h', 8 * HOUR],
    ['24h', DAY],
    ['7d', 7 * DAY],
    ['30d', 30 * DAY],
  ] as const)('%s ends now and reaches back its width', (range, width) => {
    expect(quickRange(range, now)).toEqual({ from: now - width, to: now });
  });

  it('has exactly those ranges, each a valid range', () => {
    expect(Object.keys(QUICK_RANGES)).toEqual(['15m', '1h', '8h', '24h', '7d', '30d']);
    for (const r of Object.keys(QUICK_RANGES) as QuickRange[]) {
      const { from, to } = quickRange(r, now);
      expect(rangeProblem(from, to)).toBeNull();
    }
  });
});

describe('zoomRange', () => {
  const range = { from: 100_000, to: 200_000 };

  it('zooms in around the middle by default', () => {
    expect(zoomRange(range, 0.5)).toEqual({ from: 125_000, to: 175_000 });
  });

  it('zooms out around the middle', () => {
    expect(zoomRange(range, 2)).toEqual({ from: 50_000, to: 250_000 });
  });

  it('keeps the point under the cursor where it is in the window', () => {
    // At the left edge: the left edge stays.
    expect(zoomRange(range, 0.5, 100_000)).toEqual({ from: 100_000, to: 150_000 });
    // At the right edge: the right edge stays.
    expect(zoomRange(range, 0.5, 200_000)).toEqual({ from: 150_000, to: 200_000 });
    // A quarter in: still a quarter in, in the narrower window.
    const z = zoomRange(range, 0.4, 125_000);
    expect(z.to - z.from).toBe(40_000);
    expect((125_000 - z.from) / (z.to - z.from)).toBeCloseTo(0.25, 10);
  });

  it('never narrows below the minimum span (1 s unless told)', () => {
    expect(zoomRange({ from: 0, to: 2000 }, 0.1)).toEqual({ from: 500, to: 1500 });
    expect(zoomRange({ from: 0, to: 2000 }, 0.001, 0, 250)).toEqual({ from: 0, to: 250 });
    const tiny = zoomRange({ from: 10_000, to: 10_500 }, 0.5);
    expect(tiny.to - tiny.from).toBe(1000);
  });

  it('answers whole milliseconds, in order', () => {
    const z = zoomRange({ from: 1, to: 1_000_004 }, 1 / 3, 333_337);
    expect(Number.isInteger(z.from) && Number.isInteger(z.to)).toBe(true);
    expect(rangeProblem(z.from, z.to)).toBeNull();
  });

  it('a zoom in and the same zoom out come back to the same window', () => {
    const center = 130_000;
    const back = zoomRange(zoomRange(range, 0.5, center), 2, center);
    expect(back).toEqual(range);
  });

  it('zooms an empty window out to the minimum span, holding its instant', () => {
    const z = zoomRange({ from: 5000, to: 5000 }, 2);
    expect(z.to - z.from).toBe(1000);
    expect(z.from).toBeLessThanOrEqual(5000);
    expect(z.to).toBeGreaterThanOrEqual(5000);
  });
});

describe('panRange', () => {
  const range = { from: 100_000, to: 200_000 };

  it('moves the window by a fraction of its width, forward or back, keeping its width', () => {
    expect(panRange(range, 0.25)).toEqual({ from: 125_000, to: 225_000 });
    expect(panRange(range, -1)).toEqual({ from: 0, to: 100_000 });
    expect(panRange(range, 0)).toEqual(range);
  });

  it('moves by whole milliseconds', () => {
    const p = panRange({ from: 0, to: 1000 }, 1 / 3);
    expect(p).toEqual({ from: 333, to: 1333 });
  });
});

describe('valueChanges', () => {
  it('compares two plain values at the empty path', () => {
    expect(valueChanges(1, 2)).toEqual([{ path: '', before: 1, after: 2, kind: 'changed' }]);
    expect(valueChanges('a', 'a')).toEqual([{ path: '', before: 'a', after: 'a', kind: 'same' }]);
    expect(valueChanges(undefined, 5)).toEqual([{ path: '', before: undefined, after: 5, kind: 'added' }]);
    expect(valueChanges(5, undefined)).toEqual([{ path: '', before: 5, after: undefined, kind: 'removed' }]);
    expect(valueChanges(Number.NaN, Number.NaN)).toEqual([{ path: '', before: Number.NaN, after: Number.NaN, kind: 'same' }]);
  });

  it('treats a null side (a row with nothing recorded) as no value', () => {
    expect(valueChanges(null, { a: 1 })).toEqual([{ path: 'a', before: undefined, after: 1, kind: 'added' }]);
    expect(valueChanges({ a: 1 }, null)).toEqual([{ path: 'a', before: 1, after: undefined, kind: 'removed' }]);
  });

  it('walks objects to their leaves by dotted path, in the order keys first appear', () => {
    const before = { name: 'HMI', net: { ip: '10.0.0.1', mask: '255.0.0.0' }, dns: 'x' };
    const after = { net: { ip: '10.0.0.2', gateway: '10.0.0.254' }, name: 'HMI', extra: true };
    expect(valueChanges(before, after)).toEqual([
      { path: 'name', before: 'HMI', after: 'HMI', kind: 'same' },
      { path: 'net.ip', before: '10.0.0.1', after: '10.0.0.2', kind: 'changed' },
      { path: 'net.mask', before: '255.0.0.0', after: undefined, kind: 'removed' },
      { path: 'net.gateway', before: undefined, after: '10.0.0.254', kind: 'added' },
      { path: 'dns', before: 'x', after: undefined, kind: 'removed' },
      { path: 'extra', before: undefined, after: true, kind: 'added' },
    ]);
  });

  it('walks arrays by index', () => {
    const before = { interfaces: [{ ip: '10.0.0.1' }] };
    const after = { interfaces: [{ ip: '10.0.0.9' }, { ip: '10.0.1.1' }] };
    expect(valueChanges(before, after)).toEqual([
      { path: 'interfaces.0.ip', before: '10.0.0.1', after: '10.0.0.9', kind: 'changed' },
      { path: 'interfaces.1.ip', before: undefined, after: '10.0.1.1', kind: 'added' },
    ]);
  });

  it('shows an empty object or array as a value of its own', () => {
    expect(valueChanges({}, {})).toEqual([{ path: '', before: {}, after: {}, kind: 'same' }]);
    expect(valueChanges({ a: [] }, { a: [] })).toEqual([{ path: 'a', before: [], after: [], kind: 'same' }]);
    expect(valueChanges({ a: {} }, {})).toEqual([{ path: 'a', before: {}, after: undefined, kind: 'removed' }]);
    expect(valueChanges({}, { a: [] })).toEqual([{ path: 'a', before: undefined, after: [], kind: 'added' }]);
    expect(valueChanges({ a: {} }, { a: { x: 1 } })).toEqual([{ path: 'a.x', before: undefined, after: 1, kind: 'added' }]);
  });

  it('shows a masked secret as the mask on both sides, unchanged', () => {
    expect(valueChanges({ password: '***', user: 'admin' }, { password: '***', user: 'admin' }).map((c) => c.kind)).toEqual(['same', 'same']);
  });
});
