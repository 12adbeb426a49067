/** The recipe restore's QA entry: sample events, doubles and sample results (see qa-support.ts). */
import { recipeRestoreMachine, type RecipeRestoreEvent } from './recipe-restore.machine';
import { samplesOf, silentCallback, type MachineEntry } from './qa-support';

export const recipeRestoreQa: MachineEntry = {
  id: recipeRestoreMachine.id,
  textNamespace: 'recipe',
  machine: recipeRestoreMachine,
  events: samplesOf<RecipeRestoreEvent>([
    { type: 'restore.choose', source: { kind: 'medium', medium: 'usb', fileName: 'recipes-sample-20261125-101500.cxob' } },
    { type: 'restore.choose', source: { kind: 'file', file: { name: 'recipes-line2.cxob', size: 48_200 } } },
    { type: 'restore.confirm' },
    { type: 'restore.cancel' },
    // What the restore actor reports.
    { type: 'restore.progress', loaded: 24_100, total: 48_200 },
    { type: 'restore.done', restored: { books: [{ name: 'Bottle sizes', records: 3 }] } },
    { type: 'restore.failed', error: 'recipe_mismatch' },
    { type: 'restore.dismiss' },
  ]),
  doubles: { actors: { restore: silentCallback() } },
  outcomes: { restore: { error: { error_code: 'invalid_backup' } } },
};
