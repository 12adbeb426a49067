/** Enhanced Security's accounts as OPC UA users (specification §6; docs/decisions.md#enhanced-security),
 * driven by a real node-opcua client: off by default; once the mapping is on, an account signs in
 * with its password and browses, reads and writes as its classes give; a change of its classes
 * holds at once; the OPC UA screen's own user of the same name stays the OPC UA user. */
import { DataType, StatusCodes } from 'node-opcua';
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { multipartBody } from '../support/multipart';
import { AttributeIds, disposeIdentity, freePort, makeClientIdentity, openSession, type ClientIdentity } from '../support/opcua-client';
import { opcuaSettingsInput } from '../support/settings';

jest.setTimeout(60_000);

const WRITER = { userName: 'line_writer', password: 'Writer-Pass-1' };
const READER = { userName: 'line_reader', password: 'Reader-Pass-1' };
const BROWSER = { userName: 'line_browser', password: 'Browser-Pass-1' };
const SCADA = { userName: 'scada', password: 'Scada-Pass-1' };

let t: TestDevice;
let token: string;
let client: ClientIdentity;
let endpoint: string;

const mapping = (enabled: boolean) =>
  t.call('PUT', '/api/v1/security/opcua', token, { enabled, browse: ['A', 'B', 'C'], read: ['B', 'C'], write: ['C'], admin_password: TEST_PASSWORD });
const addAccount = (user: { userName: string; password: string }, classes: string[]) =>
  t.call('POST', '/api/v1/security/accounts', token, { account: user.userName, password: user.password, classes, admin_password: TEST_PASSWORD });
const read = (session: Awaited<ReturnType<typeof openSession>>['session']) => session.read({ nodeId: 'ns=1;s=Tank1_Setpoint', attributeId: AttributeIds.Value });
const write = (session: Awaited<ReturnType<typeof openSession>>['session'], value: number) =>
  session.write({ nodeId: 'ns=1;s=Tank1_Setpoint', attributeId: AttributeIds.Value, value: { value: { dataType: DataType.UInt16, value } } });

beforeAll(async () => {
  client = await makeClientIdentity('security-client');
  t = await startTestDevice();
  token = await t.login();
  const port = await freePort();
  const settings = opcuaSettingsInput({
    enabled: true,
    port,
    security: { basic256sha256: ['sign_encrypt'], aes128_sha256_rsaoaep: [], aes256_sha256_rsapss: [] },
    users: [{ username: SCADA.userName, password: SCADA.password, browse: true, read: false, write: false }],
  });
  expect((await t.call('PUT', '/api/v1/opcua/settings', token, settings)).statusCode).toBe(200);
  await t.device.opcua.settled();
  endpoint = (await t.call('GET', '/api/v1/opcua/status', token)).json().endpoint_url;
  const { payload, headers } = multipartBody([{ name: 'file', filename: 'c.der', content: client.der() }]);
  expect((await t.app.inject({ method: 'POST', url: '/api/v1/opcua/certificates/trusted_clients', payload, headers: { ...headers, authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  for (const [user, classes] of [
    [WRITER, ['C']],
    [READER, ['B']],
    [BROWSER, ['A']],
  ] as const) {
    expect((await addAccount(user, [...classes])).statusCode).toBe(200);
  }
  expect((await addAccount(SCADA, ['C'])).statusCode).toBe(200);
});

afterAll(async () => {
  await t.close();
  await disposeIdentity(client);
});

test('[SVC-01] off by default: an account does not sign in to the OPC UA server', async () => {
  expect((await t.call('GET', '/api/v1/security/opcua', token)).json()).toEqual({ enabled: false, browse: [], read: [], write: [] });
  await expect(openSession(endpoint, client, { user: WRITER })).rejects.toThrow();
});

describe('with the mapping on', () => {
  beforeAll(async () => {
    expect((await mapping(true)).statusCode).toBe(200);
  });

  test('an account of the write class reads and writes', async () => {
    const c = await openSession(endpoint, client, { user: WRITER });
    try {
      expect((await read(c.session)).statusCode).toBe(StatusCodes.Good);
      expect(await write(c.session, 42)).toBe(StatusCodes.Good);
      expect(t.device.tagValues.value('Tank1_Setpoint', t.device.time.nowMs())).toBe(42);
    } finally {
      await c.close();
    }
  });

  test('[AUTH-02] an account of a read class reads and may not write', async () => {
    const c = await openSession(endpoint, client, { user: READER });
    try {
      expect((await read(c.session)).statusCode).toBe(StatusCodes.Good);
      expect(await write(c.session, 7)).toBe(StatusCodes.BadUserAccessDenied);
    } finally {
      await c.close();
    }
  });

  test('[AUTH-02] an account of a browse class browses and may not read a value', async () => {
    const c = await openSession(endpoint, client, { user: BROWSER });
    try {
      const browse = await c.session.browse('ns=1;s=/Sample Bottling Line/Tanks');
      expect(browse.references!.map((r) => r.browseName.name)).toContain('Tank1_Setpoint');
      expect((await read(c.session)).statusCode).toBe(StatusCodes.BadUserAccessDenied);
    } finally {
      await c.close();
    }
  });

  test('a wrong password, or a name in another case, is refused', async () => {
    await expect(openSession(endpoint, client, { user: { userName: WRITER.userName, password: 'Not-It-At-All-1' } })).rejects.toThrow();
    await expect(openSession(endpoint, client, { user: { userName: WRITER.userName.toUpperCase(), password: WRITER.password } })).rejects.toThrow();
  });

  test("the OPC UA screen's own user of the same name stays the OPC UA user", async () => {
    const c = await openSession(endpoint, client, { user: SCADA });
    try {
      // Its own rights: browse only, though the account of that name has the write class.
      expect((await read(c.session)).statusCode).toBe(StatusCodes.BadUserAccessDenied);
    } finally {
      await c.close();
    }
  });

  test('a change of classes holds at once, in an open session', async () => {
    const c = await openSession(endpoint, client, { user: READER });
    try {
      expect(await write(c.session, 8)).toBe(StatusCodes.BadUserAccessDenied);
      const id = (await t.call('GET', '/api/v1/security/accounts', token)).json().accounts.find((a: { account: string }) => a.account === READER.userName).id;
      expect((await t.call('PUT', `/api/v1/security/accounts/${id}`, token, { classes: ['C'], admin_password: TEST_PASSWORD })).statusCode).toBe(200);
      expect(await write(c.session, 8)).toBe(StatusCodes.Good);
    } finally {
      await c.close();
    }
  });

  test('turning the mapping off refuses the accounts again', async () => {
    expect((await mapping(false)).statusCode).toBe(200);
    await expect(openSession(endpoint, client, { user: WRITER })).rejects.toThrow();
  });
});
