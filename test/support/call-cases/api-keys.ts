import type { AreaCases } from './types';

/** A key made for the revoke case, straight through the service. */
const madeKey = (t: Parameters<NonNullable<AreaCases[string]['prepare']>>[0]) =>
  t.device.apiKeys.create({ name: 'case key', account: 'history', menus: ['event_log'], access: 'read_only', expires_at: null }, 'admin').key;

export const apiKeysCases: AreaCases = {
  'apiKeys.list': { account: 'admin' },
  'apiKeys.create': {
    account: 'admin',
    body: { name: 'SCADA reader', account: 'history', menus: ['event_log', 'data_log'], access: 'read_only' },
    invalid: { body: { name: '', account: 'history', menus: ['event_log'], access: 'read_only' }, field: 'name' },
  },
  'apiKeys.revoke': {
    account: 'admin',
    url: '/api/v1/uac/api-keys/0000000000000000',
    invalid: { url: '/api/v1/uac/api-keys/not-an-id', field: 'id' },
    prepare: async (t) => ({ url: `/api/v1/uac/api-keys/${madeKey(t).id}` }),
  },
};
