import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (pw: crypto.BinaryLike, salt: crypto.BinaryLike, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

/** scrypt parameters: N=2^15 costs about 32 MiB and tens of milliseconds per check on this hardware. */
const N = 1 << 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 64 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** The format older firmware stored: salted SHA-256, hex. Only ever verified, then replaced. */
export function legacyHashPassword(password: string, salt = crypto.randomBytes(8).toString('hex')): string {
  return `sha256$${salt}$${crypto.createHash('sha256').update(salt + password).digest('hex')}`;
}

export function isLegacyHash(stored: string): boolean {
  return stored.startsWith('sha256$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts[0] === 'scrypt' && parts.length === 6) {
    const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
    const expected = Buffer.from(key, 'base64');
    const actual = await scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64'), expected.length, {
      N: Number(n), r: Number(r), p: Number(p), maxmem: MAXMEM,
    });
    return crypto.timingSafeEqual(actual, expected);
  }
  if (parts[0] === 'sha256' && parts.length === 3) {
    const expected = Buffer.from(legacyHashPassword(password, parts[1]!).split('$')[2]!, 'hex');
    const actual = Buffer.from(parts[2]!, 'hex');
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
  }
  return false;
}

/** A random initial password: four groups of four, with upper, lower case and digits, joined by '-'. */
export function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  for (;;) {
    const bytes = crypto.randomBytes(16);
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]!);
    const pw = [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
    if (/[A-Z]/.test(pw) && /[a-z]/.test(pw) && /[0-9]/.test(pw)) return pw;
  }
}
