/**
 * The console's running actors, for the QA explorer's live view: the app-lifetime ones (time
 * channel, forced re-login) register when they start, a dialog's actor (first-run wizard,
 * password expiry) while the dialog is mounted. The list is immutable and changes only on
 * register/unregister, so `useSyncExternalStore` can read it directly.
 */
import { useSyncExternalStore } from 'react';
import type { AnyActor } from 'xstate';

export interface LiveActor {
  /** The name shown in the live view (the machine's id by convention). */
  name: string;
  actor: AnyActor;
}

let current: readonly LiveActor[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly LiveActor[]): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Lists an actor under `name` (replacing one listed under the same name) until the returned
 * function is called. */
export function registerLiveActor(name: string, actor: AnyActor): () => void {
  const entry: LiveActor = { name, actor };
  publish([...current.filter((a) => a.name !== name), entry]);
  return () => {
    if (current.includes(entry)) publish(current.filter((a) => a !== entry));
  };
}

export function liveActors(): readonly LiveActor[] {
  return current;
}

export function subscribeLiveActors(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The running actors, re-rendering when one comes or goes (each actor's state is read with
 * @xstate/react's useSelector by whoever shows it). */
export function useLiveActors(): readonly LiveActor[] {
  return useSyncExternalStore(subscribeLiveActors, liveActors, liveActors);
}
