/** Enhanced Security's shared rules (contract/rules/security.ts): what the form and the device
 * both check of an account, and the classes → OPC UA rights mapping of specification §6. */
import { accountExists, accountFormProblems, accountNameProblem, nextAccountId, opcuaRightsOf, sortedClasses, type SecurityOpcuaMapping } from '../../contract/rules/security';

const LIST = [
  { id: 1, account: 'Operator' },
  { id: 4, account: 'lead' },
];

test('an account name: 1 to 32 characters, no control characters, no spaces at its ends', () => {
  expect(accountNameProblem('')).toBe('required');
  expect(accountNameProblem('x'.repeat(32))).toBeNull();
  expect(accountNameProblem('x'.repeat(33))).toBe('too_long');
  // 32 characters of a script outside ASCII count as 32.
  expect(accountNameProblem('操'.repeat(32))).toBeNull();
  expect(accountNameProblem('a\nb')).toBe('invalid_characters');
  expect(accountNameProblem('a\u2028b')).toBe('invalid_characters');
  expect(accountNameProblem(' a')).toBe('invalid_characters');
  expect(accountNameProblem('line lead')).toBeNull();
});

test('"Account is exist": the same name in any case, not the account itself', () => {
  expect(accountExists(LIST, 'operator')).toBe(true);
  expect(accountExists(LIST, 'OPERATOR', 4)).toBe(true);
  expect(accountExists(LIST, 'Operator', 1)).toBe(false);
  expect(accountExists(LIST, 'operator2')).toBe(false);
});

test('the form: a new account needs a password; an edit keeps it when empty; the admin password always', () => {
  const base = { account: 'new', password: '', confirm: '', adminPassword: '' };
  expect(accountFormProblems(base, { isNew: true, others: LIST, id: null, minLength: 8 })).toEqual({ password: 'password_required', adminPassword: 'admin_password_required' });
  expect(accountFormProblems({ ...base, adminPassword: 'x' }, { isNew: false, others: LIST, id: 4, minLength: 8 })).toEqual({});
  expect(accountFormProblems({ ...base, account: 'LEAD', password: 'short', confirm: 'other', adminPassword: 'x' }, { isNew: true, others: LIST, id: null, minLength: 8 })).toEqual({
    account: 'account_exists',
    password: 'password_too_short',
    confirm: 'password_mismatch',
  });
});

test('classes in A–L order; the next ID after the highest', () => {
  expect(sortedClasses(['L', 'A', 'C', 'A', 'Z'])).toEqual(['A', 'C', 'L']);
  expect(nextAccountId(LIST)).toBe(5);
  expect(nextAccountId([])).toBe(1);
});

test('an OPC UA right when the account may operate one class named for it, none while the mapping is off', () => {
  const m: SecurityOpcuaMapping = { enabled: true, browse: ['A', 'B'], read: ['B'], write: ['C'] };
  expect(opcuaRightsOf(['A'], m)).toEqual({ browse: true, read: false, write: false });
  expect(opcuaRightsOf(['B', 'C'], m)).toEqual({ browse: true, read: true, write: true });
  expect(opcuaRightsOf(['D'], m)).toEqual({ browse: false, read: false, write: false });
  expect(opcuaRightsOf(['A', 'B', 'C'], { ...m, enabled: false })).toEqual({ browse: false, read: false, write: false });
});
