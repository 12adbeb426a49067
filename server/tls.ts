import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { X509Certificate } from 'node:crypto';
import { execFile } from 'node:child_process';
import { systemClock } from './lib/clock';
import { findRepoRoot } from './lib/repo-root';
import type * as Selfsigned from 'selfsigned';

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
  const pems = await makeCertificate([{ name: 'commonName', value: os.hostname() }], {
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

/**
 * selfsigned's `generate`, run in a process of its own (`server/tools/tls-certificate.cjs`, the
 * options on its standard input as JSON, the PEMs on its output): selfsigned and the @peculiar/x509
 * stack under it would otherwise stay in the device server after the one start that makes its
 * certificate (11 MB of its RSS). The command is fixed: this Node.js and that file.
 */
function makeCertificate(...[attributes, options]: Parameters<typeof Selfsigned.generate>): Promise<Pick<Awaited<ReturnType<typeof Selfsigned.generate>>, 'private' | 'cert'>> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(findRepoRoot(__dirname), 'server', 'tools', 'tls-certificate.cjs')], { timeout: 60_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`The TLS certificate could not be made: ${stderr.trim() || err.message}`));
      else resolve(JSON.parse(stdout) as { private: string; cert: string });
    });
    child.stdin!.end(JSON.stringify({ attributes, options }));
  });
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
