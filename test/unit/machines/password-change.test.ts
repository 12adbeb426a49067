import { createActor, fromPromise } from 'xstate';

import { DEFAULT_STRENGTH_RULES, type PasswordStrengthRules } from '../../../contract/rules/password-strength';
import {
  EMPTY_PASSWORD_FORM,
  changePasswordInput,
  clearFieldError,
  editForm,
  errorCodeOf,
  type ChangePasswordInput,
  type ChangePasswordOutput,
  type PasswordField,
} from '../../../machines/password-change';
import {
  passwordChangeMachine,
  shownFieldErrors,
  type PasswordChangeEvent,
  type PasswordChangeInput,
} from '../../../machines/password-change.machine';

describe('password-change helpers shared by the wizard and the expiry dialog', () => {
  it('takes the error_code of a rejection, directly or from an RTK Query error, else fail', () => {
    expect(errorCodeOf({ error_code: 'current_password_error' })).toBe('current_password_error');
    expect(errorCodeOf({ status: 400, data: { error_code: 'validation_failure', field: 'password' } })).toBe('validation_failure');
    expect(errorCodeOf({ error_code: '' })).toBe('fail');
    expect(errorCodeOf({ error_code: 7 })).toBe('fail');
    expect(errorCodeOf(new Error('offline'))).toBe('fail');
    expect(errorCodeOf(null)).toBe('fail');
    expect(errorCodeOf(undefined)).toBe('fail');
  });

  it('sends changeAll for admin only, even if a non-admin form somehow holds it', () => {
    const form = { current: 'a', password: 'b', confirm: 'b', changeAll: true };
    expect(changePasswordInput('admin', true, form)).toEqual({ username: 'admin', current: 'a', password: 'b', changeAll: true });
    expect(changePasswordInput('update', false, form)).toEqual({ username: 'update', current: 'a', password: 'b', changeAll: false });
  });

  it('edits one field and clears one error without touching the others', () => {
    expect(editForm(EMPTY_PASSWORD_FORM, 'confirm', 'x')).toEqual({ current: '', password: '', confirm: 'x', changeAll: false });
    expect(EMPTY_PASSWORD_FORM.confirm).toBe('');
    const errors = { current: 'required', confirm: 'inconsistent' } as const;
    expect(clearFieldError(errors, 'current')).toEqual({ confirm: 'inconsistent' });
    expect(clearFieldError(errors, 'password')).toBe(errors);
    expect(errors).toEqual({ current: 'required', confirm: 'inconsistent' });
  });
});

// ---------------------------------------------------------------------------------------------
// The password-change flow (machines/password-change.machine.ts)

const STRICT: PasswordStrengthRules = {
  rulesEnable: true,
  minimalLength: 12,
  includeNumbers: true,
  includeMixedCases: true,
  includeSpecialCharacters: true,
};
const PAGE: PasswordChangeInput = { username: 'admin', isAdmin: true, rules: DEFAULT_STRENGTH_RULES, live: true };
const DIALOG: PasswordChangeInput = { username: 'admin', isAdmin: true, rules: DEFAULT_STRENGTH_RULES, live: false };
const SUCCESS: ChangePasswordOutput = { status: 'success' };
const EMPTY = { current: '', password: '', confirm: '', changeAll: false };

interface Call {
  input: ChangePasswordInput;
  resolve: (value: ChangePasswordOutput) => void;
  reject: (error: unknown) => void;
}

