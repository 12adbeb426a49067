/**
 * The tags the console's components read instead of state names (`busy`, `waiting`, `editable`,
 * an outcome...): every state of each machine with exactly the tags it should carry, so a tag
 * dropped or put on the wrong state fails here, and a new state must say which tags it has.
 */
import { createActor, type AnyStateMachine } from 'xstate';
import { DEFAULT_STRENGTH_RULES } from '../../../contract/rules/password-strength';
import { fileExportMachine } from '../../../machines/file-export.machine';
import { firstRunWizardMachine } from '../../../machines/first-run-wizard.machine';
import { identifyLightMachine } from '../../../machines/identify-light.machine';
import { opcuaServerMachine } from '../../../machines/opcua-server.machine';
import { passwordExpiryMachine } from '../../../machines/password-expiry.machine';
import { passwordChangeMachine } from '../../../machines/password-change.machine';
import { safeApplyMachine } from '../../../machines/safe-apply.machine';
import { trendWindowMachine } from '../../../machines/trend-window.machine';
import { webviewSessionMachine } from '../../../machines/webview-session.machine';

/** The tags of each top-level state, sorted, with the machine's own context. */
function tagsByState(machine: AnyStateMachine, input?: unknown): Record<string, string[]> {
  const { context } = createActor(machine, { input }).getSnapshot();
  return Object.fromEntries(
    Object.keys(machine.root.states).map((value) => [value, [...machine.resolveState({ value, context }).tags].sort()]),
  );
}

test('safe apply: busy while applying, settling or waiting, waiting while Keep / Revert show, calling during a call, outcome at the end', () => {
  expect(tagsByState(safeApplyMachine)).toEqual({
    idle: [],
    applying: ['busy', 'calling'],
    settling: ['busy', 'settling'],
    waiting: ['busy', 'waiting'],
    confirming: ['busy', 'calling', 'waiting'],
    reverting: ['busy', 'calling', 'waiting'],
    expired: ['outcome'],
    kept: ['outcome'],
    reverted: ['outcome'],
    applied: ['outcome'],
    failed: ['outcome'],
  });
});

test('identify light: busy during a request, lit while the light blinks (Stop included)', () => {
  expect(tagsByState(identifyLightMachine)).toEqual({
    idle: [],
    starting: ['busy'],
    blinking: ['lit'],
    stopping: ['busy', 'lit'],
  });
});

test('first-run wizard: the password form on its step, busy during its own calls, failed where Retry shows, moving at the end', () => {
  const input = { username: 'admin', isAdmin: true, rules: DEFAULT_STRENGTH_RULES, httpsEnabled: false, onPlainHttp: true };
  expect(tagsByState(firstRunWizardMachine, input)).toEqual({
    start: [],
    welcome: [],
    protocol: [],
    password: ['form'],
    completing: ['busy'],
    completionFailed: ['failed'],
    settingHttp: ['busy'],
    httpFailed: ['failed'],
    moving: ['moving'],
    done: [],
  });
});

test('password expiry: the form on step 1 (the form\u2019s own flow says when it is sending)', () => {
  const input = { username: 'admin', isAdmin: true, allowCancel: true, rules: DEFAULT_STRENGTH_RULES };
  expect(tagsByState(passwordExpiryMachine, input)).toEqual({
    notice: [],
    form: ['form'],
    changed: [],
    dismissed: [],
  });
});

test('password change: editable while editing, busy while sending', () => {
  const input = { username: 'admin', isAdmin: true, rules: DEFAULT_STRENGTH_RULES, live: true };
  expect(tagsByState(passwordChangeMachine, input)).toEqual({
    editing: ['editable'],
    sending: ['busy'],
    changed: [],
  });
});

test('file export: busy while the file comes in (the button off, progress shown), the outcome at the end', () => {
  expect(tagsByState(fileExportMachine)).toEqual({
    idle: [],
    exporting: ['busy'],
    done: ['succeeded'],
    failed: ['failed'],
  });
});

test('trend window: live while it follows the newest samples', () => {
  expect(tagsByState(trendWindowMachine, { now: Date.parse('2026-11-25T08:00:00Z') })).toEqual({ fixed: [], live: ['live'] });
});

test('OPC UA server: exactly one tag per state, what the status card shows', () => {
  expect(tagsByState(opcuaServerMachine)).toEqual({
    loading: ['loading'],
    running: ['running'],
    stopping: ['stopping'],
    stopped: ['stopped'],
    restarting: ['restarting'],
    restartFailed: ['restart_failed'],
    unreachable: ['unreachable'],
  });
});

test('WebView session: one tag per state, what the page says; live only while the server speaks', () => {
  expect(tagsByState(webviewSessionMachine, { screen: 10, supported: true })).toEqual({
    start: [],
    connected: ['connecting'],
    reconnecting: ['reconnecting'],
    idleSignedOut: ['signed_out'],
    full: ['full'],
    disabled: ['disabled'],
    unauthorized: ['unauthorized'],
    unsupported: ['unsupported'],
  });
  const { context } = createActor(webviewSessionMachine, { input: { screen: 10, supported: true } }).getSnapshot();
  const tags = (link: string) => [...webviewSessionMachine.resolveState({ value: { connected: link }, context }).tags];
  expect([tags('connecting'), tags('live'), tags('stale')]).toEqual([['connecting'], ['live'], ['stale']]);
});
