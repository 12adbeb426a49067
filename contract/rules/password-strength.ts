/** Password strength rules (specification §3, §5; defaults: docs/decisions.md#passwords). The wire
 * type is the contract's schema read as a type (a type-only import: the console does not load
 * zod). */
import type { z } from 'zod';
import type { strengthRulesWireSchema } from '../api/system';

export const SPECIAL_CHARACTERS = `!@#$%^&*()_+-=[]{};':"\\|,.<>/?`;
export const PASSWORD_MAX_LENGTH = 128;
/** The shortest password ever accepted, strength rules on or off; the rules can only raise it. */
export const PASSWORD_MIN_LENGTH = 8;
/** The minimal length the rules may set: from the floor above (a lower one would only mislead). */
export const MINIMAL_LENGTH_RANGE = { min: PASSWORD_MIN_LENGTH, max: 64 } as const;

export interface PasswordStrengthRules {
  rulesEnable: boolean;
  minimalLength: number;
  includeNumbers: boolean;
  includeMixedCases: boolean;
  includeSpecialCharacters: boolean;
}

/** The names the device uses on the wire. */
export type PasswordStrengthRulesWire = z.output<typeof strengthRulesWireSchema>;

export const DEFAULT_STRENGTH_RULES: PasswordStrengthRules = {
  rulesEnable: false,
  minimalLength: 12,
  includeNumbers: false,
  includeMixedCases: false,
  includeSpecialCharacters: false,
};

export function strengthRulesFromWire(w: PasswordStrengthRulesWire): PasswordStrengthRules {
  return {
    rulesEnable: w.password_rules_enable,
    minimalLength: w.password_rules_minimal_length,
    includeNumbers: w.password_rules_include_numbers,
    includeMixedCases: w.password_rules_include_mixed_cases,
    includeSpecialCharacters: w.password_rules_include_special_characters,
  };
}

export function strengthRulesToWire(r: PasswordStrengthRules): PasswordStrengthRulesWire {
  return {
    password_rules_enable: r.rulesEnable,
    password_rules_minimal_length: r.minimalLength,
    password_rules_include_numbers: r.includeNumbers,
    password_rules_include_mixed_cases: r.includeMixedCases,
    password_rules_include_special_characters: r.includeSpecialCharacters,
  };
}

export type StrengthFailure = 'min_length' | 'numbers' | 'mixed_cases' | 'special_characters';

const specials = new Set(Array.from(SPECIAL_CHARACTERS));

export function hasSpecialCharacter(password: string): boolean {
  return Array.from(password).some((ch) => specials.has(ch));
}

/** The shortest password the rules accept: PASSWORD_MIN_LENGTH, or the rules' own minimum when
 * they are on and ask for more. */
export function minimumLength(rules: PasswordStrengthRules): number {
  return rules.rulesEnable ? Math.max(PASSWORD_MIN_LENGTH, rules.minimalLength) : PASSWORD_MIN_LENGTH;
}

/** The rules a password breaks (the minimum length always applies); empty when all hold. */
export function strengthFailures(password: string, rules: PasswordStrengthRules): StrengthFailure[] {
  const failures: StrengthFailure[] = [];
  if (Array.from(password).length < minimumLength(rules)) failures.push('min_length');
  if (!rules.rulesEnable) return failures;
  if (rules.includeNumbers && !/[0-9]/.test(password)) failures.push('numbers');
  if (rules.includeMixedCases && !(/[a-z]/.test(password) && /[A-Z]/.test(password))) {
    failures.push('mixed_cases');
  }
  if (rules.includeSpecialCharacters && !hasSpecialCharacter(password)) {
    failures.push('special_characters');
  }
  return failures;
}

/** A 0–4 score for the strength meter: length, variety of classes, penalised for repetition. */
export function passwordScore(password: string): 0 | 1 | 2 | 3 | 4 {
  if (password.length === 0) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((re) => re.test(password)).length +
    (hasSpecialCharacter(password) ? 1 : 0);
  const distinct = new Set(Array.from(password)).size;
  let score = 0;
  if (password.length >= 8) score++;
  if (password.length >= 12) score++;
  if (classes >= 3) score++;
  if (classes === 4 && password.length >= 10) score++;
  if (distinct < Math.min(5, password.length)) score = Math.min(score, 1);
  return Math.max(0, Math.min(4, score)) as 0 | 1 | 2 | 3 | 4;
}
