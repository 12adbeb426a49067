/** The OPC UA server state's QA entry: sample events, doubles and sample results (see qa-support.ts). */
import type { OpcuaStatus } from '../contract/api/opcua';
import { FAST_POLL_MS, RESTART_TIMEOUT_MS, RETRY_MS, STATUS_POLL_MS, opcuaServerMachine, type OpcuaServerEvent } from './opcua-server.machine';
import { NETWORK_FAILURE, pendingPromise, samplesOf, type MachineEntry } from './qa-support';

const STARTED = '2026-11-24T08:00:00.000Z';
const RESTARTED = '2026-11-24T08:05:12.000Z';
const ENDPOINT = 'opc.tcp://hmi-x1070:4840';

/** A sample status: the server running since STARTED, no session, no discovery server. */
export function sampleOpcuaStatus(extra: Partial<OpcuaStatus> = {}): OpcuaStatus {
  return {
    state: 'running',
    enabled: true,
    restarting: false,
    endpoint_url: ENDPOINT,
    sessions: 0,
    since: STARTED,
    error: null,
    discovery: null,
    waiting_for: null,
    rejected: 0,
    ...extra,
  };
}

export const SAMPLE_OPCUA_STATUSES = {
  running: sampleOpcuaStatus({ sessions: 2 }),
  /** Running again after a change: it started later. */
  restarted: sampleOpcuaStatus({ since: RESTARTED }),
  /** In the middle of a restart. */
  restarting: sampleOpcuaStatus({ state: 'stopping', restarting: true, endpoint_url: null, since: null }),
  /** Disabled, its stop held up by a discovery server that does not answer (§4). */
  stopping: sampleOpcuaStatus({
    state: 'running',
    enabled: false,
    discovery: { url: 'opc.tcp://lds.plant.local:4840', state: 'unavailable' },
    waiting_for: 'discovery_server',
  }),
  /** Stopped because its port was taken. */
  stopped: sampleOpcuaStatus({
    state: 'stopped',
    endpoint_url: null,
    since: null,
    error: { code: 'port_in_use', message: 'listen EADDRINUSE: address already in use 0.0.0.0:4840' },
  }),
} satisfies Record<string, OpcuaStatus>;

export const opcuaServerQa: MachineEntry = {
  id: opcuaServerMachine.id,
  textNamespace: 'opcua',
  machine: opcuaServerMachine,
  textValues: {
    poll: `${STATUS_POLL_MS / 1000} s`,
    fast: `${FAST_POLL_MS / 1000} s`,
    timeout: `${RESTART_TIMEOUT_MS / 1000} s`,
    retry: `${RETRY_MS / 1000} s`,
  },
  events: samplesOf<OpcuaServerEvent>([{ type: 'server.changed', enabled: true }, { type: 'server.changed', enabled: false }, { type: 'server.retry' }]),
  doubles: { actors: { fetchStatus: pendingPromise<OpcuaStatus>() } },
  outcomes: {
    fetchStatus: {
      output: SAMPLE_OPCUA_STATUSES.running,
      otherOutputs: [SAMPLE_OPCUA_STATUSES.restarted, SAMPLE_OPCUA_STATUSES.restarting, SAMPLE_OPCUA_STATUSES.stopping, SAMPLE_OPCUA_STATUSES.stopped],
      error: NETWORK_FAILURE,
    },
  },
};
