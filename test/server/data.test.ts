/** The Data part of the device: data logs sampled by the runtime's scan (trends with exact min/max
 * per bucket at any zoom, pages, CSV, max_records, restarts), alarms and the event log, reading the
 * operation log and its retention, and data backups to a download and to the media. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { entriesOf } from '../support/archives';
import { startTestDevice, makeDataDir, TEST_PASSWORD, type TestDevice } from '../support/device';
import { ManualClock } from '../../server/lib/clock';
import { simulatedValue } from '../../server/services/tag-values';
import { AlarmService } from '../../server/services/alarms';
import { OPERATION_CSV_HEADER } from '../../server/services/operation-log';
import type { Trend } from '../../server/services/datalog';
import { MASK } from '../../server/lib/mask';
import { jobSchema, type Job } from '../../contract/api/jobs';
import type { Project } from '../../contract/project-format';

jest.setTimeout(30_000);

/** A multiple of the sample's 120 s level sine: its phase is 0 here (the level at 50 %). */
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

function qs(params: Record<string, string | number | undefined>): string {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined) as [string, string | number][];
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const csvLines = (body: string) => body.split('\n').filter((l, i, all) => !(l === '' && i === all.length - 1));

interface RawRecord {
  seq: number;
  t: number;
  v: (number | string | null)[];
}

/** Every record of a log as stored, oldest first. */
function rawRecords(t: TestDevice, logId: number): RawRecord[] {
  return (t.device.db.prepare('SELECT seq, t, v FROM datalog_records WHERE log_id = ? ORDER BY seq').all(logId) as { seq: number; t: number; v: string }[]).map((r) => ({
    seq: r.seq,
    t: r.t,
    v: JSON.parse(r.v) as (number | string | null)[],
  }));
}

/**
 * A trend against brute force over the raw records of its range: the points of each series
 * partition the records into consecutive runs (found by each point's time: the records' times are
 * distinct here), the first run starts at the first record, there are min(records, points) of
 * them, no run is longer than about two buckets, and each point is exactly the min, max and last
 * value of its run.
 */
function expectBruteForce(trend: Trend, recs: RawRecord[], points: number): void {
  expect(trend.records).toBe(recs.length);
  if (recs.length === 0) {
    for (const s of trend.series) expect(s.points).toEqual([]);
    return;
  }
  expect(trend.bucket_records).toBeCloseTo(recs.length <= points ? 1 : recs.length / points, 9);
  const position = new Map(recs.map((r, i) => [r.t, i]));
  trend.series.forEach((s, k) => {
    expect(s.points).toHaveLength(Math.min(recs.length, points));
    const starts = s.points.map((p) => position.get(p[0]));
    expect(starts[0]).toBe(0);
    const expected = starts.map((start, i) => {
      expect(start).toBeDefined();
      const end = i + 1 < starts.length ? starts[i + 1]! : recs.length;
      if (!(end > start!) || end - start! > 2 * trend.bucket_records + 1) throw new Error(`point ${i} of ${s.tag} covers records ${start}..${end - 1} (bucket ${trend.bucket_records})`);
      const run = recs.slice(start, end);
      const nums = run.map((r) => r.v[k]).filter((v): v is number => typeof v === 'number');
      const last = run[run.length - 1]!.v[k];
      return [run[0]!.t, nums.length ? Math.min(...nums) : null, nums.length ? Math.max(...nums) : null, typeof last === 'number' ? last : null];
    });
    expect(s.points).toEqual(expected);
  });
}

