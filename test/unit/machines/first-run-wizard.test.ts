import { createActor, type AnyEventObject, type AnyStateNode } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

import { DEFAULT_STRENGTH_RULES } from '../../../contract/rules/password-strength';
import {
  firstRunWizardMachine,
  wizardStep,
  type FirstRunWizardEvent,
  type FirstRunWizardInput,
  type SetHttpInput,
  type SetHttpOutput,
} from '../../../machines/first-run-wizard.machine';
import type { ChangePasswordInput, ChangePasswordOutput } from '../../../machines/password-change';
import { passwordChangeMachine } from '../../../machines/password-change.machine';
import { controllable } from '../../support/controllable-actor';

const ADMIN: FirstRunWizardInput = { username: 'admin', isAdmin: true, rules: DEFAULT_STRENGTH_RULES, httpsEnabled: false, onPlainHttp: false };
const ADMIN_ON_HTTP: FirstRunWizardInput = { ...ADMIN, onPlainHttp: true };
const UPDATE: FirstRunWizardInput = { username: 'update', isAdmin: false, rules: DEFAULT_STRENGTH_RULES, httpsEnabled: false, onPlainHttp: true };
const FINGERPRINTLESS: SetHttpOutput = { http: false, https_port: 8443, certificate_sha256: null };

function harness(input: FirstRunWizardInput = ADMIN) {
  const changePassword = controllable<ChangePasswordOutput, ChangePasswordInput>();
  const completeFirstRun = controllable<void, unknown>();
  const setHttp = controllable<SetHttpOutput, SetHttpInput>();
  const openHttps = jest.fn();
  const machine = firstRunWizardMachine.provide({
    actors: {
      passwordChange: passwordChangeMachine.provide({ actors: { changePassword: changePassword.logic } }),
      completeFirstRun: completeFirstRun.logic,
      setHttp: setHttp.logic,
    },
    actions: { openHttps: ({ context }) => openHttps(context.httpsPort) },
  });
  const actor = createActor(machine, { input }).start();
  const state = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  const send = (event: FirstRunWizardEvent) => actor.send(event);
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
  return { actor, state, context, send, flow, fill, finish, changePassword, completeFirstRun, setHttp, openHttps };
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
  it('starts an admin at welcome (step 0) with HTTPS recommended and the password form running, empty', () => {
    const h = harness(ADMIN);
    expect(h.state()).toBe('welcome');
    expect(wizardStep(h.actor.getSnapshot())).toBe(0);
    expect(h.context()).toEqual({ ...ADMIN, https: true, serverError: null, finishing: false, httpsPort: null });
    expect(h.flow().getSnapshot().context).toMatchObject({
      username: 'admin',
      isAdmin: true,
      rules: DEFAULT_STRENGTH_RULES,
      live: false,
      form: { current: '', password: '', confirm: '', changeAll: false },
    });
  });

  it('starts a non-admin directly at the password step (step 2), the form for their own account', () => {
    const h = harness(UPDATE);
    expect(h.state()).toBe('password');
    expect(wizardStep(h.actor.getSnapshot())).toBe(2);
    expect(h.flow().getSnapshot().context).toMatchObject({ username: 'update', isAdmin: false });
  });
});

