/** The OPC UA server's state on this screen: the opcuaServer machine, asking the device. */
import { fromPromise } from 'xstate';
import { useSelector } from '@xstate/react';
import { useAppDispatch } from '../../../store';
import { opcuaApi } from '../../../store/api/opcua-endpoints';
import type { OpcuaStatus } from '../../../contract/api/opcua';
import { opcuaServerMachine, type OpcuaServerTag } from '../../../machines/opcua-server.machine';
import { useMachineActor } from '../../app/use-machine-actor';

const TAGS: readonly OpcuaServerTag[] = ['loading', 'running', 'stopping', 'stopped', 'restarting', 'restart_failed', 'unreachable'];

export interface OpcuaServerView {
  /** The one tag the machine's state carries: what the status card shows. */
  phase: OpcuaServerTag;
  status: OpcuaStatus | null;
  /** Why the last status request failed (while `unreachable`). */
  error: string | null;
  /** Tells the machine the console changed what the server publishes (`enabled`: its setting now). */
  changed(enabled: boolean): void;
  /** Asks the device again for the status and for whatever else of this screen failed: one Retry
   * recovers the whole screen. */
  retry(): void;
}

export function useOpcuaServer(): OpcuaServerView {
  const dispatch = useAppDispatch();
  const actor = useMachineActor(opcuaServerMachine, {
    actors: {
      // A change re-enters the machine while an earlier ask may still be on its way, and RTK Query
      // runs one request per cache entry at a time: let that one end (the base query bounds it
      // with its timeout), then ask afresh. No loop and no timer here; the machine owns the pace.
      fetchStatus: fromPromise<OpcuaStatus>(async () => {
        await dispatch(opcuaApi.util.getRunningQueryThunk('opcuaStatus', undefined));
        const status = await dispatch(opcuaApi.endpoints.opcuaStatus.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
        if (!status) throw new Error('The status request did not run');
        return status;
      }),
    },
  });
  const phase = useSelector(actor, (s) => TAGS.find((tag) => s.hasTag(tag)) ?? 'loading');
  const status = useSelector(actor, (s) => s.context.status);
  const error = useSelector(actor, (s) => s.context.error);
  return {
    phase,
    status,
    error,
    changed: (enabled) => actor.send({ type: 'server.changed', enabled }),
    retry: () => {
      actor.send({ type: 'server.retry' });
      dispatch(opcuaApi.util.invalidateTags(['OpcuaSettings', 'OpcuaTree', 'OpcuaDrivers', 'OpcuaCertificates']));
    },
  };
}