async function waitForJob(t: TestDevice, token: string, id: string): Promise<Job> {
  for (let i = 0; i < 500; i++) {
    const job = jobSchema.parse((await t.call('GET', `/api/v1/jobs/${id}`, token)).json());
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('job did not end');
}

function oplogRows(t: TestDevice, action: string) {
  return t.device.db.prepare('SELECT account, target, after_value, result FROM operation_log WHERE action = ? ORDER BY id').all(action) as {
    account: string | null;
    target: string;
    after_value: string | null;
    result: string;
  }[];
}

// ------------------------------------------------------------------------ text values in a log

describe('a data log with a text tag', () => {
  const clock = new ManualClock(T0);
  let t: TestDevice;

  beforeAll(async () => {
    t = await startTestDevice({ clock });
    const project = t.device.project.project;
    const withText = { ...project, data_logs: [{ name: 'Batches', sample_period_s: 1, tags: ['Batch_Code', 'Tank1_Level'], max_records: 100 }] };
    t.device.db.transaction(() => t.device.dataLogs.replace(t.device.project.active().id, withText))();
  });
  afterAll(() => t.close());

  it('exports its text as CSV fields, quoted where they hold a quote or a comma, in UTF-8', async () => {
    t.device.recorder.scan(T0);
    t.device.tagValues.write('Batch_Code', 'Lot "7", grün');
    t.device.recorder.scan(T0 + 1000);
    const id = t.device.dataLogs.list()[0]!.id;
    const res = await t.call('GET', `/api/v1/datalog/${id}/export`, await t.login('history'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-record-count']).toBe('2');
    const level = (ms: number) => simulatedValue(t.device.project.project.tags.find((x) => x.name === 'Tank1_Level')!, ms);
    expect(csvLines(res.body)).toEqual(['time,Batch_Code,Tank1_Level', `${iso(T0)},,${level(T0)}`, `${iso(T0 + 1000)},"Lot ""7"", grün",${level(T0 + 1000)}`]);
  });
});

describe('a data log over several days', () => {
  let t: TestDevice;

  beforeAll(async () => {
    t = await startTestDevice({ clock: new ManualClock(T0) });
    const project = t.device.project.project;
    const days = { ...project, data_logs: [{ name: 'Days', sample_period_s: 60, tags: ['Tank1_Level', 'Tank1_Temperature'], max_records: 100_000 }] };
    t.device.db.transaction(() => t.device.dataLogs.replace(t.device.project.active().id, days))();
  });
  afterAll(() => t.close());

  it('exports every record in order with its own date, across midnights and pages', async () => {
    const id = t.device.dataLogs.list()[0]!.id;
    // 12,000 records 37 s apart (about five days, midnights in the middle of pages), a null now and then.
    const midnight = Date.UTC(2026, 2, 1);
    const rows: [number, (number | null)[]][] = [];
    for (let i = 0; i < 12_000; i++) rows.push([midnight - 3_600_000 + i * 37_000 + (i % 3), [i % 97 === 0 ? null : i, i / 4]]);
    t.device.dataLogs.appendMany(id, rows);
    const res = await t.call('GET', `/api/v1/datalog/${id}/export`, await t.login('history'));
    expect(res.headers['x-record-count']).toBe('12000');
    const expected = ['time,Tank1_Level,Tank1_Temperature', ...rows.map(([ms, [a, b]]) => `${iso(ms)},${a ?? ''},${b}`)];
    expect(csvLines(res.body)).toEqual(expected);
  });
});

// ------------------------------------------------------------------------------------ data logs

describe('data logs', () => {
  const clock = new ManualClock(T0);
  const dataDir = makeDataDir();
  let t: TestDevice;
  let history: string;
  let tankId: number;
  let pumpId: number;
  let project: Project;

  beforeAll(async () => {
    t = await startTestDevice({ dataDir, clock });
    history = await t.login('history');
    project = t.device.project.project;
  });
  afterAll(() => t.close());

  const get = (url: string) => t.call('GET', url, history);
  const tagOf = (name: string) => project.tags.find((x) => x.name === name)!;

  it("lists the running project's logs, empty before the first scan", async () => {
    const res = await get('/api/v1/datalog');
    expect(res.statusCode).toBe(200);
    const logs = res.json();
    expect(logs).toEqual([
      { id: expect.any(Number), name: 'Tank trend', sample_period_s: 5, tags: ['Tank1_Level', 'Tank1_Temperature'], max_records: 100000, records: 0, first: null, last: null },
      { id: expect.any(Number), name: 'Pump trend', sample_period_s: 10, tags: ['Pump1_Speed'], max_records: 100000, records: 0, first: null, last: null },
    ]);
    tankId = logs[0].id;
    pumpId = logs[1].id;
  });

  it('samples each log once per period, with the simulated values of its tags at the scan', async () => {
    t.device.recorder.scan(T0);
    t.device.recorder.scan(T0 + 1000); // the same 5 s period: nothing new
    t.device.recorder.scan(T0 + 4999);
    expect(t.device.dataLogs.list().map((l) => l.records)).toEqual([1, 1]);
    t.device.recorder.scan(T0 + 5000); // a new 5 s period, the same 10 s one
    t.device.recorder.scan(T0 + 7000);
    expect(t.device.dataLogs.list().map((l) => l.records)).toEqual([2, 1]);
    t.device.recorder.scan(T0 + 10_500);
    t.device.recorder.scan(T0 + 12_000);
    expect(t.device.dataLogs.list().map((l) => l.records)).toEqual([3, 2]);

    const tank = (await get(`/api/v1/datalog/${tankId}/records?order=asc`)).json();
    expect(tank).toMatchObject({ log_id: tankId, tags: ['Tank1_Level', 'Tank1_Temperature'], total: 3, next_cursor: null });
    expect(tank.records).toEqual(
      [T0, T0 + 5000, T0 + 10_500].map((ms, i) => ({
        seq: i,
        time: iso(ms),
        values: [simulatedValue(tagOf('Tank1_Level'), ms), simulatedValue(tagOf('Tank1_Temperature'), ms)],
      })),
    );
    expect(tank.records[0].values[0]).toBe(50); // the sine at phase 0
    const pump = (await get(`/api/v1/datalog/${pumpId}/records?order=asc`)).json();
    expect(pump.records).toEqual([T0, T0 + 10_500].map((ms, i) => ({ seq: i, time: iso(ms), values: [simulatedValue(tagOf('Pump1_Speed'), ms)] })));

    const list = (await get('/api/v1/datalog')).json();
    expect(list[0]).toMatchObject({ records: 3, first: iso(T0), last: iso(T0 + 10_500) });
    expect(list[1]).toMatchObject({ records: 2, first: iso(T0), last: iso(T0 + 10_500) });
  });

  /** 20,000 records a second apart an hour later, with one spike up and one down. */
  const T1 = T0 + 3_600_000;
  const FILL = 20_000;
  const UP = 12_345;
  const DOWN = 4_321;
  const upAt = T1 + UP * 1000;
  const downAt = T1 + DOWN * 1000;

  it('fills a log with 20,000 records (and their summary blocks)', () => {
    const rows: [number, (number | null)[]][] = [];
    for (let i = 0; i < FILL; i++) {
      const level = i === UP ? 1_000_000 : Math.round(500 * Math.sin(i / 37)) / 10;
      const temp = i === DOWN ? -1_000_000 : i % 97 === 0 ? null : (i % 13) - 6;
      rows.push([T1 + i * 1000, [level, temp]]);
    }
    expect(t.device.dataLogs.appendMany(tankId, rows)).toBe(FILL);
    expect(t.device.dataLogs.list()[0]).toMatchObject({ records: FILL + 3, last: iso(T1 + (FILL - 1) * 1000) });
    expect(t.device.db.prepare('SELECT COUNT(*) FROM datalog_blocks WHERE log_id = ? AND level = 1').pluck().get(tankId)).toBe(Math.floor((FILL + 3) / 8));
  });

  const trendOf = async (params: { from?: number; to?: number; points?: number }) => {
    const res = await get(`/api/v1/datalog/${tankId}/trend${qs({ from: params.from === undefined ? undefined : iso(params.from), to: params.to === undefined ? undefined : iso(params.to), points: params.points })}`);
    expect(res.statusCode).toBe(200);
    return res.json() as Trend;
  };

  it.each([
    ['the whole log, 1000 points (the default)', {}],
    ['the whole log, 2 points', { points: 2 }],
    ['the whole log, 7 points', { points: 7 }],
    ['the whole log, 30 points (blocks of 512)', { points: 30 }],
    ['the whole log, 150 points (blocks of 64)', { points: 150 }],
    ['around the spikes, 500 points', { from: downAt - 1_234_567, to: upAt + 3_210_500, points: 500 }],
    ['a window of 878 records, one point each', { from: upAt - 777_500, to: upAt + 100_000, points: 1000 }],
    ['a window ending at the spike', { from: upAt - 4_000_000, to: upAt, points: 333 }],
    ['a window starting at the spike', { from: upAt, to: upAt + 5_000_000, points: 99 }],
    ['the three sampled records and the fill', { from: T0, to: T1 + 2_000, points: 2 }],
    ['a window without the spikes', { from: T1 + 13_000_000, to: T1 + 19_000_000, points: 250 }],
  ])('a trend of %s is the brute-force min/max/last of its buckets', async (_what, params: { from?: number; to?: number; points?: number }) => {
    const trend = await trendOf(params);
    expect(trend.log_id).toBe(tankId);
    expect(trend.series.map((s) => s.tag)).toEqual(['Tank1_Level', 'Tank1_Temperature']);
    const points = params.points ?? 1000;
    const recs = rawRecords(t, tankId).filter((r) => (params.from === undefined || r.t >= params.from) && (params.to === undefined || r.t <= params.to));
    expectBruteForce(trend, recs, points);
    // The one-sample spikes show as the max (the min) of exactly one point whenever they are in range.
    const withUp = trend.series[0]!.points.filter((p) => p[2] === 1_000_000).length;
    const withDown = trend.series[1]!.points.filter((p) => p[1] === -1_000_000).length;
    expect(withUp).toBe(recs.some((r) => r.t === upAt) ? 1 : 0);
    expect(withDown).toBe(recs.some((r) => r.t === downAt) ? 1 : 0);
    for (const s of trend.series) expect(s.points.length).toBeLessThanOrEqual(points);
  });

  it('shows a one-sample spike at every zoom from the whole log down to single records', async () => {
    for (let width = FILL * 1000; width >= 10_000; width = Math.floor(width / 3)) {
      const from = upAt - Math.floor(width / 3);
      const trend = await trendOf({ from, to: from + width, points: 200 });
      expect(trend.series[0]!.points.filter((p) => p[2] === 1_000_000)).toHaveLength(1);
      expect(trend.series[0]!.points.length).toBeLessThanOrEqual(200);
    }
  });

  it('refuses more than 1000 points and a range that ends before it starts (naming to)', async () => {
    const many = await get(`/api/v1/datalog/${tankId}/trend?points=1001`);
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ error_code: 'validation_failure', field: 'points' });
    const backwards = await get(`/api/v1/datalog/${tankId}/trend${qs({ from: iso(T1 + 10_000), to: iso(T1) })}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ error_code: 'validation_failure', field: 'to' });
    const missing = await get('/api/v1/datalog/999999/trend');
    expect(missing.statusCode).toBe(404);
  });

  it('answers an empty range with no records and no points', async () => {
    // Between two records, and an instant (from = to) between two records.
    for (const [from, to] of [
      [T1 + 500, T1 + 900],
      [T1 + 1500, T1 + 1500],
      [T1 - 1_000_000, T1 - 1],
    ] as const) {
      const trend = await trendOf({ from, to });
      expect(trend).toEqual({ log_id: tankId, records: 0, bucket_records: 0, series: [{ tag: 'Tank1_Level', points: [] }, { tag: 'Tank1_Temperature', points: [] }] });
    }
    // An instant with a record holds that record.
    const one = await trendOf({ from: T1 + 2000, to: T1 + 2000 });
    expect(one.records).toBe(1);
    expect(one.series[1]!.points).toEqual([[T1 + 2000, -4, -4, -4]]);
  });

  it.each(['desc', 'asc'] as const)('pages the records of a range (%s) with the cursor: each exactly once, in order', async (order) => {
    const from = T1 + 100_000;
    const to = T1 + 2_600_500;
    const expected = rawRecords(t, tankId).filter((r) => r.t >= from && r.t <= to);
    expect(expected).toHaveLength(2501);
    if (order === 'desc') expected.reverse();
    const seen: { seq: number; time: string; values: unknown[] }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await get(`/api/v1/datalog/${tankId}/records${qs({ from: iso(from), to: iso(to), limit: 700, order, cursor })}`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.total).toBe(2501);
      expect(page.records.length).toBeLessThanOrEqual(700);
      seen.push(...page.records);
      cursor = page.next_cursor ?? undefined;
      pages++;
    } while (cursor !== undefined && pages < 10);
    expect(pages).toBe(4);
    expect(seen.map((r) => r.seq)).toEqual(expected.map((r) => r.seq));
    expect(seen).toEqual(expected.map((r) => ({ seq: r.seq, time: iso(r.t), values: r.v })));
  });

  it('pages the newest records first by default, 1000 at most', async () => {
    const page = (await get(`/api/v1/datalog/${tankId}/records`)).json();
    expect(page.total).toBe(FILL + 3);
    expect(page.records).toHaveLength(1000);
    expect(page.records[0].seq).toBe(FILL + 2);
    expect(page.next_cursor).toBe(String(FILL + 2 - 1000));
  });

  it('exports a range as CSV: a header, a row per record, the count in x-record-count', async () => {
    const from = T1 + 90_000;
    const to = T1 + 189_000;
    const res = await get(`/api/v1/datalog/${tankId}/export${qs({ from: iso(from), to: iso(to) })}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Tank_trend-\d{8}-\d{6}\.csv"$/);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('time,Tank1_Level,Tank1_Temperature');
    expect(res.headers['x-record-count']).toBe('100');
    expect(lines).toHaveLength(101);
    // Record 97 of the fill: its temperature is empty (null).
    const i = 97;
    expect(lines[1 + i - 90]).toBe(`${iso(T1 + i * 1000)},${Math.round(500 * Math.sin(i / 37)) / 10},`);
    expect(lines[1]).toBe(`${iso(T1 + 90_000)},${Math.round(500 * Math.sin(90 / 37)) / 10},${(90 % 13) - 6}`);
  });

  it('exports the whole log, page after page, oldest first', async () => {
    const res = await get(`/api/v1/datalog/${tankId}/export`);
    expect(res.headers['x-record-count']).toBe(String(FILL + 3));
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(FILL + 4);
    const raw = rawRecords(t, tankId);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(raw.map((r) => iso(r.t)));
    expect(lines[1 + 3 + UP]).toBe(`${iso(upAt)},1000000,${(UP % 13) - 6}`);
    expect(lines[1 + 3 + DOWN]).toBe(`${iso(downAt)},${Math.round(500 * Math.sin(DOWN / 37)) / 10},-1000000`);
  });

  describe('max_records', () => {
    const maxima: Record<string, number> = {};
    /** The project's logs again with new maxima (as a project switch keeping the logs does). */
    function setMax(change: Record<string, number>) {
      Object.assign(maxima, change);
      const active = t.device.project.active();
      const next = structuredClone(active.project);
      for (const log of next.data_logs) if (maxima[log.name] !== undefined) log.max_records = maxima[log.name]!;
      t.device.db.transaction(() => t.device.dataLogs.replace(active.id, next))();
    }

    it('keeps only the newest records of a log, and its trend stays exact', async () => {
      setMax({ 'Pump trend': 100 });
      expect(t.device.dataLogs.list()[1]).toMatchObject({ id: pumpId, name: 'Pump trend', max_records: 100, records: 2 });
      const TP = T0 + 60_000;
      const rows: [number, number[]][] = [];
      for (let i = 0; i < 1000; i++) rows.push([TP + i * 1000, [i]]);
      t.device.dataLogs.appendMany(pumpId, rows);

      expect(t.device.dataLogs.list()[1]).toMatchObject({ records: 100, first: iso(TP + 900_000), last: iso(TP + 999_000) });
      expect(t.device.db.prepare('SELECT COUNT(*) FROM datalog_records WHERE log_id = ?').pluck().get(pumpId)).toBe(100);
      const first = (await get(`/api/v1/datalog/${pumpId}/records?order=asc&limit=1`)).json();
      expect(first).toMatchObject({ total: 100, records: [{ time: iso(TP + 900_000), values: [900] }] });

      const raw = rawRecords(t, pumpId);
      expect(raw.map((r) => r.v[0])).toEqual(Array.from({ length: 100 }, (_, i) => 900 + i));
      for (const points of [1000, 30, 7, 2]) {
        const trend = (await get(`/api/v1/datalog/${pumpId}/trend?points=${points}`)).json() as Trend;
        expectBruteForce(trend, raw, points);
      }
      // One point over the whole log: the trimmed records count for nothing.
      expect(((await get(`/api/v1/datalog/${pumpId}/trend?points=2`)).json() as Trend).series[0]!.points.map((p) => [p[1], p[2]])).toEqual([
        [900, 949],
        [950, 999],
      ]);
    });

    it('trims a log at its next record when its maximum is lowered below what it holds', async () => {
      setMax({ 'Tank trend': 1000 });
      t.device.dataLogs.append(tankId, T1 + FILL * 1000, [1, 2]);
      const raw = rawRecords(t, tankId);
      expect(raw).toHaveLength(1000);
      expect(raw[0]).toMatchObject({ seq: FILL + 3 - 999, t: T1 + (FILL - 999) * 1000 });
      expect(t.device.dataLogs.list()[0]).toMatchObject({ records: 1000, first: iso(raw[0]!.t) });
      // Blocks that ended before the first record kept are gone.
      expect(t.device.db.prepare('SELECT COUNT(*) FROM datalog_blocks WHERE log_id = ? AND level = 1 AND (idx + 1) * 8 <= ?').pluck().get(tankId, raw[0]!.seq)).toBe(0);
      for (const points of [1000, 100, 10, 2]) {
        const trend = (await get(`/api/v1/datalog/${tankId}/trend?points=${points}`)).json() as Trend;
        expectBruteForce(trend, raw, points);
      }
      const csv = await get(`/api/v1/datalog/${tankId}/export`);
      expect(csv.headers['x-record-count']).toBe('1000');
      expect(csvLines(csv.body)[1]!.startsWith(`${iso(raw[0]!.t)},`)).toBe(true);
    });
  });

  it('keeps the records through a restart, and samples after the last', async () => {
    const before = (await get('/api/v1/datalog')).json();
    const trendBefore = (await get(`/api/v1/datalog/${tankId}/trend?points=50`)).json();
    await t.app.close();
    t = await startTestDevice({ dataDir, clock });
    history = await t.login('history');
    expect((await get('/api/v1/datalog')).json()).toEqual(before);
    expect((await get(`/api/v1/datalog/${tankId}/trend?points=50`)).json()).toEqual(trendBefore);

    const next = T1 + (FILL + 10) * 1000;
    t.device.recorder.scan(next);
    t.device.recorder.scan(next + 1000);
    const page = (await get(`/api/v1/datalog/${tankId}/records?limit=1`)).json();
    expect(page).toMatchObject({ total: 1000, records: [{ seq: FILL + 4, time: iso(next) }] });
    // The pump log, at its maximum, stays there.
    expect(t.device.dataLogs.list()[1]).toMatchObject({ id: pumpId, records: 100, last: iso(next) });
    expect(page.records[0].values).toEqual([simulatedValue(tagOf('Tank1_Level'), next), simulatedValue(tagOf('Tank1_Temperature'), next)]);
  });

  it('a new project keeps a log with the same name, tags and period; the others start empty and the old records are purged', async () => {
    const active = t.device.project.active();
    const next = structuredClone(active.project);
    next.data_logs[0]!.sample_period_s = 6; // Tank trend: another log now
    t.device.db.transaction(() => t.device.dataLogs.replace(active.id, next))();
    const logs = t.device.dataLogs.list();
    expect(logs[1]).toMatchObject({ id: pumpId, records: 100 });
    expect(logs[0]).toMatchObject({ name: 'Tank trend', sample_period_s: 6, records: 0 });
    expect(logs[0]!.id).not.toBe(tankId);
    expect((await get(`/api/v1/datalog/${tankId}/records`)).statusCode).toBe(404);

    const held = t.device.db.prepare('SELECT COUNT(*) FROM datalog_records WHERE log_id = ?').pluck().get(tankId) as number;
    expect(held).toBe(1000);
    expect(t.device.dataLogs.purgeInactive(400)).toBe(400);
    expect(t.device.db.prepare('SELECT COUNT(*) FROM datalog_records WHERE log_id = ?').pluck().get(tankId)).toBe(held - 400);
    while (t.device.dataLogs.purgeInactive(400) > 0);
    expect(t.device.db.prepare('SELECT COUNT(*) FROM datalog_records WHERE log_id = ?').pluck().get(tankId)).toBe(0);
    expect(t.device.db.prepare('SELECT COUNT(*) FROM datalog_blocks WHERE log_id = ?').pluck().get(tankId)).toBe(0);
    expect(t.device.db.prepare('SELECT COUNT(*) FROM datalogs WHERE id = ?').pluck().get(tankId)).toBe(0);
  });

  it('a scan whose write fails (the disk full) leaves the log as it was; the next scan records right after it', async () => {
    // The pump log's next summary block cannot be written: its record goes back with it.
    t.device.db.exec(`CREATE TEMP TRIGGER disk_full BEFORE INSERT ON datalog_blocks WHEN NEW.log_id = ${pumpId} BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    let before = t.device.dataLogs.list()[1]!;
    let at = Date.parse(before.last!);
    try {
      for (let i = 0; i < 8; i++) {
        before = t.device.dataLogs.list()[1]!;
        at += 10_000;
        try {
          t.device.recorder.scan(at);
        } catch (err) {
          expect(String(err)).toMatch(/disk is full/);
          break;
        }
      }
    } finally {
      t.device.db.exec('DROP TRIGGER temp.disk_full');
    }
    expect(rawRecords(t, pumpId).at(-1)!.t).toBeLessThan(at);
    expect(t.device.dataLogs.list()[1]).toEqual(before);

    t.device.recorder.scan(at + 10_000);
    const raw = rawRecords(t, pumpId);
    expect(raw).toHaveLength(before.records + 1);
    expect(raw.at(-1)).toMatchObject({ seq: raw.at(-2)!.seq + 1, t: at + 10_000 });
    expect(raw.at(-1)!.seq - raw[0]!.seq).toBe(raw.length - 1);
    expect(t.device.dataLogs.list()[1]).toMatchObject({ records: before.records + 1, last: iso(at + 10_000) });
    expectBruteForce((await get(`/api/v1/datalog/${pumpId}/trend?points=9`)).json() as Trend, raw, 9);
  });
});

// ------------------------------------------------------------------------------- alarms, event log

describe('alarms and the event log', () => {
  const clock = new ManualClock(T0 + 3_600_000);
  const dataDir = makeDataDir();
  let t: TestDevice;
  let admin: string;
  let history: string;
  let level: Project['tags'][number];

  beforeAll(async () => {
    t = await startTestDevice({ dataDir, clock });
    admin = await t.login('admin');
    history = await t.login('history');
    level = t.device.project.project.tags.find((x) => x.name === 'Tank1_Level')!;
    // The temperature held at 20 °C (under its alarm), so that only the level's alarms fire; the
    // scan before loads the project's tags.
    t.device.recorder.scan(T0 - 60_000);
    t.device.tagValues.write('Tank1_Temperature', 20);
    t.device.recorder.scan(T0 - 50_000);
    t.device.db.prepare('DELETE FROM alarm_events').run();
  });
  afterAll(() => t.close());

  const events = async (query: Record<string, string | number | undefined> = {}, token = history) => {
    const res = await t.call('GET', `/api/v1/eventlog${qs(query)}`, token);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  /** Scans every second of `[from, to)` after T0. */
  const scanSeconds = (from: number, to: number) => {
    for (let s = from; s < to; s++) t.device.recorder.scan(T0 + s * 1000);
  };
  /** The first second of `[from, to)` whose level meets `holds`. */
  const firstSecond = (from: number, to: number, holds: (v: number) => boolean) => {
    for (let s = from; s < to; s++) if (holds(simulatedValue(level, T0 + s * 1000) as number)) return s;
    throw new Error('never');
  };

  let highId: number;
  it('raises one event when a value goes over its limit (not one per scan), and clears it when it falls back', async () => {
    const up = firstSecond(0, 60, (v) => v > 90);
    const down = firstSecond(up, 120, (v) => v <= 90);
    scanSeconds(0, up + 5);
    const raised = await events();
    expect(raised).toMatchObject({ alarms: 3, active: 1, unacknowledged: 1, total: 1, next_cursor: null });
    expect(raised.events[0]).toEqual({
      id: expect.any(Number),
      alarm_id: 1,
      name: 'Tank1 level high',
      tag: 'Tank1_Level',
      severity: 'high',
      message: 'Tank 1 level above 90 %',
      value: simulatedValue(level, T0 + up * 1000),
      raised_at: iso(T0 + up * 1000),
      active: true,
      acknowledged_at: null,
      acknowledged_by: null,
      cleared_at: null,
      cleared_value: null,
    });
    highId = raised.events[0].id;

    scanSeconds(up + 5, 60);
    const cleared = await events();
    expect(cleared).toMatchObject({ active: 0, unacknowledged: 1, total: 1 });
    expect(cleared.events[0]).toMatchObject({
      id: highId,
      active: false,
      cleared_at: iso(T0 + down * 1000),
      cleared_value: simulatedValue(level, T0 + down * 1000),
    });
    expect(cleared.events[0].cleared_value).toBeLessThanOrEqual(90);
  });

  it('raises the low alarm at the bottom of the wave and the high one again at the next top', async () => {
    scanSeconds(60, 150);
    const all = await events();
    expect(all).toMatchObject({ total: 3, active: 1, unacknowledged: 3 });
    expect(all.events.map((e: { name: string; active: boolean }) => [e.name, e.active])).toEqual([
      ['Tank1 level high', true],
      ['Tank1 level low', false],
      ['Tank1 level high', false],
    ]);
    expect(all.events[1]).toMatchObject({ severity: 'medium', raised_at: iso(T0 + firstSecond(60, 150, (v) => v < 10) * 1000) });
  });

  it('acknowledges an event as admin: who and when; a second acknowledgement keeps them', async () => {
    clock.set(T0 + 200_000);
    const res = await t.call('POST', `/api/v1/eventlog/${highId}/ack`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: highId, acknowledged_by: 'admin', acknowledged_at: iso(T0 + 200_000), active: false });
    expect(oplogRows(t, 'acknowledge_alarm').at(-1)).toMatchObject({ account: 'admin', target: `event_log.${highId}`, result: 'success' });

    clock.set(T0 + 210_000);
    const again = await t.call('POST', `/api/v1/eventlog/${highId}/ack`, admin);
    expect(again.json()).toMatchObject({ acknowledged_by: 'admin', acknowledged_at: iso(T0 + 200_000) });
    expect(JSON.parse(oplogRows(t, 'acknowledge_alarm').at(-1)!.after_value!)).toMatchObject({ acknowledged: false });

    const missing = await t.call('POST', '/api/v1/eventlog/987654/ack', admin);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses acknowledging to history, and to update unless granted the Event Log', async () => {
    const low = (await events({ severity: 'medium' })).events[0].id as number;
    const byHistory = await t.call('POST', `/api/v1/eventlog/${low}/ack`, history);
    expect(byHistory.statusCode).toBe(403);
    expect((await t.call('POST', '/api/v1/eventlog/ack-all', history)).statusCode).toBe(403);
    const update = await t.login('update');
    expect((await t.call('POST', `/api/v1/eventlog/${low}/ack`, update)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/eventlog', update)).statusCode).toBe(403);
    expect((await events({ severity: 'medium' })).events[0].acknowledged_at).toBeNull();

    // Granted by admin in Account Management (written directly, as the accounts tests do).
    t.device.db.prepare('INSERT INTO extra_roles (username, menu) VALUES (?, ?)').run('update', 'event_log');
    const granted = await t.call('POST', `/api/v1/eventlog/${low}/ack`, update);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: low, acknowledged_by: 'update' });
    // History may read the event log but never acknowledge, even with grants.
    t.device.db.prepare('INSERT INTO extra_roles (username, menu) VALUES (?, ?)').run('history', 'event_log');
    expect((await t.call('POST', `/api/v1/eventlog/${low}/ack`, history)).statusCode).toBe(403);
  });

  it('filters by severity, state, text and time', async () => {
    const names = (r: { events: { name: string; severity: string }[] }) => r.events.map((e) => e.severity);
    expect(names(await events({ severity: 'high' }))).toEqual(['high', 'high']);
    expect(names(await events({ severity: 'medium,low' }))).toEqual(['medium']);
    expect(names(await events({ severity: 'low' }))).toEqual([]);
    expect(await events({ state: 'active' })).toMatchObject({ total: 1, events: [{ name: 'Tank1 level high', active: true }] });
    expect(await events({ state: 'unacknowledged' })).toMatchObject({ total: 1, events: [{ active: true, acknowledged_at: null }] });
    expect((await events({ text: 'BELOW' })).events.map((e: { name: string }) => e.name)).toEqual(['Tank1 level low']);
    expect((await events({ text: 'level high' })).total).toBe(2);
    expect((await events({ text: 'tank1_level' })).total).toBe(3);
    expect((await events({ text: 'pump' })).total).toBe(0);
    expect((await events({ from: iso(T0 + 60_000) })).events.map((e: { severity: string }) => e.severity)).toEqual(['high', 'medium']);
    expect((await events({ to: iso(T0 + 60_000) })).events.map((e: { id: number }) => e.id)).toEqual([highId]);
    expect((await events({ from: iso(T0 + 60_000), to: iso(T0 + 120_000), severity: 'high' })).total).toBe(0);
    const backwards = await t.call('GET', `/api/v1/eventlog${qs({ from: iso(T0 + 1000), to: iso(T0) })}`, history);
    expect(backwards.json()).toMatchObject({ error_code: 'validation_failure', field: 'to' });
    // Pages: newest first, each once.
    const first = await events({ limit: 2 });
    expect(first.events).toHaveLength(2);
    const second = await events({ limit: 2, cursor: first.next_cursor });
    expect([...first.events, ...second.events].map((e: { id: number }) => e.id)).toEqual((await events()).events.map((e: { id: number }) => e.id));
    expect(second.next_cursor).toBeNull();
  });

  it('exports the events of a filter as CSV, newest first', async () => {
    const res = await t.call('GET', `/api/v1/eventlog/export${qs({ severity: 'high' })}`, history);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="events-\d{8}-\d{6}\.csv"$/);
    expect(res.headers['x-record-count']).toBe('2');
    const lines = csvLines(res.body);
    expect(`${lines[0]}\n`).toBe(AlarmService.CSV_HEADER);
    expect(lines).toHaveLength(3);
    const e = (await events({ severity: 'high' })).events[1];
    expect(lines[2]).toBe(
      [e.id, e.raised_at, 'Tank1 level high', 'Tank1_Level', 'high', 'Tank 1 level above 90 %', e.value, 'false', iso(T0 + 200_000), 'admin', e.cleared_at, e.cleared_value].join(','),
    );
    expect(lines[1]!.split(',').slice(7, 11)).toEqual(['true', '', '', '']);
    const all = await t.call('GET', '/api/v1/eventlog/export', history);
    expect(all.headers['x-record-count']).toBe('3');
    expect(csvLines(all.body)).toHaveLength(4);
  });

  it('acknowledges every unacknowledged event at once', async () => {
    const res = await t.call('POST', '/api/v1/eventlog/ack-all', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: 1 });
    expect(await events()).toMatchObject({ unacknowledged: 0, active: 1 });
    expect((await t.call('POST', '/api/v1/eventlog/ack-all', admin)).json()).toEqual({ acknowledged: 0 });
    const rows = oplogRows(t, 'acknowledge_all_alarms');
    expect(rows.filter((r) => r.result === 'success').map((r) => JSON.parse(r.after_value!))).toEqual([{ acknowledged: 1 }, { acknowledged: 0 }]);
    // History's refused attempt is logged as refused.
    expect(rows.filter((r) => r.result !== 'success')).toEqual([{ account: 'history', target: 'event_log', after_value: null, result: 'forbidden' }]);
  });

  it('finds an event still raised after a restart, and clears it at the first scan back to normal', async () => {
    const open = (await events({ state: 'active' })).events[0];
    expect(open.name).toBe('Tank1 level high');
    await t.app.close();
    t = await startTestDevice({ dataDir, clock });
    admin = await t.login('admin');
    history = await t.login('history');
    expect(await events({ state: 'active', text: 'level' })).toMatchObject({ total: 1, events: [{ id: open.id, active: true }] });

    // Still over the limit: the same event, no second one.
    const stillHigh = firstSecond(150, 170, (v) => v > 90);
    t.device.recorder.scan(T0 + stillHigh * 1000);
    expect((await events({ text: 'level high' })).total).toBe(2);
    const back = firstSecond(stillHigh, 240, (v) => v <= 90);
    t.device.recorder.scan(T0 + back * 1000);
    expect((await events({ text: 'level high' })).events[0]).toMatchObject({
      id: open.id,
      active: false,
      cleared_at: iso(T0 + back * 1000),
      cleared_value: simulatedValue(level, T0 + back * 1000),
    });
  });

  it('an evaluation whose write fails (the disk full) raises nothing, and the next one raises every alarm that holds', async () => {
    const alarms = t.device.project.project.alarms;
    const values = (level: number, temperature: number) => (tag: string) => (tag === 'Tank1_Level' ? level : temperature);
    t.device.alarms.evaluate(alarms, values(50, 20), T0 + 400_000);
    expect((await events({ state: 'active' })).total).toBe(0);
    const before = (await events()).total;
    // The level's event is written, the temperature's fails: neither stays.
    t.device.db.exec(`CREATE TEMP TRIGGER disk_full BEFORE INSERT ON alarm_events WHEN NEW.alarm_id = 3 BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    try {
      expect(() => t.device.alarms.evaluate(alarms, values(95, 30), T0 + 401_000)).toThrow(/disk is full/);
    } finally {
      t.device.db.exec('DROP TRIGGER temp.disk_full');
    }
    expect((await events()).total).toBe(before);
    t.device.alarms.evaluate(alarms, values(95, 30), T0 + 402_000);
    const active = await events({ state: 'active' });
    expect(active.events.map((e: { name: string; raised_at: string }) => [e.name, e.raised_at])).toEqual([
      ['Tank1 temperature high', iso(T0 + 402_000)],
      ['Tank1 level high', iso(T0 + 402_000)],
    ]);
    t.device.alarms.evaluate(alarms, values(50, 20), T0 + 403_000);
    expect((await events({ state: 'active' })).total).toBe(0);
  });

  it('keeps the newest events when pruned', async () => {
    const ids = (await events()).events.map((e: { id: number }) => e.id);
    expect(t.device.alarms.prune(2)).toBe(ids.length - 2);
    expect((await events()).events.map((e: { id: number }) => e.id)).toEqual(ids.slice(0, 2));
  });
});

// ------------------------------------------------------------------------------- operation log

describe('operation log', () => {
  const clock = new ManualClock(T0);
  let t: TestDevice;
  let admin: string;
  let history: string;
  const NEW_PASSWORD = 'Brand-New-Pass-42';

  beforeAll(async () => {
    t = await startTestDevice({ clock });
    admin = await t.login('admin');
    clock.advance(60_000);
    history = await t.login('history');
    clock.advance(60_000);
    // A refused sign-in, a row the device writes by itself, a refused password change and one done.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/admin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'wrong-one' }).toString(),
    });
    expect(refused.statusCode).toBe(401);
    clock.advance(60_000);
    t.device.oplog.record({ account: null, source: 'device', action: 'device_rebooted', target: 'device', after: { away_ms: 5 }, values: null, result: 'success' });
    clock.advance(60_000);
    const update = await t.login('update');
    const wrong = await t.call('PATCH', '/api/v1/uac/account/admin/password', update, { username: 'update', current: 'not-it-1A!', password: NEW_PASSWORD });
    expect(wrong.json()).toMatchObject({ error_code: 'current_password_error' });
    const changed = await t.call('PATCH', '/api/v1/uac/account/admin/password', update, { username: 'update', current: TEST_PASSWORD, password: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    clock.advance(60_000);
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string | number | undefined> = {}, token = history) => {
    const res = await t.call('GET', `/api/v1/operation-log${qs(query)}`, token);
    expect(res.statusCode).toBe(200);
    return res.json() as { total: number; entries: { id: number; at: string; account: string | null; action: string; result: string; before: unknown; after: unknown }[]; next_cursor: string | null };
  };
  const count = (where = '1 = 1') => t.device.db.prepare(`SELECT COUNT(*) FROM operation_log WHERE ${where}`).pluck().get() as number;

  it('lists the rows newest first, page by page', async () => {
    const all = await list();
    expect(all.total).toBe(count());
    expect(all.entries.map((e) => e.id)).toEqual([...all.entries.map((e) => e.id)].sort((a, b) => b - a));
    expect(all.entries[0]).toMatchObject({ account: 'update', action: 'change_password', result: 'success' });
    const ids: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ limit: 2, cursor });
      ids.push(...page.entries.map((e) => e.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(ids).toEqual(all.entries.map((e) => e.id));
  });

  it('filters by account (device: the rows without one), action, result and time', async () => {
    const byAdmin = await list({ account: 'admin' });
    expect(byAdmin.total).toBe(count("account = 'admin'"));
    expect(byAdmin.entries.every((e) => e.account === 'admin')).toBe(true);
    expect(byAdmin.entries.map((e) => [e.action, e.result])).toEqual(
      expect.arrayContaining([
        ['login', 'success'],
        ['login', 'invalid_credentials'],
      ]),
    );
    const byDevice = await list({ account: 'device' });
    expect(byDevice.total).toBe(count('account IS NULL'));
    expect(byDevice.total).toBeGreaterThan(0);
    expect(byDevice.entries.every((e) => e.account === null)).toBe(true);
    expect(byDevice.entries.map((e) => e.action)).toContain('device_rebooted');
    expect((await list({ account: 'nobody' })).total).toBe(0);

    const logins = await list({ action: 'login' });
    expect(logins.total).toBe(count("action = 'login'"));
    expect(logins.entries.every((e) => e.action === 'login')).toBe(true);

    const failures = await list({ result: 'failure' });
    expect(failures.total).toBe(count("result != 'success'"));
    expect(failures.entries.map((e) => [e.account, e.action, e.result])).toEqual([
      ['update', 'change_password', 'current_password_error'],
      ['admin', 'login', 'invalid_credentials'],
    ]);
    const successes = await list({ result: 'success' });
    expect(successes.total).toBe(count() - 2);
    expect(successes.entries.every((e) => e.result === 'success')).toBe(true);
    expect((await list({ account: 'admin', action: 'login', result: 'success' })).total).toBe(1);

    // The history sign-in was a minute after T0, the refusal two.
    const window = await list({ from: iso(T0 + 60_000), to: iso(T0 + 120_000) });
    expect(window.entries.map((e) => [e.account, e.result])).toEqual([
      ['admin', 'invalid_credentials'],
      ['history', 'success'],
    ]);
    expect((await list({ from: iso(T0 + 240_000) })).entries.map((e) => e.action)).toEqual(expect.arrayContaining(['change_password']));
    expect((await list({ to: iso(T0 - 1) })).total).toBe(0);
  });

  it('masks the secrets of a password change', async () => {
    const [done, refused] = (await list({ action: 'change_password' })).entries;
    expect(done).toMatchObject({ account: 'update', result: 'success', after: { accounts: ['update'] } });
    // A refused change records its body, the passwords masked.
    expect(refused).toMatchObject({ account: 'update', result: 'current_password_error', after: { username: 'update', current: MASK, password: MASK } });
    const raw = JSON.stringify(await list());
    expect(raw).not.toContain(NEW_PASSWORD);
    expect(raw).not.toContain(TEST_PASSWORD);
  });

  it('exports the rows of a filter as CSV, newest first, secrets masked', async () => {
    const res = await t.call('GET', '/api/v1/operation-log/export', history);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="operations-\d{8}-\d{6}\.csv"$/);
    const lines = csvLines(res.body);
    expect(`${lines[0]}\n`).toBe(OPERATION_CSV_HEADER);
    expect(res.headers['x-record-count']).toBe(String(count()));
    expect(lines).toHaveLength(count() + 1);
    expect(lines[1]).toMatch(/^\d+,2026-01-01T12:04:00\.000Z,update,[^,]+,change_password,account\.update,success,1,,,"\{""accounts"":\[""update""\]\}"$/);
    expect(lines[2]).toContain(',change_password,account,current_password_error,');
    expect(lines[2]).toContain(`""password"":""${MASK}""`);
    expect(lines[2]).toContain(`""current"":""${MASK}""`);
    expect(res.body).not.toContain(NEW_PASSWORD);

    const device = await t.call('GET', '/api/v1/operation-log/export?account=device', history);
    const deviceLines = csvLines(device.body).slice(1);
    expect(device.headers['x-record-count']).toBe(String(deviceLines.length));
    expect(deviceLines.every((l) => l.split(',')[2] === 'device')).toBe(true);
  });

  it('lets history read the retention but not change it', async () => {
    const res = await t.call('GET', '/api/v1/operation-log/retention', history);
    expect(res.statusCode).toBe(200);
    const current = res.json();
    expect(current).toEqual({ rows: expect.any(Number), days: expect.any(Number) });
    const refused = await t.call('PUT', '/api/v1/operation-log/retention', history, { rows: 100, days: 30 });
    expect(refused.statusCode).toBe(403);
    expect((await t.call('GET', '/api/v1/operation-log/retention', admin)).json()).toEqual(current);
  });

  it('applies a lower retention at once: the oldest rows go', async () => {
    for (let i = 0; i < 150; i++) t.device.oplog.record({ account: null, source: 'device', action: 'device_rebooted', target: 'device', after: { n: i }, values: null, result: 'success' });
    const before = count();
    expect(before).toBeGreaterThan(150);
    const newest = t.device.db.prepare('SELECT MAX(id) FROM operation_log').pluck().get() as number;
    const res = await t.call('PUT', '/api/v1/operation-log/retention', admin, { rows: 100, days: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rows: 100, days: 30 });
    expect((await t.call('GET', '/api/v1/operation-log/retention', history)).json()).toEqual({ rows: 100, days: 30 });
    // 100 rows (the pruning's own row among them), then the row of this change.
    expect(count()).toBeLessThanOrEqual(101);
    const ids = t.device.db.prepare('SELECT id FROM operation_log ORDER BY id').pluck().all() as number[];
    expect(ids[0]).toBeGreaterThan(newest - 100);
    const pruned = oplogRows(t, 'operation_log_pruned').at(-1)!;
    expect(JSON.parse(pruned.after_value!)).toMatchObject({ removed: { operation_log: expect.any(Number) }, retention: { rows: 100, days: 30 } });
    expect(JSON.parse(pruned.after_value!).removed.operation_log).toBe(before - 99);
    expect(oplogRows(t, 'set_oplog_retention').at(-1)).toMatchObject({ account: 'admin', result: 'success' });
  });
});

// ------------------------------------------------------------------------------------ backups

describe('data backups', () => {
  const clock = new ManualClock(T0 + 3_600_000);
  let t: TestDevice;
  let history: string;
  let update: string;
  const RANGE = { from: iso(T0 + 20_000), to: iso(T0 + 300_000) };

  beforeAll(async () => {
    t = await startTestDevice({ clock });
    history = await t.login('history');
    update = await t.login('update');
    for (let s = 0; s < 400; s += 5) t.device.recorder.scan(T0 + s * 1000);
  });
  afterAll(() => t.close());

  const rowsOf = async (url: string) => Number((await t.call('GET', url, history)).headers['x-record-count']);

  it('says which media are in, to History too: the USB stick out once its folder is gone', async () => {
    const media = async () => (await t.call('GET', '/api/v1/data/media', history)).json() as { media: { medium: string; present: boolean }[] };
    expect(await media()).toEqual({ media: [{ medium: 'usb', present: true }, { medium: 'sd', present: true }] });
    const usb = path.join(t.dataDir, 'media', 'usb');
    fs.renameSync(usb, `${usb}-out`);
    try {
      expect((await media()).media).toContainEqual({ medium: 'usb', present: false });
    } finally {
      fs.renameSync(`${usb}-out`, usb);
    }
  });

  it('downloads what is asked as a tar.gz: manifest.json and a CSV per log with rows, bytes and SHA-256', async () => {
    const res = await t.call('POST', '/api/v1/data/backup', history, { what: ['datalog', 'eventlog'], ...RANGE, target: 'download' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="data-[A-Za-z0-9._-]+-\d{8}-\d{6}\.tar\.gz"$/);
    const entries = await entriesOf(res.rawPayload);
    expect([...entries.keys()]).toEqual(['manifest.json', 'datalog/Tank_trend.csv', 'datalog/Pump_trend.csv', 'eventlog.csv']);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    const [tank, pump] = t.device.dataLogs.list();
    expect(manifest).toMatchObject({
      format: 'hmi-data-backup',
      format_version: 1,
      created_at: iso(T0 + 3_600_000),
      device: {
        serial: t.device.settings.get('device_identity').serial_number,
        hmi_name: t.device.settings.get('hmi_name'),
        model: t.device.project.project.model,
        os_version: t.device.settings.get('os_version'),
        web_version: t.device.version,
        project: 'Sample Bottling Line',
      },
      what: ['datalog', 'eventlog'],
      range: RANGE,
    });
    const expectedRows = {
      'datalog/Tank_trend.csv': await rowsOf(`/api/v1/datalog/${tank!.id}/export${qs(RANGE)}`),
      'datalog/Pump_trend.csv': await rowsOf(`/api/v1/datalog/${pump!.id}/export${qs(RANGE)}`),
      'eventlog.csv': await rowsOf(`/api/v1/eventlog/export${qs(RANGE)}`),
    };
    // 5 s samples from 20 s to 300 s: 57; 10 s ones: 29.
    expect(expectedRows['datalog/Tank_trend.csv']).toBe(57);
    expect(expectedRows['datalog/Pump_trend.csv']).toBe(29);
    expect(manifest.files).toHaveLength(3);
    for (const f of manifest.files) {
      const data = entries.get(f.path)!;
      expect(f).toEqual({ path: f.path, content: f.path === 'eventlog.csv' ? 'eventlog' : 'datalog', rows: expectedRows[f.path as keyof typeof expectedRows], bytes: data.length, sha256: sha256(data) });
      expect(csvLines(data.toString('utf8'))).toHaveLength(f.rows + 1);
    }
    expect(entries.get('datalog/Tank_trend.csv')!.toString('utf8').split('\n')[1]!.startsWith(`${iso(T0 + 20_000)},`)).toBe(true);
    expect(res.headers['x-record-count']).toBe(String(manifest.files.reduce((n: number, f: { rows: number }) => n + f.rows, 0)));
    expect(oplogRows(t, 'backup_data').at(-1)).toMatchObject({ account: 'history', result: 'success' });
    // Nothing stays in the staging folder once the download is sent (the file closes a moment later).
    const incoming = path.join(t.dataDir, 'project', 'incoming');
    for (let i = 0; i < 100 && fs.readdirSync(incoming).length > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(fs.readdirSync(incoming)).toEqual([]);
  });

  it('holds only the contents asked for', async () => {
    const res = await t.call('POST', '/api/v1/data/backup', history, { what: ['operationlog'], from: iso(0), to: iso(T0 + 7_200_000), target: 'download' });
    const entries = await entriesOf(res.rawPayload);
    expect([...entries.keys()]).toEqual(['manifest.json', 'operationlog.csv']);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    expect(manifest.what).toEqual(['operationlog']);
    const data = entries.get('operationlog.csv')!;
    expect(data.toString('utf8').startsWith(OPERATION_CSV_HEADER)).toBe(true);
    expect(manifest.files).toEqual([{ path: 'operationlog.csv', content: 'operationlog', rows: csvLines(data.toString('utf8')).length - 1, bytes: data.length, sha256: sha256(data) }]);
    expect(manifest.files[0].rows).toBeGreaterThan(0);
  });

  it('writes the archive to the USB stick as a job', async () => {
    // The hidden part of a write the device never finished (killed in the middle of the copy): the
    // next write to that medium removes it.
    fs.writeFileSync(path.join(t.dataDir, 'media', 'usb', '.data-HMI-20260101-000000.tar.gz.part'), 'half of an archive');
    const res = await t.call('POST', '/api/v1/data/backup/media', update, { what: ['datalog', 'operationlog'], ...RANGE, target: 'usb' });
    expect(res.statusCode).toBe(202);
    const { job_id } = res.json();
    const job = await waitForJob(t, update, job_id);
    expect(job).toMatchObject({ kind: 'data_backup', state: 'done', error_code: null, result: { file_name: expect.stringMatching(/\.tar\.gz$/), size: expect.any(Number) } });
    const file = path.join(t.dataDir, 'media', 'usb', job.result!.file_name);
    expect(fs.statSync(file).size).toBe(job.result!.size);
    const entries = await entriesOf(fs.readFileSync(file));
    expect([...entries.keys()]).toEqual(['manifest.json', 'datalog/Tank_trend.csv', 'datalog/Pump_trend.csv', 'operationlog.csv']);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    for (const f of manifest.files) expect(f.sha256).toBe(sha256(entries.get(f.path)!));
    // No partial file left beside it.
    expect(fs.readdirSync(path.join(t.dataDir, 'media', 'usb')).filter((n) => n.endsWith('.part'))).toEqual([]);
    expect(oplogRows(t, 'backup_data_to_media').at(-1)).toMatchObject({ account: 'update', result: 'success' });
    expect(JSON.parse(oplogRows(t, 'data_backup_finished').at(-1)!.after_value!)).toMatchObject({ job: job_id, medium: 'usb', file: job.result!.file_name });

    // A second one at the same second gets a name of its own.
    const again = await waitForJob(t, update, (await t.call('POST', '/api/v1/data/backup/media', update, { what: ['eventlog'], ...RANGE, target: 'usb' })).json().job_id);
    expect(again.state).toBe('done');
    expect(again.result!.file_name).not.toBe(job.result!.file_name);
  });

  it('refuses a second backup while one runs (409 job_running)', async () => {
    const running = t.device.jobs.create('data_backup', 'admin', {});
    try {
      const res = await t.call('POST', '/api/v1/data/backup/media', update, { what: ['datalog'], ...RANGE, target: 'sd' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 'job_running' });
      expect(oplogRows(t, 'backup_data_to_media').at(-1)).toMatchObject({ result: 'job_running' });
    } finally {
      t.device.jobs.finish(running.id);
    }
    // Started back to back, the second finds the first one running.
    const [a, b] = await Promise.all([
      t.call('POST', '/api/v1/data/backup/media', update, { what: ['datalog'], ...RANGE, target: 'sd' }),
      t.call('POST', '/api/v1/data/backup/media', update, { what: ['datalog'], ...RANGE, target: 'sd' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 409]);
    expect((await waitForJob(t, update, a.json().job_id)).state).toBe('done');
  });

  it('answers 404 when the medium is not in the device', async () => {
    const usb = path.join(t.dataDir, 'media', 'usb');
    fs.rmSync(usb, { recursive: true });
    try {
      const res = await t.call('POST', '/api/v1/data/backup/media', update, { what: ['datalog'], ...RANGE, target: 'usb' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error_code: 'not_found' });
      expect(oplogRows(t, 'backup_data_to_media').at(-1)).toMatchObject({ result: 'not_found' });
      expect(t.device.jobs.running(['data_backup'])).toBeNull();
    } finally {
      fs.mkdirSync(usb);
    }
  });
});

describe('a data backup a restart cut short', () => {
  it('ends as interrupted, and its operation-log row names the data (not the OS)', async () => {
    const dataDir = makeDataDir();
    const first = await startTestDevice({ dataDir });
    const cut = first.device.jobs.create('data_backup', 'admin', { media: 'usb' });
    await first.app.close(); // (close() would remove the data folder)
    const second = await startTestDevice({ dataDir });
    try {
      const token = await second.login('admin');
      expect(jobSchema.parse((await second.call('GET', `/api/v1/jobs/${cut.id}`, token)).json())).toMatchObject({ state: 'failed', error_code: 'interrupted' });
      expect(second.device.db.prepare("SELECT target FROM operation_log WHERE action = 'job_interrupted'").pluck().all()).toEqual(['data']);
    } finally {
      await second.close();
    }
  });
});
