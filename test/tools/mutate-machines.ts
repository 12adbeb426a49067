/**
 * Mutation check of the machines' behaviour tests: each mutant below changes one thing in a machine
 * (a transition's target, a guard, an action or assignment dropped) and the machine tests, the
 * model-based one excepted, must then fail. The model-based test checks coverage, not behaviour,
 * so it is left out on purpose.
 *
 * Run from the repository root (not part of `npm test`; about 3 s per mutant):
 *   npx tsx test/tools/mutate-machines.ts                 every mutant
 *   npx tsx test/tools/mutate-machines.ts safe-apply      only the mutants of files whose name contains it
 *   npx tsx test/tools/mutate-machines.ts --list          only check that every mutant applies
 *   npx tsx test/tools/mutate-machines.ts --restore       undo a mutant left behind by a killed run
 *
 * A mutant is one exact substitution of `from` (which must occur exactly once) by MARK + `to`, and is
 * undone by the exact inverse substitution, never by writing back a saved copy: other edits made to
 * the file meanwhile are kept. The comment MARK makes the mutant text unique, so that undoing it
 * cannot hit another place that reads like `to`. The file is restored after each run, and on Ctrl-C. A mutant whose
 * `from` no longer matches (the machine changed) is reported as not applicable: update it here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

interface Mutant {
  file: string;
  name: string;
  from: string;
  to: string;
  /** Why no test can tell this mutant from the machine (it is expected to survive). */
  equivalent?: string;
}

const ROOT = resolve(__dirname, '../..');
/** Put before every mutant text: a comment, so it changes nothing but makes the text unique. */
const MARK = '/* mutant */ ';
const JEST_ARGS = ['--maxWorkers=1', 'test/unit/machines', '--testPathIgnorePatterns', 'model-based'];

const mutants: Mutant[] = [];
/** Mutants of one file: `[name, from, to]` each, plus why it is equivalent when it is. */
function mutate(file: string, list: Array<[string, string, string] | [string, string, string, string]>) {
  for (const [name, from, to, equivalent] of list) mutants.push({ file: `machines/${file}`, name, from, to, equivalent });
}

/** Why the changeAll mutants of the two password dialogs are equivalent. */
const CHANGE_ALL_GUARDED =
  "a non-admin's form never holds changeAll (the toggle is refused by the isAdmin guard), so the input's own admin check " +
  'is a second line of defence; password-change.test.ts tests changePasswordInput itself';
/** Why keeping the server error on an invalid Finish is equivalent. */
const SERVER_ERROR_ONLY_AFTER_VALID_FORM =
  'a server error is set only after a valid form was sent, and only an edit (which clears the server error) can make the form invalid again';
const nl = (...lines: string[]) => lines.join('\n');

