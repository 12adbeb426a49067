import { createActor, type AnyEventObject, type AnyStateNode } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

import { DEFAULT_STRENGTH_RULES, type PasswordStrengthRules } from '../../../contract/rules/password-strength';
import {
  firstRunWizardMachine,
  wizardStep,
  type FirstRunWizardEvent,
  type FirstRunWizardInput,
  type SetHttpInput,
  type SetHttpOutput,
} from '../../../machines/first-run-wizard.machine';
import type { ChangePasswordInput, ChangePasswordOutput } from '../../../machines/password-change';
import { controllable } from '../../support/controllable-actor';

const strict: PasswordStrengthRules = {
  rulesEnable: true,
  minimalLength: 12,
  includeNumbers: true,
  includeMixedCases: true,
  includeSpecialCharacters: true,
};

const ADMIN: FirstRunWizardInput = { username: 'admin', isAdmin: true, rules: DEFAULT_STRENGTH_RULES, httpsEnabled: false };
const UPDATE: FirstRunWizardInput = { username: 'update', isAdmin: false, rules: DEFAULT_STRENGTH_RULES, httpsEnabled: false };

function harness(input: FirstRunWizardInput = ADMIN) {
  const changePassword = controllable<ChangePasswordOutput, ChangePasswordInput>();
  const completeFirstRun = controllable<void, unknown>();
  const setHttp = controllable<SetHttpOutput, SetHttpInput>();
  const machine = firstRunWizardMachine.provide({
    actors: { changePassword: changePassword.logic, completeFirstRun: completeFirstRun.logic, setHttp: setHttp.logic },
  });
  const actor = createActor(machine, { input }).start();
  const state = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  const send = (event: FirstRunWizardEvent) => actor.send(event);
  const fill = (current = 'old-secret', password = 'new-secret', confirm = password) => {
    send({ type: 'wizard.edit', field: 'current', value: current });
    send({ type: 'wizard.edit', field: 'password', value: password });
    send({ type: 'wizard.edit', field: 'confirm', value: confirm });
  };
  return { actor, state, context, send, fill, changePassword, completeFirstRun, setHttp };
}

const flush = () => jest.advanceTimersByTimeAsync(0);
const SUCCESS: ChangePasswordOutput = { status: 'success' };

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('firstRunWizard: start', () => {
  it('starts an admin at welcome (step 0) with HTTPS recommended and an empty form', () => {
    const h = harness(ADMIN);
    expect(h.state()).toBe('welcome');
    expect(wizardStep(h.actor.getSnapshot())).toBe(0);
    expect(h.context()).toEqual({
      ...ADMIN,
      https: true,
      form: { current: '', password: '', confirm: '', changeAll: false },
      errors: {},
      serverError: null,
      finishing: false,
    });
  });

  it('starts a non-admin directly at the password step (step 2)', () => {
    const h = harness(UPDATE);
    expect(h.state()).toBe('password');
    expect(wizardStep(h.actor.getSnapshot())).toBe(2);
  });
});

describe('firstRunWizard: welcome and protocol (admin)', () => {
  it('welcome: next goes to protocol (step 1); other events are ignored', () => {
    const h = harness();
    for (const event of [
      { type: 'wizard.previous' },
      { type: 'wizard.finish' },
      { type: 'wizard.retry' },
      { type: 'wizard.close' },
      { type: 'wizard.edit', field: 'current', value: 'x' },
      { type: 'wizard.chooseProtocol', https: false },
    ] as FirstRunWizardEvent[]) {
      h.send(event);
      expect(h.state()).toBe('welcome');
    }
    expect(h.context().form.current).toBe('');
    expect(h.context().https).toBe(true);
    h.send({ type: 'wizard.next' });
    expect(h.state()).toBe('protocol');
    expect(wizardStep(h.actor.getSnapshot())).toBe(1);
  });

  it('welcome: skip only completes the first run: no password change, no protocol change', async () => {
    const h = harness();
    h.send({ type: 'wizard.skip' });
    expect(h.state()).toBe('completing');
    expect(h.context().finishing).toBe(false);
    expect(wizardStep(h.actor.getSnapshot())).toBe(0); // the stepper does not jump on skip
    expect(h.completeFirstRun.calls).toHaveLength(1);
    h.completeFirstRun.last().resolve();
    await flush();
    expect(h.state()).toBe('done');
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.changePassword.calls).toHaveLength(0);
    expect(h.setHttp.calls).toHaveLength(0);
  });

  it('protocol: chooses HTTP or HTTPS, goes back to welcome or on to password', () => {
    const h = harness();
    h.send({ type: 'wizard.next' });
    h.send({ type: 'wizard.chooseProtocol', https: false });
    expect(h.context().https).toBe(false);
    expect(h.state()).toBe('protocol');
    h.send({ type: 'wizard.chooseProtocol', https: true });
    expect(h.context().https).toBe(true);
    h.send({ type: 'wizard.skip' }); // no skip on step 1
    h.send({ type: 'wizard.finish' });
    expect(h.state()).toBe('protocol');
    h.send({ type: 'wizard.previous' });
    expect(h.state()).toBe('welcome');
    h.send({ type: 'wizard.next' });
    h.send({ type: 'wizard.next' });
    expect(h.state()).toBe('password');
    expect(wizardStep(h.actor.getSnapshot())).toBe(2);
    h.send({ type: 'wizard.chooseProtocol', https: false }); // only on step 1
    expect(h.context().https).toBe(true);
  });
});

