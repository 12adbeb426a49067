import { hasFormErrors, validatePasswordChangeForm } from '../../contract/rules/password-form';
import { DEFAULT_STRENGTH_RULES, PASSWORD_MAX_LENGTH, type PasswordStrengthRules } from '../../contract/rules/password-strength';

const strict: PasswordStrengthRules = {
  rulesEnable: true,
  minimalLength: 12,
  includeNumbers: true,
  includeMixedCases: true,
  includeSpecialCharacters: true,
};

describe('validatePasswordChangeForm', () => {
  it('requires all three fields', () => {
    const errors = validatePasswordChangeForm({ current: '', password: '', confirm: '' }, DEFAULT_STRENGTH_RULES);
    expect(errors).toEqual({ current: 'required', password: 'required', confirm: 'required' });
    expect(hasFormErrors(errors)).toBe(true);
  });

  it('reports a confirmation that differs from the new password as inconsistent', () => {
    const errors = validatePasswordChangeForm({ current: 'old', password: 'new-password', confirm: 'new-passwort' }, DEFAULT_STRENGTH_RULES);
    expect(errors).toEqual({ confirm: 'inconsistent' });
  });

  it('passes a complete, consistent form of 8 characters or more while the rules are off', () => {
    const errors = validatePasswordChangeForm({ current: 'old', password: 'xxxxxxxx', confirm: 'xxxxxxxx' }, DEFAULT_STRENGTH_RULES);
    expect(errors).toEqual({});
    expect(hasFormErrors(errors)).toBe(false);
  });

  it('refuses a shorter new password even while the rules are off', () => {
    expect(validatePasswordChangeForm({ current: 'old', password: 'x', confirm: 'x' }, DEFAULT_STRENGTH_RULES)).toEqual({ password: ['min_length'] });
  });

  it('lists the broken strength rules of the new password when the rules are on', () => {
    const errors = validatePasswordChangeForm({ current: 'old', password: 'short', confirm: 'short' }, strict);
    expect(errors).toEqual({ password: ['min_length', 'numbers', 'mixed_cases', 'special_characters'] });
    const ok = validatePasswordChangeForm({ current: 'old', password: 'Long-enough-1', confirm: 'Long-enough-1' }, strict);
    expect(ok).toEqual({});
  });

  it('reports only the rules actually broken', () => {
    const errors = validatePasswordChangeForm({ current: 'o', password: 'long-enough-pw1', confirm: 'long-enough-pw1' }, strict);
    expect(errors).toEqual({ password: ['mixed_cases'] });
  });

  it('refuses a new password over the maximum length', () => {
    const long = 'a'.repeat(PASSWORD_MAX_LENGTH + 1);
    expect(validatePasswordChangeForm({ current: 'o', password: long, confirm: long }, DEFAULT_STRENGTH_RULES)).toEqual({ password: 'too_long' });
    const max = 'a'.repeat(PASSWORD_MAX_LENGTH);
    expect(validatePasswordChangeForm({ current: 'o', password: max, confirm: max }, DEFAULT_STRENGTH_RULES)).toEqual({});
  });

  it('refuses a new password that is the current one (issue 20, item 14)', () => {
    const same = 'Same-Password-1';
    expect(validatePasswordChangeForm({ current: same, password: same, confirm: same }, strict)).toEqual({ password: 'same_as_current' });
    expect(validatePasswordChangeForm({ current: same, password: `${same}!`, confirm: `${same}!` }, strict)).toEqual({});
    // With no current password typed yet, only that is said.
    expect(validatePasswordChangeForm({ current: '', password: same, confirm: same }, strict)).toEqual({ current: 'required' });
  });

  it('checks the confirmation even when the new password is weak', () => {
    const errors = validatePasswordChangeForm({ current: 'o', password: 'weak', confirm: 'other' }, strict);
    expect(errors.confirm).toBe('inconsistent');
    expect(errors.password).toContain('min_length');
    expect(errors.current).toBeUndefined();
  });
});