describe('firstRunWizard: welcome and protocol (admin)', () => {
  it('welcome: next goes to protocol (step 1); other events are ignored', () => {
    const h = harness();
    for (const event of [
      { type: 'wizard.previous' },
      { type: 'wizard.retry' },
      { type: 'wizard.close' },
      { type: 'wizard.continue' },
      { type: 'wizard.chooseProtocol', https: false },
    ] as FirstRunWizardEvent[]) {
      h.send(event);
      expect(h.state()).toBe('welcome');
    }
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

  it('a form finished before the password step (not shown there) does not finish the wizard', () => {
    const h = harness();
    h.fill();
    h.finish();
    // The flow has sent the change, but the wizard is on step 0: its end would be ignored there.
    h.changePassword.last().resolve(SUCCESS);
    return flush().then(() => {
      expect(h.state()).toBe('welcome');
      expect(h.completeFirstRun.calls).toHaveLength(0);
    });
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
    expect(h.actor.getSnapshot().hasTag('form')).toBe(true);
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

  it('what was typed survives Previous and Next (one form for the wizard\u2019s life)', () => {
    const h = atPassword(ADMIN);
    h.fill('old-secret', 'new-secret', 'new-secr');
    h.flow().send({ type: 'password.toggleChangeAll', value: true });
    const flowBefore = h.flow();
    h.send({ type: 'wizard.previous' });
    h.send({ type: 'wizard.previous' });
    h.send({ type: 'wizard.next' });
    h.send({ type: 'wizard.next' });
    expect(h.flow()).toBe(flowBefore);
    expect(h.flow().getSnapshot().context.form).toEqual({ current: 'old-secret', password: 'new-secret', confirm: 'new-secr', changeAll: true });
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

  it('Finish on an invalid form stays on the step with the form\u2019s errors and calls nothing', () => {
    const h = atPassword(ADMIN);
    h.finish();
    expect(h.state()).toBe('password');
    expect(h.flow().getSnapshot().context.errors).toEqual({ current: 'required', password: 'required', confirm: 'required' });
    expect(h.context().finishing).toBe(false);
    expect(h.changePassword.calls).toHaveLength(0);
  });

  it('a rejected change stays on the step with the device\u2019s failure; the form is kept for another try', async () => {
    const h = atPassword(ADMIN);
    h.fill();
    h.finish();
    expect(h.flow().getSnapshot().hasTag('busy')).toBe(true);
    expect(h.state()).toBe('password');
    h.changePassword.last().reject({ error_code: 'current_password_error' });
    await flush();
    expect(h.state()).toBe('password');
    expect(h.flow().getSnapshot().context.serverError).toEqual({ error_code: 'current_password_error' });
    expect(h.flow().getSnapshot().context.form.password).toBe('new-secret');
    expect(h.context().finishing).toBe(false);
    expect(h.completeFirstRun.calls).toHaveLength(0);
    h.finish();
    expect(h.changePassword.calls).toHaveLength(2);
  });
});

describe('firstRunWizard: finishing', () => {
  it('admin: changes the password (with changeAll), completes, then sets http = !https (HTTPS chosen)', async () => {
    const h = harness(ADMIN);
    h.send({ type: 'wizard.next' });
    h.send({ type: 'wizard.next' });
    h.fill('old-secret', 'new-secret');
    h.flow().send({ type: 'password.toggleChangeAll', value: true });
    h.finish();
    expect(h.changePassword.calls.map((c) => c.input)).toEqual([
      { username: 'admin', current: 'old-secret', password: 'new-secret', changeAll: true },
    ]);
    h.changePassword.last().resolve(SUCCESS);
    await flush();
    expect(h.state()).toBe('completing');
    expect(h.context().finishing).toBe(true);
    expect(wizardStep(h.actor.getSnapshot())).toBe(2);
    expect(h.completeFirstRun.calls).toHaveLength(1);
    expect(h.setHttp.calls).toHaveLength(0);

    h.completeFirstRun.last().resolve();
    await flush();
    expect(h.state()).toBe('settingHttp');
    expect(wizardStep(h.actor.getSnapshot())).toBe(2);
    expect(h.setHttp.calls.map((c) => c.input)).toEqual([{ http: false }]);

    h.setHttp.last().resolve(FINGERPRINTLESS);
    await flush();
    // The page came over HTTPS already: nothing to move.
    expect(h.state()).toBe('done');
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.openHttps).not.toHaveBeenCalled();
  });

  it('admin on a plain-HTTP page choosing HTTPS: confirms the change, then moves only on Continue', async () => {
    const h = harness(ADMIN_ON_HTTP);
    h.send({ type: 'wizard.next' });
    h.send({ type: 'wizard.next' });
    h.fill();
    h.finish();
    h.changePassword.last().resolve(SUCCESS);
    await flush();
    h.completeFirstRun.last().resolve();
    await flush();
    h.setHttp.last().resolve({ http: false, https_port: 9443, certificate_sha256: 'AB:CD' });
    await flush();
    expect(h.state()).toBe('moving');
    expect(h.actor.getSnapshot().hasTag('moving')).toBe(true);
    expect(h.context().httpsPort).toBe(9443);
    expect(wizardStep(h.actor.getSnapshot())).toBe(2);
    expect(h.openHttps).not.toHaveBeenCalled();
    for (const event of [{ type: 'wizard.retry' }, { type: 'wizard.close' }, { type: 'wizard.previous' }] as FirstRunWizardEvent[]) {
      h.send(event);
      expect(h.state()).toBe('moving');
    }
    h.send({ type: 'wizard.continue' });
    expect(h.openHttps).toHaveBeenCalledWith(9443);
    expect(h.state()).toBe('done');
  });

  it('admin on a plain-HTTP page who chose HTTP: setHttp gets http = true and the page stays', async () => {
    const h = harness(ADMIN_ON_HTTP);
    h.send({ type: 'wizard.next' });
    h.send({ type: 'wizard.chooseProtocol', https: false });
    h.send({ type: 'wizard.next' });
    h.fill();
    h.finish();
    expect(h.changePassword.last().input.changeAll).toBe(false);
    h.changePassword.last().resolve(SUCCESS);
    await flush();
    h.completeFirstRun.last().resolve();
    await flush();
    expect(h.setHttp.calls.map((c) => c.input)).toEqual([{ http: true }]);
    h.setHttp.last().resolve({ ...FINGERPRINTLESS, http: true });
    await flush();
    expect(h.state()).toBe('done');
    expect(h.openHttps).not.toHaveBeenCalled();
  });

  it('non-admin: changes the own password, completes, never sets the protocol', async () => {
    const h = harness(UPDATE);
    h.fill('old-secret', 'new-secret');
    h.finish();
    expect(h.changePassword.last().input).toEqual({ username: 'update', current: 'old-secret', password: 'new-secret', changeAll: false });
    h.changePassword.last().resolve(SUCCESS);
    await flush();
    h.completeFirstRun.last().resolve();
    await flush();
    expect(h.state()).toBe('done');
    expect(h.setHttp.calls).toHaveLength(0);
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
    h.finish();
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
    h.finish();
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
    { type: 'wizard.chooseProtocol', https: false },
    { type: 'wizard.retry' },
    { type: 'wizard.close' },
    { type: 'wizard.continue' },
    internal({ type: 'xstate.done.actor.passwordChange', output: SUCCESS }),
    internal({ type: 'xstate.done.actor.completeFirstRun', output: undefined }),
    internal({ type: 'xstate.error.actor.completeFirstRun', error: { error_code: 'internal_error' } }),
    internal({ type: 'xstate.done.actor.setHttp', output: { http: false, https_port: 8443, certificate_sha256: null } }),
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

  it('an admin on a plain-HTTP page reaches every other state node of the machine', () => {
    expect([...reachedIds(ADMIN_ON_HTTP), ...TRANSIENT].sort()).toEqual(allStateNodeIds(firstRunWizardMachine.root).sort());
  });

  it('an admin on an HTTPS page never has to move', () => {
    expect(reachedIds(ADMIN).has('firstRunWizard.moving')).toBe(false);
  });

  it('a non-admin never reaches welcome, protocol or the protocol change', () => {
    const reached = reachedIds(UPDATE);
    const missing = allStateNodeIds(firstRunWizardMachine.root).filter((id) => !reached.has(id) && !TRANSIENT.includes(id));
    expect(missing.sort()).toEqual([
      'firstRunWizard.httpFailed',
      'firstRunWizard.moving',
      'firstRunWizard.protocol',
      'firstRunWizard.settingHttp',
      'firstRunWizard.welcome',
    ]);
  });

  it.each([
    ['admin', ADMIN_ON_HTTP],
    ['non-admin', UPDATE],
  ])('every shortest path (%s) replays on a real actor, the form really filled and sent, to the same state and context', async (_, input) => {
    for (const path of pathsFor(input)) {
      const h = harness(input);
      for (const { event } of path.steps.filter((s) => (s.event.type as string) !== 'xstate.init')) {
        const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
        if (settled?.[2] === 'passwordChange') {
          h.fill();
          h.finish();
          h.changePassword.last().resolve(SUCCESS);
          await flush();
        } else if (settled) {
          const double = { completeFirstRun: h.completeFirstRun, setHttp: h.setHttp }[settled[2] as 'completeFirstRun' | 'setHttp'];
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