mutate('safe-apply.machine.ts', [
  ['resume: target idle', "target: '.waiting',", "target: '.idle',"],
  ['resume: pending not assigned', '({ pending: event.pending, secondsLeft', '({ secondsLeft'],
  ['resume: error not cleared', 'seconds_left, error: null })', 'seconds_left })'],
  ["idle: apply → failed", "on: { 'change.apply': 'applying' },", "on: { 'change.apply': 'failed' },"],
  ['applying: error not cleared on entry', "      entry: assign({ error: null, result: null }),", "      entry: assign({ result: null }),"],
  ['applying: result not cleared on entry', "      entry: assign({ error: null, result: null }),", "      entry: assign({ error: null }),"],
  ['applying: safe flag not passed', 'return { request: event.request, safe: event.safe };', 'return { request: event.request, safe: true };'],
  ['applying: request not passed', 'return { request: event.request, safe: event.safe };', 'return { request: null, safe: event.safe };'],
  ['hasPending inverted', 'output.pending !== null', 'output.pending === null'],
  ['applying done (pending): target applied', nl("            target: 'waiting',", '            actions: assign(({ event }) => ({ pending: event.output'), nl("            target: 'applied',", '            actions: assign(({ event }) => ({ pending: event.output')],
  ['applying done (pending): pending not assigned', '({ pending: event.output.pending, secondsLeft', '({ secondsLeft'],
  ['applying done (pending): seconds not assigned', ', secondsLeft: event.output.pending!.seconds_left }))', ' }))'],
  ['applying done (no pending): target kept', "{ target: 'applied', actions: ['refresh', assign(({ event }) => ({ result: event.output.outcome?.result ?? null }))] },", "{ target: 'kept', actions: ['refresh', assign(({ event }) => ({ result: event.output.outcome?.result ?? null }))] },"],
  ['applying done (no pending): refresh dropped', "{ target: 'applied', actions: ['refresh', assign(({ event }) => ({ result: event.output.outcome?.result ?? null }))] },", "{ target: 'applied', actions: [assign(({ event }) => ({ result: event.output.outcome?.result ?? null }))] },"],
  ['applying done (no pending): result not kept', "{ target: 'applied', actions: ['refresh', assign(({ event }) => ({ result: event.output.outcome?.result ?? null }))] },", "{ target: 'applied', actions: ['refresh'] },"],
  ['unsettled inverted', 'unsettled: (_, output: ApplyOutput) => output.outcome !== undefined && !output.outcome.settled,', 'unsettled: (_, output: ApplyOutput) => output.outcome !== undefined && output.outcome.settled,'],
  ['settled inverted', 'settled: (_, output: ApplyResult) => output.settled,', 'settled: (_, output: ApplyResult) => !output.settled,'],
  ['applying done (unsettled): target applied', nl("            guard: { type: 'unsettled', params: ({ event }) => event.output },", "            target: 'settling',"), nl("            guard: { type: 'unsettled', params: ({ event }) => event.output },", "            target: 'applied',")],
  ['applying done (unsettled): result not kept', "            actions: assign(({ event }) => ({ result: event.output.outcome!.result })),", "            actions: [],"],
  ['settling: limit → failed', "after: { [SETTLE_LIMIT_MS]: { target: 'applied', actions: 'refresh' } },", "after: { [SETTLE_LIMIT_MS]: { target: 'failed', actions: 'refresh' } },"],
  ['settling: limit without refresh', "after: { [SETTLE_LIMIT_MS]: { target: 'applied', actions: 'refresh' } },", "after: { [SETTLE_LIMIT_MS]: { target: 'applied' } },"],
  ['settling: tag dropped', "      tags: ['busy', 'settling'],", "      tags: ['busy'],"],
  ['pausing: never reads again', "          after: { [READ_INTERVAL_MS]: 'reading' },", "          after: {},"],
  ['read settled: target pausing', "                target: '#safeApply.applied',", "                target: 'pausing',"],
  ['read settled: result not kept', "                actions: ['refresh', assign(({ event }) => ({ result: event.output.result }))],", "                actions: ['refresh'],"],
  ['read unsettled: result not kept', "              { target: 'pausing', actions: assign(({ event }) => ({ result: event.output.result })) },", "              { target: 'pausing' },"],
  ['read error: → failed', "            onError: 'pausing',", "            onError: '#safeApply.failed',"],
  ['applying error: target idle', "onError: { target: 'failed', actions", "onError: { target: 'idle', actions"],
  ['applying error: error not assigned', "onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },", "onError: { target: 'failed' },"],
  ['lastSecond: < 1', 'context.secondsLeft <= 1,', 'context.secondsLeft < 1,'],
  ['lastSecond inverted', 'context.secondsLeft <= 1,', 'context.secondsLeft > 1,'],
  ['countdown end: target idle', "{ guard: 'lastSecond', target: 'expired' },", "{ guard: 'lastSecond', target: 'idle' },"],
  ['countdown end: guard dropped', "{ guard: 'lastSecond', target: 'expired' },", "{ target: 'expired' },"],
  ['tick: not re-entered', "{ target: 'waiting', reenter: true, actions", "{ target: 'waiting', actions"],
  ['tick: no decrement', "reenter: true, actions: assign(({ context }) => ({ secondsLeft: context.secondsLeft - 1 })) },", 'reenter: true },'],
  ['keep/revert targets swapped', "on: { 'change.keep': 'confirming', 'change.revert': 'reverting' },", "on: { 'change.keep': 'reverting', 'change.revert': 'confirming' },"],
  ['keep → kept without asking', "on: { 'change.keep': 'confirming',", "on: { 'change.keep': 'kept',"],
  ['revert → reverted without asking', "'change.revert': 'reverting' },", "'change.revert': 'reverted' },"],
  ['confirming: error not cleared on entry', nl('    confirming: {', "      tags: ['busy', 'waiting', 'calling'],", '      entry: assign({ error: null }),'), nl('    confirming: {', "      tags: ['busy', 'waiting', 'calling'],")],
  ['confirming: wrong id', nl('        input: ({ context }) => ({ id: context.pending!.id }),', "        onDone: { target: 'kept'"), nl("        input: () => ({ id: '' }),", "        onDone: { target: 'kept'")],
  ['confirming done: target reverted', "onDone: { target: 'kept', actions: 'refresh' },", "onDone: { target: 'reverted', actions: 'refresh' },"],
  ['confirming done: refresh dropped', "onDone: { target: 'kept', actions: 'refresh' },", "onDone: { target: 'kept' },"],
  ['confirming error (restored): target waiting', nl("        onDone: { target: 'kept', actions: 'refresh' },", '        onError: [', "          { guard: { type: 'alreadyRestored', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'expired' },"), nl("        onDone: { target: 'kept', actions: 'refresh' },", '        onError: [', "          { guard: { type: 'alreadyRestored', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'waiting' },")],
  ['confirming error (restored): guard dropped', nl("        onDone: { target: 'kept', actions: 'refresh' },", '        onError: [', "          { guard: { type: 'alreadyRestored', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'expired' },"), nl("        onDone: { target: 'kept', actions: 'refresh' },", '        onError: [', "          { target: 'expired' },")],
  ['confirming error (other): target expired', nl("target: 'expired' },", "          { target: 'waiting', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },", '        ],', '      },', '    },', '    reverting: {'), nl("target: 'expired' },", "          { target: 'expired', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },", '        ],', '      },', '    },', '    reverting: {')],
  ['confirming error (other): error not assigned', nl("          { target: 'waiting', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },", '        ],', '      },', '    },', '    reverting: {'), nl("          { target: 'waiting' },", '        ],', '      },', '    },', '    reverting: {')],
  ['reverting: error not cleared on entry', nl('    reverting: {', "      tags: ['busy', 'waiting', 'calling'],", '      entry: assign({ error: null }),'), nl('    reverting: {', "      tags: ['busy', 'waiting', 'calling'],")],
  ['reverting: wrong id', nl('        input: ({ context }) => ({ id: context.pending!.id }),', "        onDone: { target: 'reverted'"), nl("        input: () => ({ id: '' }),", "        onDone: { target: 'reverted'")],
  ['reverting done: target kept', "onDone: { target: 'reverted', actions: 'refresh' },", "onDone: { target: 'kept', actions: 'refresh' },"],
  ['reverting done: refresh dropped', "onDone: { target: 'reverted', actions: 'refresh' },", "onDone: { target: 'reverted' },"],
  ['reverting error (restored): target waiting', nl("        onDone: { target: 'reverted', actions: 'refresh' },", '        onError: [', "          { guard: { type: 'alreadyRestored', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'expired' },"), nl("        onDone: { target: 'reverted', actions: 'refresh' },", '        onError: [', "          { guard: { type: 'alreadyRestored', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'waiting' },")],
  ['reverting error (other): target expired', nl("          { target: 'waiting', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },", '        ],', '      },', '    },', '    expired: {'), nl("          { target: 'expired', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },", '        ],', '      },', '    },', '    expired: {')],
  ['reverting error (other): error not assigned', nl("          { target: 'waiting', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },", '        ],', '      },', '    },', '    expired: {'), nl("          { target: 'waiting' },", '        ],', '      },', '    },', '    expired: {')],
  ['alreadyRestored inverted', "errorCodeOf(error) === 'no_pending_change'", "errorCodeOf(error) !== 'no_pending_change'"],
  ['expired: refresh dropped', "entry: ['refresh', assign({ secondsLeft: 0 })],", 'entry: [assign({ secondsLeft: 0 })],'],
  ['expired: seconds not zeroed', "entry: ['refresh', assign({ secondsLeft: 0 })],", "entry: ['refresh'],"],
  ['expired: apply → idle', nl("      on: { 'change.apply': 'applying', 'change.dismiss': 'idle' },", '    },', '    kept:'), nl("      on: { 'change.apply': 'idle', 'change.dismiss': 'idle' },", '    },', '    kept:')],
  ['expired: dismiss → applied', nl("'change.dismiss': 'idle' },", '    },', '    kept:'), nl("'change.dismiss': 'applied' },", '    },', '    kept:')],
  ...(['kept', 'reverted', 'applied', 'failed'] as const).flatMap((state): Array<[string, string, string]> => [
    [`${state}: apply → idle`, `${state}: { tags: ['outcome'], on: { 'change.apply': 'applying',`, `${state}: { tags: ['outcome'], on: { 'change.apply': 'idle',`],
    [`${state}: dismiss ignored`, `${state}: { tags: ['outcome'], on: { 'change.apply': 'applying', 'change.dismiss': 'idle' } },`, `${state}: { tags: ['outcome'], on: { 'change.apply': 'applying' } },`],
  ]),
]);

