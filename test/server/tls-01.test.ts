/** TLS-01: the console's HTTPS listener (server/listen.ts) speaks TLS 1.2 and 1.3 only, and refuses
 * the cipher suites without encryption or without authentication, whatever a client offers. The
 * refusals are the server's: each is a TLS alert it sends (the client offered the protocol or the
 * suite). RC4 is not in the test: this Node's OpenSSL cannot even offer it. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { startServer, type RunningServer } from '../../server/listen';
import { TEST_PASSWORD } from '../support/device';

describe('[TLS-01] the HTTPS listener', () => {
  let server: RunningServer;
  let dataDir: string;
  let port: number;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-tls-'));
    server = await startServer({ port: 0, httpsPort: 0, host: '127.0.0.1', dataDir, initialPassword: TEST_PASSWORD, logger: false });
    port = Number(new URL(server.httpsUrl).port);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The handshake's outcome: the protocol and suite agreed, or the error code. */
  const handshake = (opts: tls.ConnectionOptions) =>
    new Promise<{ protocol: string | null; cipher: string } | { error: string }>((resolve) => {
      const socket = tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false, ...opts }, () => {
        resolve({ protocol: socket.getProtocol(), cipher: socket.getCipher().name });
        socket.destroy();
      });
      socket.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });

  it.each([
    ['TLS 1.0', { minVersion: 'TLSv1', maxVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0' }],
    ['TLS 1.1', { minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0' }],
  ] as const)('[TLS-01] refuses a client that offers at most %s (protocol_version alert)', async (_what, opts) => {
    expect(await handshake(opts as tls.ConnectionOptions)).toEqual({ error: 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION' });
  });

  it.each([
    ['NULL (no encryption)', 'eNULL:NULL-SHA256@SECLEVEL=0'],
    ['anonymous (no server authentication)', 'aNULL@SECLEVEL=0'],
  ])('[TLS-01] refuses a client that offers only %s suites (handshake_failure alert)', async (_what, ciphers) => {
    // The server's handshake_failure alert (40), as the client's OpenSSL names it: SSLV3_ALERT_… up
    // to OpenSSL 3.4 (Node 20), SSL/TLS_ALERT_… from 3.5 (Node 24).
    expect(await handshake({ maxVersion: 'TLSv1.2', ciphers })).toEqual({ error: expect.stringMatching(/^ERR_SSL_(SSLV3|SSL\/TLS)_ALERT_HANDSHAKE_FAILURE$/) });
  });

  it('[TLS-01] agrees TLS 1.3 with a current client, and TLS 1.2 with forward secrecy and an AEAD suite with a TLS 1.2 one', async () => {
    expect(await handshake({})).toMatchObject({ protocol: 'TLSv1.3' });
    const twelve = await handshake({ maxVersion: 'TLSv1.2' });
    expect(twelve).toMatchObject({ protocol: 'TLSv1.2', cipher: expect.stringMatching(/^ECDHE-.*(GCM|CHACHA20)/) });
  });
});
