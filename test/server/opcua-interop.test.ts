/** The OPC UA server as a foreign client sees it (issue 27): the endpoint URLs it is given follow
 * the address it connected to (the device's host name and interface addresses with HOST=0.0.0.0),
 * the server's URIs are stable (the device's serial number, not its host name) and its certificate
 * covers them, and each refusal arrives as OPC UA says: an ERR message (OPC 10000-6 §7.1.2.5,
 * checked byte by byte) for a policy that is not ticked and for an untrusted client certificate,
 * a CreateSession fault BadTooManySessions for the 65th session. Driven by node-opcua's client,
 * through a relay that records the server's bytes, and by a raw socket. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OPCUACertificateManager, OPCUAClient, StatusCodes, type EndpointDescription } from 'node-opcua';
import { makeDataDir, startTestDevice, type TestDevice } from '../support/device';
import { multipartBody } from '../support/multipart';
import { AttributeIds, disposeIdentity, freePort, makeClientIdentity, MessageSecurityMode, openSession, SecurityPolicy, type ClientIdentity } from '../support/opcua-client';
import { exchange, helloFrame, openFrame, parseError, recordingRelay, SECURITY_MODE, splitFrames } from '../support/opcua-wire';
import { opcuaSettingsInput, type DeepPartial } from '../support/settings';
import type { OpcuaSettingsInput, OpcuaStatus } from '../../contract/api/opcua';

jest.setTimeout(120_000);

const USER = { userName: 'scada', password: 'Scada-Pass-1' };

/** Basic256Sha256 and Aes256_Sha256_RsaPss ticked (Sign & Encrypt), Aes128_Sha256_RsaOaep and None not. */
function settings(port: number, over: DeepPartial<OpcuaSettingsInput> = {}): OpcuaSettingsInput {
  return opcuaSettingsInput({
    enabled: true,
    port,
    security: { none: false, basic256sha256: ['sign_encrypt'], aes128_sha256_rsaoaep: [], aes256_sha256_rsapss: ['sign_encrypt'] },
    users: [{ username: USER.userName, password: USER.password, browse: true, read: true, write: true }],
    ...over,
  });
}

/** The device's IPv4 addresses other than loopback, as os.networkInterfaces() lists them. */
function interfaceAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((a): a is os.NetworkInterfaceInfo => !!a && a.family === 'IPv4' && !a.internal)
    .map((a) => a.address);
}

async function startWithServer(t: TestDevice, token: string, port: number, over: DeepPartial<OpcuaSettingsInput> = {}): Promise<OpcuaStatus> {
  expect((await t.call('PUT', '/api/v1/opcua/settings', token, settings(port, over))).statusCode).toBe(200);
  await t.device.opcua.settled();
  const s = (await t.call('GET', '/api/v1/opcua/status', token)).json() as OpcuaStatus;
  expect(s.state).toBe('running');
  return s;
}

