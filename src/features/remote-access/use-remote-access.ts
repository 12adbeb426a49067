/** The remote-access connection on this screen: the remoteAccess machine, asking the device. */
import { fromPromise } from 'xstate';
import { useSelector } from '@xstate/react';
import { useAppDispatch } from '../../../store';
import { remoteAccessApi } from '../../../store/api/remote-access-endpoints';
import type { RemoteAccessStatus } from '../../../contract/api/remote-access';
import { remoteAccessMachine, type RemoteAccessTag } from '../../../machines/remote-access.machine';
import { useMachineActor } from '../../app/use-machine-actor';

const PHASES: readonly RemoteAccessTag[] = ['loading', 'not_activated', 'connecting', 'connected', 'occupied', 'disconnected', 'unreachable'];

export interface RemoteAccessView {
  phase: RemoteAccessTag;
  busy: boolean;
  status: RemoteAccessStatus | null;
  error: string | null;
  connect(): void;
  disconnect(): void;
  /** The settings were saved: the status is asked for at once. */
  changed(): void;
  retry(): void;
}

export function useRemoteAccess(): RemoteAccessView {
  const dispatch = useAppDispatch();
  const actor = useMachineActor(remoteAccessMachine, {
    actors: {
      fetchStatus: fromPromise<RemoteAccessStatus>(async () => {
        await dispatch(remoteAccessApi.util.getRunningQueryThunk('remoteAccessStatus', undefined));
        const status = await dispatch(remoteAccessApi.endpoints.remoteAccessStatus.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
        if (!status) throw new Error('The status request did not run');
        return status;
      }),
      connect: fromPromise<RemoteAccessStatus>(() => dispatch(remoteAccessApi.endpoints.connectRemoteAccess.initiate(undefined)).unwrap()),
      disconnect: fromPromise<RemoteAccessStatus>(() => dispatch(remoteAccessApi.endpoints.disconnectRemoteAccess.initiate(undefined)).unwrap()),
    },
  });
  const phase = useSelector(actor, (s) => PHASES.find((tag) => s.hasTag(tag)) ?? 'loading');
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const status = useSelector(actor, (s) => s.context.status);
  const error = useSelector(actor, (s) => s.context.error);
  return {
    phase,
    busy,
    status,
    error,
    connect: () => actor.send({ type: 'remote.connect' }),
    disconnect: () => actor.send({ type: 'remote.disconnect' }),
    changed: () => actor.send({ type: 'remote.changed' }),
    retry: () => {
      actor.send({ type: 'remote.retry' });
      dispatch(remoteAccessApi.util.invalidateTags(['RemoteAccessSettings']));
    },
  };
}
