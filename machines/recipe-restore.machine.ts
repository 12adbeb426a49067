/**
 * Restoring a recipe backup (Project / Backup Recipe): the user picks a backup (one on the USB
 * stick or SD card, or a file of the computer), confirms that it replaces the records of every
 * book it holds, and the device checks the whole backup before it changes anything.
 *
 * 'restore.choose' opens the confirmation (`confirming`); 'restore.confirm' starts the invoked
 * `restore` callback (`restoring`): a file is uploaded first and reports `restore.progress`; the
 * device answers `restore.done` with the books restored, or `restore.failed` with its refusal
 * (invalid_backup, recipe_mismatch, …: nothing changed). 'restore.cancel' closes the confirmation
 * or, while a file is still being sent, stops the request (nothing changed). From `restored` and
 * `failed`, 'restore.dismiss' goes back to `idle` and 'restore.choose' starts over.
 *
 * Provided by the page: the actor `restore` (callback, input RestoreSource).
 *
 * Tags: `confirming`, `busy` (buttons off, progress shown), `succeeded`, `failed`.
 */
import { assign, fromCallback, setup, type EventObject } from 'xstate';
import type { FailureCode } from '../contract/failure';
import type { Medium } from '../contract/media';
import { errorCodeOf, notProvided } from './actor-errors';

export const RECIPE_RESTORE_ID = 'recipeRestore';

/** Where the backup to restore is. */
export type RestoreSource = { kind: 'medium'; medium: Medium; fileName: string } | { kind: 'file'; file: { name: string; size: number } };

/** What the device restored: each book of the backup and how many records it now holds. */
export interface RestoredBooks {
  books: { name: string; records: number }[];
}

export interface RecipeRestoreContext {
  source: RestoreSource | null;
  loaded: number;
  total: number;
  restored: RestoredBooks | null;
  error: FailureCode | null;
}

export type RecipeRestoreTag = 'confirming' | 'busy' | 'succeeded' | 'failed';

export type RecipeRestoreEvent =
  | { type: 'restore.choose'; source: RestoreSource }
  | { type: 'restore.confirm' }
  | { type: 'restore.cancel' }
  | { type: 'restore.progress'; loaded: number; total: number }
  | { type: 'restore.done'; restored: RestoredBooks }
  | { type: 'restore.failed'; error: FailureCode }
  | { type: 'restore.dismiss' };

/** What the restore actor sends back. */
export type RestoreReport = Extract<RecipeRestoreEvent, { type: 'restore.progress' | 'restore.done' | 'restore.failed' }>;

const FRESH = { source: null, loaded: 0, total: 0, restored: null, error: null } satisfies RecipeRestoreContext;

/** A fresh context for `source` (a file's total is its size before any byte is sent). */
function chosen(source: RestoreSource): RecipeRestoreContext {
  return { ...FRESH, source, total: source.kind === 'file' ? source.file.size : 0 };
}

export const recipeRestoreMachine = setup({
  types: {
    context: {} as RecipeRestoreContext,
    events: {} as RecipeRestoreEvent,
    tags: {} as RecipeRestoreTag,
  },
  actors: {
    restore: fromCallback<EventObject, RestoreSource>(() => {
      throw notProvided(RECIPE_RESTORE_ID, 'restore');
    }),
  },
}).createMachine({
  id: RECIPE_RESTORE_ID,
  initial: 'idle',
  context: FRESH,
  states: {
    idle: {
      on: { 'restore.choose': { target: 'confirming', actions: assign(({ event }) => chosen(event.source)) } },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'restore.confirm': 'restoring',
        'restore.cancel': { target: 'idle', actions: assign(FRESH) },
      },
    },
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'restore',
        src: 'restore',
        input: ({ context }) => context.source!,
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
      },
      on: {
        'restore.progress': { actions: assign(({ event }) => ({ loaded: event.loaded, total: event.total })) },
        'restore.done': { target: 'restored', actions: assign(({ event }) => ({ restored: event.restored })) },
        'restore.failed': { target: 'failed', actions: assign(({ event }) => ({ error: event.error })) },
        // Only a file still on its way can be stopped; the device's check of a medium is short.
        'restore.cancel': { guard: ({ context }) => context.source?.kind === 'file', target: 'idle', actions: assign(FRESH) },
      },
    },
    restored: {
      tags: ['succeeded'],
      on: {
        'restore.dismiss': { target: 'idle', actions: assign(FRESH) },
        'restore.choose': { target: 'confirming', actions: assign(({ event }) => chosen(event.source)) },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'restore.dismiss': { target: 'idle', actions: assign(FRESH) },
        'restore.choose': { target: 'confirming', actions: assign(({ event }) => chosen(event.source)) },
      },
    },
  },
});

export type RecipeRestoreMachine = typeof recipeRestoreMachine;
