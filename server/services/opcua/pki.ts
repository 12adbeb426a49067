/**
 * The OPC UA server's certificates: node-opcua's own PKI folders (own, trusted, issuers, CRLs,
 * rejected) driven from the device's API instead of by hand. Two stores, as Prosys keeps them:
 * one for client applications, one for X.509 user certificates. A client whose certificate the
 * server does not know is refused and node-opcua files its certificate under `rejected/`; Trust
 * moves it to `trusted/certs/`. Nothing is ever accepted automatically.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OPCUACertificateManager } from 'node-opcua';
import { convertPEMtoDER, exploreCertificate, exploreCertificateRevocationList, makeSHA1Thumbprint } from 'node-opcua-crypto';
import type { CertificateList, OpcuaCertificate, OpcuaCertificates } from '../../../contract/api/opcua';
import { certificateExpired } from '../../../contract/rules/opcua';
import { ApiError } from '../../lib/api-error';

/** How long a new server certificate is valid. */
const OWN_VALIDITY_DAYS = 3650;

export interface OwnIdentity {
  applicationName: string;
  applicationUri: string;
  hostnames: string[];
  ips: string[];
}

/** DER from a DER or PEM file's bytes; null when it is neither. */
function toDer(bytes: Buffer, label: 'CERTIFICATE' | 'X509 CRL'): Buffer | null {
  const text = bytes.subarray(0, 64).toString('latin1');
  if (text.includes('-----BEGIN')) {
    const pem = bytes.toString('latin1');
    if (!pem.includes(`-----BEGIN ${label}-----`)) return null;
    try {
      return convertPEMtoDER(pem);
    } catch {
      return null;
    }
  }
  return bytes[0] === 0x30 ? bytes : null;
}

function fingerprint(der: Buffer): string {
  return crypto
    .createHash('sha256')
    .update(der)
    .digest('hex')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1:');
}

function nameText(name: { entries?: { name?: string; oid: string; value: string }[] } | undefined): string {
  if (!name?.entries) return '';
  const short: Record<string, string> = { commonName: 'CN', organizationName: 'O', organizationalUnitName: 'OU', countryName: 'C', localityName: 'L', stateOrProvinceName: 'ST', domainComponent: 'DC' };
  return name.entries.map((e) => `${(e.name && short[e.name]) ?? e.name ?? e.oid}=${e.value}`).join(', ');
}

function ipText(hex: string): string {
  return hex.length === 8 ? (hex.match(/../g) ?? []).map((h) => parseInt(h, 16)).join('.') : hex;
}

/** A certificate as the console shows it; throws when the bytes are not a certificate. */
export function describeCertificate(der: Buffer, fileName: string, nowMs: number, firstSeen: string | null = null): OpcuaCertificate {
  const info = exploreCertificate(der);
  const tbs = info.tbsCertificate;
  const subject = tbs.subject as unknown as { entries?: { name?: string; oid: string; value: string }[]; organizationName?: string; organizationalUnitName?: string };
  const san = tbs.extensions?.subjectAltName as { dNSName?: string[]; iPAddress?: string[]; uniformResourceIdentifier?: string[] } | undefined;
  const validity = { valid_from: tbs.validity.notBefore.toISOString(), valid_to: tbs.validity.notAfter.toISOString() };
  return {
    id: makeSHA1Thumbprint(der).toString('hex'),
    subject: nameText(subject),
    uri: san?.uniformResourceIdentifier?.[0] ?? null,
    san: [...(san?.dNSName ?? []), ...(san?.iPAddress ?? []).map(ipText)],
    organization: subject.organizationName ?? null,
    organization_unit: subject.organizationalUnitName ?? null,
    issuer: nameText(tbs.issuer as unknown as { entries?: { name?: string; oid: string; value: string }[] }),
    ...validity,
    signature_algorithm: (info.signatureAlgorithm as { identifier: string }).identifier,
    fingerprint: fingerprint(der),
    file_name: fileName,
    expired: certificateExpired(validity, nowMs),
    first_seen: firstSeen,
  };
}

type CertStoreList = Exclude<CertificateList, 'revocation_lists'>;

export class OpcuaPki {
  readonly server: OPCUACertificateManager;
  readonly users: OPCUACertificateManager;
  private initialized: Promise<void> | null = null;

