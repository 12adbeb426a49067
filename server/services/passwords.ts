import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { SCRYPT_PARAMS } from './password-cost';

const scrypt = promisify(crypto.scrypt) as (pw: crypto.BinaryLike, salt: crypto.BinaryLike, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

export { SCRYPT_PARAMS };
const KEY_LENGTH = 32;
const MAXMEM = 64 * 1024 * 1024;

/** At most this many hashes run at once: ten sign-ins at the same moment queue instead of taking
 * 32 MiB each. One, not two: the memory a finished hash frees stays with the thread that ran it, so
 * two at a time let the peak grow by 64 MiB or more (measured with `npm run bench:hash-rss`: about
 * 151 MB with two, 119 MB with one, for about 0.2 s per sign-in). */
export const MAX_CONCURRENT_HASHES = 1;
let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // Hand the slot to the next in line, or free it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** How many hashes run now (for tests). */
export function hashesRunning(): number {
  return running;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { N, r, p } = SCRYPT_PARAMS;
  const key = await limited(() => scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N, r, p, maxmem: MAXMEM }));
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Whether a stored hash is weaker than what hashPassword makes now (an older format, or scrypt
 * with lower parameters): replaced at the next successful sign-in. */
export function needsRehash(stored: string): boolean {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt' || parts.length !== 6) return true;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  return n < SCRYPT_PARAMS.N || r < SCRYPT_PARAMS.r || p < SCRYPT_PARAMS.p;
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
    const actual = await limited(() =>
      scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: MAXMEM }),
    );
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