mutate('identify-light.machine.ts', [
  ['idle: start → blinking', "'light.start': 'starting',", "'light.start': 'blinking',"],
  ['resume: guard dropped', nl("        'light.resume': {", "          guard: { type: 'blinks', params: ({ event }) => event.secondsLeft },"), "        'light.resume': {"],
  ['resume: target idle', nl("          target: 'blinking',", '          actions: assign(({ event }) => ({ secondsLeft: event.secondsLeft })),'), nl("          target: 'idle',", '          actions: assign(({ event }) => ({ secondsLeft: event.secondsLeft })),')],
  ['resume: seconds not assigned', 'actions: assign(({ event }) => ({ secondsLeft: event.secondsLeft })),', 'actions: [],'],
  ['blinks inverted', 'secondsLeft > 0,', 'secondsLeft <= 0,'],
  ['blinks: >= 0', 'secondsLeft > 0,', 'secondsLeft >= 0,'],
  ['starting: error not cleared on entry', nl('    starting: {', "      tags: ['busy'],", '      entry: assign({ error: null }),'), nl('    starting: {', "      tags: ['busy'],")],
  ['starting: chosen seconds not passed', 'return { seconds: event.seconds };', 'return { seconds: 30 };'],
  ['starting done (blinks): guard dropped', nl('          {', "            guard: { type: 'blinks', params: ({ event }) => event.output.seconds_left },"), '          {'],
  ['starting done (blinks): target idle', nl("            target: 'blinking',", '            actions: assign(({ event }) => ({ secondsLeft: event.output.seconds_left })),'), nl("            target: 'idle',", '            actions: assign(({ event }) => ({ secondsLeft: event.output.seconds_left })),')],
  ['starting done (blinks): seconds not assigned', 'actions: assign(({ event }) => ({ secondsLeft: event.output.seconds_left })),', 'actions: [],'],
  ['starting done (0 s): target blinking', nl("          { target: 'idle' },", '        ],'), nl("          { target: 'blinking' },", '        ],')],
  ['starting error: target blinking', "onError: { target: 'idle', actions", "onError: { target: 'blinking', actions"],
  ['starting error: error not assigned', "onError: { target: 'idle', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },", "onError: { target: 'idle' },"],
  ['lastSecond: < 1', 'context.secondsLeft <= 1,', 'context.secondsLeft < 1,'],
  ['lastSecond inverted', 'context.secondsLeft <= 1,', 'context.secondsLeft > 1,'],
  ['countdown end: target stopping', "{ guard: 'lastSecond', target: 'idle', actions", "{ guard: 'lastSecond', target: 'stopping', actions"],
  ['countdown end: seconds not zeroed', "{ guard: 'lastSecond', target: 'idle', actions: assign({ secondsLeft: 0, error: null }) },", "{ guard: 'lastSecond', target: 'idle', actions: assign({ error: null }) },"],
  ['countdown end: failure kept', "{ guard: 'lastSecond', target: 'idle', actions: assign({ secondsLeft: 0, error: null }) },", "{ guard: 'lastSecond', target: 'idle', actions: assign({ secondsLeft: 0 }) },"],
  ['tick: not re-entered', "{ target: 'blinking', reenter: true, actions", "{ target: 'blinking', actions"],
  ['tick: no decrement', "reenter: true, actions: assign(({ context }) => ({ secondsLeft: context.secondsLeft - 1 })) },", 'reenter: true },'],
  ['blinking: stop → idle without asking', "on: { 'light.stop': 'stopping' },", "on: { 'light.stop': 'idle' },"],
  ['stopping: error not cleared on entry', nl('    stopping: {', "      tags: ['busy', 'lit'],", '      entry: assign({ error: null }),'), nl('    stopping: {', "      tags: ['busy', 'lit'],")],
  ['stopping done: target blinking', "onDone: { target: 'idle', actions: assign({ secondsLeft: 0 }) },", "onDone: { target: 'blinking', actions: assign({ secondsLeft: 0 }) },"],
  ['stopping done: seconds not zeroed', "onDone: { target: 'idle', actions: assign({ secondsLeft: 0 }) },", "onDone: { target: 'idle' },"],
  ['stopping error: target idle (light off)', "onError: { target: 'blinking', actions", "onError: { target: 'idle', actions"],
  ['stopping error: error not assigned', "onError: { target: 'blinking', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },", "onError: { target: 'blinking' },"],
]);

mutate('explorer.machine.ts', [
  ['input entries ignored', 'entries: input?.entries ?? [],', 'entries: [],'],
  ['knownEntry inverted', '=> context.entries.some((e) => e.id === params.id),', '=> !context.entries.some((e) => e.id === params.id),'],
  ['knownEntry guard dropped', nl("    'explorer.choose': {", "      guard: { type: 'knownEntry', params: ({ event }) => ({ id: event.id }) },"), "    'explorer.choose': {"],
  ['choose: target watching', "target: '.exploring',", "target: '.watching',"],
  ['choose: steps kept', 'initial, steps: [], selectedStateId: null, problem: null, liveName: null };', 'initial, selectedStateId: null, problem: null, liveName: null };'],
  ['choose: selection kept', 'initial, steps: [], selectedStateId: null, problem: null, liveName: null };', 'initial, steps: [], problem: null, liveName: null };'],
  ['choose: problem kept', 'initial, steps: [], selectedStateId: null, problem: null, liveName: null };', 'initial, steps: [], selectedStateId: null, liveName: null };'],
  ['choose: live name kept', 'initial, steps: [], selectedStateId: null, problem: null, liveName: null };', 'initial, steps: [], selectedStateId: null, problem: null };'],
  ['choose failure: problem not shown', "initial: null, steps: [], selectedStateId: null, problem: { kind: 'stepFailed' as const, message: messageOf(err) }, liveName: null };", 'initial: null, steps: [], selectedStateId: null, problem: null, liveName: null };'],
  ['watch: target exploring', "target: '.watching',", "target: '.exploring',"],
  ['watch: name not assigned', 'assign({ liveName: ({ event }) => event.name, selectedStateId: null, problem: null }),', 'assign({ selectedStateId: null, problem: null }),'],
  ['watch: selection kept', 'assign({ liveName: ({ event }) => event.name, selectedStateId: null, problem: null }),', 'assign({ liveName: ({ event }) => event.name, problem: null }),'],
  ['watch: problem kept', 'assign({ liveName: ({ event }) => event.name, selectedStateId: null, problem: null }),', 'assign({ liveName: ({ event }) => event.name, selectedStateId: null }),'],
  ['send: steps from nothing', 'if (!context.machine || !from) return {};', 'if (!context.machine) return {};'],
  ['send: problem kept', '...replay(context.machine, from, [event.event])], problem: null };', '...replay(context.machine, from, [event.event])] };'],
  ['send: step not recorded', 'return { steps: [...context.steps, ...replay(context.machine, from, [event.event])], problem: null };', 'return { problem: null };'],
  ['send failure: problem not shown', nl('              return { steps: [...context.steps, ...replay(context.machine, from, [event.event])], problem: null };', '            } catch (err) {', "              return { problem: { kind: 'stepFailed' as const, message: messageOf(err) } };"), nl('              return { steps: [...context.steps, ...replay(context.machine, from, [event.event])], problem: null };', '            } catch (err) {', '              return {};')],
  ['hasSteps inverted', 'context.steps.length > 0,', 'context.steps.length === 0,'],
  ['back: guard dropped', nl("        'explorer.back': {", "          guard: 'hasSteps',"), "        'explorer.back': {"],
  ['back: no step removed', 'context.steps.slice(0, -1), problem: null }),', 'context.steps, problem: null }),'],
  ['back: problem kept', 'context.steps.slice(0, -1), problem: null }),', 'context.steps.slice(0, -1) }),'],
  ['reset: steps kept', 'actions: assign({ steps: [], problem: null }),', 'actions: assign({ problem: null }),'],
  ['reset: problem kept', 'actions: assign({ steps: [], problem: null }),', 'actions: assign({ steps: [] }),'],
  ['selectState: not assigned', 'assign({ selectedStateId: ({ event }) => event.stateId, problem: null }),', 'assign({ problem: null }),'],
  ['selectState: problem kept', 'assign({ selectedStateId: ({ event }) => event.stateId, problem: null }),', 'assign({ selectedStateId: ({ event }) => event.stateId }),'],
  ['goHere: unreachable not shown', "if (!path) return { problem: { kind: 'unreachable' as const, stateId: event.stateId } };", 'if (!path) return {};'],
  ['goHere: replays from the current snapshot', 'replay(context.machine, context.initial, path)', 'replay(context.machine, currentSnapshot(context)!, path)'],
  ['goHere: steps not assigned', 'return { steps: replay(context.machine, context.initial, path), problem: null, selectedStateId: event.stateId };', 'return { problem: null, selectedStateId: event.stateId };'],
  ['goHere: problem kept', 'path), problem: null, selectedStateId: event.stateId };', 'path), selectedStateId: event.stateId };'],
  ['goHere: selection not assigned', 'path), problem: null, selectedStateId: event.stateId };', 'path), problem: null };'],
  ['goHere failure: problem not shown', nl('selectedStateId: event.stateId };', '            } catch (err) {', "              return { problem: { kind: 'stepFailed' as const, message: messageOf(err) } };"), nl('selectedStateId: event.stateId };', '            } catch (err) {', '              return {};')],
]);

