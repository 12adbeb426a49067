/**
 * Behaviour of the recipe restore on a real actor: choose, confirm or cancel, the restore from a
 * medium and from a file (its bytes, stopping it), each way it ends, and starting over.
 */
import { createActor, fromCallback, type EventObject } from 'xstate';

import { recipeRestoreMachine, type RecipeRestoreEvent, type RestoreReport, type RestoreSource } from '../../../machines/recipe-restore.machine';

function harness() {
  const calls: Array<{ input: RestoreSource; sendBack: (e: RestoreReport) => void; stopped: boolean }> = [];
  const restore = fromCallback<EventObject, RestoreSource>(({ input, sendBack }) => {
    const record = { input, sendBack: (e: RestoreReport) => sendBack(e), stopped: false };
    calls.push(record);
    return () => {
      record.stopped = true;
    };
  });
  const actor = createActor(recipeRestoreMachine.provide({ actors: { restore } })).start();
  const snapshot = () => actor.getSnapshot();
  const send = (event: RecipeRestoreEvent) => actor.send(event);
  return { snapshot, context: () => snapshot().context, send, calls };
}
type Harness = ReturnType<typeof harness>;

const STATES = ['idle', 'confirming', 'restoring', 'restored', 'failed'] as const;
const at = (h: Harness) => STATES.filter((s) => h.snapshot().matches(s));
const tags = (h: Harness) => (['confirming', 'busy', 'succeeded', 'failed'] as const).filter((t) => h.snapshot().hasTag(t));

const MEDIUM: RestoreSource = { kind: 'medium', medium: 'usb', fileName: 'recipes-sample-20261125-101500.cxob' };
const FILE: RestoreSource = { kind: 'file', file: { name: 'recipes-line2.cxob', size: 48_200 } };
const RESTORED = { books: [{ name: 'Bottle sizes', records: 3 }] };

describe('recipeRestore: choosing and confirming', () => {
  it('asks before anything is sent; Cancel goes back with nothing sent', () => {
    const h = harness();
    expect(at(h)).toEqual(['idle']);
    h.send({ type: 'restore.choose', source: MEDIUM });
    expect(at(h)).toEqual(['confirming']);
    expect(tags(h)).toEqual(['confirming']);
    expect(h.context().source).toEqual(MEDIUM);
    h.send({ type: 'restore.cancel' });
    expect(at(h)).toEqual(['idle']);
    expect(h.context().source).toBeNull();
    expect(h.calls).toHaveLength(0);
  });

  it('ignores a confirmation with nothing chosen, and reports that come without a restore', () => {
    const h = harness();
    h.send({ type: 'restore.confirm' });
    h.send({ type: 'restore.done', restored: RESTORED });
    expect(at(h)).toEqual(['idle']);
    expect(h.calls).toHaveLength(0);
  });

  it('a file sets the total to its size before it is sent', () => {
    const h = harness();
    h.send({ type: 'restore.choose', source: FILE });
    expect(h.context()).toMatchObject({ loaded: 0, total: 48_200 });
  });
});

describe('recipeRestore: from a medium', () => {
  it('confirmed, restores the chosen backup behind the busy tag, and keeps what was restored', () => {
    const h = harness();
    h.send({ type: 'restore.choose', source: MEDIUM });
    h.send({ type: 'restore.confirm' });
    expect(at(h)).toEqual(['restoring']);
    expect(tags(h)).toEqual(['busy']);
    expect(h.calls.map((c) => c.input)).toEqual([MEDIUM]);
    h.calls[0]!.sendBack({ type: 'restore.done', restored: RESTORED });
    expect(at(h)).toEqual(['restored']);
    expect(tags(h)).toEqual(['succeeded']);
    expect(h.context().restored).toEqual(RESTORED);
    expect(h.calls[0]!.stopped).toBe(true);
  });

  it('cannot be cancelled once the device checks it (it is short, and all or nothing)', () => {
    const h = harness();
    h.send({ type: 'restore.choose', source: MEDIUM });
    h.send({ type: 'restore.confirm' });
    h.send({ type: 'restore.cancel' });
    expect(at(h)).toEqual(['restoring']);
    expect(h.calls[0]!.stopped).toBe(false);
  });

  it("a refusal ends in failed with the device's code; nothing restored", () => {
    const h = harness();
    h.send({ type: 'restore.choose', source: MEDIUM });
    h.send({ type: 'restore.confirm' });
    h.calls[0]!.sendBack({ type: 'restore.failed', error: 'recipe_mismatch' });
    expect(at(h)).toEqual(['failed']);
    expect(tags(h)).toEqual(['failed']);
    expect(h.context()).toMatchObject({ error: 'recipe_mismatch', restored: null, source: MEDIUM });
  });
});

