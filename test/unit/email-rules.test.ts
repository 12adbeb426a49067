/** The E-mail rules (contract/rules/email.ts), run by the form and the server alike: §5's required
 * fields, valid addresses, CR/LF refused everywhere a header is made from, the back-off. */
import {
  addressProblem,
  contactProblems,
  DEFAULT_SMTP_SETTINGS,
  EMAIL_RETRY_BASE_MS,
  groupProblems,
  retryDelayMs,
  smtpProblems,
  subjectProblem,
  testMailProblems,
} from '../../contract/rules/email';

const smtp = (patch = {}) => ({
  ...DEFAULT_SMTP_SETTINGS,
  host: 'smtp.example.com',
  username: 'panel',
  sender_name: 'Line 1',
  sender_address: 'panel@example.com',
  password: 'pw',
  password_confirm: 'pw',
  ...patch,
});

describe('e-mail rules', () => {
  it.each([
    ['ann@example.com', undefined],
    ['a.b+c@sub.example.co.jp', undefined],
    ['', 'required'],
    ['ann', 'invalid'],
    ['ann@example', 'invalid'],
    ['ann@@example.com', 'invalid'],
    ['Ann <ann@example.com>', 'invalid'],
    ['a,b@example.com', 'invalid'],
    ['ann@example.com\r\nBcc: x@y.z', 'line_break'],
    ['ann@example.com\n', 'line_break'],
    [`${'a'.repeat(250)}@example.com`, 'too_long'],
  ])('address %j: %s', (address, problem) => {
    expect(addressProblem(address)).toBe(problem);
  });

  it('SMTP: every §5 field required, passwords equal, a stored password kept, the HMI name standing for the sender name', () => {
    expect(smtpProblems(smtp(), false)).toEqual({});
    expect(smtpProblems(smtp({ host: '', username: '', sender_name: '', sender_address: '', password: '', password_confirm: '' }), false)).toEqual({
      host: 'required',
      username: 'required',
      password: 'required',
      sender_name: 'required',
      sender_address: 'required',
    });
    expect(smtpProblems(smtp({ password: '', password_confirm: '' }), true)).toEqual({});
    expect(smtpProblems(smtp({ password_confirm: 'other' }), true)).toEqual({ password_confirm: 'mismatch' });
    expect(smtpProblems(smtp({ sender_name: '', use_hmi_name: true }), true)).toEqual({});
    expect(smtpProblems(smtp({ port: 0 }), true)).toEqual({ port: 'out_of_range' });
    expect(smtpProblems(smtp({ port: Number.NaN }), true)).toEqual({ port: 'out_of_range' });
    expect(smtpProblems(smtp({ host: 'smtp.example.com\r\n' }), true)).toEqual({ host: 'line_break' });
    expect(smtpProblems(smtp({ sender_name: 'A\nB', username: 'u\r' }), true)).toEqual({ sender_name: 'line_break', username: 'line_break' });
  });

  it('contacts and groups: required, unique case aside, known groups, one line', () => {
    const ctx = { otherAddresses: ['bob@example.com'], groupIds: [1, 2] };
    expect(contactProblems({ name: 'Ann', address: 'ann@example.com', groups: [1] }, ctx)).toEqual({});
    expect(contactProblems({ name: ' ', address: 'BOB@example.com', groups: [3] }, ctx)).toEqual({ name: 'required', address: 'duplicate', groups: 'unknown' });
    expect(contactProblems({ name: 'Ann\rX', address: 'ann@example.com', groups: [] }, ctx)).toEqual({ name: 'line_break' });
    expect(groupProblems({ name: 'Night' }, { otherNames: ['night'] })).toEqual({ name: 'duplicate' });
    expect(groupProblems({ name: 'A\nB' }, { otherNames: [] })).toEqual({ name: 'line_break' });
    expect(testMailProblems({ to: 'x@y.z\nBcc: q@r.s' })).toEqual({ to: 'line_break' });
    expect(subjectProblem('Alarm\r\nBcc: x')).toBe('line_break');
  });

  it('backs off twice as long each time', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1, 2, 4, 8].map((k) => k * EMAIL_RETRY_BASE_MS));
  });
});
