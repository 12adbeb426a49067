/**
 * The server tests' password cost (jest.config.js maps server/services/password-cost.ts here): scrypt
 * at N=2^10, r=8, p=1, about a hundredth of the device's work, so that the thousands of sign-ins
 * in those tests wait on what they test rather than on hashing. Hashes keep their format and every
 * rule (rehash of a weaker hash, one hash at a time); the device's own cost is checked by
 * test/server/password-hashing.test.ts, which runs without this mapping.
 */
export const SCRYPT_PARAMS = { N: 1 << 10, r: 8, p: 1 } as const;
