/** The OPC UA server, driven by a real node-opcua client: it is off on a new device, anonymous
 * sessions are refused by default, a user reads tags and writes the writable ones (the runtime's
 * value changes) and no others, an unknown client certificate is rejected and trusted from the
 * API, a new port moves the endpoint, disabling stops it. */
import { DataType, StatusCodes } from 'node-opcua';
import { startTestDevice, type TestDevice } from '../support/device';
import { multipartBody } from '../support/multipart';
import { AttributeIds, disposeIdentity, freePort, makeClientIdentity, MessageSecurityMode, openSession, SecurityPolicy, type ClientIdentity } from '../support/opcua-client';
import { opcuaSettingsInput, type DeepPartial } from '../support/settings';
import type { OpcuaSettingsInput, OpcuaStatus } from '../../contract/api/opcua';

jest.setTimeout(60_000);

const USER = { userName: 'scada', password: 'Scada-Pass-1' };
const READER = { userName: 'viewer', password: 'Viewer-Pass-1' };
const BROWSER = { userName: 'browser', password: 'Browser-Pass-1' };

/** The server on, with three users (all rights, no write, browse only), offering Basic256Sha256 and Aes256_Sha256_RsaPss (Sign &
 * Encrypt) but not Aes128_Sha256_RsaOaep: the policy tests connect with what is ticked and not. */
function settings(port: number, over: DeepPartial<OpcuaSettingsInput> = {}): OpcuaSettingsInput {
  return opcuaSettingsInput({
    enabled: true,
    port,
    security: { basic256sha256: ['sign', 'sign_encrypt'], aes128_sha256_rsaoaep: [], aes256_sha256_rsapss: ['sign_encrypt'] },
    users: [
      { username: USER.userName, password: USER.password, browse: true, read: true, write: true },
      { username: READER.userName, password: READER.password, browse: true, read: true, write: false },
      { username: BROWSER.userName, password: BROWSER.password, browse: true, read: false, write: false },
    ],
    ...over,
  });
}

let t: TestDevice;
let token: string;
let client: ClientIdentity;
let stranger: ClientIdentity;

async function status(): Promise<OpcuaStatus> {
  await t.device.opcua.settled();
  return (await t.call('GET', '/api/v1/opcua/status', token)).json();
}

