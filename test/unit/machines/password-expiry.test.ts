import { createActor, fromPromise, type AnyEventObject, type AnyStateNode } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

import { DEFAULT_EXPIRATION, type PasswordExpirationSettings } from '../../../contract/rules/password-expiration';
import { DEFAULT_STRENGTH_RULES, type PasswordStrengthRules } from '../../../contract/rules/password-strength';
import type { ChangePasswordInput, ChangePasswordOutput } from '../../../machines/password-change';
import {
  expiryStep,
  passwordExpiryMachine,
  shouldShowExpiryDialog,
  type PasswordExpiryEvent,
  type PasswordExpiryInput,
} from '../../../machines/password-expiry.machine';

const strict: PasswordStrengthRules = {
  rulesEnable: true,
  minimalLength: 12,
  includeNumbers: true,
  includeMixedCases: true,
  includeSpecialCharacters: true,
};

const ADMIN: PasswordExpiryInput = { username: 'admin', isAdmin: true, allowCancel: true, rules: DEFAULT_STRENGTH_RULES };
const HISTORY: PasswordExpiryInput = { username: 'history', isAdmin: false, allowCancel: true, rules: DEFAULT_STRENGTH_RULES };
const LOCKED: PasswordExpiryInput = { ...ADMIN, allowCancel: false };
const SUCCESS: ChangePasswordOutput = { status: 'success' };

interface Call {
  input: ChangePasswordInput;
  resolve: (value: ChangePasswordOutput) => void;
  reject: (error: unknown) => void;
}

function harness(input: PasswordExpiryInput = ADMIN) {
  const calls: Call[] = [];
  const reloadPage = jest.fn();
  const machine = passwordExpiryMachine.provide({
    actors: {
      changePassword: fromPromise<ChangePasswordOutput, ChangePasswordInput>(
        ({ input: callInput }) => new Promise((resolve, reject) => calls.push({ input: callInput, resolve, reject })),
      ),
    },
    actions: { reloadPage: () => reloadPage() },
  });
  const actor = createActor(machine, { input }).start();
  const state = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  const send = (event: PasswordExpiryEvent) => actor.send(event);
  const last = () => {
    const call = calls[calls.length - 1];
    if (!call) throw new Error('changePassword was not invoked');
    return call;
  };
  const fill = (current = 'old-secret', password = 'new-secret', confirm = password) => {
    send({ type: 'expiry.edit', field: 'current', value: current });
    send({ type: 'expiry.edit', field: 'password', value: password });
    send({ type: 'expiry.edit', field: 'confirm', value: confirm });
  };
  return { actor, state, context, send, fill, calls, last, reloadPage };
}

const flush = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('shouldShowExpiryDialog', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const updatedAt = '2024-01-01T00:00:00.000Z';
  const t0 = Date.parse(updatedAt);
  const on: PasswordExpirationSettings = { ...DEFAULT_EXPIRATION, notificationEnable: true, validityPeriod: 90 };

  it('shows when the wizard is hidden, notifications are on and the password is older than the period', () => {
    expect(shouldShowExpiryDialog({ wizardVisible: false, settings: on, passwordUpdatedAt: updatedAt, deviceNowMs: t0 + 91 * DAY })).toBe(true);
  });

  it('waits for the first-run wizard', () => {
    expect(shouldShowExpiryDialog({ wizardVisible: true, settings: on, passwordUpdatedAt: updatedAt, deviceNowMs: t0 + 91 * DAY })).toBe(false);
  });

  it('stays hidden with notifications off', () => {
    expect(
      shouldShowExpiryDialog({ wizardVisible: false, settings: { ...on, notificationEnable: false }, passwordUpdatedAt: updatedAt, deviceNowMs: t0 + 900 * DAY }),
    ).toBe(false);
  });

  it('counts whole days of device time: exactly the period is not older than it', () => {
    const show = (ms: number) => shouldShowExpiryDialog({ wizardVisible: false, settings: on, passwordUpdatedAt: updatedAt, deviceNowMs: ms });
    expect(show(t0 + 90 * DAY)).toBe(false);
    expect(show(t0 + 91 * DAY - 1)).toBe(false);
    expect(show(t0 + 91 * DAY)).toBe(true);
    expect(show(t0)).toBe(false);
  });
});

