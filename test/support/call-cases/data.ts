import type { TestDevice } from '../device';
import type { AreaCases } from './types';

/** The id of the running project's first data log (the sample's "Tank trend"), with a few records. */
function logWithRecords(t: TestDevice): number {
  const now = t.device.time.nowMs();
  for (let i = 0; i < 5; i++) t.device.recorder.scan(now + i * 5000);
  return t.device.dataLogs.list()[0]!.id;
}

/** An alarm event raised just now (the sample's first alarm, its tag forced over the limit). */
function raisedEvent(t: TestDevice): number {
  const alarm = t.device.project.project.alarms[0]!;
  t.device.alarms.evaluate([alarm], () => alarm.condition.value + 1, t.device.time.nowMs());
  return t.device.alarms.list({ state: 'active' }, 1).events[0]!.id;
}

const RANGE = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };

export const dataCases: AreaCases = {
  'data.logs': { account: 'history' },
  'data.trend': {
    account: 'history',
    prepare: async (t) => ({ url: `/api/v1/datalog/${logWithRecords(t)}/trend` }),
    query: { ...RANGE, points: '500' },
    invalid: { url: '/api/v1/datalog/1/trend', query: { points: '1001' }, field: 'points' },
  },
  'data.records': {
    account: 'history',
    prepare: async (t) => ({ url: `/api/v1/datalog/${logWithRecords(t)}/records` }),
    query: { limit: '2' },
    invalid: { url: '/api/v1/datalog/1/records', query: { cursor: 'next' }, field: 'cursor' },
  },
  'data.exportLog': {
    account: 'history',
    prepare: async (t) => ({ url: `/api/v1/datalog/${logWithRecords(t)}/export` }),
    query: RANGE,
    invalid: { url: '/api/v1/datalog/1/export', query: { from: 'yesterday' }, field: 'from' },
  },
  'data.events': {
    account: 'history',
    query: { state: 'active', severity: 'high,low' },
    invalid: { query: { severity: 'urgent' }, field: 'severity' },
  },
  'data.ackEvent': {
    account: 'admin',
    prepare: async (t) => ({ url: `/api/v1/eventlog/${raisedEvent(t)}/ack` }),
    invalid: { url: '/api/v1/eventlog/first/ack', field: 'id' },
  },
  'data.ackAllEvents': { account: 'admin' },
  'data.exportEvents': {
    account: 'history',
    query: { text: 'tank' },
    invalid: { query: { state: 'sleeping' }, field: 'state' },
  },
  'data.operations': {
    account: 'history',
    query: { result: 'success', limit: '10' },
    invalid: { query: { action: 'dance' }, field: 'action' },
  },
  'data.exportOperations': {
    account: 'history',
    query: { account: 'admin' },
    invalid: { query: { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, field: 'to' },
  },
  'data.getRetention': { account: 'history' },
  'data.setRetention': {
    account: 'admin',
    body: { rows: 5000, days: 30 },
    invalid: { body: { rows: 10, days: 30 }, field: 'rows' },
  },
  'data.media': { account: 'history' },
  'data.backup': {
    account: 'history',
    body: { what: ['eventlog', 'operationlog'], ...RANGE, target: 'download' },
    invalid: { body: { what: [], ...RANGE, target: 'download' }, field: 'what' },
  },
  'data.backupToMedia': {
    account: 'update',
    body: { what: ['datalog'], ...RANGE, target: 'usb' },
    invalid: { body: { what: ['datalog'], ...RANGE, target: 'floppy' }, field: 'target' },
  },
};
