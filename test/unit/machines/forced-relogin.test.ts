import { createActor, type AnyStateNode } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

import { forcedReloginMachine, type ForcedReloginEvent } from '../../../machines/forced-relogin.machine';

function harness() {
  const calls: string[] = [];
  const machine = forcedReloginMachine.provide({
    actions: {
      resetSession: () => {
        calls.push('resetSession');
      },
      reloadPage: () => {
        calls.push('reloadPage');
      },
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

describe('forcedRelogin machine', () => {
  it('starts idle with the dialog closed and ignores confirm/cancel there', () => {
    const h = harness();
    expect(h.actor.getSnapshot().value).toBe('idle');
    h.actor.send({ type: 'relogin.confirm' });
    h.actor.send({ type: 'relogin.cancel' });
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.calls).toEqual([]);
  });

  it('opens the Confirm logout dialog on invalid_token, one dialog at a time', () => {
    const h = harness();
    h.actor.send({ type: 'session.invalidToken' });
    expect(h.actor.getSnapshot().value).toBe('confirming');
    const before = h.actor.getSnapshot();
    h.actor.send({ type: 'session.invalidToken' });
    h.actor.send({ type: 'session.invalidToken' });
    expect(h.actor.getSnapshot()).toBe(before); // nothing changed: no second dialog
    expect(before.can({ type: 'session.invalidToken' })).toBe(false);
  });

  it('cancel closes the dialog and does nothing else; a later invalid_token opens it again', () => {
    const h = harness();
    h.actor.send({ type: 'session.invalidToken' });
    h.actor.send({ type: 'relogin.cancel' });
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.calls).toEqual([]);
    h.actor.send({ type: 'session.invalidToken' });
    expect(h.actor.getSnapshot().value).toBe('confirming');
  });

  it('Re-Login resets the session, then reloads the page, once, and ends', () => {
    const h = harness();
    h.actor.send({ type: 'session.invalidToken' });
    h.actor.send({ type: 'relogin.confirm' });
    expect(h.actor.getSnapshot().value).toBe('resetting');
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.calls).toEqual(['resetSession', 'reloadPage']);
    h.actor.send({ type: 'session.invalidToken' });
    h.actor.send({ type: 'relogin.confirm' });
    expect(h.calls).toEqual(['resetSession', 'reloadPage']);
  });

  it('the placeholders do nothing until the app provides them', () => {
    const actor = createActor(forcedReloginMachine).start();
    actor.send({ type: 'session.invalidToken' });
    actor.send({ type: 'relogin.confirm' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});

describe('forcedRelogin graph', () => {
  function allStateNodeIds(node: AnyStateNode): string[] {
    return [node.id, ...Object.values(node.states).flatMap((child) => allStateNodeIds(child))];
  }
  const events: ForcedReloginEvent[] = [{ type: 'session.invalidToken' }, { type: 'relogin.confirm' }, { type: 'relogin.cancel' }];
  const paths = getShortestPaths(forcedReloginMachine, { events });

  it('reaches every state node of the machine', () => {
    const reached = new Set(paths.flatMap((p) => p.state._nodes.map((n) => n.id)));
    expect([...reached].sort()).toEqual(allStateNodeIds(forcedReloginMachine.root).sort());
    expect(paths.map((p) => p.steps.map((s) => s.event.type))).toContainEqual(['xstate.init', 'session.invalidToken', 'relogin.confirm']);
  });

  it('every shortest path replays on a real actor to the same state', () => {
    for (const path of paths) {
      const h = harness();
      for (const { event } of path.steps.filter((s) => (s.event.type as string) !== 'xstate.init')) h.actor.send(event);
      expect(h.actor.getSnapshot().value).toEqual(path.state.value);
      expect(h.calls).toEqual(path.state.matches('resetting') ? ['resetSession', 'reloadPage'] : []);
    }
  });
});