describe('passwordExpiry machine', () => {
  it('starts at the notice (step 0) with an empty form', () => {
    const h = harness();
    expect(h.state()).toBe('notice');
    expect(expiryStep(h.actor.getSnapshot())).toBe(0);
    expect(h.context()).toEqual({
      ...ADMIN,
      form: { current: '', password: '', confirm: '', changeAll: false },
      errors: {},
      serverError: null,
    });
  });

  it('notice: next opens the form (step 1), previous goes back; finish and edits are ignored on the notice', () => {
    const h = harness();
    h.send({ type: 'expiry.previous' });
    h.send({ type: 'expiry.finish' });
    h.send({ type: 'expiry.edit', field: 'current', value: 'x' });
    h.send({ type: 'expiry.toggleChangeAll', value: true });
    expect(h.state()).toBe('notice');
    expect(h.context().form).toEqual({ current: '', password: '', confirm: '', changeAll: false });
    expect(h.context().errors).toEqual({});
    h.send({ type: 'expiry.next' });
    expect(h.state()).toBe('form');
    expect(expiryStep(h.actor.getSnapshot())).toBe(1);
    h.send({ type: 'expiry.next' });
    expect(h.state()).toBe('form');
    h.send({ type: 'expiry.previous' });
    expect(h.state()).toBe('notice');
  });

  it('cancel dismisses from the notice and from the form when operations before the update are allowed', () => {
    const fromNotice = harness(ADMIN);
    fromNotice.send({ type: 'expiry.cancel' });
    expect(fromNotice.state()).toBe('dismissed');
    expect(fromNotice.actor.getSnapshot().status).toBe('done');
    const fromForm = harness(HISTORY);
    fromForm.send({ type: 'expiry.next' });
    fromForm.send({ type: 'expiry.cancel' });
    expect(fromForm.state()).toBe('dismissed');
    expect(fromForm.reloadPage).not.toHaveBeenCalled();
    expect(fromForm.calls).toHaveLength(0);
  });

  it('cancel is refused everywhere when they are not allowed: the dialog cannot be closed', async () => {
    const h = harness(LOCKED);
    expect(h.actor.getSnapshot().can({ type: 'expiry.cancel' })).toBe(false);
    h.send({ type: 'expiry.cancel' });
    expect(h.state()).toBe('notice');
    h.send({ type: 'expiry.next' });
    expect(h.actor.getSnapshot().can({ type: 'expiry.cancel' })).toBe(false);
    h.send({ type: 'expiry.cancel' });
    expect(h.state()).toBe('form');
    h.fill();
    h.send({ type: 'expiry.finish' });
    h.send({ type: 'expiry.cancel' });
    expect(h.state()).toBe('changing');
    h.last().reject({ error_code: 'fail' });
    await flush();
    h.send({ type: 'expiry.cancel' });
    expect(h.state()).toBe('form');
  });

  it('the change-all switch is admin only', () => {
    const admin = harness(ADMIN);
    admin.send({ type: 'expiry.next' });
    admin.send({ type: 'expiry.toggleChangeAll', value: true });
    expect(admin.context().form.changeAll).toBe(true);
    admin.send({ type: 'expiry.toggleChangeAll', value: false });
    expect(admin.context().form.changeAll).toBe(false);
    const user = harness(HISTORY);
    user.send({ type: 'expiry.next' });
    user.send({ type: 'expiry.toggleChangeAll', value: true });
    expect(user.context().form.changeAll).toBe(false);
  });

  it('finish on an invalid form stays with the errors; edit clears only its field\u2019s error', () => {
    const h = harness({ ...ADMIN, rules: strict });
    h.send({ type: 'expiry.next' });
    h.send({ type: 'expiry.finish' });
    expect(h.state()).toBe('form');
    expect(h.context().errors).toEqual({ current: 'required', password: 'required', confirm: 'required' });
    h.send({ type: 'expiry.edit', field: 'confirm', value: 'abc' });
    expect(h.context().errors).toEqual({ current: 'required', password: 'required' });
    expect(h.context().form.confirm).toBe('abc');
    h.fill('old', 'weakpassword', 'weakpassword');
    h.send({ type: 'expiry.finish' });
    expect(h.state()).toBe('form');
    expect(h.context().errors).toEqual({ password: ['numbers', 'mixed_cases', 'special_characters'] });
    h.fill('old', 'Strong-pass-1', 'Strong-pass-2');
    h.send({ type: 'expiry.finish' });
    expect(h.context().errors).toEqual({ confirm: 'inconsistent' });
    expect(h.calls).toHaveLength(0);
  });

  it('a valid finish changes the password, then the page reloads once', async () => {
    const h = harness(ADMIN);
    h.send({ type: 'expiry.next' });
    h.fill('old-secret', 'new-secret');
    h.send({ type: 'expiry.toggleChangeAll', value: true });
    h.send({ type: 'expiry.finish' });
    expect(h.state()).toBe('changing');
    expect(expiryStep(h.actor.getSnapshot())).toBe(1);
    expect(h.calls.map((c) => c.input)).toEqual([{ username: 'admin', current: 'old-secret', password: 'new-secret', changeAll: true }]);
    h.send({ type: 'expiry.previous' });
    h.send({ type: 'expiry.finish' });
    expect(h.state()).toBe('changing');
    expect(h.calls).toHaveLength(1);
    expect(h.reloadPage).not.toHaveBeenCalled();
    h.last().resolve(SUCCESS);
    await flush();
    expect(h.state()).toBe('changed');
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.reloadPage).toHaveBeenCalledTimes(1);
  });

  it('a non-admin never sends changeAll', () => {
    const h = harness(HISTORY);
    h.send({ type: 'expiry.next' });
    h.fill();
    h.send({ type: 'expiry.finish' });
    expect(h.last().input).toEqual({ username: 'history', current: 'old-secret', password: 'new-secret', changeAll: false });
  });

  it.each([
    [{ error_code: 'current_password_error' }, 'current_password_error'],
    [{ status: 400, data: { error_code: 'validation_failure' } }, 'validation_failure'],
    [new Error('offline'), 'fail'],
  ])('a rejected change (%p) returns to the form with serverError %s, cleared by the next edit', async (error, code) => {
    const h = harness(ADMIN);
    h.send({ type: 'expiry.next' });
    h.fill();
    h.send({ type: 'expiry.finish' });
    h.last().reject(error);
    await flush();
    expect(h.state()).toBe('form');
    expect(h.context().serverError).toBe(code);
    expect(h.context().form.current).toBe('old-secret');
    expect(h.reloadPage).not.toHaveBeenCalled();
    h.send({ type: 'expiry.edit', field: 'current', value: 'other' });
    expect(h.context().serverError).toBeNull();
    h.send({ type: 'expiry.finish' });
    expect(h.state()).toBe('changing');
    expect(h.calls).toHaveLength(2);
  });

  it('a valid finish clears the errors of fields fixed by editing another one', () => {
    const h = harness(ADMIN);
    h.send({ type: 'expiry.next' });
    h.fill('old-secret', 'new-secret', 'new-secrex');
    h.send({ type: 'expiry.finish' });
    expect(h.context().errors).toEqual({ confirm: 'inconsistent' });
    h.send({ type: 'expiry.edit', field: 'password', value: 'new-secrex' }); // now they match
    expect(h.context().errors).toEqual({ confirm: 'inconsistent' });
    h.send({ type: 'expiry.finish' });
    expect(h.state()).toBe('changing');
    expect(h.context().errors).toEqual({});
  });

  it('finish again after a rejected change, without an edit, clears the shown server error', async () => {
    const h = harness(ADMIN);
    h.send({ type: 'expiry.next' });
    h.fill();
    h.send({ type: 'expiry.finish' });
    h.last().reject({ error_code: 'internal_error' });
    await flush();
    expect(h.context().serverError).toBe('internal_error');
    h.send({ type: 'expiry.finish' });
    expect(h.state()).toBe('changing');
    expect(h.context().serverError).toBeNull();
    expect(h.calls).toHaveLength(2);
  });

  it('the unprovided placeholder rejects, so a change returns to the form', async () => {
    const actor = createActor(passwordExpiryMachine, { input: HISTORY }).start();
    actor.send({ type: 'expiry.next' });
    for (const field of ['current', 'password', 'confirm'] as const) actor.send({ type: 'expiry.edit', field, value: 'x' });
    actor.send({ type: 'expiry.finish' });
    await flush();
    expect(actor.getSnapshot().value).toBe('form');
    expect(actor.getSnapshot().context.serverError).toBe('fail');
  });
});

