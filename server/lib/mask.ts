const SECRET_KEY = /pass|current|secret|token|key|credential/i;

/** A copy of a value with every secret-looking field replaced, for the operation log. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '***' : maskSecrets(v, depth + 1);
  return out;
}
