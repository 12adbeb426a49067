import type { PendingNetworkChange } from '../../../contract/rules/network';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { useSelector } from '@xstate/react';
import { useAppDispatch } from '../../../store';
import { networkApi } from '../../../store/api/network-endpoints';
import { safeApplyMachine, type ApplyInput, type ApplyOutput, type ApplyResult } from '../../../machines/safe-apply.machine';
import { useMachineActor } from '../../app/use-machine-actor';

/** One section's safe-apply flow: the machine with the section's write call as `applyChange`.
 * A change already waiting on the device (made in another tab, or before a reload, or from the
 * old address) resumes the countdown here. A section whose outcome the device reports later (Wi-Fi)
 * answers `outcome` from `apply` and gives `readResult`, which reads it again. */
export function useSafeApply<Request>(
  apply: (input: { request: Request; safe: boolean }) => Promise<ApplyOutput>,
  waiting: PendingNetworkChange | null | undefined,
  /** When the device said so (RTK Query's fulfilledTimeStamp). */
  fetchedAt: number | undefined,
  readResult?: () => Promise<ApplyResult>,
) {
  const dispatch = useAppDispatch();
  // Told once the device has taken the change the form sent last (its draft can go then).
  const accepted = useRef<(() => void) | undefined>(undefined);
  const read = useRef(readResult);
  read.current = readResult;
  const implementations = useMemo(
    () => ({
      actors: {
        applyChange: fromPromise<ApplyOutput, ApplyInput>(async ({ input }) => {
          // The machine passes on the request `apply` below was given.
          const output = await apply(input as { request: Request; safe: boolean });
          accepted.current?.();
          return output;
        }),
        confirmChange: fromPromise<void, { id: string }>(async ({ input }) => {
          await dispatch(networkApi.endpoints.confirmChange.initiate(input)).unwrap();
        }),
        revertChange: fromPromise<void, { id: string }>(async ({ input }) => {
          await dispatch(networkApi.endpoints.revertChange.initiate(input)).unwrap();
        }),
        readResult: fromPromise<ApplyResult>(async () => {
          if (!read.current) throw new Error('This section reports no outcome to read');
          return read.current();
        }),
      },
      actions: {
        refresh: () => {
          dispatch(networkApi.util.invalidateTags(['Ethernet', 'Wifi', 'Hotspot', 'SystemInfo']));
        },
      },
    }),
    // The page's apply function closes over nothing that changes: it is built once per page.
    [dispatch],
  );
  const actor = useMachineActor(safeApplyMachine, implementations);
  const snapshot = useSelector(actor, (s) => s);

  const [mountedAt] = useState(() => Date.now());
  useEffect(() => {
    // Only an answer given since this page opened (a cached one may be a minute old), with the
    // seconds since it came counted off.
    if (!waiting || !fetchedAt || fetchedAt < mountedAt) return;
    const s = actor.getSnapshot();
    // A change this page has already shown (kept, reverted, expired, or counting) is not resumed
    // by an answer that was on its way meanwhile; nor while a call of the flow is running.
    if (s.context.pending?.id === waiting.id) return;
    if (s.hasTag('calling')) return;
    const left = waiting.seconds_left - Math.floor((Date.now() - fetchedAt) / 1000);
    if (left > 0) actor.send({ type: 'change.resume', pending: { ...waiting, seconds_left: left } });
  }, [waiting, fetchedAt, mountedAt, actor]);

  return {
    state: snapshot.value,
    context: snapshot.context,
    /** A change is being applied or awaits Keep / Revert: the form stays as it is meanwhile. */
    busy: snapshot.hasTag('busy'),
    /** The device took the change; what it led to is still awaited (`context.result` so far). */
    settling: snapshot.hasTag('settling'),
    /** The countdown with Keep / Revert shows (a keep or revert may be on its way). */
    waiting: snapshot.hasTag('waiting'),
    /** How the last change ended (kept, reverted, expired, applied or failed) shows until dismissed. */
    outcome: snapshot.hasTag('outcome'),
    /** Applies the change; `onAccepted` runs once the device has taken it (waiting or applied). */
    apply: (request: Request, safe: boolean, onAccepted?: () => void) => {
      accepted.current = onAccepted;
      actor.send({ type: 'change.apply', request, safe });
    },
    keep: () => actor.send({ type: 'change.keep' }),
    revert: () => actor.send({ type: 'change.revert' }),
    dismiss: () => actor.send({ type: 'change.dismiss' }),
  };
}

export type SafeApply<Request = unknown> = ReturnType<typeof useSafeApply<Request>>;
