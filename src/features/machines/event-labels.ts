import type { EventObject } from 'xstate';

/** What an event type means to a tester: a plain event, a delay, an invocation's result, or the
 * eventless ("always") transition. XState names the built-in ones `xstate.after.<delay>.<stateId>`,
 * `xstate.done.actor.<invokeId>`, `xstate.error.actor.<invokeId>`, `xstate.done.state.<stateId>`. */
export type EventKind =
  | { kind: 'plain'; type: string }
  | { kind: 'after'; delay: string }
  | { kind: 'done'; actor: string }
  | { kind: 'error'; actor: string }
  | { kind: 'stateDone'; state: string }
  | { kind: 'always' };

export function eventKind(type: string): EventKind {
  if (type === '') return { kind: 'always' };
  let m = /^xstate\.after\.([^.]+)\.(.+)$/.exec(type);
  if (m) return { kind: 'after', delay: m[1]! };
  m = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (m) return { kind: 'done', actor: m[1]! };
  m = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (m) return { kind: 'error', actor: m[1]! };
  m = /^xstate\.done\.state\.(.+)$/.exec(type);
  if (m) return { kind: 'stateDone', state: m[1]!.split('.').pop() ?? m[1]! };
  return { kind: 'plain', type };
}

/** The translate function of the 'machines' namespace (a subset of i18next's TFunction). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "after 3000 ms", "done: changePassword", "error: setHttp", "always", or the event type itself. */
export function eventTypeLabel(type: string, t: Translate): string {
  const k = eventKind(type);
  switch (k.kind) {
    case 'after':
      return /^\d+$/.test(k.delay) ? t('event.after_ms', { delay: k.delay }) : t('event.after_named', { delay: k.delay });
    case 'done':
      return t('event.done', { actor: k.actor });
    case 'error':
      return t('event.error', { actor: k.actor });
    case 'stateDone':
      return t('event.state_done', { state: k.state });
    case 'always':
      return t('event.always');
    default:
      return k.type;
  }
}

/** The payload of an event (everything but `type`) as short JSON, or '' when there is none. */
export function payloadText(event: EventObject): string {
  const { type: _type, ...payload } = event as EventObject & Record<string, unknown>;
  if (Object.keys(payload).length === 0) return '';
  const text = safeJson(payload, 0);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** A button's or a history row's label: the type's label, plus the payload when there is one. A
 * done/error event's output is left out (the invocation name says enough). */
export function eventLabel(event: EventObject, t: Translate): string {
  const kind = eventKind(event.type).kind;
  const base = eventTypeLabel(event.type, t);
  if (kind !== 'plain') return base;
  const payload = payloadText(event);
  return payload ? `${base} ${payload}` : base;
}

/** The name of a transition's guard: `isAdmin`, `{ type: 'isDisplayTime', params }` → isDisplayTime,
 * an inline function → its name. */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'guard';
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

/**
 * JSON for people: cycles, functions, actor references and undefined shown instead of failing,
 * indented by `indent` (0: one line).
 */
export function safeJson(value: unknown, indent = 2): string {
  const seen = new WeakSet<object>();
  const text = JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (typeof v === 'function') return `[function ${(v as { name?: string }).name || ''}]`.replace(' ]', ']');
      if (typeof v === 'undefined') return '[undefined]';
      if (typeof v === 'bigint') return String(v);
      if (v !== null && typeof v === 'object') {
        if (seen.has(v)) return '[circular]';
        seen.add(v);
        // An actor reference (spawned or invoked) would print its whole system.
        if ('sessionId' in v && 'send' in v) return `[actor ${(v as { id?: string }).id ?? ''}]`;
      }
      return v;
    },
    indent,
  );
  return text ?? 'undefined';
}
