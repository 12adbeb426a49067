import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { X509Certificate } from 'node:crypto';
import { systemClock } from './lib/clock';

export interface TlsFiles {
  key: string;
  cert: string;
}

/** The device's TLS certificate: self-signed, made at first start, kept in `<data>/tls`. */
export async function ensureCertificate(dataDir: string): Promise<TlsFiles> {
  const dir = path.join(dataDir, 'tls');
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  if (fs.existsSync(keyFile) && fs.existsSync(certFile)) {
    return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Browsers check a certificate's validity against real time: the host clock, not the device's.
  const notAfter = new Date(systemClock.now());
  notAfter.setFullYear(notAfter.getFullYear() + 10);
  // Loaded only on the start that makes the certificate: it brings node-forge, megabytes of heap.
  const selfsigned = await import('selfsigned');
  const pems = await selfsigned.generate([{ name: 'commonName', value: os.hostname() }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 2, value: os.hostname() },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  fs.writeFileSync(keyFile, pems.private, { mode: 0o600 });
  fs.writeFileSync(certFile, pems.cert, { mode: 0o644 });
  return { key: pems.private, cert: pems.cert };
}

/** The SHA-256 fingerprint of the device's HTTPS certificate (`AB:CD:…`), what a browser's
 * certificate warning lets the user compare; null before the certificate exists (a device
 * served only through tests' inject). */
export function certificateSha256(dataDir: string): string | null {
  try {
    return new X509Certificate(fs.readFileSync(path.join(dataDir, 'tls', 'cert.pem'))).fingerprint256;
  } catch {
    return null;
  }
}
