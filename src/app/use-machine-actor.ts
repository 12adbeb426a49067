/**
 * One hook for a machine a component runs: it provides the component's implementations (actors,
 * actions, guards, delays), creates the actor once per mount, starts it, lists it in the QA
 * explorer's live view while mounted and stops it on unmount.
 *
 * Built on @xstate/react's `useActorRef`, which keeps one actor per mount: under StrictMode's
 * double effects it is stopped and restarted from the same snapshot rather than created anew. The
 * implementations are refreshed on every render, so they may close over the latest props.
 * App-lifetime actors (time channel, forced re-login) are made outside React instead
 * (src/app/app-actors.ts).
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom, AnyMachineSnapshot, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import { registerLiveActor } from './live-actors';

/** What `machine.provide()` accepts: the machine's actors, actions, guards and delays. */
export type MachineImplementations<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0];

export type MachineActorOptions<TMachine extends AnyStateMachine> = MachineImplementations<TMachine> & {
  /** The machine's input, read once when the actor is created. */
  input?: InputFrom<TMachine>;
  /** The name in the live view; the machine's id unless said otherwise. */
  liveName?: string;
  /** Called with every snapshot the actor emits (the latest function given is used). */
  onSnapshot?: (snapshot: SnapshotFrom<TMachine>) => void;
};

export function useMachineActor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: MachineActorOptions<TMachine> = {} as MachineActorOptions<TMachine>,
): ActorRefFrom<TMachine> {
  const { input, liveName = machine.id, onSnapshot, ...implementations } = options;
  const onSnapshotRef = useRef(onSnapshot);
  useLayoutEffect(() => {
    onSnapshotRef.current = onSnapshot;
  });
  // One stable observer, so the actor is subscribed once rather than on every render. (The
  // generic machine is handled as any machine in here; callers get its own types back.)
  const observer = useCallback((snapshot: AnyMachineSnapshot) => onSnapshotRef.current?.(snapshot as SnapshotFrom<TMachine>), []);
  // `provide` keeps the machine's config, so `useActorRef` keeps its actor and only takes the
  // new implementations.
  const logic: AnyStateMachine = machine.provide(implementations);
  const actor = useActorRef(logic, { input }, observer);
  useEffect(() => registerLiveActor(liveName, actor), [liveName, actor]);
  return actor as ActorRefFrom<TMachine>;
}
