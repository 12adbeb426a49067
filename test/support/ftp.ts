/** FTP tests' helpers: a free port in 3000–4999 (engineers run tests side by side, so never a fixed
 * one), a passive range of its own, the settings built from the contract's defaults, and a basic-ftp
 * client signed in on loopback. */
import net from 'node:net';
import { Writable } from 'node:stream';
import { Client } from 'basic-ftp';
import { DEFAULT_FTP_SETTINGS, FTP_PORT_MAX, FTP_PORT_MIN, type FtpSettingsFields } from '../../contract/rules/ftp';
import { fromDefaults, type DeepPartial } from './settings';

function tryListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A port of `min`–`max` nobody listens on now, picked at random. */
export async function freePort(min = FTP_PORT_MIN, max = FTP_PORT_MAX): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = min + Math.floor(Math.random() * (max - min + 1));
    if (await tryListen(port)) return port;
  }
  throw new Error(`no free port in ${min}–${max}`);
}

/** Settings that run the server on a free port with a passive range of its own. */
export async function ftpTestSettings(overrides: DeepPartial<FtpSettingsFields> = {}): Promise<FtpSettingsFields> {
  const port = await freePort();
  const passiveFrom = 20_000 + Math.floor(Math.random() * 40_000);
  return fromDefaults(DEFAULT_FTP_SETTINGS, { enabled: true, port, passive_from: passiveFrom, passive_to: passiveFrom + 19, ...overrides } as DeepPartial<FtpSettingsFields>);
}

export function ftpSettingsOf(overrides: DeepPartial<FtpSettingsFields> = {}): FtpSettingsFields {
  return fromDefaults(DEFAULT_FTP_SETTINGS, overrides);
}

/** A client signed in as `user` (TLS unless `secure: false`; the device's certificate is self-signed). */
export async function ftpClient(port: number, user: string, password: string, secure = true): Promise<Client> {
  const client = new Client(15_000);
  try {
    await client.access({ host: '127.0.0.1', port, user, password, secure, secureOptions: { rejectUnauthorized: false } });
  } catch (err) {
    client.close();
    throw err;
  }
  return client;
}

/** Downloads `remote` into memory. */
export async function download(client: Client, remote: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done();
    },
  });
  await client.downloadTo(sink, remote);
  return Buffer.concat(chunks);
}

/** The FTP reply code of a failed command (basic-ftp's FTPError), or what failed otherwise. */
export async function ftpCode(work: Promise<unknown>): Promise<number | string> {
  try {
    await work;
    return 'ok';
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return typeof code === 'number' ? code : String(err);
  }
}