async function trust(identity: ClientIdentity): Promise<void> {
  const { payload, headers } = multipartBody([{ name: 'file', filename: `${identity.name}.der`, content: identity.der() }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/opcua/certificates/trusted_clients', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  [client, stranger] = await Promise.all([makeClientIdentity('scada-client'), makeClientIdentity('unknown-client')]);
  t = await startTestDevice();
  token = await t.login();
});

afterAll(async () => {
  await t.close();
  await disposeIdentity(client);
  await disposeIdentity(stranger);
});

test('[SVC-01] a new device runs no OPC UA server', async () => {
  const s = await status();
  expect(s).toMatchObject({ state: 'stopped', enabled: false, endpoint_url: null, sessions: 0 });
  const stored = (await t.call('GET', '/api/v1/opcua/settings', token)).json();
  expect(stored).toMatchObject({ enabled: false, port: 4840, anonymous: false, security: { none: false } });
});

describe('enabled with three users', () => {
  let endpoint: string;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    const res = await t.call('PUT', '/api/v1/opcua/settings', token, settings(port));
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).not.toContain(USER.password);
    expect(res.json().users[0]).not.toHaveProperty('password');
    const s = await status();
    expect(s.state).toBe('running');
    endpoint = s.endpoint_url!;
    expect(endpoint).toBe(`opc.tcp://localhost:${port}`);
    await trust(client);
  });

  test('[OPC-01] anonymous sessions are refused by default', async () => {
    await expect(openSession(endpoint, client)).rejects.toThrow();
  });

  test('[LOCK-03] a wrong password is refused', async () => {
    await expect(openSession(endpoint, client, { user: { userName: USER.userName, password: 'not-it-at-all' } })).rejects.toThrow();
  });

  test('a user reads tags, writes a writable one, and is refused on a read-only one', async () => {
    const c = await openSession(endpoint, client, { user: USER });
    try {
      const [level, setpoint, running] = await c.session.read([
        { nodeId: 'ns=1;s=Tank1_Level', attributeId: AttributeIds.Value },
        { nodeId: 'ns=1;s=Tank1_Setpoint', attributeId: AttributeIds.Value },
        { nodeId: 'ns=1;s=Pump1_Running', attributeId: AttributeIds.Value },
      ]);
      expect(level!.statusCode).toBe(StatusCodes.Good);
      expect(level!.value.dataType).toBe(DataType.UInt16);
      expect(level!.value.value).toBe(t.device.tagValues.value('Tank1_Level', t.device.time.nowMs()));
      expect(setpoint!.value.value).toBe(80);
      expect(running!.value.dataType).toBe(DataType.Boolean);

      const ok = await c.session.write({ nodeId: 'ns=1;s=Tank1_Setpoint', attributeId: AttributeIds.Value, value: { value: { dataType: DataType.UInt16, value: 65 } } });
      expect(ok).toBe(StatusCodes.Good);
      expect(t.device.tagValues.value('Tank1_Setpoint', t.device.time.nowMs())).toBe(65);
      const back = await c.session.read({ nodeId: 'ns=1;s=Tank1_Setpoint', attributeId: AttributeIds.Value });
      expect(back.value.value).toBe(65);

      const refused = await c.session.write({ nodeId: 'ns=1;s=Tank1_Level', attributeId: AttributeIds.Value, value: { value: { dataType: DataType.UInt16, value: 1 } } });
      expect(refused).toBe(StatusCodes.BadNotWritable);

      const browse = await c.session.browse('ns=1;s=/Sample Bottling Line/Tanks');
      expect(browse.references!.map((r) => r.browseName.name).sort()).toEqual(['Tank1_Level', 'Tank1_Setpoint', 'Tank1_Temperature']);
    } finally {
      await c.close();
    }
  });

  test('a user without the write right may read but not write', async () => {
    const c = await openSession(endpoint, client, { user: READER });
    try {
      const v = await c.session.read({ nodeId: 'ns=1;s=Tank1_Setpoint', attributeId: AttributeIds.Value });
      expect(v.statusCode).toBe(StatusCodes.Good);
      const refused = await c.session.write({ nodeId: 'ns=1;s=Tank1_Setpoint', attributeId: AttributeIds.Value, value: { value: { dataType: DataType.UInt16, value: 3 } } });
      expect(refused).toBe(StatusCodes.BadUserAccessDenied);
    } finally {
      await c.close();
    }
  });

  test('a user with the browse right only may browse but not read a value', async () => {
    const c = await openSession(endpoint, client, { user: BROWSER });
    try {
      const browse = await c.session.browse('ns=1;s=/Sample Bottling Line/Tanks');
      expect(browse.references!.map((r) => r.browseName.name)).toContain('Tank1_Level');
      const v = await c.session.read({ nodeId: 'ns=1;s=Tank1_Level', attributeId: AttributeIds.Value });
      expect(v.statusCode).toBe(StatusCodes.BadUserAccessDenied);
    } finally {
      await c.close();
    }
  });

  test('[OPC-01] a security policy that is not ticked is not offered; None serves discovery only', async () => {
    await expect(openSession(endpoint, client, { user: USER, securityPolicy: SecurityPolicy.None, securityMode: MessageSecurityMode.None })).rejects.toThrow();
    await expect(openSession(endpoint, client, { user: USER, securityPolicy: SecurityPolicy.Aes128_Sha256_RsaOaep, securityMode: MessageSecurityMode.Sign })).rejects.toThrow();
    const c = await openSession(endpoint, client, { user: USER, securityPolicy: SecurityPolicy.Aes256_Sha256_RsaPss, securityMode: MessageSecurityMode.SignAndEncrypt });
    await c.close();
  });

  test('[OPC-01] an unknown client is rejected, listed, trusted from the API, and then connects', async () => {
    await expect(openSession(endpoint, stranger, { user: USER })).rejects.toThrow();
    const id = stranger.manager && (await t.call('GET', '/api/v1/opcua/certificates', token)).json().rejected.find((c: { uri: string }) => c.uri === stranger.applicationUri)?.id;
    expect(id).toMatch(/^[a-f0-9]{40}$/);
    const listed = (await t.call('GET', '/api/v1/opcua/certificates', token)).json();
    const entry = listed.rejected.find((c: { id: string }) => c.id === id);
    expect(entry).toMatchObject({ subject: expect.stringContaining('CN=unknown-client'), expired: false, first_seen: expect.any(String) });
    expect((await status()).rejected).toBeGreaterThanOrEqual(1);
    const logged = t.device.db.prepare("SELECT after_value FROM operation_log WHERE action = 'opcua_client_rejected'").all() as { after_value: string }[];
    expect(logged.map((r) => JSON.parse(r.after_value).id)).toContain(id);

    const trusted = await t.call('POST', `/api/v1/opcua/certificates/rejected/${id}/trust`, token);
    expect(trusted.statusCode).toBe(200);
    expect(trusted.json().rejected.map((c: { id: string }) => c.id)).not.toContain(id);
    expect(trusted.json().trusted_clients.map((c: { id: string }) => c.id)).toContain(id);

    const c = await openSession(endpoint, stranger, { user: READER });
    await c.close();
  });

  test('a new port moves the endpoint; the old one no longer answers', async () => {
    const next = await freePort();
    expect((await t.call('PUT', '/api/v1/opcua/settings', token, settings(next, { users: [{ username: USER.userName, browse: true, read: true, write: true }] }))).statusCode).toBe(200);
    const s = await status();
    expect(s).toMatchObject({ state: 'running', endpoint_url: `opc.tcp://localhost:${next}` });
    await expect(openSession(endpoint, client, { user: USER })).rejects.toThrow();
    // The stored user kept its password although the PUT left it out.
    const c = await openSession(s.endpoint_url!, client, { user: USER });
    await c.close();
    endpoint = s.endpoint_url!;
    port = next;
  });

  test('with None and anonymous ticked, an anonymous client reads over None but may not write', async () => {
    const open = settings(port, { anonymous: true, security: { none: true, basic256sha256: ['sign_encrypt'], aes128_sha256_rsaoaep: [], aes256_sha256_rsapss: [] }, users: [] });
    expect((await t.call('PUT', '/api/v1/opcua/settings', token, open)).statusCode).toBe(200);
    const s = await status();
    const c = await openSession(s.endpoint_url!, client, { securityPolicy: SecurityPolicy.None, securityMode: MessageSecurityMode.None });
    try {
      const v = await c.session.read({ nodeId: 'ns=1;s=Tank1_Setpoint', attributeId: AttributeIds.Value });
      expect(v.statusCode).toBe(StatusCodes.Good);
      const refused = await c.session.write({ nodeId: 'ns=1;s=Tank1_Setpoint', attributeId: AttributeIds.Value, value: { value: { dataType: DataType.UInt16, value: 5 } } });
      expect(refused).toBe(StatusCodes.BadUserAccessDenied);
    } finally {
      await c.close();
    }
  });

  test('disabling stops the server', async () => {
    expect((await t.call('PUT', '/api/v1/opcua/settings', token, settings(port, { enabled: false, users: [] }))).statusCode).toBe(200);
    expect(await status()).toMatchObject({ state: 'stopped', enabled: false, endpoint_url: null });
    await expect(openSession(endpoint, client, { user: USER })).rejects.toThrow();
  });
});