async function trust(t: TestDevice, token: string, identity: ClientIdentity): Promise<void> {
  const { payload, headers } = multipartBody([{ name: 'file', filename: `${identity.name}.der`, content: identity.der() }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/opcua/certificates/trusted_clients', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
}

/** GetEndpoints over a discovery (None) channel to `connectUrl`, asking for `askedUrl`. */
async function getEndpoints(connectUrl: string, askedUrl: string): Promise<EndpointDescription[]> {
  const c = OPCUAClient.create({ securityMode: MessageSecurityMode.None, securityPolicy: SecurityPolicy.None, endpointMustExist: false, connectionStrategy: { maxRetry: 0 } });
  await c.connect(connectUrl);
  try {
    return await c.getEndpoints({ endpointUrl: askedUrl });
  } finally {
    await c.disconnect();
  }
}

const hostsOf = (endpoints: { endpointUrl: string | null }[]) => [...new Set(endpoints.map((e) => new URL((e.endpointUrl ?? '').replace(/^opc\.tcp:/, 'http:')).hostname))];

let client: ClientIdentity;
let stranger: ClientIdentity;

beforeAll(async () => {
  [client, stranger] = await Promise.all([makeClientIdentity('interop-client'), makeClientIdentity('interop-stranger')]);
});

afterAll(async () => {
  await disposeIdentity(client);
  await disposeIdentity(stranger);
});

describe('endpoint URLs and URIs, HOST=0.0.0.0', () => {
  let t: TestDevice;
  let token: string;
  let port: number;
  let status: OpcuaStatus;

  beforeAll(async () => {
    t = await startTestDevice({ host: '0.0.0.0' });
    token = await t.login();
    port = await freePort();
    status = await startWithServer(t, token, port);
    await trust(t, token, client);
  });

  afterAll(() => t.close());

  test('the Server tab shows the host name; GetEndpoints answers each address with URLs at that address', async () => {
    expect(status.endpoint_url).toBe(`opc.tcp://${os.hostname()}:${port}`);
    for (const address of ['127.0.0.1', ...interfaceAddresses()]) {
      const url = `opc.tcp://${address}:${port}`;
      const endpoints = await getEndpoints(url, url);
      expect(hostsOf(endpoints)).toEqual([address]);
      // The ticked pairs, no more.
      expect(endpoints.map((e) => `${e.securityPolicyUri}|${e.securityMode}`).sort()).toEqual(
        [`${SecurityPolicy.Basic256Sha256}|${MessageSecurityMode.SignAndEncrypt}`, `${SecurityPolicy.Aes256_Sha256_RsaPss}|${MessageSecurityMode.SignAndEncrypt}`].sort(),
      );
    }
    const byName = await getEndpoints(`opc.tcp://127.0.0.1:${port}`, `opc.tcp://${os.hostname()}:${port}`);
    expect(hostsOf(byName)).toEqual([os.hostname()]);
  });

  test('a name the device does not know is answered with the address the client reached', async () => {
    const endpoints = await getEndpoints(`opc.tcp://127.0.0.1:${port}`, `opc.tcp://panel-alias.invalid:${port}`);
    expect(hostsOf(endpoints)).toEqual(['127.0.0.1']);
    for (const address of interfaceAddresses()) {
      expect(hostsOf(await getEndpoints(`opc.tcp://${address}:${port}`, `opc.tcp://panel-alias.invalid:${port}`))).toEqual([address]);
    }
  });

  test('CreateSession answers the endpoints of the address the session was made on', async () => {
    for (const address of ['127.0.0.1', ...interfaceAddresses()]) {
      const c = await openSession(`opc.tcp://${address}:${port}`, client, { user: USER });
      try {
        const serverEndpoints = (c.session as unknown as { serverEndpoints: EndpointDescription[] }).serverEndpoints;
        expect(serverEndpoints.length).toBeGreaterThan(0);
        expect(hostsOf(serverEndpoints)).toEqual([address]);
      } finally {
        await c.close();
      }
    }
  });

  test('the application and namespace URIs are the device serial number, and the certificate says so and covers every address', async () => {
    const serial = t.device.settings.get('device_identity').serial_number;
    const uri = `urn:hmi:${serial}:opcua-server`;
    const own = (await t.call('GET', '/api/v1/opcua/certificates', token)).json().own;
    expect(own.uri).toBe(uri);
    expect(own.san).toEqual(expect.arrayContaining([os.hostname(), 'localhost', '127.0.0.1', ...interfaceAddresses()]));
    const endpoints = await getEndpoints(`opc.tcp://127.0.0.1:${port}`, `opc.tcp://127.0.0.1:${port}`);
    expect(endpoints[0]!.server.applicationUri).toBe(uri);
    const c = await openSession(`opc.tcp://127.0.0.1:${port}`, client, { user: USER });
    try {
      const namespaces = await c.session.read({ nodeId: 'i=2255', attributeId: AttributeIds.Value });
      expect(namespaces.value.value[1]).toBe(uri);
    } finally {
      await c.close();
    }
  });
});

describe('an existing device whose certificate carries the host-name URI', () => {
  test('gets a certificate with the stable URI once, at its next start; the trace log says clients must trust it again', async () => {
    const dataDir = makeDataDir();
    const pkiRoot = path.join(dataDir, 'opcua', 'pki');
    const manager = new OPCUACertificateManager({ rootFolder: pkiRoot, automaticallyAcceptUnknownCertificate: false, name: 'pki' });
    await manager.initialize();
    const oldUri = `urn:${os.hostname()}:hmi:opcua-server`;
    await manager.createSelfSignedCertificate({
      applicationUri: oldUri,
      dns: ['localhost'],
      subject: '/CN=HMI OPC UA Server/O=HMI/OU=OPC UA Server',
      startDate: new Date(Date.now() - 3600_000),
      validity: 365,
      outputFile: path.join(manager.rootDir, 'own', 'certs', 'certificate.pem'),
    });
    await manager.dispose();
    const t = await startTestDevice({ dataDir });
    let closed = false;
    try {
      const token = await t.login();
      const serial = t.device.settings.get('device_identity').serial_number;
      const first = (await t.call('GET', '/api/v1/opcua/certificates', token)).json().own;
      expect(first.uri).toBe(`urn:hmi:${serial}:opcua-server`);
      expect(t.device.opcua.traceText()).toMatch(/certificate has been reissued/);
      // Once: the next start keeps it.
      await t.app.close();
      closed = true;
      const again = await startTestDevice({ dataDir });
      try {
        const second = (await again.call('GET', '/api/v1/opcua/certificates', await again.login())).json().own;
        expect(second.id).toBe(first.id);
      } finally {
        await again.close();
      }
    } finally {
      if (!closed) await t.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('refusals, HOST=127.0.0.1', () => {
  let t: TestDevice;
  let token: string;
  let port: number;

  beforeAll(async () => {
    t = await startTestDevice();
    token = await t.login();
    port = await freePort();
    const s = await startWithServer(t, token, port);
    expect(s.endpoint_url).toBe(`opc.tcp://localhost:${port}`);
    await trust(t, token, client);
  });

  afterAll(() => t.close());

  test('GetEndpoints for 127.0.0.1 answers URLs at 127.0.0.1, for localhost at localhost', async () => {
    expect(hostsOf(await getEndpoints(`opc.tcp://127.0.0.1:${port}`, `opc.tcp://127.0.0.1:${port}`))).toEqual(['127.0.0.1']);
    expect(hostsOf(await getEndpoints(`opc.tcp://127.0.0.1:${port}`, `opc.tcp://localhost:${port}`))).toEqual(['localhost']);
  });

  test('[OPC-01] a mode the server does not offer: an ERR message BadSecurityPolicyRejected on the wire (raw socket), then close', async () => {
    const url = `opc.tcp://127.0.0.1:${port}`;
    const { frames, reset, closedBy } = await exchange(port, '127.0.0.1', [helloFrame(url), openFrame(SecurityPolicy.None, SECURITY_MODE.Sign)]);
    expect(frames.map((f) => f.type)).toEqual(['ACK', 'ERR']);
    expect(parseError(frames[1]!)).toEqual({ error: StatusCodes.BadSecurityPolicyRejected.value, reason: expect.stringContaining('BadSecurityPolicyRejected') });
    // The server closes the connection (gracefully: no reset) after its ERR.
    expect(closedBy).toBe('server');
    expect(reset).toBe(false);
  });

  test('[OPC-01] a policy that is not ticked, asked by a real client: an ERR message BadSecurityPolicyRejected, then close', async () => {
    const relay = await recordingRelay({ host: '127.0.0.1', port });
    try {
      const own = (await t.call('GET', '/api/v1/opcua/certificates', token)).json().own;
      const serverCertificate = (await t.call('GET', `/api/v1/opcua/certificates/own/${own.id}/file`, token)).rawPayload;
      await expect(
        openSession(`opc.tcp://127.0.0.1:${relay.port}`, client, { user: USER, securityPolicy: SecurityPolicy.Aes128_Sha256_RsaOaep, securityMode: MessageSecurityMode.SignAndEncrypt, serverCertificate }),
      ).rejects.toThrow();
      // What a client reads is the ERR message below (open62541 and the OPC Foundation's stacks
      // report its status). node-opcua's own client 2.186.4 drops an ERR that answers its OPN (it
      // looks for a request id, which an ERR does not carry) and reports the closed socket
      // (docs/decisions.md#the-opc-ua-server).
      // The connection the client opened its secure channel on: its last.
      const refused = splitFrames(Buffer.concat(relay.connections.at(-1)?.fromServer ?? []));
      expect(relay.connections.at(-1)?.serverReset).toBe(false);
      expect(refused.map((f) => f.type)).toEqual(['ACK', 'ERR']);
      expect(parseError(refused[1]!).error).toBe(StatusCodes.BadSecurityPolicyRejected.value);
    } finally {
      await relay.close();
    }
  });

  test('[OPC-01] an untrusted client certificate: an ERR message BadSecurityChecksFailed, not an encrypted fault; the certificate is listed as rejected', async () => {
    const relay = await recordingRelay({ host: '127.0.0.1', port });
    try {
      await expect(openSession(`opc.tcp://127.0.0.1:${relay.port}`, stranger, { user: USER })).rejects.toThrow();
      // The connection the client opened its secure channel on: its last.
      const refused = splitFrames(Buffer.concat(relay.connections.at(-1)?.fromServer ?? []));
      expect(relay.connections.at(-1)?.serverReset).toBe(false);
      expect(refused.map((f) => f.type)).toEqual(['ACK', 'ERR']);
      const err = parseError(refused[1]!);
      expect(err.error).toBe(StatusCodes.BadSecurityChecksFailed.value);
      // Part 6 §6.7.7: no hint of why.
      expect(err.reason).not.toMatch(/certificate|trust/i);
    } finally {
      await relay.close();
    }
    const rejected = (await t.call('GET', '/api/v1/opcua/certificates', token)).json().rejected;
    expect(rejected.map((c: { uri: string }) => c.uri)).toContain(stranger.applicationUri);
  });

  test('[OPC-01] the 65th session gets BadTooManySessions from CreateSession, not a reset connection', async () => {
    const open = await startWithServer(t, token, port, { anonymous: true, security: { none: true, basic256sha256: ['sign_encrypt'], aes128_sha256_rsaoaep: [], aes256_sha256_rsapss: [] } });
    const none = { securityPolicy: SecurityPolicy.None, securityMode: MessageSecurityMode.None };
    const sessions: Awaited<ReturnType<typeof openSession>>[] = [];
    const relay = await recordingRelay({ host: '127.0.0.1', port });
    try {
      for (let i = 0; i < 64; i += 8) sessions.push(...(await Promise.all(Array.from({ length: 8 }, () => openSession(open.endpoint_url!, client, none)))));
      expect((await t.call('GET', '/api/v1/opcua/status', token)).json().sessions).toBe(64);
      await expect(openSession(`opc.tcp://127.0.0.1:${relay.port}`, client, none)).rejects.toThrow(/BadTooManySessions/);
      expect(relay.connections.every((c) => !c.serverReset)).toBe(true);
    } finally {
      await relay.close();
      await Promise.all(sessions.map((s) => s.close()));
    }
  });
});