describe('firstRunWizard: password step', () => {
  const atPassword = (input: FirstRunWizardInput) => {
    const h = harness(input);
    if (input.isAdmin) {
      h.send({ type: 'wizard.next' });
      h.send({ type: 'wizard.next' });
    }
    expect(h.state()).toBe('password');
    return h;
  };

  it('admin: previous goes back to protocol, skip is refused', () => {
    const h = atPassword(ADMIN);
    expect(h.actor.getSnapshot().can({ type: 'wizard.skip' })).toBe(false);
    h.send({ type: 'wizard.skip' });
    expect(h.state()).toBe('password');
    expect(h.completeFirstRun.calls).toHaveLength(0);
    h.send({ type: 'wizard.previous' });
    expect(h.state()).toBe('protocol');
  });

  it('non-admin: previous is refused, skip completes the first run only', async () => {
    const h = atPassword(UPDATE);
    expect(h.actor.getSnapshot().can({ type: 'wizard.previous' })).toBe(false);
    h.send({ type: 'wizard.previous' });
    expect(h.state()).toBe('password');
    h.send({ type: 'wizard.skip' });
    expect(h.state()).toBe('completing');
    expect(wizardStep(h.actor.getSnapshot())).toBe(2);
    h.completeFirstRun.last().resolve();
    await flush();
    expect(h.state()).toBe('done');
    expect(h.changePassword.calls).toHaveLength(0);
    expect(h.setHttp.calls).toHaveLength(0);
  });

  it('the change-all switch is admin only', () => {
    const admin = atPassword(ADMIN);
    admin.send({ type: 'wizard.toggleChangeAll', value: true });
    expect(admin.context().form.changeAll).toBe(true);
    admin.send({ type: 'wizard.toggleChangeAll', value: false });
    expect(admin.context().form.changeAll).toBe(false);
    const user = atPassword(UPDATE);
    user.send({ type: 'wizard.toggleChangeAll', value: true });
    expect(user.context().form.changeAll).toBe(false);
  });

  it('finish on an invalid form stays with the contract\u2019s errors and calls nothing', () => {
    const h = atPassword(ADMIN);
    h.send({ type: 'wizard.finish' });
    expect(h.state()).toBe('password');
    expect(h.context().errors).toEqual({ current: 'required', password: 'required', confirm: 'required' });
    expect(h.context().finishing).toBe(false);
    h.fill('old-secret', 'new-secret', 'new-secrex');
    h.send({ type: 'wizard.finish' });
    expect(h.context().errors).toEqual({ confirm: 'inconsistent' });
    expect(h.changePassword.calls).toHaveLength(0);
  });

  it('a valid finish clears the errors of fields fixed by editing another one', () => {
    const h = atPassword(UPDATE);
    h.fill('old-secret', 'new-secret', 'new-secrex');
    h.send({ type: 'wizard.finish' });
    expect(h.context().errors).toEqual({ confirm: 'inconsistent' });
    h.send({ type: 'wizard.edit', field: 'password', value: 'new-secrex' }); // now they match
    expect(h.context().errors).toEqual({ confirm: 'inconsistent' });
    h.send({ type: 'wizard.finish' });
    expect(h.state()).toBe('changingPassword');
    expect(h.context().errors).toEqual({});
  });

  it('finish applies the strength rules from the input', () => {
    const h = atPassword({ ...ADMIN, rules: strict });
    h.fill('old', 'short', 'short');
    h.send({ type: 'wizard.finish' });
    expect(h.state()).toBe('password');
    expect(h.context().errors).toEqual({ password: ['min_length', 'numbers', 'mixed_cases', 'special_characters'] });
    h.fill('old', 'Long-enough-1', 'Long-enough-1');
    h.send({ type: 'wizard.finish' });
    expect(h.state()).toBe('changingPassword');
  });

  it('edit sets the field and clears only that field\u2019s error, and the server error', async () => {
    const h = atPassword(ADMIN);
    h.send({ type: 'wizard.finish' });
    h.send({ type: 'wizard.edit', field: 'password', value: 'p' });
    expect(h.context().form).toEqual({ current: '', password: 'p', confirm: '', changeAll: false });
    expect(h.context().errors).toEqual({ current: 'required', confirm: 'required' });
    h.send({ type: 'wizard.edit', field: 'current', value: 'c' });
    expect(h.context().errors).toEqual({ confirm: 'required' });
    h.send({ type: 'wizard.edit', field: 'confirm', value: 'p' });
    expect(h.context().errors).toEqual({});
    expect(h.context().form).toEqual({ current: 'c', password: 'p', confirm: 'p', changeAll: false });

    h.send({ type: 'wizard.finish' });
    h.changePassword.last().reject({ error_code: 'current_password_error' });
    await flush();
    expect(h.context().serverError).toBe('current_password_error');
    h.send({ type: 'wizard.edit', field: 'current', value: 'c2' });
    expect(h.context().serverError).toBeNull();
  });
});

