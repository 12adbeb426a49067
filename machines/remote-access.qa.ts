/** The remote-access connection's QA entry: sample events, doubles and sample results (see qa-support.ts). */
import type { RemoteAccessStatus } from '../contract/api/remote-access';
import { FAST_POLL_MS, POLL_MS, RETRY_MS, remoteAccessMachine, type RemoteAccessEvent } from './remote-access.machine';
import { NETWORK_FAILURE, pendingPromise, samplesOf, type MachineEntry } from './qa-support';

export const SAMPLE_REMOTE_STATUSES = {
  notActivated: { state: 'not_activated' },
  connecting: { state: 'connecting' },
  connected: {
    state: 'connected',
    session_id: '482 115 907',
    version: '1.4.0-dev',
    domain: 'relay.example.com',
    url: 'http://relay.example.com:7101/',
    qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
  },
  occupied: { state: 'occupied', detail: 'Another panel holds the session of partner "line_partner"', retry_at: '2026-11-28T10:00:08.000Z' },
  wrongPassword: { state: 'disconnected', code: 'partner_auth', field: 'partner_password', detail: 'Wrong password for partner "line_partner"' },
  dns: { state: 'disconnected', code: '102', field: 'region', detail: 'relay.global.remote-access.invalid: the name could not be resolved (ENOTFOUND)', retry_at: '2026-11-28T10:00:04.000Z' },
} satisfies Record<string, RemoteAccessStatus>;

const S = SAMPLE_REMOTE_STATUSES;

export const remoteAccessQa: MachineEntry = {
  id: remoteAccessMachine.id,
  textNamespace: 'remote-access',
  machine: remoteAccessMachine,
  textValues: { fast: `${FAST_POLL_MS / 1000} s`, poll: `${POLL_MS / 1000} s`, retry: `${RETRY_MS / 1000} s` },
  events: samplesOf<RemoteAccessEvent>([{ type: 'remote.connect' }, { type: 'remote.disconnect' }, { type: 'remote.changed' }, { type: 'remote.retry' }]),
  doubles: {
    actors: {
      fetchStatus: pendingPromise<RemoteAccessStatus>(),
      connect: pendingPromise<RemoteAccessStatus>(),
      disconnect: pendingPromise<RemoteAccessStatus>(),
    },
  },
  outcomes: {
    fetchStatus: { output: S.connected, otherOutputs: [S.notActivated, S.connecting, S.occupied, S.wrongPassword, S.dns], error: NETWORK_FAILURE },
    connect: { output: S.connecting, otherOutputs: [S.connected, S.occupied, S.wrongPassword, S.notActivated], error: NETWORK_FAILURE },
    disconnect: { output: S.notActivated, otherOutputs: [S.connecting, S.connected, S.occupied, S.dns], error: NETWORK_FAILURE },
  },
};
