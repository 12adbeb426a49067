import { useState } from 'react';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/app-slice';
import { errorMessage, SETTINGS_ERROR_TEXTS } from '../../i18n/error-text';

/** Problems by field, as the shared rules (contract/rules) give them: an object of problem codes
 * (a field without one is absent or undefined), or a map (one entry per item of a list, such as
 * the Ethernet interfaces). */
export type Problems = ReadonlyMap<unknown, unknown> | Readonly<Record<string, unknown>>;

export function hasProblems(problems: Problems): boolean {
  if (problems instanceof Map) return problems.size > 0;
  return Object.values(problems as Readonly<Record<string, unknown>>).some((p) => p !== undefined && p !== null);
}

/** Whether two JSON-like values say the same (keys in any order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The part of a safe-apply flow (src/features/network/use-safe-apply.ts) a form drives. */
export interface SafeApplyFlow<Value> {
  /** A change is being applied or waits for Keep / Revert. */
  busy: boolean;
  /** Sends the change; `onAccepted` runs once the device has taken it (waiting or applied). */
  apply(request: Value, safe: boolean, onAccepted?: () => void): void;
}

interface FormOptions<Stored, Draft, Value, P extends Problems> {
  /** What the form starts from: what the device holds (undefined while it loads), or a blank
   * form for an action such as connecting to a network. */
  stored: Stored | undefined;
  /** The form's values for what is stored (numbers as the text the user edits); by default the
   * stored value itself. */
  toDraft?: (stored: Stored) => Draft;
  /** What the draft says once cleaned (spaces trimmed, numbers read from their text): the value
   * that is judged, compared with what is stored, and sent. */
  normalise: (draft: Draft) => Value;
  /** The shared rules' problems of a value (the functions the server runs on the same call). */
  problems?: (value: Value) => P;
  /** The draft stays after a successful submit (an action form, such as Wi-Fi's connect form);
   * otherwise it is dropped and the form shows what the device holds again. */
  keepOnSuccess?: boolean;
}

/** A plain save: notices say whether it worked. */
interface SaveOptions<Value> {
  /** Sends the value; throws when the device refuses. */
  save: (value: Value) => Promise<unknown>;
  safeApply?: never;
}

/** A network change with the safety net: the flow's bar says how it went. */
interface SafeApplyOptions<Value> {
  safeApply: SafeApplyFlow<Value>;
  save?: never;
}

export type SettingsFormOptions<Stored, Draft, Value, P extends Problems> = FormOptions<Stored, Draft, Value, P> &
  (SaveOptions<Value> | SafeApplyOptions<Value>);

export interface SettingsForm<Draft, Value, P extends Problems> {
  /** The values the form shows: the edits, else what is stored; null while that loads. */
  value: Draft | null;
  /** `value` cleaned (see `normalise`); null while loading. */
  normalised: Value | null;
  /** The problems of `normalised`; null while loading. */
  problems: P | null;
  /** Every field holds an acceptable value. */
  valid: boolean;
  /** Something differs from what is stored. */
  dirty: boolean;
  /** A submit was tried since the draft began: forms that name a missing value only after a
   * try read this. */
  attempted: boolean;
  /** A save is running, or a change is being applied or waits for Keep / Revert. */
  busy: boolean;
  /** Edits some fields: a patch, or a function of the latest draft giving one. */
  change(patch: Partial<Draft> | ((draft: Draft) => Partial<Draft>)): void;
  /** Drops the edits. */
  reset(): void;
  /** Edits the draft as a new start: a submit tried before is forgotten, so a missing value is
   * named again only after the next one (a network picked from a list begins a new attempt). */
  restart(patch: Partial<Draft>): void;
  /** Saves (or applies, `safe` choosing the safety net) when every field is acceptable. */
  submit(safe?: boolean): Promise<void>;
}

/**
 * The edit-then-save cycle of every settings form: the draft starts as what the device holds,
 * `normalise` cleans it, the shared rules judge it, `dirty` compares it with what is stored.
 * Submitting a draft with problems only marks it `attempted`. A successful save or apply drops
 * the draft (unless `keepOnSuccess`); a failed one keeps every edit. A plain save says how it went
 * in a notice; a safe apply leaves that to the flow's bar (SafeApplyBar).
 */
export function useSettingsForm<Stored, Draft = Stored, Value = Draft, P extends Problems = Record<string, never>>(
  options: SettingsFormOptions<Stored, Draft, Value, P>,
): SettingsForm<Draft, Value, P> {
  const { stored, toDraft, normalise, problems: judge, keepOnSuccess = false } = options;
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);

  const base = stored === undefined ? null : toDraft ? toDraft(stored) : (stored as unknown as Draft);
  const value = draft ?? base;
  const normalised = value === null ? null : normalise(value);
  const problems = normalised === null ? null : judge ? judge(normalised) : ({} as P);
  const valid = problems !== null && !hasProblems(problems);
  const dirty = normalised !== null && base !== null && !sameValue(normalised, normalise(base));
  const busy = options.safeApply ? options.safeApply.busy : saving;

  const drop = () => {
    setDraft(null);
    setAttempted(false);
  };
  const succeeded = () => {
    if (!keepOnSuccess) drop();
  };
  const change = (patch: Partial<Draft> | ((draft: Draft) => Partial<Draft>)) => {
    // From the latest draft: edits that arrive together (a file read after a click) all count.
    setDraft((latest) => {
      const from = latest ?? base;
      if (from === null) return latest;
      return { ...from, ...(typeof patch === 'function' ? patch(from) : patch) };
    });
  };

  return {
    value,
    normalised,
    problems,
    valid,
    dirty,
    attempted,
    busy,
    change,
    reset: drop,
    restart(patch) {
      setAttempted(false);
      change(patch);
    },
    async submit(safe = true) {
      if (normalised === null || busy) return;
      setAttempted(true);
      if (!valid) return;
      if (options.safeApply) {
        options.safeApply.apply(normalised, safe, succeeded);
        return;
      }
      setSaving(true);
      try {
        await options.save(normalised);
        succeeded();
        dispatch(noticeShown({ key: 'settings.update_success', severity: 'success' }));
      } catch (error) {
        dispatch(noticeShown({ ...errorMessage(error, SETTINGS_ERROR_TEXTS), severity: 'error' }));
      } finally {
        setSaving(false);
      }
    },
  };
}