describe('recipeRestore: from a file', () => {
  it('reports the bytes sent, then what was restored', () => {
    const h = harness();
    h.send({ type: 'restore.choose', source: FILE });
    h.send({ type: 'restore.confirm' });
    h.calls[0]!.sendBack({ type: 'restore.progress', loaded: 24_100, total: 48_200 });
    expect(h.context()).toMatchObject({ loaded: 24_100, total: 48_200 });
    expect(at(h)).toEqual(['restoring']);
    expect(h.calls[0]!.stopped).toBe(false);
    h.calls[0]!.sendBack({ type: 'restore.done', restored: RESTORED });
    expect(at(h)).toEqual(['restored']);
  });

  it('Cancel while it is on its way stops the request and goes back to idle', () => {
    const h = harness();
    h.send({ type: 'restore.choose', source: FILE });
    h.send({ type: 'restore.confirm' });
    h.send({ type: 'restore.cancel' });
    expect(at(h)).toEqual(['idle']);
    expect(h.calls[0]!.stopped).toBe(true);
    expect(h.context()).toMatchObject({ source: null, loaded: 0, total: 0 });
  });

  it('an actor that throws ends in failed with the code of what it threw', () => {
    const h = harness();
    const throwing = createActor(
      recipeRestoreMachine.provide({
        actors: {
          restore: fromCallback<EventObject, RestoreSource>(() => {
            throw { error_code: 'invalid_backup' };
          }),
        },
      }),
    ).start();
    throwing.send({ type: 'restore.choose', source: FILE });
    throwing.send({ type: 'restore.confirm' });
    expect(throwing.getSnapshot().matches('failed')).toBe(true);
    expect(throwing.getSnapshot().context.error).toBe('invalid_backup');
    expect(h.calls).toHaveLength(0);
  });
});

describe('recipeRestore: after the outcome', () => {
  it('Dismiss forgets the outcome; choosing again starts over from the confirmation', () => {
    const h = harness();
    h.send({ type: 'restore.choose', source: MEDIUM });
    h.send({ type: 'restore.confirm' });
    h.calls[0]!.sendBack({ type: 'restore.failed', error: 'invalid_backup' });
    h.send({ type: 'restore.choose', source: FILE });
    expect(at(h)).toEqual(['confirming']);
    expect(h.context()).toMatchObject({ source: FILE, error: null, restored: null, total: 48_200 });
    h.send({ type: 'restore.confirm' });
    h.calls[1]!.sendBack({ type: 'restore.done', restored: RESTORED });
    h.send({ type: 'restore.dismiss' });
    expect(at(h)).toEqual(['idle']);
    expect(h.context()).toMatchObject({ source: null, restored: null, error: null });
  });

  const OUTCOMES: Array<[string, RestoreReport, (typeof STATES)[number]]> = [
    ['restored', { type: 'restore.done', restored: RESTORED }, 'restored'],
    ['failed', { type: 'restore.failed', error: 'invalid_backup' }, 'failed'],
  ];

  it.each(OUTCOMES)('%s: Dismiss goes back to idle with nothing chosen and nothing sent', (_, report, outcome) => {
    const h = harness();
    h.send({ type: 'restore.choose', source: MEDIUM });
    h.send({ type: 'restore.confirm' });
    h.calls[0]!.sendBack(report);
    expect(at(h)).toEqual([outcome]);
    h.send({ type: 'restore.dismiss' });
    expect(at(h)).toEqual(['idle']);
    expect(tags(h)).toEqual([]);
    expect(h.context()).toMatchObject({ source: null, restored: null, error: null, loaded: 0, total: 0 });
    expect(h.calls).toHaveLength(1);
  });

  it.each(OUTCOMES)('%s: choosing again asks first, and sends nothing until confirmed', (_, report, outcome) => {
    const h = harness();
    h.send({ type: 'restore.choose', source: MEDIUM });
    h.send({ type: 'restore.confirm' });
    h.calls[0]!.sendBack(report);
    expect(at(h)).toEqual([outcome]);
    h.send({ type: 'restore.choose', source: FILE });
    expect(at(h)).toEqual(['confirming']);
    expect(tags(h)).toEqual(['confirming']);
    expect(h.context()).toMatchObject({ source: FILE, restored: null, error: null, total: 48_200 });
    expect(h.calls).toHaveLength(1);
    h.send({ type: 'restore.confirm' });
    expect(at(h)).toEqual(['restoring']);
    expect(h.calls.map((c) => c.input)).toEqual([MEDIUM, FILE]);
  });

  it('a late report of a stopped request changes nothing', () => {
    const h = harness();
    h.send({ type: 'restore.choose', source: FILE });
    h.send({ type: 'restore.confirm' });
    h.send({ type: 'restore.cancel' });
    h.calls[0]!.sendBack({ type: 'restore.done', restored: RESTORED });
    expect(at(h)).toEqual(['idle']);
    expect(h.context().restored).toBeNull();
  });
});
