import { createActor, type AnyEventObject, type AnyStateNode } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

import { DEFAULT_EXPIRATION, type PasswordExpirationSettings } from '../../../contract/rules/password-expiration';
import { DEFAULT_STRENGTH_RULES } from '../../../contract/rules/password-strength';
import type { ChangePasswordInput, ChangePasswordOutput } from '../../../machines/password-change';
import { passwordChangeMachine } from '../../../machines/password-change.machine';
import { controllable } from '../../support/controllable-actor';
import {
  expiryStep,
  passwordExpiryMachine,
  shouldShowExpiryDialog,
  type PasswordExpiryEvent,
  type PasswordExpiryInput,
} from '../../../machines/password-expiry.machine';

const ADMIN: PasswordExpiryInput = { username: 'admin', isAdmin: true, allowCancel: true, rules: DEFAULT_STRENGTH_RULES };
const HISTORY: PasswordExpiryInput = { username: 'history', isAdmin: false, allowCancel: true, rules: DEFAULT_STRENGTH_RULES };
const LOCKED: PasswordExpiryInput = { ...ADMIN, allowCancel: false };
const SUCCESS: ChangePasswordOutput = { status: 'success' };

function harness(input: PasswordExpiryInput = ADMIN) {
  const changePassword = controllable<ChangePasswordOutput, ChangePasswordInput>();
  const reloadPage = jest.fn();
  const machine = passwordExpiryMachine.provide({
    actors: { passwordChange: passwordChangeMachine.provide({ actors: { changePassword: changePassword.logic } }) },
    actions: { reloadPage: () => reloadPage() },
  });
  const actor = createActor(machine, { input }).start();
  const state = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  const send = (event: PasswordExpiryEvent) => actor.send(event);
  /** The password form's flow, as the dialog reaches it. */
  const flow = () => {
    const child = actor.getSnapshot().children.passwordChange;
    if (!child) throw new Error('the password form is not running');
    return child;
  };
  const fill = (current = 'old-secret', password = 'new-secret', confirm = password) => {
    flow().send({ type: 'password.edit', field: 'current', value: current });
    flow().send({ type: 'password.edit', field: 'password', value: password });
    flow().send({ type: 'password.edit', field: 'confirm', value: confirm });
  };
  /** Finish: the dialog submits the form's flow. */
  const finish = () => flow().send({ type: 'password.submit' });
  const { calls, last } = changePassword;
  return { actor, state, context, send, flow, fill, finish, calls, last, reloadPage };
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
  it('starts at the notice (step 0) with the password form running, empty, for the account', () => {
    const h = harness();
    expect(h.state()).toBe('notice');
    expect(expiryStep(h.actor.getSnapshot())).toBe(0);
    expect(h.context()).toEqual(ADMIN);
    expect(h.flow().getSnapshot().context).toMatchObject({
      username: 'admin',
      isAdmin: true,
      rules: DEFAULT_STRENGTH_RULES,
      live: false,
      form: { current: '', password: '', confirm: '', changeAll: false },
    });
  });

  it('notice: next opens the form (step 1), previous goes back and keeps what was typed', () => {
    const h = harness();
    h.send({ type: 'expiry.previous' });
    expect(h.state()).toBe('notice');
    expect(h.actor.getSnapshot().hasTag('form')).toBe(false);
    h.send({ type: 'expiry.next' });
    expect(h.state()).toBe('form');
    expect(h.actor.getSnapshot().hasTag('form')).toBe(true);
    expect(expiryStep(h.actor.getSnapshot())).toBe(1);
    h.send({ type: 'expiry.next' });
    expect(h.state()).toBe('form');
    h.fill('old-secret', 'new-secret', 'new-sec');
    h.send({ type: 'expiry.previous' });
    expect(h.state()).toBe('notice');
    h.send({ type: 'expiry.next' });
    expect(h.flow().getSnapshot().context.form).toEqual({ current: 'old-secret', password: 'new-secret', confirm: 'new-sec', changeAll: false });
  });

  it('a form finished while the notice shows (not shown there) does not close the dialog', async () => {
    const h = harness();
    h.fill();
    h.finish();
    h.last().resolve(SUCCESS);
    await flush();
    expect(h.state()).toBe('notice');
    expect(h.reloadPage).not.toHaveBeenCalled();
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
    h.finish();
    h.send({ type: 'expiry.cancel' });
    expect(h.state()).toBe('form');
    h.last().reject({ error_code: 'fail' });
    await flush();
    h.send({ type: 'expiry.cancel' });
    expect(h.state()).toBe('form');
  });

  it('Finish on an invalid form stays on the form with its errors and sends nothing', () => {
    const h = harness(ADMIN);
    h.send({ type: 'expiry.next' });
    h.finish();
    expect(h.state()).toBe('form');
    expect(h.flow().getSnapshot().context.errors).toEqual({ current: 'required', password: 'required', confirm: 'required' });
    expect(h.calls).toHaveLength(0);
  });

  it('a valid Finish changes the password (with changeAll for admin), then the page reloads once', async () => {
    const h = harness(ADMIN);
    h.send({ type: 'expiry.next' });
    h.fill('old-secret', 'new-secret');
    h.flow().send({ type: 'password.toggleChangeAll', value: true });
    h.finish();
    expect(h.flow().getSnapshot().hasTag('busy')).toBe(true);
    expect(h.state()).toBe('form');
    expect(h.calls.map((c) => c.input)).toEqual([{ username: 'admin', current: 'old-secret', password: 'new-secret', changeAll: true }]);
    expect(h.reloadPage).not.toHaveBeenCalled();
    h.last().resolve(SUCCESS);
    await flush();
    expect(h.state()).toBe('changed');
    expect(expiryStep(h.actor.getSnapshot())).toBe(1);
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.reloadPage).toHaveBeenCalledTimes(1);
  });

  it('a non-admin never sends changeAll', () => {
    const h = harness(HISTORY);
    h.send({ type: 'expiry.next' });
    h.fill();
    h.flow().send({ type: 'password.toggleChangeAll', value: true });
    h.finish();
    expect(h.last().input).toEqual({ username: 'history', current: 'old-secret', password: 'new-secret', changeAll: false });
  });

  it('a rejected change stays on the form with the device\u2019s failure; the page does not reload', async () => {
    const h = harness(ADMIN);
    h.send({ type: 'expiry.next' });
    h.fill();
    h.finish();
    h.last().reject({ error_code: 'current_password_error' });
    await flush();
    expect(h.state()).toBe('form');
    expect(h.flow().getSnapshot().context.serverError).toEqual({ error_code: 'current_password_error' });
    expect(h.flow().getSnapshot().context.form.current).toBe('old-secret');
    expect(h.reloadPage).not.toHaveBeenCalled();
    h.finish();
    expect(h.calls).toHaveLength(2);
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
    { type: 'expiry.cancel' },
    internal({ type: 'xstate.done.actor.passwordChange', output: SUCCESS }),
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
  ])('every shortest path (%s) replays on a real actor, the form really filled and sent, to the same state and context', async (_, input) => {
    for (const path of pathsFor(input)) {
      const h = harness(input);
      for (const { event } of path.steps.filter((s) => (s.event.type as string) !== 'xstate.init')) {
        if ((event.type as string) === 'xstate.done.actor.passwordChange') {
          h.fill();
          h.finish();
          h.last().resolve(SUCCESS);
        } else h.send(event);
        await flush();
      }
      expect(h.state()).toEqual(path.state.value);
      expect(h.context()).toEqual(path.state.context);
      expect(h.reloadPage).toHaveBeenCalledTimes(path.state.matches('changed') ? 1 : 0);
      h.actor.stop();
    }
  });
});
