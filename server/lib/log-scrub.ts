/**
 * What the device's log never keeps (docs/decisions.md#diagnostics): a password, a token, a key.
 * pino's `redact` removes the request headers that carry them by path; this removes them wherever
 * they are: any field named like a secret (password, token, secret, authorization, cookie, API
 * key, private key, …, and every field name the contract marks secret: `secret(...)`), and, in
 * any text, what reads as one (a bearer or basic credential, a JWT, `password=…` in a query, the
 * password of a URL).
 */

export const SCRUBBED = '[redacted]';

/** Field names that hold a secret whatever the schema (compared without case, `-` and `_`). */
const SECRET_KEY = /pass(word|wd|phrase)?$|^pwd$|secret|token|authori[sz]ation|cookie|apikey|privatekey|credential|^key$|signature/i;

const normalise = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');

/** Credentials inside a text. Each keeps what names it and replaces the value. */
const TEXT_PATTERNS: readonly [RegExp, string][] = [
  // Authorization: Bearer abc / Basic abc
  [/\b(bearer|basic|digest)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${SCRUBBED}`],
  // A JWT anywhere.
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, SCRUBBED],
  // key=value or key: value pairs (a query string, a form body, a message).
  [/\b([\w-]*(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|apikey|authorization|cookie|credential)[\w-]*)(["']?\s*[=:]\s*["']?)[^\s&"',;}]+/gi, `$1$2${SCRUBBED}`],
  // scheme://user:password@host
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:)[^\s/@]+@/gi, `$1${SCRUBBED}@`],
];

export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** A scrubber that also knows the contract's secret field names (normalised). */
export function makeScrubber(secretKeys: Iterable<string> = []) {
  const named = new Set([...secretKeys].map(normalise));
  const isSecretKey = (key: string) => SECRET_KEY.test(normalise(key)) || named.has(normalise(key));
  const scrub = (value: unknown, depth = 0): unknown => {
    if (typeof value === 'string') return scrubText(value);
    if (value === null || typeof value !== 'object') return value;
    if (depth > 8) return '[deep]';
    if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = isSecretKey(k) && v !== null && v !== undefined && v !== '' && typeof v !== 'boolean' ? SCRUBBED : scrub(v, depth + 1);
    }
    return out;
  };
  return { scrub, isSecretKey };
}

export type Scrubber = ReturnType<typeof makeScrubber>;
