import {
  DEFAULT_STRENGTH_RULES,
  MINIMAL_LENGTH_RANGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  minimumLength,
  SPECIAL_CHARACTERS,
  hasSpecialCharacter,
  passwordScore,
  strengthFailures,
  strengthRulesFromWire,
  strengthRulesToWire,
  type PasswordStrengthRules,
} from '../../contract/rules/password-strength';

/** The rules switched on at the shortest length, the rest as a new device has them. */
const on = (over: Partial<PasswordStrengthRules> = {}): PasswordStrengthRules => ({ ...DEFAULT_STRENGTH_RULES, rulesEnable: true, minimalLength: 8, ...over });

describe('password strength rules', () => {
  it('has the defaults of docs/decisions.md#passwords: off, minimal length 12, nothing else required', () => {
    expect(DEFAULT_STRENGTH_RULES).toEqual({
      rulesEnable: false,
      minimalLength: 12,
      includeNumbers: false,
      includeMixedCases: false,
      includeSpecialCharacters: false,
    });
    expect(MINIMAL_LENGTH_RANGE.min).toBeLessThanOrEqual(12);
    expect(MINIMAL_LENGTH_RANGE.max).toBeLessThanOrEqual(PASSWORD_MAX_LENGTH);
  });

  it('while the rules are off only the 8-character floor applies', () => {
    const off = { ...on({ minimalLength: 20, includeNumbers: true, includeMixedCases: true, includeSpecialCharacters: true }), rulesEnable: false };
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(strengthFailures('', off)).toEqual(['min_length']);
    expect(strengthFailures('a', off)).toEqual(['min_length']);
    expect(strengthFailures('abcdefg', off)).toEqual(['min_length']);
    expect(strengthFailures('abcdefgh', off)).toEqual([]);
    expect(minimumLength(off)).toBe(8);
  });

  it('the rules raise the floor, never lower it', () => {
    expect(minimumLength(on({ minimalLength: 4 }))).toBe(8);
    expect(strengthFailures('abcde', on({ minimalLength: 4 }))).toEqual(['min_length']);
    expect(minimumLength(on({ minimalLength: 12 }))).toBe(12);
    expect(strengthFailures('abcdefghijk', on({ minimalLength: 12 }))).toEqual(['min_length']);
  });

  it('checks the minimal length in characters, not UTF-16 units', () => {
    expect(strengthFailures('abcdefg', on())).toEqual(['min_length']);
    expect(strengthFailures('abcdefgh', on())).toEqual([]);
    // nine emoji are nine characters (eighteen UTF-16 units)
    expect(strengthFailures('😀😀😀😀😀😀😀😀', on({ minimalLength: 9 }))).toEqual(['min_length']);
    expect(strengthFailures('😀😀😀😀😀😀😀😀😀', on({ minimalLength: 9 }))).toEqual([]);
  });

  it('requires a digit when includeNumbers is set', () => {
    expect(strengthFailures('abcdefgh', on({ includeNumbers: true }))).toEqual(['numbers']);
    expect(strengthFailures('abcdefg1', on({ includeNumbers: true }))).toEqual([]);
  });

  it('requires both cases when includeMixedCases is set', () => {
    const rules = on({ includeMixedCases: true });
    expect(strengthFailures('abcdefgh', rules)).toEqual(['mixed_cases']);
    expect(strengthFailures('ABCDEFGH', rules)).toEqual(['mixed_cases']);
    expect(strengthFailures('abcdEFGH', rules)).toEqual([]);
  });

  it('requires a special character when includeSpecialCharacters is set', () => {
    const rules = on({ includeSpecialCharacters: true });
    expect(strengthFailures('abcdefgh', rules)).toEqual(['special_characters']);
    expect(strengthFailures('abcdefg!', rules)).toEqual([]);
  });

  it('reports every broken rule at once, in a stable order', () => {
    const all = on({ minimalLength: 10, includeNumbers: true, includeMixedCases: true, includeSpecialCharacters: true });
    expect(strengthFailures('abc', all)).toEqual(['min_length', 'numbers', 'mixed_cases', 'special_characters']);
    expect(strengthFailures('Abcdefgh1!', all)).toEqual([]);
  });

  describe('special character set', () => {
    it('is exactly the specification set !@#$%^&*()_+-=[]{};\':"\\|,.<>/?', () => {
      expect(SPECIAL_CHARACTERS).toBe('!@#$%^&*()_+-=[]{};\':"\\|,.<>/?');
    });

    it.each(Array.from(SPECIAL_CHARACTERS))('counts %s as special', (ch) => {
      expect(hasSpecialCharacter(`abc${ch}def`)).toBe(true);
      expect(strengthFailures(`abcdefg${ch}`, on({ includeSpecialCharacters: true }))).toEqual([]);
    });

    it.each(['~', '`', ' ', '€', 'é', '😀', '\t'])('does not count %j as special', (ch) => {
      expect(hasSpecialCharacter(`abc${ch}def`)).toBe(false);
    });
  });

  it('maps to and from the wire names', () => {
    const rules = on({ minimalLength: 20, includeMixedCases: true });
    const wire = strengthRulesToWire(rules);
    expect(wire).toEqual({
      password_rules_enable: true,
      password_rules_minimal_length: 20,
      password_rules_include_numbers: false,
      password_rules_include_mixed_cases: true,
      password_rules_include_special_characters: false,
    });
    expect(strengthRulesFromWire(wire)).toEqual(rules);
  });
});

describe('passwordScore', () => {
  it.each([
    ['', 0],
    ['abc', 0],
    ['abcdefg', 0],
    ['abcdefgh', 1],
    ['abcdefghijkl', 2],
    ['Abcdefg1', 2],
    ['Abcdefghijk1', 3],
    ['Abcdefg1!x', 3],
    ['Abcdefghij1!', 4],
  ] as const)('scores %j as %i', (pw, score) => {
    expect(passwordScore(pw)).toBe(score);
  });

  it('caps a password of few distinct characters at 1, however long or varied', () => {
    expect(passwordScore('aaaaaaaaaaaaaaaaaaaa')).toBe(1);
    expect(passwordScore('Aa1!Aa1!Aa1!Aa1!')).toBe(1);
  });

  it('always stays within 0..4 and grows with length for one character class', () => {
    let previous = 0;
    for (let n = 0; n <= 40; n++) {
      const pw = 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnop'.slice(0, n);
      const s = passwordScore(pw);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(4);
      expect(s).toBeGreaterThanOrEqual(previous);
      previous = s;
    }
  });
});