mutate('forced-relogin.machine.ts', [
  ['idle: invalid token ignored', "on: { 'session.invalidToken': 'confirming' },", 'on: {},'],
  ['idle: invalid token → resetting', "on: { 'session.invalidToken': 'confirming' },", "on: { 'session.invalidToken': 'resetting' },"],
  ['confirming: confirm → idle', "'relogin.confirm': 'resetting',", "'relogin.confirm': 'idle',"],
  ['confirming: cancel → resetting', "'relogin.cancel': 'idle',", "'relogin.cancel': 'resetting',"],
  ['confirming: cancel ignored', nl("        'relogin.confirm': 'resetting',", "        'relogin.cancel': 'idle',"), "        'relogin.confirm': 'resetting',"],
  ['confirming: invalid token reopens', "'relogin.cancel': 'idle',", "'relogin.cancel': 'idle',\n        'session.invalidToken': 'confirming',"],
  ['resetting: not final', nl('    resetting: {', "      type: 'final',"), '    resetting: {'],
  ['resetting: actions reordered', "entry: ['resetSession', 'reloadPage'],", "entry: ['reloadPage', 'resetSession'],"],
  ['resetting: resetSession dropped', "entry: ['resetSession', 'reloadPage'],", "entry: ['reloadPage'],"],
  ['resetting: reloadPage dropped', "entry: ['resetSession', 'reloadPage'],", "entry: ['resetSession'],"],
]);

mutate('password-expiry.machine.ts', [
  ['allowCancel from input ignored', 'allowCancel: input.allowCancel,', 'allowCancel: true,'],
  ['notice: next → changed', "'expiry.next': 'form',", "'expiry.next': 'changed',"],
  ['notice: cancel guard dropped', nl("        'expiry.next': 'form',", "        'expiry.cancel': { guard: 'canCancel', target: 'dismissed' },"), nl("        'expiry.next': 'form',", "        'expiry.cancel': { target: 'dismissed' },")],
  ['notice: cancel → form', nl("        'expiry.next': 'form',", "        'expiry.cancel': { guard: 'canCancel', target: 'dismissed' },"), nl("        'expiry.next': 'form',", "        'expiry.cancel': { guard: 'canCancel', target: 'form' },")],
  ['canCancel inverted', 'canCancel: ({ context }) => context.allowCancel,', 'canCancel: ({ context }) => !context.allowCancel,'],
  ['form: previous → dismissed', "'expiry.previous': 'notice',", "'expiry.previous': 'dismissed',"],
  ['form: cancel guard dropped', nl("        'expiry.previous': 'notice',", "        'expiry.cancel': { guard: 'canCancel', target: 'dismissed' },"), nl("        'expiry.previous': 'notice',", "        'expiry.cancel': { target: 'dismissed' },")],
  ['form: cancel → notice', nl("        'expiry.previous': 'notice',", "        'expiry.cancel': { guard: 'canCancel', target: 'dismissed' },"), nl("        'expiry.previous': 'notice',", "        'expiry.cancel': { guard: 'canCancel', target: 'notice' },")],
  ['form: tag dropped', "      tags: ['form'],", '      tags: [],'],
  ['flow input: live', 'rules: context.rules, live: false }),', 'rules: context.rules, live: true }),'],
  ['flow input: everyone admin', 'isAdmin: context.isAdmin, rules: context.rules, live: false }),', 'isAdmin: true, rules: context.rules, live: false }),'],
  ['flow done: guard dropped', "onDone: { guard: stateIn('form'), target: '.changed' },", "onDone: { target: '.changed' },"],
  ['flow done: → dismissed', "onDone: { guard: stateIn('form'), target: '.changed' },", "onDone: { guard: stateIn('form'), target: '.dismissed' },"],
  ['changed: reload dropped', "entry: 'reloadPage',", 'entry: [],'],
  ['changed: not final', nl('    changed: {', "      type: 'final',"), '    changed: {'],
  ['dismissed: not final', nl('    dismissed: {', "      type: 'final',"), '    dismissed: {'],
  ['expiryStep: notice is step 1', "snapshot.value === 'notice' ? 0 : 1", "snapshot.value === 'form' ? 0 : 1"],
  ['shouldShowExpiryDialog: ignores the wizard', 'return !wizardVisible && isPasswordExpired(', 'return isPasswordExpired('],
]);

