/** The data log export's page writer (server/services/datalog.ts, CsvPageWriter): a page of
 * records as SQLite joins them (`<ms><JSON array>` after one another) becomes the CSV lines the
 * cell writer writes for the same records, and any page it cannot write that way (a text, a time
 * that is not an integer from 1970 to the year 9999, times that go back) is refused, so that page is
 * written row by row. The export through the route is checked in data.test.ts and
 * csv-injection.test.ts. */
import fc from 'fast-check';
import { CsvPageWriter } from '../../server/services/datalog';
import { csvLine } from '../../server/lib/csv';

type Value = number | string | null;
type Row = [number, Value[]];

const page = (records: Row[]) => records.map(([t, v]) => `${t}${JSON.stringify(v)}`).join('');
const expected = (records: Row[]) => records.map(([t, v]) => csvLine([new Date(t).toISOString(), ...v])).join('');
const write = (writer: CsvPageWriter, records: Row[]) => writer.write(page(records), records.length)?.toString('latin1') ?? null;

const YEAR_10000 = Date.UTC(10000, 0, 1);
const DAY = 86_400_000;

describe('CsvPageWriter', () => {
  it('writes what the cell writer writes for pages of numbers and nulls, across days, the date kept between pages', () => {
    const number = fc.oneof(fc.integer({ min: -70000, max: 70000 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null), fc.constant(1e21), fc.constant(-2.5e-9));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: YEAR_10000 - 1 - 200 * 3 * DAY }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 * DAY }), fc.array(number, { minLength: 1, maxLength: 4 })), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 0, max: YEAR_10000 - 1 - 200 * 3 * DAY }),
        (start, steps, secondStart) => {
          let t = start;
          const records: Row[] = steps.map(([step, values]) => [(t += step), values]);
          const writer = new CsvPageWriter();
          expect(write(writer, records)).toBe(expected(records));
          // The same writer on a page of another day (earlier or later): its own dates.
          const again: Row[] = records.map(([ms, v]) => [secondStart + (ms - start), v]);
          expect(write(writer, again)).toBe(expected(again));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes the first and the last millisecond of a day and of the years it writes', () => {
    const times = [0, DAY - 1, DAY, Date.UTC(2026, 2, 1) - 1, Date.UTC(2026, 2, 1), YEAR_10000 - 1];
    const records: Row[] = times.map((t, i) => [t, [i, null, -i]]);
    expect(write(new CsvPageWriter(), records)).toBe(expected(records));
  });

  it.each<[string, string]>([
    ['a text value (a quote in the page)', `1000[1,"=1+1"]2000[2,null]`],
    ['a time that goes back', '2000[1]1000[2]'],
    ['a time with a fraction', '1000.5[1]'],
    ['a time before 1970', '-1000[1]'],
    ['a time from the year 10000', `${YEAR_10000}[1]`],
    ['a record without its time', '[1]'],
    ['a record cut short', '1000[1,2'],
  ])('refuses a page holding %s (it is written row by row)', (_, src) => {
    expect(new CsvPageWriter().write(src, 2)).toBeNull();
  });

  it('refuses a page holding more records than it was told (its lines would not fit)', () => {
    const records: Row[] = Array.from({ length: 100 }, (_, i) => [i, [1]]);
    expect(new CsvPageWriter().write(page(records), 10)).toBeNull();
    expect(write(new CsvPageWriter(), records)).toBe(expected(records));
  });
});
