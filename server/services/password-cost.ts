/**
 * scrypt at one of OWASP's minimums, N=2^15, r=8, p=3: 32 MiB per hash (N=2^17 would need 128 MiB
 * each), about three times the work of p=1. Node computes the p lanes one after the other, so the
 * memory stays 32 MiB per hash.
 *
 * A module of its own so that the server tests, which sign in some thousands of times, can hash at a
 * lower cost (jest.config.js maps it to test/support/password-cost.ts); the device and the browser
 * suite always hash at this one, and password-hashing.test.ts checks it in a jest project of its own.
 */
export const SCRYPT_PARAMS = { N: 1 << 15, r: 8, p: 3 } as const;
