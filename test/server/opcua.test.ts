/** The OPC UA server, driven by a real node-opcua client: it is off on a new device, anonymous
 * sessions are refused by default, a user reads tags and writes the writable ones (the runtime's
 * value changes) and no others, an unknown client certificate is rejected and trusted from the
 * API, a new port moves the endpoint, disabling stops it. */
import { AccessLevelFlag, DataType, StatusCodes } from 'node-opcua';
import { ACCOUNT_THROTTLE_FAILURES } from '../../server/services/sign-in-limits';
import { startTestDevice, type TestDevice } from '../support/device';
import { multipartBody } from '../support/multipart';
import { AttributeIds, disposeIdentity, freePort, makeClientIdentity, MessageSecurityMode, openSession, relayFrom, SecurityPolicy, type ClientIdentity } from '../support/opcua-client';
import { opcuaSettingsInput, type DeepPartial } from '../support/settings';
import type { OpcuaSettingsInput, OpcuaStatus } from '../../contract/api/opcua';
import { opcuaNodeTree } from '../../server/services/opcua/node-tree';

jest.setTimeout(60_000);

const USER = { userName: 'scada', password: 'Scada-Pass-1' };
const READER = { userName: 'viewer', password: 'Viewer-Pass-1' };
const BROWSER = { userName: 'browser', password: 'Browser-Pass-1' };
/** The user whose password the throttle test guesses (its own, so the others stay unthrottled). */
const GUESSED = { userName: 'line2', password: 'Line2-Pass-1' };

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
      { username: GUESSED.userName, password: GUESSED.password, browse: true, read: true, write: false },
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

  test('[OPC-01] with anonymous access on, a browse-only user still may not read: its rights are its own, not the anonymous ones', async () => {
    expect((await t.call('PUT', '/api/v1/opcua/settings', token, settings(port, { anonymous: true }))).statusCode).toBe(200);
    expect((await status()).state).toBe('running');
    const level = (nodeId: string) => [
      { nodeId, attributeId: AttributeIds.Value },
      { nodeId, attributeId: AttributeIds.UserAccessLevel },
    ];
    try {
      const named = await openSession(endpoint, client, { user: BROWSER });
      try {
        const [value, access] = await named.session.read(level('ns=1;s=Tank1_Level'));
        expect(value!.statusCode).toBe(StatusCodes.BadUserAccessDenied);
        expect(access!.statusCode).toBe(StatusCodes.Good);
        expect(access!.value.value & AccessLevelFlag.CurrentRead).toBe(0);
      } finally {
        await named.close();
      }
      // Anonymous gets what anonymous is given: browse and read, no write.
      const anonymous = await openSession(endpoint, client);
      try {
        const [value, access] = await anonymous.session.read(level('ns=1;s=Tank1_Setpoint'));
        expect(value!.statusCode).toBe(StatusCodes.Good);
        expect(access!.value.value & (AccessLevelFlag.CurrentRead | AccessLevelFlag.CurrentWrite)).toBe(AccessLevelFlag.CurrentRead);
      } finally {
        await anonymous.close();
      }
      // A user with the write right keeps it beside anonymous.
      const writer = await openSession(endpoint, client, { user: USER });
      try {
        const [, access] = await writer.session.read(level('ns=1;s=Tank1_Setpoint'));
        expect(access!.value.value & (AccessLevelFlag.CurrentRead | AccessLevelFlag.CurrentWrite)).toBe(AccessLevelFlag.CurrentRead | AccessLevelFlag.CurrentWrite);
      } finally {
        await writer.close();
      }
    } finally {
      expect((await t.call('PUT', '/api/v1/opcua/settings', token, settings(port))).statusCode).toBe(200);
      await status();
    }
  });

  test('[OPC-01] a string longer than its tag holds is refused with BadOutOfRange and nothing is written; MaxStringLength says how long', async () => {
    // Batch_Code (16 words, 32 bytes of UTF-8) joins the published tree.
    const nodes = opcuaNodeTree(t.device.project.project);
    const batch = t.device.project.project.tags.find((x) => x.name === 'Batch_Code')!;
    nodes[0]!.children!.find((c) => c.name === 'Line')!.children!.push({
      id: 't:Batch_Code',
      name: 'Batch_Code',
      kind: 'tag',
      tag: { tag_name: 'Batch_Code', folder_name: 'Line', type: 'internal', plc: batch.plc, address: batch.address, format: batch.format, index_register: null, data_type: 'string', length: batch.length, access: { readable: true, writable: true } },
    });
    expect((await t.call('PUT', '/api/v1/opcua/node-tree', token, { nodes })).statusCode).toBe(200);
    await status();
    const c = await openSession(endpoint, client, { user: USER });
    const write = (value: string) => c.session.write({ nodeId: 'ns=1;s=Batch_Code', attributeId: AttributeIds.Value, value: { value: { dataType: DataType.String, value } } });
    const value = async () => (await c.session.read({ nodeId: 'ns=1;s=Batch_Code', attributeId: AttributeIds.Value })).value.value;
    try {
      const properties = await c.session.browse({ nodeId: 'ns=1;s=Batch_Code', referenceTypeId: 'HasProperty', browseDirection: 0, includeSubtypes: true, nodeClassMask: 0, resultMask: 63 });
      const max = properties.references!.find((r) => r.browseName.name === 'MaxStringLength' && r.browseName.namespaceIndex === 0);
      expect(max).toBeDefined();
      const read = await c.session.read({ nodeId: max!.nodeId, attributeId: AttributeIds.Value });
      expect(read.value).toMatchObject({ dataType: DataType.UInt32, value: 32 });

      expect(await write('B-2026-11')).toBe(StatusCodes.Good);
      expect(await write('x'.repeat(33))).toBe(StatusCodes.BadOutOfRange);
      // 17 characters, 34 bytes: the length counts bytes, as MaxStringLength does.
      expect(await write('é'.repeat(17))).toBe(StatusCodes.BadOutOfRange);
      expect(await value()).toBe('B-2026-11');
      expect(t.device.tagValues.value('Batch_Code', t.device.time.nowMs())).toBe('B-2026-11');
      expect(await write('x'.repeat(32))).toBe(StatusCodes.Good);
      expect(await value()).toBe('x'.repeat(32));
    } finally {
      await c.close();
    }
  });

  test(`[LOCK-03] wrong passwords for one user from ${ACCOUNT_THROTTLE_FAILURES + 1} addresses hold that user back, even with the right password from another address`, async () => {
    // The user signs in from this machine's usual address first: that address is not held back.
    const usual = await openSession(endpoint, client, { user: GUESSED });
    await usual.close();
    const relays: Awaited<ReturnType<typeof relayFrom>>[] = [];
    try {
      for (let i = 0; i <= ACCOUNT_THROTTLE_FAILURES; i++) {
        const relay = await relayFrom(endpoint, `127.0.0.${20 + i}`);
        relays.push(relay);
        await expect(openSession(relay.url, client, { user: { userName: GUESSED.userName, password: `wrong-${i}-password` } })).rejects.toThrow();
      }
      const other = await relayFrom(endpoint, '127.0.0.60');
      relays.push(other);
      await expect(openSession(other.url, client, { user: GUESSED })).rejects.toThrow();
      const trace = (await t.call('GET', '/api/v1/opcua/trace?after=0&limit=1000', token)).json();
      const lines = trace.lines.map((l: { message: string }) => l.message);
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^Session refused: too many sign-in attempts for ${GUESSED.userName} from 127\\.0\\.0\\.60 \\(next attempt in \\d+ s\\)$`)));
      // Refused before its password was checked; each guessing address made one attempt only (no
      // per-address limit was reached).
      expect(lines.filter((l: string) => l.includes('too many sign-in attempts'))).toHaveLength(1);
      const back = await openSession(endpoint, client, { user: GUESSED });
      await back.close();
    } finally {
      await Promise.all(relays.map((r) => r.close()));
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
