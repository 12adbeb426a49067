import { hmiNameProblem, sanitizeHmiName, HMI_NAME_MAX_LENGTH } from '../../contract/rules/hmi-name';

describe('[INJ-01] HMI name rule', () => {
  it('keeps letters, digits, dot and hyphen', () => {
    expect(sanitizeHmiName('Line-3.Panel7')).toBe('Line-3.Panel7');
  });

  it('trims first, then replaces every other character with x', () => {
    expect(sanitizeHmiName('  my panel_1!  ')).toBe('myxpanelx1x');
  });

  it('replaces a non-ASCII letter or an emoji by one x each', () => {
    expect(sanitizeHmiName('Bäcker😀')).toBe('Bxckerx');
  });

  it('refuses an empty name and one over 32 characters, after cleaning', () => {
    expect(hmiNameProblem('   ')).toBe('empty');
    expect(hmiNameProblem('a'.repeat(HMI_NAME_MAX_LENGTH))).toBeNull();
    expect(hmiNameProblem('a'.repeat(HMI_NAME_MAX_LENGTH + 1))).toBe('too_long');
    expect(hmiNameProblem(`  ${'a'.repeat(HMI_NAME_MAX_LENGTH)}  `)).toBeNull();
  });
});