describe('firstRunWizard: finishing', () => {
  it('admin: changes the password (with changeAll), completes, then sets http = !https (HTTPS chosen)', async () => {
    const h = harness(ADMIN);
    h.send({ type: 'wizard.next' });
    h.send({ type: 'wizard.next' });
    h.fill('old-secret', 'new-secret');
    h.send({ type: 'wizard.toggleChangeAll', value: true });
    h.send({ type: 'wizard.finish' });
    expect(h.state()).toBe('changingPassword');
    expect(h.context().finishing).toBe(true);
    expect(h.context().errors).toEqual({});
    expect(wizardStep(h.actor.getSnapshot())).toBe(2);
    expect(h.changePassword.calls.map((c) => c.input)).toEqual([
      { username: 'admin', current: 'old-secret', password: 'new-secret', changeAll: true },
    ]);
    for (const event of [{ type: 'wizard.previous' }, { type: 'wizard.finish' }, { type: 'wizard.skip' }] as FirstRunWizardEvent[]) {
      h.send(event);
      expect(h.state()).toBe('changingPassword');
    }
    expect(h.changePassword.calls).toHaveLength(1);

    h.changePassword.last().resolve(SUCCESS);
    await flush();
    expect(h.state()).toBe('completing');
    expect(wizardStep(h.actor.getSnapshot())).toBe(2);
    expect(h.completeFirstRun.calls).toHaveLength(1);
    expect(h.setHttp.calls).toHaveLength(0);

    h.completeFirstRun.last().resolve();
    await flush();
    expect(h.state()).toBe('settingHttp');
    expect(wizardStep(h.actor.getSnapshot())).toBe(2);
    expect(h.setHttp.calls.map((c) => c.input)).toEqual([{ http: false }]);

    h.setHttp.last().resolve({ http: false, https_port: 8443 });
    await flush();
    expect(h.state()).toBe('done');
    expect(h.actor.getSnapshot().status).toBe('done');
  });

  it('admin who chose HTTP: setHttp gets http = true', async () => {
    const h = harness(ADMIN);
    h.send({ type: 'wizard.next' });
    h.send({ type: 'wizard.chooseProtocol', https: false });
    h.send({ type: 'wizard.next' });
    h.fill();
    h.send({ type: 'wizard.finish' });
    expect(h.changePassword.last().input.changeAll).toBe(false);
    h.changePassword.last().resolve(SUCCESS);
    await flush();
    h.completeFirstRun.last().resolve();
    await flush();
    expect(h.setHttp.calls.map((c) => c.input)).toEqual([{ http: true }]);
  });

  it('non-admin: changes the own password, completes, never sets the protocol', async () => {
    const h = harness(UPDATE);
    h.fill('old-secret', 'new-secret');
    h.send({ type: 'wizard.finish' });
    expect(h.changePassword.last().input).toEqual({ username: 'update', current: 'old-secret', password: 'new-secret', changeAll: false });
    h.changePassword.last().resolve(SUCCESS);
    await flush();
    h.completeFirstRun.last().resolve();
    await flush();
    expect(h.state()).toBe('done');
    expect(h.setHttp.calls).toHaveLength(0);
  });

  it.each([
    [{ error_code: 'current_password_error' }, 'current_password_error'],
    [{ status: 400, data: { error_code: 'password_too_weak', message: 'weak' } }, 'password_too_weak'],
    [new Error('network down'), 'fail'],
    ['nonsense', 'fail'],
  ])('a rejected change (%p) returns to the form with serverError %s', async (error, code) => {
    const h = harness(ADMIN);
    h.send({ type: 'wizard.next' });
    h.send({ type: 'wizard.next' });
    h.fill();
    h.send({ type: 'wizard.finish' });
    h.changePassword.last().reject(error);
    await flush();
    expect(h.state()).toBe('password');
    expect(h.context().serverError).toBe(code);
    expect(h.context().finishing).toBe(false);
    expect(h.context().form.password).toBe('new-secret'); // the form is kept for another try
    expect(h.completeFirstRun.calls).toHaveLength(0);
    h.send({ type: 'wizard.finish' }); // try again
    expect(h.state()).toBe('changingPassword');
    expect(h.context().serverError).toBeNull();
    expect(h.changePassword.calls).toHaveLength(2);
  });

  it('a failed completion offers retry (completes again) and close (ends)', async () => {
    const h = harness(UPDATE);
    h.send({ type: 'wizard.skip' });
    h.completeFirstRun.last().reject({ error_code: 'internal_error' });
    await flush();
    expect(h.state()).toBe('completionFailed');
    expect(h.context().serverError).toBe('internal_error');
    h.send({ type: 'wizard.previous' });
    h.send({ type: 'wizard.skip' });
    expect(h.state()).toBe('completionFailed');
    h.send({ type: 'wizard.retry' });
    expect(h.state()).toBe('completing');
    expect(h.context().serverError).toBeNull();
    expect(h.completeFirstRun.calls).toHaveLength(2);
    h.completeFirstRun.last().reject({ error_code: 'internal_error' });
    await flush();
    h.send({ type: 'wizard.close' });
    expect(h.state()).toBe('done');
    expect(h.completeFirstRun.calls).toHaveLength(2);
  });

  it('a failed completion after an admin finish still sets the protocol once retried', async () => {
    const h = harness(ADMIN);
    h.send({ type: 'wizard.next' });
    h.send({ type: 'wizard.next' });
    h.fill();
    h.send({ type: 'wizard.finish' });
    h.changePassword.last().resolve(SUCCESS);
    await flush();
    h.completeFirstRun.last().reject({ error_code: 'internal_error' });
    await flush();
    expect(h.state()).toBe('completionFailed');
    expect(wizardStep(h.actor.getSnapshot())).toBe(2);
    h.send({ type: 'wizard.retry' });
    h.completeFirstRun.last().resolve();
    await flush();
    expect(h.state()).toBe('settingHttp');
  });

  it('a failed protocol change offers retry (same input) and close (ends)', async () => {
    const h = harness(ADMIN);
    h.send({ type: 'wizard.next' });
    h.send({ type: 'wizard.chooseProtocol', https: false });
    h.send({ type: 'wizard.next' });
    h.fill();
    h.send({ type: 'wizard.finish' });
    h.changePassword.last().resolve(SUCCESS);
    await flush();
    h.completeFirstRun.last().resolve();
    await flush();
    h.setHttp.last().reject({ error_code: 'forbidden' });
    await flush();
    expect(h.state()).toBe('httpFailed');
    expect(h.context().serverError).toBe('forbidden');
    expect(wizardStep(h.actor.getSnapshot())).toBe(2);
    h.send({ type: 'wizard.retry' });
    expect(h.state()).toBe('settingHttp');
    expect(h.context().serverError).toBeNull();
    expect(h.setHttp.calls.map((c) => c.input)).toEqual([{ http: true }, { http: true }]);
    h.setHttp.last().reject({ error_code: 'forbidden' });
    await flush();
    h.send({ type: 'wizard.close' });
    expect(h.state()).toBe('done');
    expect(h.completeFirstRun.calls).toHaveLength(1); // completion is not repeated
  });

  it('the unprovided placeholders reject, so every call ends in its failure state', async () => {
    const actor = createActor(firstRunWizardMachine, { input: UPDATE }).start();
    actor.send({ type: 'wizard.skip' });
    await flush();
    expect(actor.getSnapshot().value).toBe('completionFailed');
    expect(actor.getSnapshot().context.serverError).toBe('fail');
  });
});