mutate('first-run-wizard.machine.ts', [
  ['start: HTTPS not recommended', '    https: true,', '    https: false,'],
  ['start: admin guard inverted', "always: [{ guard: 'isAdmin', target: 'welcome' }, { target: 'password' }],", "always: [{ guard: 'isNotAdmin', target: 'welcome' }, { target: 'password' }],"],
  ['start: everyone at password', "always: [{ guard: 'isAdmin', target: 'welcome' }, { target: 'password' }],", "always: [{ guard: 'isAdmin', target: 'password' }, { target: 'password' }],"],
  ['start: page protocol from input ignored', 'onPlainHttp: input.onPlainHttp,', 'onPlainHttp: false,'],
  ['flow input: live', 'rules: context.rules, live: false }),', 'rules: context.rules, live: true }),'],
  ['flow input: everyone admin', 'isAdmin: context.isAdmin, rules: context.rules, live: false }),', 'isAdmin: true, rules: context.rules, live: false }),'],
  ['flow done: guard dropped', nl('      // The form shows (and so can finish) on the password step only.', "      guard: stateIn('password'),"), '      // The form shows (and so can finish) on the password step only.'],
  ['flow done: → done', "      target: '.completing',", "      target: '.done',"],
  ['flow done: finishing not set', '      actions: assign({ finishing: true }),', '      actions: [],'],
  ['welcome: next → password', nl("        'wizard.next': 'protocol',", "        'wizard.skip': 'completing',"), nl("        'wizard.next': 'password',", "        'wizard.skip': 'completing',")],
  ['welcome: skip → done', "'wizard.skip': 'completing',", "'wizard.skip': 'done',"],
  ['protocol: previous → password', "'wizard.previous': 'welcome',", "'wizard.previous': 'password',"],
  ['protocol: next → welcome', nl("        'wizard.previous': 'welcome',", "        'wizard.next': 'password',"), nl("        'wizard.previous': 'welcome',", "        'wizard.next': 'welcome',")],
  ['protocol: choice not assigned', "'wizard.chooseProtocol': { actions: assign({ https: ({ event }) => event.https }) },", "'wizard.chooseProtocol': {},"],
  ['password: tag dropped', "      tags: ['form'],", '      tags: [],'],
  ['password: previous guard dropped', "'wizard.previous': { guard: 'isAdmin', target: 'protocol' },", "'wizard.previous': { target: 'protocol' },"],
  ['password: previous → welcome', "'wizard.previous': { guard: 'isAdmin', target: 'protocol' },", "'wizard.previous': { guard: 'isAdmin', target: 'welcome' },"],
  ['password: skip guard → isAdmin', "'wizard.skip': { guard: 'isNotAdmin', target: 'completing' },", "'wizard.skip': { guard: 'isAdmin', target: 'completing' },"],
  ['password: skip → done', "'wizard.skip': { guard: 'isNotAdmin', target: 'completing' },", "'wizard.skip': { guard: 'isNotAdmin', target: 'done' },"],
  ['isAdmin inverted', 'isAdmin: ({ context }) => context.isAdmin,', 'isAdmin: ({ context }) => !context.isAdmin,'],
  ['isNotAdmin inverted', 'isNotAdmin: ({ context }) => !context.isAdmin,', 'isNotAdmin: ({ context }) => context.isAdmin,'],
  ['setsProtocol: || ', 'setsProtocol: ({ context }) => context.finishing && context.isAdmin,', 'setsProtocol: ({ context }) => context.finishing || context.isAdmin,'],
  ['setsProtocol inverted', 'setsProtocol: ({ context }) => context.finishing && context.isAdmin,', 'setsProtocol: ({ context }) => !(context.finishing && context.isAdmin),'],
  ['movesToHttps: ||', 'movesToHttps: ({ context }) => context.https && context.onPlainHttp,', 'movesToHttps: ({ context }) => context.https || context.onPlainHttp,'],
  ['movesToHttps: ignores the page', 'movesToHttps: ({ context }) => context.https && context.onPlainHttp,', 'movesToHttps: ({ context }) => context.https,'],
  ['completing done: targets swapped', "onDone: [{ guard: 'setsProtocol', target: 'settingHttp' }, { target: 'done' }],", "onDone: [{ guard: 'setsProtocol', target: 'done' }, { target: 'settingHttp' }],"],
  ['completing error: target done', "          target: 'completionFailed',", "          target: 'done',"],
  ['completing error: server error not assigned', nl("          target: 'completionFailed',", '          actions: assign({ serverError: ({ event }) => errorCodeOf(event.error) }),'), nl("          target: 'completionFailed',", '          actions: [],')],
  ['completionFailed: retry → done', "'wizard.retry': { target: 'completing', actions: assign({ serverError: null }) },", "'wizard.retry': { target: 'done', actions: assign({ serverError: null }) },"],
  ['completionFailed: retry keeps the error', "'wizard.retry': { target: 'completing', actions: assign({ serverError: null }) },", "'wizard.retry': { target: 'completing' },"],
  ['completionFailed: close → completing', nl("'wizard.retry': { target: 'completing', actions: assign({ serverError: null }) },", "        'wizard.close': 'done',"), nl("'wizard.retry': { target: 'completing', actions: assign({ serverError: null }) },", "        'wizard.close': 'completing',")],
  ['settingHttp: http not negated', 'input: ({ context }): SetHttpInput => ({ http: !context.https }),', 'input: ({ context }): SetHttpInput => ({ http: context.https }),'],
  ['settingHttp done (moving): → done', "{ guard: 'movesToHttps', target: 'moving', actions", "{ guard: 'movesToHttps', target: 'done', actions"],
  ['settingHttp done (moving): port not kept', "{ guard: 'movesToHttps', target: 'moving', actions: assign({ httpsPort: ({ event }) => event.output.https_port }) },", "{ guard: 'movesToHttps', target: 'moving' },"],
  ['settingHttp done (staying): → httpFailed', "{ target: 'done', actions: assign({ httpsPort: ({ event }) => event.output.https_port }) },", "{ target: 'httpFailed', actions: assign({ httpsPort: ({ event }) => event.output.https_port }) },"],
  ['settingHttp error: target done', "          target: 'httpFailed',", "          target: 'done',"],
  ['settingHttp error: server error not assigned', nl("          target: 'httpFailed',", '          actions: assign({ serverError: ({ event }) => errorCodeOf(event.error) }),'), nl("          target: 'httpFailed',", '          actions: [],')],
  ['httpFailed: retry → done', "'wizard.retry': { target: 'settingHttp', actions: assign({ serverError: null }) },", "'wizard.retry': { target: 'done', actions: assign({ serverError: null }) },"],
  ['httpFailed: retry keeps the error', "'wizard.retry': { target: 'settingHttp', actions: assign({ serverError: null }) },", "'wizard.retry': { target: 'settingHttp' },"],
  ['httpFailed: close → settingHttp', nl("'wizard.retry': { target: 'settingHttp', actions: assign({ serverError: null }) },", "        'wizard.close': 'done',"), nl("'wizard.retry': { target: 'settingHttp', actions: assign({ serverError: null }) },", "        'wizard.close': 'settingHttp',")],
  ['moving: tag dropped', "      tags: ['moving'],", '      tags: [],'],
  ['moving: continue does not open HTTPS', "'wizard.continue': { target: 'done', actions: 'openHttps' },", "'wizard.continue': { target: 'done' },"],
  ['moving: continue stays', "'wizard.continue': { target: 'done', actions: 'openHttps' },", "'wizard.continue': { actions: 'openHttps' },"],
  ['done: not final', nl('    done: {', "      type: 'final',"), '    done: {'],
  ['wizardStep: skipping admin on the last step', 'return snapshot.context.isAdmin && !snapshot.context.finishing ? 0 : 2;', 'return snapshot.context.isAdmin ? 0 : 2;'],
  ['wizardStep: protocol is step 2', nl("    case 'protocol':", '      return 1;'), nl("    case 'protocol':", '      return 2;')],
]);

mutate('time-channel.machine.ts', [
  ['stop: target retrying', "'channel.stop': { target: '.idle', actions: assign({ retries: 0 }) },", "'channel.stop': { target: '.retrying', actions: assign({ retries: 0 }) },"],
  ['stop: retries kept', "'channel.stop': { target: '.idle', actions: assign({ retries: 0 }) },", "'channel.stop': { target: '.idle' },"],
  ['idle: start → fallback', "on: { 'channel.start': 'live' },", "on: { 'channel.start': 'fallback' },"],
  ['live: socket actor failure → retrying', "        onError: 'fallback',\n      },\n      on: {", "        onError: 'retrying',\n      },\n      on: {"],
  ['message: target connecting', "target: '.open',", "target: '.connecting',"],
  ['message: time not assigned', 'assign({ time: ({ event }) => event.time, retries: 0 }),', 'assign({ retries: 0 }),'],
  ['message: retries kept', 'assign({ time: ({ event }) => event.time, retries: 0 }),', 'assign({ time: ({ event }) => event.time }),'],
  ['message: not published', nl('            assign({ time: ({ event }) => event.time, retries: 0 }),', "            { type: 'publishTime', params: ({ event }) => ({ time: event.time }) },"), '            assign({ time: ({ event }) => event.time, retries: 0 }),'],
  ['canRetry: <=', 'context.retries < MAX_RETRIES,', 'context.retries <= MAX_RETRIES,'],
  ['canRetry inverted', 'context.retries < MAX_RETRIES,', 'context.retries >= MAX_RETRIES,'],
  ['closed: target fallback', "{ guard: 'canRetry', target: 'retrying', actions", "{ guard: 'canRetry', target: 'fallback', actions"],
  ['closed: retries not counted', "{ guard: 'canRetry', target: 'retrying', actions: assign({ retries: ({ context }) => context.retries + 1 }) },", "{ guard: 'canRetry', target: 'retrying' },"],
  ['closed (no retry left): target retrying', nl("          { target: 'fallback' },", '        ],'), nl("          { target: 'retrying' },", '        ],')],
  ['error: target retrying', "'socket.error': 'fallback',", "'socket.error': 'retrying',"],
  ['retrying: → fallback', "retrying: {\n      after: { [RETRY_DELAY_MS]: 'live' },", "retrying: {\n      after: { [RETRY_DELAY_MS]: 'fallback' },"],
  ['isDisplayTime inverted', 'isDisplayTime: (_, params: { time: unknown }) => isDisplayTime(params.time),', 'isDisplayTime: (_, params: { time: unknown }) => !isDisplayTime(params.time),'],
  ['fetched: target fallbackWaiting', nl("            target: 'ticking',", '            actions: ['), nl("            target: 'fallbackWaiting',", '            actions: [')],
  ['fetched: time not assigned', 'assign({ time: ({ event }) => event.output }),', 'assign({}),'],
  ['fetched: not published', nl('              assign({ time: ({ event }) => event.output }),', "              { type: 'publishTime', params: ({ event }) => ({ time: event.output }) },"), '              assign({ time: ({ event }) => event.output }),'],
  ['fetched (not a time): target ticking', nl("          { target: 'fallbackWaiting' },", '        ],'), nl("          { target: 'ticking' },", '        ],')],
  ['fetch error: target ticking', "onError: 'fallbackWaiting',", "onError: 'ticking',"],
  ['fallbackWaiting: → ticking', "after: { [RETRY_DELAY_MS]: 'fallback' },", "after: { [RETRY_DELAY_MS]: 'ticking' },"],
  ['tick: not re-entered', nl("          target: 'ticking',", '          reenter: true,'), "          target: 'ticking',"],
  ['tick: time not advanced', '(context.time === null ? null : nextSecond(context.time))', '(context.time)'],
  ['tick: not published', nl('nextSecond(context.time)) }),', "            { type: 'publishTime', params: ({ context }) => ({ time: context.time ?? '' }) },"), 'nextSecond(context.time)) }),'],
]);