function flow(input: PasswordChangeInput) {
  const calls: Call[] = [];
  const machine = passwordChangeMachine.provide({
    actors: {
      changePassword: fromPromise<ChangePasswordOutput, ChangePasswordInput>(
        ({ input: callInput }) => new Promise((resolve, reject) => calls.push({ input: callInput, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input }).start();
  const snapshot = () => actor.getSnapshot();
  const context = () => actor.getSnapshot().context;
  const send = (event: PasswordChangeEvent) => actor.send(event);
  const edit = (field: PasswordField, value: string) => send({ type: 'password.edit', field, value });
  const fill = (current = 'old-secret', password = 'new-secret', confirm = password) => {
    edit('current', current);
    edit('password', password);
    edit('confirm', confirm);
  };
  const submit = () => send({ type: 'password.submit' });
  const last = () => {
    const call = calls[calls.length - 1];
    if (!call) throw new Error('changePassword was not invoked');
    return call;
  };
  return { actor, snapshot, context, send, edit, fill, submit, calls, last };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('passwordChange machine', () => {
  it('starts editable with an empty form, no errors and no attempt', () => {
    const f = flow(PAGE);
    expect(f.snapshot().value).toBe('editing');
    expect(f.snapshot().hasTag('editable')).toBe(true);
    expect(f.snapshot().hasTag('busy')).toBe(false);
    expect(f.context()).toEqual({ ...PAGE, form: EMPTY, errors: {}, serverError: null, submitted: false, attempts: 0 });
  });

  it('edits one field at a time; change-all is admin only', () => {
    const admin = flow(PAGE);
    admin.edit('confirm', 'x');
    expect(admin.context().form).toEqual({ ...EMPTY, confirm: 'x' });
    admin.send({ type: 'password.toggleChangeAll', value: true });
    expect(admin.context().form.changeAll).toBe(true);
    admin.send({ type: 'password.toggleChangeAll', value: false });
    expect(admin.context().form.changeAll).toBe(false);
    const update = flow({ ...DIALOG, username: 'update', isAdmin: false });
    update.send({ type: 'password.toggleChangeAll', value: true });
    expect(update.context().form.changeAll).toBe(false);
  });

  it('an invalid submit sends nothing, shows the rules\u2019 errors and counts an attempt', () => {
    const f = flow({ ...DIALOG, rules: STRICT });
    f.submit();
    expect(f.snapshot().value).toBe('editing');
    expect(f.context().errors).toEqual({ current: 'required', password: 'required', confirm: 'required' });
    expect(f.context().submitted).toBe(true);
    expect(f.context().attempts).toBe(1);
    f.fill('old', 'weakpassword', 'weakpassword');
    f.submit();
    expect(f.context().errors).toEqual({ password: ['numbers', 'mixed_cases', 'special_characters'] });
    expect(f.context().attempts).toBe(2);
    f.fill('old', 'Strong-pass-12', 'Strong-pass-13');
    f.submit();
    expect(f.context().errors).toEqual({ confirm: 'inconsistent' });
    expect(f.calls).toHaveLength(0);
  });

  it('dialogs: an edit clears its own field\u2019s error only, and errors wait for the next submit', () => {
    const f = flow(DIALOG);
    f.submit();
    f.edit('confirm', 'abcdefgh');
    expect(f.context().errors).toEqual({ current: 'required', password: 'required' });
    f.edit('password', 'abcdefgi'); // now inconsistent, but not shown until the next submit
    expect(f.context().errors).toEqual({ current: 'required' });
    f.submit();
    expect(f.context().errors).toEqual({ current: 'required', confirm: 'inconsistent' });
  });

  it('page: no errors while typing before the first submit, then they follow the form', () => {
    const f = flow(PAGE);
    f.edit('password', 'abcdefgh');
    f.edit('confirm', 'abcdefgi');
    expect(f.context().errors).toEqual({});
    f.submit();
    expect(f.context().errors).toEqual({ current: 'required', confirm: 'inconsistent' });
    f.edit('confirm', 'abcdefgh');
    expect(f.context().errors).toEqual({ current: 'required' });
    f.edit('password', 'abcdefgx');
    expect(f.context().errors).toEqual({ current: 'required', confirm: 'inconsistent' });
  });

  it('a valid submit sends the form (changeAll for admin only) and is busy until the answer', () => {
    const admin = flow(PAGE);
    admin.fill();
    admin.send({ type: 'password.toggleChangeAll', value: true });
    admin.submit();
    expect(admin.snapshot().value).toBe('sending');
    expect(admin.snapshot().hasTag('busy')).toBe(true);
    expect(admin.snapshot().hasTag('editable')).toBe(false);
    expect(admin.calls.map((c) => c.input)).toEqual([{ username: 'admin', current: 'old-secret', password: 'new-secret', changeAll: true }]);
    admin.edit('current', 'ignored');
    admin.submit();
    expect(admin.context().form.current).toBe('old-secret');
    expect(admin.calls).toHaveLength(1);
    const history = flow({ username: 'history', isAdmin: false, rules: DEFAULT_STRENGTH_RULES, live: false });
    history.fill();
    history.submit();
    expect(history.last().input).toEqual({ username: 'history', current: 'old-secret', password: 'new-secret', changeAll: false });
  });

  it('a change ends the flow with the answer as output', async () => {
    const f = flow(DIALOG);
    f.fill();
    f.submit();
    f.last().resolve(SUCCESS);
    await settle();
    expect(f.snapshot().value).toBe('changed');
    expect(f.snapshot().status).toBe('done');
    expect(f.snapshot().output).toEqual(SUCCESS);
    expect(f.context().attempts).toBe(0);
  });

  it('an answer that does not say success comes back as the generic failure', async () => {
    const f = flow(PAGE);
    f.fill();
    f.submit();
    f.last().resolve({ status: 'fail' } as unknown as ChangePasswordOutput);
    await settle();
    expect(f.snapshot().value).toBe('editing');
    expect(f.snapshot().status).toBe('active');
    expect(f.context().serverError).toEqual({ error_code: 'fail' });
  });

  it.each([
    [{ error_code: 'current_password_error' }, { error_code: 'current_password_error' }],
    [{ status: 429, data: { error_code: 'login_locked', qty: 7 } }, { error_code: 'login_locked', qty: 7 }],
    [new Error('offline'), { error_code: 'fail' }],
  ])('a refusal (%p) comes back to the form as its failure, keeping what was typed', async (error, failure) => {
    const f = flow(DIALOG);
    f.fill();
    f.submit();
    f.last().reject(error);
    await settle();
    expect(f.snapshot().value).toBe('editing');
    expect(f.context().serverError).toEqual(failure);
    expect(f.context().form).toEqual({ ...EMPTY, current: 'old-secret', password: 'new-secret', confirm: 'new-secret' });
    expect(f.context().attempts).toBe(1);
    f.submit();
    expect(f.snapshot().value).toBe('sending');
    expect(f.context().serverError).toBeNull();
    expect(f.calls).toHaveLength(2);
  });

  it('dialogs: any edit drops the refusal; the change-all switch does not', async () => {
    const f = flow(DIALOG);
    f.fill();
    f.submit();
    f.last().reject({ error_code: 'internal_error' });
    await settle();
    f.send({ type: 'password.toggleChangeAll', value: true });
    expect(f.context().serverError).toEqual({ error_code: 'internal_error' });
    f.edit('confirm', 'new-secret');
    expect(f.context().serverError).toBeNull();
  });

  it('dialogs: a valid submit clears the errors of fields fixed by editing another one', () => {
    const f = flow(DIALOG);
    f.fill('old-secret', 'new-secret', 'new-secrex');
    f.submit();
    expect(f.context().errors).toEqual({ confirm: 'inconsistent' });
    f.edit('password', 'new-secrex'); // now they match
    expect(f.context().errors).toEqual({ confirm: 'inconsistent' });
    f.submit();
    expect(f.snapshot().value).toBe('sending');
    expect(f.context().errors).toEqual({});
  });

  it('page: the refusal stays; editing the new password drops only the broken rules it named', async () => {
    const f = flow(PAGE);
    f.fill();
    f.submit();
    f.last().reject({ error_code: 'password_too_weak', failures: ['numbers'] });
    await settle();
    expect(f.context().serverError).toEqual({ error_code: 'password_too_weak', failures: ['numbers'] });
    expect(shownFieldErrors(f.context())).toEqual({ password: ['numbers'] });
    f.edit('current', 'other');
    expect(f.context().serverError).toEqual({ error_code: 'password_too_weak', failures: ['numbers'] });
    f.edit('password', 'new-secret1');
    expect(f.context().serverError).toEqual({ error_code: 'password_too_weak' });
    expect(shownFieldErrors(f.context())).toEqual({ confirm: 'inconsistent' });
    f.submit(); // invalid: the refusal still shows
    expect(f.context().serverError).toEqual({ error_code: 'password_too_weak' });
    expect(f.context().attempts).toBe(2);
  });

  it('shownFieldErrors: the form\u2019s own password error wins over the device\u2019s', () => {
    const serverError = { error_code: 'password_too_weak', failures: ['numbers'] } as const;
    expect(shownFieldErrors({ errors: { password: 'required' }, serverError: { ...serverError, failures: [...serverError.failures] } })).toEqual({ password: 'required' });
    expect(shownFieldErrors({ errors: { current: 'required' }, serverError: null })).toEqual({ current: 'required' });
  });

  it('the unprovided placeholder rejects, so a change comes back to the form', async () => {
    const actor = createActor(passwordChangeMachine, { input: DIALOG }).start();
    actor.send({ type: 'password.edit', field: 'current', value: 'xxxxxxxx' });
    for (const field of ['password', 'confirm'] as const) actor.send({ type: 'password.edit', field, value: 'yyyyyyyy' });
    actor.send({ type: 'password.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.serverError).toEqual({ error_code: 'fail' });
  });
});