describe('firstRunWizard graph', () => {
  function allStateNodeIds(node: AnyStateNode): string[] {
    return [node.id, ...Object.values(node.states).flatMap((child) => allStateNodeIds(child))];
  }
  const internal = (e: AnyEventObject) => e as unknown as FirstRunWizardEvent;
  const events: FirstRunWizardEvent[] = [
    { type: 'wizard.next' },
    { type: 'wizard.previous' },
    { type: 'wizard.skip' },
    { type: 'wizard.finish' },
    { type: 'wizard.chooseProtocol', https: false },
    { type: 'wizard.edit', field: 'current', value: 'old-secret' },
    { type: 'wizard.edit', field: 'password', value: 'new-secret' },
    { type: 'wizard.edit', field: 'confirm', value: 'new-secret' },
    { type: 'wizard.toggleChangeAll', value: true },
    { type: 'wizard.retry' },
    { type: 'wizard.close' },
    internal({ type: 'xstate.done.actor.changePassword', output: SUCCESS }),
    internal({ type: 'xstate.error.actor.changePassword', error: { error_code: 'current_password_error' } }),
    internal({ type: 'xstate.done.actor.completeFirstRun', output: undefined }),
    internal({ type: 'xstate.error.actor.completeFirstRun', error: { error_code: 'internal_error' } }),
    internal({ type: 'xstate.done.actor.setHttp', output: { http: false, https_port: 8443 } }),
    internal({ type: 'xstate.error.actor.setHttp', error: { error_code: 'forbidden' } }),
  ];
  const pathsFor = (input: FirstRunWizardInput) => getShortestPaths(firstRunWizardMachine, { events, input });
  const reachedIds = (input: FirstRunWizardInput) =>
    new Set(pathsFor(input).flatMap((p) => p.state._nodes.map((n) => n.id)));

  // `start` is transient (it only has eventless transitions), so no settled snapshot is ever in it:
  // it is the initial state, and the two start tests show both of its branches.
  const TRANSIENT = ['firstRunWizard.start'];

  it('the only transient state node is the initial one', () => {
    const transient = allStateNodeIds(firstRunWizardMachine.root).filter(
      (id) => firstRunWizardMachine.getStateNodeById(id).always !== undefined,
    );
    expect(transient).toEqual(TRANSIENT);
    expect(firstRunWizardMachine.root.initial.target.map((n) => n.id)).toEqual(TRANSIENT);
  });

  it('an admin reaches every other state node of the machine', () => {
    expect([...reachedIds(ADMIN), ...TRANSIENT].sort()).toEqual(allStateNodeIds(firstRunWizardMachine.root).sort());
  });

  it('a non-admin never reaches welcome, protocol or the protocol change', () => {
    const reached = reachedIds(UPDATE);
    const missing = allStateNodeIds(firstRunWizardMachine.root).filter((id) => !reached.has(id) && !TRANSIENT.includes(id));
    expect(missing.sort()).toEqual(['firstRunWizard.httpFailed', 'firstRunWizard.protocol', 'firstRunWizard.settingHttp', 'firstRunWizard.welcome']);
  });

  it.each([
    ['admin', ADMIN],
    ['non-admin', UPDATE],
  ])('every shortest path (%s) replays on a real actor to the same state and context', async (_, input) => {
    for (const path of pathsFor(input)) {
      const h = harness(input);
      for (const { event } of path.steps.filter((s) => (s.event.type as string) !== 'xstate.init')) {
        const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
        if (settled) {
          const double = { changePassword: h.changePassword, completeFirstRun: h.completeFirstRun, setHttp: h.setHttp }[
            settled[2] as 'changePassword' | 'completeFirstRun' | 'setHttp'
          ];
          const e = event as unknown as { output?: never; error?: unknown };
          if (settled[1] === 'done') double.last().resolve(e.output as never);
          else double.last().reject(e.error);
          await flush();
        } else h.send(event);
      }
      expect(h.state()).toEqual(path.state.value);
      expect(h.context()).toEqual(path.state.context);
      h.actor.stop();
    }
  });
});