describe('passwordExpiry graph', () => {
  function allStateNodeIds(node: AnyStateNode): string[] {
    return [node.id, ...Object.values(node.states).flatMap((child) => allStateNodeIds(child))];
  }
  const internal = (e: AnyEventObject) => e as unknown as PasswordExpiryEvent;
  const events: PasswordExpiryEvent[] = [
    { type: 'expiry.next' },
    { type: 'expiry.previous' },
    { type: 'expiry.finish' },
    { type: 'expiry.cancel' },
    { type: 'expiry.edit', field: 'current', value: 'old-secret' },
    { type: 'expiry.edit', field: 'password', value: 'new-secret' },
    { type: 'expiry.edit', field: 'confirm', value: 'new-secret' },
    { type: 'expiry.toggleChangeAll', value: true },
    internal({ type: 'xstate.done.actor.changePassword', output: SUCCESS }),
    internal({ type: 'xstate.error.actor.changePassword', error: { error_code: 'current_password_error' } }),
  ];
  const pathsFor = (input: PasswordExpiryInput) => getShortestPaths(passwordExpiryMachine, { events, input });
  const reachedIds = (input: PasswordExpiryInput) => new Set(pathsFor(input).flatMap((p) => p.state._nodes.map((n) => n.id)));

  it('reaches every state node of the machine when cancel is allowed', () => {
    expect([...reachedIds(ADMIN)].sort()).toEqual(allStateNodeIds(passwordExpiryMachine.root).sort());
  });

  it('never reaches dismissed when cancel is not allowed', () => {
    const reached = reachedIds(LOCKED);
    expect(allStateNodeIds(passwordExpiryMachine.root).filter((id) => !reached.has(id))).toEqual(['passwordExpiry.dismissed']);
  });

  it.each([
    ['cancel allowed', ADMIN],
    ['cancel refused', LOCKED],
  ])('every shortest path (%s) replays on a real actor to the same state and context', async (_, input) => {
    for (const path of pathsFor(input)) {
      const h = harness(input);
      for (const { event } of path.steps.filter((s) => (s.event.type as string) !== 'xstate.init')) {
        const e = event as unknown as { type: string; output?: ChangePasswordOutput; error?: unknown };
        if (e.type === 'xstate.done.actor.changePassword') h.last().resolve(e.output ?? SUCCESS);
        else if (e.type === 'xstate.error.actor.changePassword') h.last().reject(e.error);
        else h.send(event);
        await flush();
      }
      expect(h.state()).toEqual(path.state.value);
      expect(h.context()).toEqual(path.state.context);
      expect(h.reloadPage).toHaveBeenCalledTimes(path.state.matches('changed') ? 1 : 0);
      h.actor.stop();
    }
  });
});
