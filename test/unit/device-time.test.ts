import {
  DISPLAY_TIME_PATTERN,
  SET_TIME_PATTERN,
  formatDisplayTime,
  formatSetTime,
  localPartsToMs,
  parseSetTime,
  partsOfLocal,
} from '../../contract/rules/device-time';

describe('device time formats', () => {
  it('parses a valid YYYY.MM.DD-HH:mm:ss text', () => {
    expect(parseSetTime('2026.03.15-08:05:09')).toEqual({ year: 2026, month: 3, day: 15, hour: 8, minute: 5, second: 9 });
  });

  it('accepts the edges of the day and a leap day', () => {
    expect(parseSetTime('2024.02.29-23:59:59')).toEqual({ year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59 });
    expect(parseSetTime('2026.12.31-00:00:00')).not.toBeNull();
  });

  it.each([
    ['31 February', '2026.02.31-10:00:00'],
    ['29 February of a common year', '2026.02.29-10:00:00'],
    ['31 April', '2026.04.31-10:00:00'],
    ['day 0', '2026.01.00-10:00:00'],
    ['month 13', '2026.13.01-10:00:00'],
    ['month 0', '2026.00.10-10:00:00'],
    ['hour 25', '2026.01.01-25:00:00'],
    ['hour 24', '2026.01.01-24:00:00'],
    ['minute 60', '2026.01.01-10:60:00'],
    ['second 60', '2026.01.01-10:00:60'],
    ['a year before 1970', '1969.12.31-23:59:59'],
    ['a year after 2099', '2100.01.01-00:00:00'],
    ['the display format', '2026/01/01 10:00:00'],
    ['single digits', '2026.1.1-1:00:00'],
    ['trailing text', '2026.01.01-10:00:00Z'],
    ['an empty text', ''],
  ])('refuses %s', (_what, text) => {
    expect(parseSetTime(text)).toBeNull();
  });

  it('formats with zero padding in both formats', () => {
    const p = { year: 2026, month: 1, day: 2, hour: 3, minute: 4, second: 5 };
    expect(formatDisplayTime(p)).toBe('2026/01/02 03:04:05');
    expect(formatSetTime(p)).toBe('2026.01.02-03:04:05');
    expect(formatDisplayTime(p)).toMatch(DISPLAY_TIME_PATTERN);
    expect(formatSetTime(p)).toMatch(SET_TIME_PATTERN);
  });

  it('round-trips set text → parts → set text', () => {
    const text = '2031.07.04-17:30:45';
    expect(formatSetTime(parseSetTime(text)!)).toBe(text);
  });

  it('round-trips local wall-clock parts through milliseconds', () => {
    const p = { year: 2027, month: 6, day: 15, hour: 12, minute: 34, second: 56 };
    expect(partsOfLocal(localPartsToMs(p))).toEqual(p);
  });
});