mutate('password-change.ts', [
  ['editForm: value dropped', 'return { ...form, [field]: value };', 'return { ...form };'],
  ['clearFieldError: condition inverted', 'if (!(field in errors)) return errors;', 'if (field in errors) return errors;'],
  ['clearFieldError: error kept', nl('  const next = { ...errors };', '  delete next[field];'), '  const next = { ...errors };'],
  ['changePasswordInput: changeAll for everyone', 'changeAll: isAdmin && form.changeAll', 'changeAll: form.changeAll'],
  ['changePasswordInput: new password as current', 'current: form.current, password: form.password', 'current: form.password, password: form.password'],
  ['EMPTY_PASSWORD_FORM: changeAll on', "confirm: '', changeAll: false };", "confirm: '', changeAll: true };"],
]);

mutate('password-change.machine.ts', [
  ['live from input ignored', 'live: input.live,', 'live: true,'],
  ['live inverted', 'live: ({ context }) => context.live,', 'live: ({ context }) => !context.live,'],
  ['isAdmin inverted', 'isAdmin: ({ context }) => context.isAdmin,', 'isAdmin: ({ context }) => !context.isAdmin,'],
  ['formValid inverted', 'formValid: ({ context }) => !hasFormErrors(', 'formValid: ({ context }) => hasFormErrors('],
  ['succeeded inverted', "output?.status === 'success',", "output?.status !== 'success',"],
  ['edit (live): guard dropped', nl('          {', "            guard: 'live',", '            actions: assign(({ context, event }) => {'), nl('          {', '            actions: assign(({ context, event }) => {')],
  ['edit (live): form not edited', nl('              return {', '                form,'), nl('              return {', '                form: context.form,')],
  ['edit (live): errors before the first submit', 'errors: context.submitted ? validatePasswordChangeForm(form, context.rules) : {},', 'errors: validatePasswordChangeForm(form, context.rules),'],
  ['edit (live): errors not revalidated', 'errors: context.submitted ? validatePasswordChangeForm(form, context.rules) : {},', 'errors: context.errors,'],
  ['edit (live): strength failures kept', "serverError: event.field === 'password' ? withoutStrengthFailures(context.serverError) : context.serverError,", 'serverError: context.serverError,'],
  ['edit (live): refusal dropped by any field', "serverError: event.field === 'password' ? withoutStrengthFailures(context.serverError) : context.serverError,", 'serverError: withoutStrengthFailures(context.serverError),'],
  ['edit (live): refusal dropped', "serverError: event.field === 'password' ? withoutStrengthFailures(context.serverError) : context.serverError,", 'serverError: null,'],
  ['withoutStrengthFailures: failures kept', nl('  const rest = { ...failure };', '  delete rest.failures;'), '  const rest = { ...failure };'],
  ['edit (dialog): form not edited', 'form: ({ context, event }) => editForm(context.form, event.field, event.value),', 'form: ({ context }) => context.form,'],
  ['edit (dialog): field error kept', 'errors: ({ context, event }) => clearFieldError(context.errors, event.field),', 'errors: ({ context }) => context.errors,'],
  ['edit (dialog): refusal kept', nl('              errors: ({ context, event }) => clearFieldError(context.errors, event.field),', '              serverError: null,'), '              errors: ({ context, event }) => clearFieldError(context.errors, event.field),'],
  ['toggleChangeAll: guard dropped', nl("        'password.toggleChangeAll': {", "          guard: 'isAdmin',"), "        'password.toggleChangeAll': {"],
  ['toggleChangeAll: not assigned', 'changeAll: event.value }) }),', 'changeAll: false }) }),'],
  ['submit (valid): target editing', nl("            guard: 'formValid',", "            target: 'sending',"), nl("            guard: 'formValid',", "            target: 'editing',")],
  ['submit (valid): guard dropped', nl('          {', "            guard: 'formValid',", "            target: 'sending',"), nl('          {', "            target: 'sending',")],
  ['submit (valid): errors kept', "actions: assign({ errors: {}, serverError: null, submitted: true }),", "actions: assign({ serverError: null, submitted: true }),"],
  ['submit (valid): refusal kept', "actions: assign({ errors: {}, serverError: null, submitted: true }),", "actions: assign({ errors: {}, submitted: true }),"],
  ['submit (valid): not marked submitted', "actions: assign({ errors: {}, serverError: null, submitted: true }),", "actions: assign({ errors: {}, serverError: null }),"],
  ['submit (invalid, live): guard dropped', nl('          {', "            guard: 'live',", '            actions: assign({'), nl('          {', '            actions: assign({'), SERVER_ERROR_ONLY_AFTER_VALID_FORM],
  ['submit (invalid, live): errors not shown', nl('            actions: assign({', '              errors: ({ context }) => validatePasswordChangeForm(context.form, context.rules),', '              submitted: true,'), nl('            actions: assign({', '              errors: {},', '              submitted: true,')],
  ['submit (invalid, live): not marked submitted', nl('              errors: ({ context }) => validatePasswordChangeForm(context.form, context.rules),', '              submitted: true,', '              attempts'), nl('              errors: ({ context }) => validatePasswordChangeForm(context.form, context.rules),', '              submitted: false,', '              attempts')],
  ['submit (invalid, live): attempt not counted', nl('              submitted: true,', '              attempts: ({ context }) => context.attempts + 1,', '            }),', '          },', '          {'), nl('              submitted: true,', '            }),', '          },', '          {')],
  ['submit (invalid, dialog): errors not shown', nl('              errors: ({ context }) => validatePasswordChangeForm(context.form, context.rules),', '              serverError: null,'), nl('              errors: {},', '              serverError: null,')],
  ['submit (invalid, dialog): refusal kept', nl('              errors: ({ context }) => validatePasswordChangeForm(context.form, context.rules),', '              serverError: null,'), '              errors: ({ context }) => validatePasswordChangeForm(context.form, context.rules),', SERVER_ERROR_ONLY_AFTER_VALID_FORM],
  ['submit (invalid, dialog): attempt not counted', nl('              serverError: null,', '              submitted: true,', '              attempts: ({ context }) => context.attempts + 1,'), nl('              serverError: null,', '              submitted: true,')],
  ['sending: changeAll for everyone', 'changePasswordInput(context.username, context.isAdmin, context.form)', 'changePasswordInput(context.username, true, context.form)', CHANGE_ALL_GUARDED],
  ['sending done: target editing', "{ guard: 'succeeded', target: 'changed' },", "{ guard: 'succeeded', target: 'editing' },"],
  ['sending done: guard dropped', "{ guard: 'succeeded', target: 'changed' },", "{ target: 'changed' },"],
  ['sending done (not success): target changed', "{ target: 'editing', actions: assign({ serverError: NOT_SUCCESS }) },", "{ target: 'changed', actions: assign({ serverError: NOT_SUCCESS }) },"],
  ['sending done (not success): refusal not assigned', "{ target: 'editing', actions: assign({ serverError: NOT_SUCCESS }) },", "{ target: 'editing' },"],
  ['sending error: target changed', nl('        onError: {', "          target: 'editing',"), nl('        onError: {', "          target: 'changed',")],
  ['sending error: refusal not assigned', 'serverError: ({ event }) => failureOf(event.error),', 'serverError: null,'],
  ['sending error: attempt not counted', nl('            serverError: ({ event }) => failureOf(event.error),', '            attempts: ({ context }) => context.attempts + 1,'), '            serverError: ({ event }) => failureOf(event.error),'],
  ['changed: not final', nl('    changed: {', "      type: 'final',"), '    changed: {'],
  ['shownFieldErrors: own password error loses', 'if (errors.password || !serverError?.failures) return errors;', 'if (!serverError?.failures) return errors;'],
  ['shownFieldErrors: device failures dropped', 'return { ...errors, password: serverError.failures };', 'return errors;'],
]);