  constructor(
    readonly root: string,
    private readonly now: () => number,
  ) {
    this.server = new OPCUACertificateManager({ rootFolder: path.join(root, 'pki'), automaticallyAcceptUnknownCertificate: false, name: 'pki' });
    this.users = new OPCUACertificateManager({ rootFolder: path.join(root, 'user-pki'), automaticallyAcceptUnknownCertificate: false, name: 'user-pki' });
  }

  get certificateFile(): string {
    return path.join(this.server.rootDir, 'own', 'certs', 'certificate.pem');
  }

  get privateKeyFile(): string {
    return this.server.privateKey;
  }

  /** Makes the folders (and the server's key) once. */
  initialize(): Promise<void> {
    this.initialized ??= (async () => {
      fs.mkdirSync(this.root, { recursive: true, mode: 0o700 });
      await this.server.initialize();
      await this.users.initialize();
    })();
    return this.initialized;
  }

  /** Makes the server's own certificate when it has none (or `force`: Regenerate). */
  async ensureOwn(identity: OwnIdentity, force = false): Promise<void> {
    await this.initialize();
    if (!force && fs.existsSync(this.certificateFile)) return;
    if (force) {
      // A new key as well as a new certificate: the point of regenerating.
      fs.rmSync(this.certificateFile, { force: true });
      fs.rmSync(this.privateKeyFile, { force: true });
      const fresh = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
      fs.writeFileSync(this.privateKeyFile, fresh.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
      // The manager caches the key it read: a new manager object reads the new one.
      await this.server.dispose();
      (this as { server: OPCUACertificateManager }).server = new OPCUACertificateManager({ rootFolder: path.join(this.root, 'pki'), automaticallyAcceptUnknownCertificate: false, name: 'pki' });
      await this.server.initialize();
    }
    await this.server.createSelfSignedCertificate({
      applicationUri: identity.applicationUri,
      dns: identity.hostnames,
      ip: identity.ips,
      subject: `/CN=${identity.applicationName.replace(/[/=]/g, ' ')}/O=HMI/OU=OPC UA Server`,
      startDate: new Date(this.now() - 24 * 3600 * 1000),
      validity: OWN_VALIDITY_DAYS,
      outputFile: this.certificateFile,
    });
  }

  /** The URI (SAN) of the server's own certificate: the server's applicationUri, which a client
   * checks against it (null when the certificate names none). */
  ownUri(): string | null {
    try {
      const der = toDer(fs.readFileSync(this.certificateFile), 'CERTIFICATE');
      return der ? describeCertificate(der, '', this.now()).uri : null;
    } catch {
      return null;
    }
  }

  /** A certificate made here before issue 27 names the server `urn:<host name>:hmi:opcua-server`,
   * which changed with the host name: it is reissued once with `identity` (same key), and true is
   * answered. Any other certificate (one made since, one uploaded) is kept as it is. */
  async reissueHostNameUri(identity: OwnIdentity): Promise<boolean> {
    await this.initialize();
    const uri = this.ownUri();
    if (!uri || uri === identity.applicationUri || !/^urn:[^:]+:hmi:opcua-server$/.test(uri)) return false;
    fs.rmSync(this.certificateFile, { force: true });
    await this.ensureOwn(identity);
    return true;
  }

  /** Replaces the server's certificate and key; 400 key_mismatch when they do not belong together. */
  async replaceOwn(certificateBytes: Buffer, keyBytes: Buffer): Promise<void> {
    await this.initialize();
    const der = toDer(certificateBytes, 'CERTIFICATE');
    if (!der) throw new ApiError(400, 'invalid_certificate', 'The certificate is not DER or PEM');
    let x509: crypto.X509Certificate;
    try {
      x509 = new crypto.X509Certificate(der);
      describeCertificate(der, 'certificate.pem', this.now());
    } catch {
      throw new ApiError(400, 'invalid_certificate', 'The certificate cannot be read');
    }
    let key: crypto.KeyObject;
    try {
      key = crypto.createPrivateKey({ key: keyBytes });
    } catch {
      throw new ApiError(400, 'key_mismatch', 'The private key cannot be read (PEM, unencrypted)');
    }
    if (key.asymmetricKeyType !== 'rsa' || !x509.checkPrivateKey(key)) {
      throw new ApiError(400, 'key_mismatch', 'The certificate and the private key do not match');
    }
    const pem = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
    writeAtomically(this.certificateFile, pem);
    writeAtomically(this.privateKeyFile, key.export({ type: 'pkcs8', format: 'pem' }) as string, 0o600);
    await this.server.dispose();
    (this as { server: OPCUACertificateManager }).server = new OPCUACertificateManager({ rootFolder: path.join(this.root, 'pki'), automaticallyAcceptUnknownCertificate: false, name: 'pki' });
    await this.server.initialize();
  }

  private folderOf(list: CertificateList): { manager: OPCUACertificateManager; dir: string } {
    switch (list) {
      case 'trusted_clients':
        return { manager: this.server, dir: this.server.trustedFolder };
      case 'client_issuers':
        return { manager: this.server, dir: this.server.issuersCertFolder };
      case 'trusted_users':
        return { manager: this.users, dir: this.users.trustedFolder };
      case 'user_issuers':
        return { manager: this.users, dir: this.users.issuersCertFolder };
      case 'rejected':
        return { manager: this.server, dir: this.server.rejectedFolder };
      case 'revocation_lists':
        return { manager: this.server, dir: this.server.issuersCrlFolder };
    }
  }

  private files(dir: string): string[] {
    try {
      return fs
        .readdirSync(dir)
        .filter((f) => /\.(pem|der|crt|cer|crl)$/i.test(f))
        .sort();
    } catch {
      return [];
    }
  }

  private certificatesIn(list: CertStoreList): { cert: OpcuaCertificate; file: string }[] {
    const { dir } = this.folderOf(list);
    const out: { cert: OpcuaCertificate; file: string }[] = [];
    for (const f of this.files(dir)) {
      const file = path.join(dir, f);
      try {
        const der = toDer(fs.readFileSync(file), 'CERTIFICATE');
        if (!der) continue;
        const firstSeen = list === 'rejected' ? fs.statSync(file).mtime.toISOString() : null;
        out.push({ cert: describeCertificate(der, f, this.now(), firstSeen), file });
      } catch {
        // A file that is not a certificate is not listed (and never trusted).
      }
    }
    return out;
  }

  private revocationLists(): { id: string; issuer: string; this_update: string | null; next_update: string | null; revoked: number; file_name: string; file: string }[] {
    const out = [];
    for (const dir of [this.server.issuersCrlFolder, this.server.crlFolder, this.users.issuersCrlFolder, this.users.crlFolder]) {
      for (const f of this.files(dir)) {
        const file = path.join(dir, f);
        try {
          const der = toDer(fs.readFileSync(file), 'X509 CRL');
          if (!der) continue;
          const info = exploreCertificateRevocationList(der);
          const tbs = info.tbsCertList as unknown as { issuer: { entries?: { name?: string; oid: string; value: string }[] }; thisUpdate?: Date; nextUpdate?: Date; revokedCertificates?: unknown[] };
          out.push({
            id: makeSHA1Thumbprint(der).toString('hex'),
            issuer: nameText(tbs.issuer),
            this_update: tbs.thisUpdate ? new Date(tbs.thisUpdate).toISOString() : null,
            next_update: tbs.nextUpdate ? new Date(tbs.nextUpdate).toISOString() : null,
            revoked: tbs.revokedCertificates?.length ?? 0,
            file_name: f,
            file,
          });
        } catch {
          // not a CRL
        }
      }
    }
    return out;
  }

  async list(): Promise<OpcuaCertificates> {
    await this.initialize();
    const own = describeCertificate(toDer(fs.readFileSync(this.certificateFile), 'CERTIFICATE')!, path.basename(this.certificateFile), this.now());
    const certs = (l: CertStoreList) => this.certificatesIn(l).map((c) => c.cert);
    return {
      own,
      trusted_clients: certs('trusted_clients'),
      trusted_users: certs('trusted_users'),
      client_issuers: certs('client_issuers'),
      user_issuers: certs('user_issuers'),
      revocation_lists: this.revocationLists().map(({ file: _file, ...r }) => r),
      rejected: certs('rejected').sort((a, b) => (a.first_seen ?? '').localeCompare(b.first_seen ?? '')),
    };
  }

  /** The rejected certificates (the service logs each new one once). */
  rejected(): OpcuaCertificate[] {
    return this.certificatesIn('rejected').map((c) => c.cert);
  }

  rejectedIds(): string[] {
    return this.rejected().map((c) => c.id);
  }

  async trustRejected(id: string): Promise<OpcuaCertificate> {
    await this.initialize();
    const found = this.certificatesIn('rejected').find((c) => c.cert.id === id);
    if (!found) throw ApiError.notFound('No rejected certificate has this id');
    const der = toDer(fs.readFileSync(found.file), 'CERTIFICATE')!;
    await this.server.trustCertificate(der);
    fs.rmSync(found.file, { force: true });
    return found.cert;
  }

  /** Adds a certificate or CRL to a list; answers what was added. */
  async add(list: Exclude<CertificateList, 'rejected'>, bytes: Buffer): Promise<{ id: string; description: string }> {
    await this.initialize();
    if (list === 'revocation_lists') {
      const der = toDer(bytes, 'X509 CRL');
      let ok = false;
      if (der) {
        try {
          exploreCertificateRevocationList(der);
          ok = true;
        } catch {
          ok = false;
        }
      }
      if (!der || !ok) throw new ApiError(400, 'invalid_certificate', 'The file is not a certificate revocation list');
      const name = `crl_${makeSHA1Thumbprint(der).toString('hex')}.crl`;
      writeAtomically(path.join(this.server.issuersCrlFolder, name), der);
      await this.server.reloadCertificates();
      return { id: makeSHA1Thumbprint(der).toString('hex'), description: name };
    }
    const der = toDer(bytes, 'CERTIFICATE');
    let cert: OpcuaCertificate | null = null;
    if (der) {
      try {
        cert = describeCertificate(der, '', this.now());
      } catch {
        cert = null;
      }
    }
    if (!der || !cert) throw new ApiError(400, 'invalid_certificate', 'The file is not a certificate (DER or PEM)');
    const { manager, dir } = this.folderOf(list);
    const fileName = `${cert.subject.replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 48)}[${cert.id}].der`;
    writeAtomically(path.join(dir, fileName), der);
    // Known to the manager too: a certificate trusted ahead of time is no longer one it rejects.
    for (const f of this.files(this.server.rejectedFolder)) {
      if (f.includes(cert.id)) fs.rmSync(path.join(this.server.rejectedFolder, f), { force: true });
    }
    await manager.reloadCertificates();
    return { id: cert.id, description: cert.subject };
  }

  async remove(list: CertificateList, id: string): Promise<void> {
    await this.initialize();
    if (list === 'revocation_lists') {
      const found = this.revocationLists().find((r) => r.id === id);
      if (!found) throw ApiError.notFound('No revocation list has this id');
      fs.rmSync(found.file, { force: true });
      await this.server.reloadCertificates();
      await this.users.reloadCertificates();
      return;
    }
    const found = this.certificatesIn(list).find((c) => c.cert.id === id);
    if (!found) throw ApiError.notFound('No certificate of this list has this id');
    fs.rmSync(found.file, { force: true });
    await this.folderOf(list).manager.reloadCertificates();
  }

  /** A certificate's DER, for a download. */
  async file(list: CertificateList | 'own', id: string): Promise<Buffer> {
    await this.initialize();
    if (list === 'own') {
      const der = toDer(fs.readFileSync(this.certificateFile), 'CERTIFICATE')!;
      if (makeSHA1Thumbprint(der).toString('hex') !== id) throw ApiError.notFound('The server certificate has another id');
      return der;
    }
    if (list === 'revocation_lists') {
      const found = this.revocationLists().find((r) => r.id === id);
      if (!found) throw ApiError.notFound('No revocation list has this id');
      return toDer(fs.readFileSync(found.file), 'X509 CRL')!;
    }
    const found = this.certificatesIn(list).find((c) => c.cert.id === id);
    if (!found) throw ApiError.notFound('No certificate of this list has this id');
    return toDer(fs.readFileSync(found.file), 'CERTIFICATE')!;
  }

  async dispose(): Promise<void> {
    await this.server.dispose();
    await this.users.dispose();
  }
}

function writeAtomically(file: string, data: Buffer | string, mode = 0o644): void {
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, data, { mode });
  fs.renameSync(tmp, file);
}
