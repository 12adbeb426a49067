import fs from 'node:fs';
import { X509Certificate } from 'node:crypto';

/** How close to its end a certificate is reported by the security self-check. */
export const CERTIFICATE_WARN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A certificate file's whole days left at `nowMs` (negative once it has expired), or null when
 * there is no readable certificate there. Certificates are judged against real time: `nowMs` is the
 * host clock (server/lib/clock.ts), as the machines that check them do. */
export function certificateDaysLeft(pemFile: string, nowMs: number): number | null {
  let pem: Buffer;
  try {
    pem = fs.readFileSync(pemFile);
  } catch {
    return null;
  }
  try {
    const notAfter = Date.parse(new X509Certificate(pem).validTo);
    return Math.floor((notAfter - nowMs) / DAY_MS);
  } catch {
    return null;
  }
}

/** The self-check's finding for a certificate: `expired`, `expiring` (within 30 days) or null. */
export function certificateFinding(pemFile: string, nowMs: number): { kind: 'expired' | 'expiring'; days: number } | null {
  const days = certificateDaysLeft(pemFile, nowMs);
  if (days === null || days >= CERTIFICATE_WARN_DAYS) return null;
  return { kind: days < 0 ? 'expired' : 'expiring', days: Math.max(0, days) };
}