mutate('opcua-server.machine.ts', [
  ['isRestarting inverted', 'isRestarting: (_, status: OpcuaStatus) => status.restarting,', 'isRestarting: (_, status: OpcuaStatus) => !status.restarting,'],
  ['isRunning: enabled ignored', "isRunning: (_, status: OpcuaStatus) => status.state === 'running' && status.enabled,", "isRunning: (_, status: OpcuaStatus) => status.state === 'running',"],
  ['isStopping: running while disabled ignored', "status.state === 'stopping' || (status.state === 'running' && !status.enabled),", "status.state === 'stopping',"],
  ['restarted: start time ignored', ' && status.since !== context.sinceBefore,', ','],
  ['restarted: restart flag ignored', "restarted: ({ context }, status: OpcuaStatus) => status.state === 'running' && !status.restarting", "restarted: ({ context }, status: OpcuaStatus) => status.state === 'running'"],
  ['restartTimedOut: one pause late', 'context.restartWaits + 1 >= RESTART_WAITS', 'context.restartWaits >= RESTART_WAITS'],
  ['startFailed: restart flag ignored', "startFailed: (_, status: OpcuaStatus) => status.state === 'stopped' && !status.restarting,", "startFailed: (_, status: OpcuaStatus) => status.state === 'stopped',"],
  ['runsAgain: restart flag ignored', "runsAgain: (_, status: OpcuaStatus) => status.state === 'running' && !status.restarting,", "runsAgain: (_, status: OpcuaStatus) => status.state === 'running',"],
  ['restarts: disabling ignored', 'restarts: ({ context }, enabled: boolean) => enabled && ', 'restarts: ({ context }, enabled: boolean) => '],
  ['restarts: running but disabled counts', "context.status.state === 'running' && context.status.enabled,", "context.status.state === 'running',"],
  ['changed (restarts): target loading', "target: '.restarting',", "target: '.loading',"],
  ['changed (restarts): start time not kept', 'actions: assign(({ context }) => ({ sinceBefore: context.status?.since ?? null })),', 'actions: [],'],
  ['changed (other): target restarting', "{ target: '.loading' },", "{ target: '.restarting' },"],
  ['restarting: pauses not forgotten on exit', 'exit: assign({ restartWaits: 0 }),', 'exit: [],'],
  ['keep: error not cleared', '({ status: event.output, error: null }));', '({ status: event.output }));'],
  ['unreachable: reason not kept', '({ error: errorCodeOf(event.error) })', '({ error: null })'],
  ['unreachable: target loading', 'target: `${ID}.unreachable`,', 'target: `${ID}.loading`,'],
  ['settle: restart found asks at once', "kind === 'restarting' ? `${ID}.restarting.waiting`", "kind === 'restarting' ? `${ID}.restarting`"],
  ['settle: restart found keeps the start time', ', error: null, sinceBefore: null }))', ', error: null }))'],
  ['settle: restarting → running', "target: to('restarting'),", "target: to('running'),"],
  ['settle: running → stopped', "target: to('running'), actions: keep() },", "target: to('stopped'), actions: keep() },"],
  ['settle: stopping → stopped', "target: to('stopping'), actions: keep() },", "target: to('stopped'), actions: keep() },"],
  ['settle: otherwise → running', "{ target: to('stopped'), actions: keep() },", "{ target: to('running'), actions: keep() },"],
  ['running: fast pace', "running: polling('running', STATUS_POLL_MS),", "running: polling('running', FAST_POLL_MS),"],
  ['stopping: slow pace', "stopping: polling('stopping', FAST_POLL_MS),", "stopping: polling('stopping', STATUS_POLL_MS),"],
  ['stopped: fast pace', "stopped: polling('stopped', STATUS_POLL_MS),", "stopped: polling('stopped', FAST_POLL_MS),"],
  ['restarting done (restarted): target restartFailed', "{ guard: { type: 'restarted', params: ({ event }) => event.output }, target: `${ID}.running`, actions: keep() },", "{ guard: { type: 'restarted', params: ({ event }) => event.output }, target: `${ID}.restartFailed`, actions: keep() },"],
  ['restarting done (start failed): target running', "{ guard: { type: 'startFailed', params: ({ event }) => event.output }, target: `${ID}.restartFailed`, actions: keep() },", "{ guard: { type: 'startFailed', params: ({ event }) => event.output }, target: `${ID}.running`, actions: keep() },"],
  ['restarting done (otherwise): status not kept', nl("              { target: 'waiting', actions: keep() },", '            ],', '            onError: unreachable(),', '          },', '        },', '        waiting: {'), nl("              { target: 'waiting' },", '            ],', '            onError: unreachable(),', '          },', '        },', '        waiting: {')],
  ['restarting: fast pace dropped', '            [FAST_POLL_MS]: [', '            [STATUS_POLL_MS]: ['],
  ['restarting timed out: target running', "{ guard: 'restartTimedOut', target: `${ID}.restartFailed` },", "{ guard: 'restartTimedOut', target: `${ID}.running` },"],
  ['restarting: pauses not counted', 'actions: assign(({ context }) => ({ restartWaits: context.restartWaits + 1 }))', 'actions: []'],
  ['restartFailed: retry dropped', "on: { 'server.retry': '#opcuaServer.loading' },", 'on: {},'],
  ['restartFailed: fast pace', "waiting: { after: { [STATUS_POLL_MS]: 'asking' } },", "waiting: { after: { [FAST_POLL_MS]: 'asking' } },"],
  ['restartFailed done (runs again): stays', "{ guard: { type: 'runsAgain', params: ({ event }) => event.output }, target: `${ID}.running`, actions: keep() },", "{ guard: { type: 'runsAgain', params: ({ event }) => event.output }, target: 'waiting', actions: keep() },"],
  ['unreachable: no retry by itself', "after: { [RETRY_MS]: 'loading' },", 'after: {},'],
  ['unreachable: retry dropped', "on: { 'server.retry': 'loading' },", 'on: {},'],
]);


