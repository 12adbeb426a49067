/** A real node-opcua client for tests and benchmarks: its own PKI folder and application
 * certificate (so the device can reject it, and trust it), connecting the way an administrator
 * allowed or not. */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  AttributeIds,
  MessageSecurityMode,
  OPCUACertificateManager,
  OPCUAClient,
  SecurityPolicy,
  UserTokenType,
  type ClientSession,
  type UserIdentityInfo,
} from 'node-opcua';
import { readCertificate } from 'node-opcua-crypto';
// node-opcua's own notices (its PKCS#1 v1.5 check on Node 20) go where the server sends them: a
// running server's trace log, else nowhere; not into the test output.
import '../../server/services/opcua/engine';

export { AttributeIds, MessageSecurityMode, SecurityPolicy };

export interface ClientIdentity {
  name: string;
  dir: string;
  applicationUri: string;
  certificateFile: string;
  privateKeyFile: string;
  manager: OPCUACertificateManager;
  /** The certificate as DER, to upload to the device's trusted clients. */
  der(): Buffer;
}

/** Makes a client application's certificate (and a PKI that accepts whatever server it meets:
 * the test trusts the device, the device decides about the client). */
export async function makeClientIdentity(name: string): Promise<ClientIdentity> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `opcua-client-${name}-`));
  const manager = new OPCUACertificateManager({ rootFolder: path.join(dir, 'pki'), automaticallyAcceptUnknownCertificate: true, name: 'pki' });
  await manager.initialize();
  const applicationUri = `urn:test:${name}`;
  const certificateFile = path.join(manager.rootDir, 'own', 'certs', 'client.pem');
  await manager.createSelfSignedCertificate({
    applicationUri,
    subject: `/CN=${name}/O=Test Plant/OU=SCADA`,
    dns: ['localhost'],
    startDate: new Date(Date.now() - 3600_000),
    validity: 365,
    outputFile: certificateFile,
  });
  return {
    name,
    dir,
    applicationUri,
    certificateFile,
    privateKeyFile: manager.privateKey,
    manager,
    der: () => readCertificate(certificateFile),
  };
}

export async function disposeIdentity(identity: ClientIdentity): Promise<void> {
  await identity.manager.dispose();
  fs.rmSync(identity.dir, { recursive: true, force: true });
}

export interface ConnectOptions {
  securityMode?: MessageSecurityMode;
  securityPolicy?: SecurityPolicy;
  /** A user name and password, or anonymous when left out. */
  user?: { userName: string; password: string };
  /** The server's certificate (DER), known ahead: the client opens its secure channel with the
   * policy asked at once, without looking at the server's endpoints first (without it node-opcua's
   * client refuses by itself a policy the server does not list). */
  serverCertificate?: Buffer;
}

/** Connects and opens a session; throws what the server answered when it refuses. */
export async function openSession(
  endpointUrl: string,
  identity: ClientIdentity,
  opts: ConnectOptions = {},
): Promise<{ client: OPCUAClient; session: ClientSession; close(): Promise<void> }> {
  const client = OPCUAClient.create({
    applicationName: identity.name,
    applicationUri: identity.applicationUri,
    securityMode: opts.securityMode ?? MessageSecurityMode.SignAndEncrypt,
    securityPolicy: opts.securityPolicy ?? SecurityPolicy.Basic256Sha256,
    certificateFile: identity.certificateFile,
    privateKeyFile: identity.privateKeyFile,
    clientCertificateManager: identity.manager,
    endpointMustExist: false,
    connectionStrategy: { maxRetry: 0, initialDelay: 100, maxDelay: 200 },
    requestedSessionTimeout: 60_000,
    ...(opts.serverCertificate ? { serverCertificate: opts.serverCertificate } : {}),
  });
  try {
    await client.connect(endpointUrl);
  } catch (err) {
    await client.disconnect().catch(() => undefined);
    throw err;
  }
  const userIdentity: UserIdentityInfo = opts.user ? { type: UserTokenType.UserName, ...opts.user } : { type: UserTokenType.Anonymous };
  let session: ClientSession;
  try {
    session = await client.createSession(userIdentity);
  } catch (err) {
    await client.disconnect().catch(() => undefined);
    throw err;
  }
  return {
    client,
    session,
    close: async () => {
      await session.close().catch(() => undefined);
      await client.disconnect().catch(() => undefined);
    },
  };
}

/** A TCP port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A relay on 127.0.0.1 to the server at `endpointUrl` whose connections to the server leave from
 * `localAddress` (any 127.x.y.z is this machine on Linux): a real client seen by the server as
 * coming from another address. Answers the URL to connect to. */
export async function relayFrom(endpointUrl: string, localAddress: string): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(endpointUrl.replace(/^opc\.tcp:/, 'http:'));
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((incoming) => {
    const outgoing = net.connect({ host: '127.0.0.1', port: Number(target.port), localAddress });
    for (const s of [incoming, outgoing]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    incoming.pipe(outgoing).pipe(incoming);
    incoming.on('close', () => outgoing.destroy());
    outgoing.on('close', () => incoming.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', () => resolve()));
  const { port } = relay.address() as net.AddressInfo;
  return {
    url: `opc.tcp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        relay.close(() => resolve());
      }),
  };
}
