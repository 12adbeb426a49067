/** Password hashes at OWASP's minimum, at most two at a time, and older hashes upgraded at sign-in. */
import crypto from 'node:crypto';
import { hashPassword, hashesRunning, legacyHashPassword, MAX_CONCURRENT_HASHES, needsRehash, SCRYPT_PARAMS, verifyPassword } from '../../server/services/passwords';
import { startTestDevice, TEST_PASSWORD } from '../support/device';

/** A hash as the device made it before: scrypt N=2^15, r=8, p=1. */
function oldScryptHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password.normalize('NFC'), salt, 32, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${1 << 15}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

test('[PW-03] new hashes use scrypt N=2^15, r=8, p=3 (OWASP) and verify', async () => {
  expect(SCRYPT_PARAMS).toEqual({ N: 32768, r: 8, p: 3 });
  const stored = await hashPassword('Some-Pass-1');
  expect(stored).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  expect(await verifyPassword('Some-Pass-1', stored)).toBe(true);
  expect(await verifyPassword('Some-Pass-2', stored)).toBe(false);
  expect(needsRehash(stored)).toBe(false);
});

test('[PW-03] older hashes are recognised as weaker: the legacy SHA-256 and scrypt with p=1', () => {
  expect(needsRehash(legacyHashPassword('x'))).toBe(true);
  expect(needsRehash(oldScryptHash('x'))).toBe(true);
  expect(needsRehash('garbage')).toBe(true);
});

test(`[RL-01] no more than ${MAX_CONCURRENT_HASHES} hashes run at once; the others wait their turn`, async () => {
  let most = 0;
  const watch = setInterval(() => (most = Math.max(most, hashesRunning())), 1);
  const results = await Promise.all(Array.from({ length: 10 }, (_, i) => hashPassword(`Pass-${i}-abcdef`)));
  clearInterval(watch);
  expect(results).toHaveLength(10);
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
  expect(hashesRunning()).toBe(0);
}, 30_000);

test('[PW-03] a hash with the older parameters is replaced at the next successful sign-in, not at a failed one', async () => {
  const t = await startTestDevice();
  try {
    const old = oldScryptHash(TEST_PASSWORD);
    t.device.db.prepare('UPDATE accounts SET password_hash = ? WHERE username = ?').run(old, 'history');
    const hashOf = () => t.device.db.prepare('SELECT password_hash FROM accounts WHERE username = ?').pluck().get('history') as string;
    expect(await t.device.accounts.verify('history', 'wrong-password')).toBe(false);
    expect(hashOf()).toBe(old);
    expect(await t.device.accounts.verify('history', TEST_PASSWORD)).toBe(true);
    expect(hashOf()).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await t.device.accounts.verify('history', TEST_PASSWORD)).toBe(true);
  } finally {
    await t.close();
  }
}, 30_000);