// ---------------------------------------------------------------------------------------------

const count = (text: string, part: string) => text.split(part).length - 1;

/** The mutant currently in place and the jest run testing it: undone and stopped on Ctrl-C. */
let active: Mutant | null = null;
let running: ChildProcess | null = null;

function restore(m: Mutant): void {
  const path = join(ROOT, m.file);
  const now = readFileSync(path, 'utf8');
  const mutated = MARK + m.to;
  if (count(now, mutated) !== 1) throw new Error(`${m.file}: cannot undo "${m.name}": the mutant text occurs ${count(now, mutated)} times; restore it by hand`);
  writeFileSync(path, now.replace(mutated, () => m.from));
  active = null;
  const back = readFileSync(path, 'utf8');
  if (count(back, m.from) !== 1) throw new Error(`${m.file}: "${m.name}" was not undone; restore it by hand`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    running?.kill('SIGKILL');
    if (active) restore(active);
    process.exit(130);
  });
}

/** Runs the machine tests; resolves with jest's exit code, or null when it did not finish in time. */
function runJest(outputFile: string): Promise<number | null> {
  return new Promise((done) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/jest'), [...JEST_ARGS, '--silent', '--json', '--outputFile', outputFile], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    running = child;
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      running = null;
      done(code);
    });
  });
}

/**
 * What failed in a jest JSON report: the tests, by file (relative to the machine tests) and full
 * name, and the test files that could not run at all.
 */
function failedTests(reportFile: string): { failed: Array<{ id: string; file: string }>; broken: string[] } {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    testResults: Array<{ name: string; status: string; assertionResults: Array<{ status: string; fullName: string }> }>;
  };
  const fileOf = (name: string) => name.replace(`${ROOT}/test/unit/machines/`, '');
  return {
    failed: report.testResults.flatMap((r) =>
      r.assertionResults.filter((a) => a.status === 'failed').map((a) => ({ id: `${fileOf(r.name)} › ${a.fullName}`, file: fileOf(r.name) })),
    ),
    broken: report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).map((r) => fileOf(r.name)),
  };
}

/** The tests failing, and the test files not running, without any mutant (found before the first
 * mutant runs): someone's work in progress, left out of every verdict. */
const baselineFailures = new Set<string>();
const baselineBroken = new Set<string>();

function survived(m: Mutant): Outcome {
  return m.equivalent ? { mutant: m, result: 'equivalent', detail: m.equivalent } : { mutant: m, result: 'SURVIVED', detail: '' };
}

/** Why a mutant cannot be applied to the file as it is now (or undone exactly), or null when it can. */
function problemOf(m: Mutant, text: string): string | null {
  if (count(text, m.from) !== 1) return `its text occurs ${count(text, m.from)} times (must be once)`;
  if (m.to === m.from) return 'the mutant text must differ from the original';
  if (text.includes(MARK)) return 'the file holds a mutant already: restore it first';
  return null;
}

interface Outcome {
  mutant: Mutant;
  /** `equivalent`: survived, as its `equivalent` says it must; `error`: jest failed without running
   * the tests (a broken import, say): run the mutant again. */
  result: 'killed' | 'SURVIVED' | 'equivalent' | 'error' | 'not applicable';
  detail: string;
}

async function run(m: Mutant, outputFile: string): Promise<Outcome> {
  const path = join(ROOT, m.file);
  const text = readFileSync(path, 'utf8');
  const problem = problemOf(m, text);
  if (problem) return { mutant: m, result: 'not applicable', detail: problem };
  writeFileSync(path, text.replace(m.from, () => MARK + m.to));
  active = m;
  try {
    rmSync(outputFile, { force: true });
    const status = await runJest(outputFile);
    if (status === null) return { mutant: m, result: 'error', detail: 'jest did not finish in time' };
    if (status === 0) return survived(m);
    if (!existsSync(outputFile)) return { mutant: m, result: 'error', detail: `jest exited with ${status} without a report` };
    // Only tests that pass without the mutant count: a test file that could not run at all, or a
    // test already failing (someone's work in progress), says nothing about the mutant.
    const { failed, broken } = failedTests(outputFile);
    const failing = failed.filter((test) => !baselineFailures.has(test.id));
    const byFile = new Map<string, number>();
    for (const test of failing) byFile.set(test.file, (byFile.get(test.file) ?? 0) + 1);
    if (failing.length > 0) return { mutant: m, result: 'killed', detail: [...byFile].map(([file, n]) => `${file} (${n})`).join(', ') };
    const newlyBroken = broken.filter((file) => !baselineBroken.has(file));
    if (newlyBroken.length > 0) return { mutant: m, result: 'error', detail: `could not run ${newlyBroken.join(', ')}` };
    return survived(m);
  } finally {
    restore(m);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--restore')) {
    for (const m of mutants) {
      if (!readFileSync(join(ROOT, m.file), 'utf8').includes(MARK + m.to)) continue;
      restore(m);
      console.log(`undone: ${m.file} · ${m.name}`);
    }
    return;
  }
  const listOnly = args.includes('--list');
  const filters = args.filter((a) => !a.startsWith('--'));
  const selected = mutants.filter((m) => filters.length === 0 || filters.some((f) => m.file.includes(f)));
  const dir = mkdtempSync(join(tmpdir(), 'mutate-machines-'));
  const outcomes: Outcome[] = [];
  try {
    // Tests failing before any mutation are left out of every verdict (they would kill every mutant).
    const baseline = join(dir, 'baseline.json');
    if (!listOnly && (await runJest(baseline)) !== 0) {
      if (!existsSync(baseline)) {
        console.error(`the machine tests do not run without a mutant: fix them first (npx jest ${JEST_ARGS.join(' ')})`);
        process.exitCode = 2;
        return;
      }
      const { failed, broken } = failedTests(baseline);
      for (const test of failed) baselineFailures.add(test.id);
      for (const file of broken) baselineBroken.add(file);
      console.warn(`without a mutant, these fail and are not counted:\n  ${[...baselineBroken, ...baselineFailures].join('\n  ')}\n`);
    }
    for (const m of selected) {
      const outcome: Outcome = listOnly
        ? { mutant: m, result: 'not applicable', detail: problemOf(m, readFileSync(join(ROOT, m.file), 'utf8')) ?? 'applies' }
        : await run(m, join(dir, 'jest.json'));
      outcomes.push(outcome);
      console.log(`${outcome.result.padEnd(14)} ${m.file.replace('machines/', '')} · ${m.name}${outcome.detail ? `  [${outcome.detail}]` : ''}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (listOnly) {
    const broken = outcomes.filter((o) => o.detail !== 'applies');
    console.log(`\n${outcomes.length} mutants, ${broken.length} do not apply`);
    process.exitCode = broken.length > 0 ? 1 : 0;
    return;
  }
  console.log('\nfile                                 mutants  killed  equivalent  survived  error  n/a');
  for (const file of [...new Set(selected.map((m) => m.file))]) {
    const of = outcomes.filter((o) => o.mutant.file === file);
    const n = (r: Outcome['result']) => of.filter((o) => o.result === r).length;
    console.log(
      `${file.padEnd(37)}${String(of.length).padStart(7)}${String(n('killed')).padStart(8)}${String(n('equivalent')).padStart(12)}${String(n('SURVIVED')).padStart(10)}` +
        `${String(n('error')).padStart(7)}${String(n('not applicable')).padStart(5)}`,
    );
  }
  process.exitCode = outcomes.some((o) => o.result !== 'killed' && o.result !== 'equivalent') ? 1 : 0;
}

void main();
