import fs from 'node:fs';
import path from 'node:path';
import type { TestDevice } from '../device';
import { disposeIdentity, makeClientIdentity } from '../opcua-client';
import { opcuaNodeTree } from '../../../server/services/opcua/node-tree';
import { opcuaSettingsInput } from '../settings';
import type { AreaCases } from './types';

/** A client application's certificate and key, as files an administrator would upload. */
async function certificatePair(name: string): Promise<{ der: Buffer; keyPem: Buffer }> {
  const identity = await makeClientIdentity(name);
  try {
    return { der: identity.der(), keyPem: fs.readFileSync(identity.privateKeyFile) };
  } finally {
    await disposeIdentity(identity);
  }
}

/** A certificate the server refused: what node-opcua files under `rejected/`. */
async function rejectedCertificate(t: TestDevice): Promise<string> {
  await t.device.opcua.certificates();
  const { der } = await certificatePair('refused');
  fs.writeFileSync(path.join(t.dataDir, 'opcua', 'pki', 'rejected', 'refused.der'), der);
  return (await t.device.opcua.certificates()).rejected[0]!.id;
}

export const opcuaCases: AreaCases = {
  'opcua.nodeTree': { account: 'admin' },
  'opcua.driverTable': { account: 'admin' },
  'opcua.setNodeTree': {
    account: 'admin',
    prepare: async (t) => ({ body: { nodes: opcuaNodeTree(t.device.project.project) } }),
    invalid: { body: { nodes: [] }, field: 'nodes' },
  },
  'opcua.status': { account: 'admin' },
  'opcua.getSettings': { account: 'admin' },
  'opcua.setSettings': {
    account: 'admin',
    prepare: async (t) => {
      const { users: _users, ...stored } = t.device.settings.get('opcua');
      return { body: { ...stored, server_name: 'Panel 7', users: [] } };
    },
    invalid: { body: opcuaSettingsInput({ port: 0 }), field: 'port' },
  },
  'opcua.trace': { account: 'admin', query: { after: '0' }, invalid: { query: { limit: '0' }, field: 'limit' } },
  'opcua.downloadTrace': { account: 'admin' },
  'opcua.certificates': { account: 'admin' },
  'opcua.trustRejected': {
    account: 'admin',
    prepare: async (t) => ({ url: `/api/v1/opcua/certificates/rejected/${await rejectedCertificate(t)}/trust` }),
    invalid: { url: '/api/v1/opcua/certificates/rejected/not-an-id/trust', field: 'id' },
  },
  'opcua.regenerateOwn': { account: 'admin' },
  'opcua.uploadOwn': {
    account: 'admin',
    prepare: async () => {
      const { der, keyPem } = await certificatePair('own');
      return {
        multipart: [
          { name: 'certificate', filename: 'server.der', content: der },
          { name: 'private_key', filename: 'server.key', content: keyPem },
        ],
      };
    },
    invalid: { multipart: [{ name: 'certificate', filename: 'server.der', content: Buffer.from([0x30, 0]) }], field: 'private_key' },
  },
  'opcua.uploadCertificate': {
    account: 'admin',
    url: '/api/v1/opcua/certificates/trusted_clients',
    prepare: async () => ({ multipart: [{ name: 'file', filename: 'client.der', content: (await certificatePair('trusted')).der }] }),
    invalid: { url: '/api/v1/opcua/certificates/rejected', multipart: [{ name: 'file', filename: 'x.der', content: Buffer.from([0x30, 0]) }], field: 'list' },
  },
  'opcua.removeCertificate': {
    account: 'admin',
    prepare: async (t) => {
      const { der } = await certificatePair('removed');
      const added = await t.device.opcua.addCertificate('trusted_users', der);
      return { url: `/api/v1/opcua/certificates/trusted_users/${added.id}` };
    },
    invalid: { url: '/api/v1/opcua/certificates/everything/0123456789012345678901234567890123456789', field: 'list' },
  },
  'opcua.downloadCertificate': {
    account: 'admin',
    prepare: async (t) => ({ url: `/api/v1/opcua/certificates/own/${(await t.device.opcua.certificates()).own.id}/file` }),
    invalid: { url: '/api/v1/opcua/certificates/own/abc/file', field: 'id' },
  },
};
