/**
 * The diagnostic bundle (docs/decisions.md#diagnostic-bundle): one tar.gz a field engineer
 * downloads and sends on, with what the device knows about itself now: system facts, every
 * setting, the last 10,000 log lines, the services' states, the security self-check and the
 * database's integrity check. Streamed: the archive is packed and compressed as the answer is sent
 * (tar-stream + zlib), never held whole in memory.
 *
 * No secret leaves the device in it. Settings lose their secrets three ways: every value the
 * setting's schema marks `secret(...)` (contract/api/secret.ts) is removed; then any field still
 * named like a secret (password, token, key, hash, …) is removed too (a second net for a value the
 * schema forgot); and every secret value the schemas found is cut out of every file of the bundle,
 * the log lines included, should anything have echoed it. The log is the device log's, already
 * scrubbed (server/lib/log-scrub.ts), scrubbed once more here.
 */
import zlib from 'node:zlib';
import { PassThrough, type Readable } from 'node:stream';
import tar from 'tar-stream';
import type { z } from 'zod';
import { MASK, maskSecrets } from '../../lib/mask';
import { makeScrubber, scrubText } from '../../lib/log-scrub';

export const DIAGNOSTIC_BUNDLE_FORMAT = 'hmi-diagnostic-bundle';
/** The log lines a bundle holds at most (the newest). */
export const BUNDLE_LOG_LINES = 10_000;
/** What a removed secret reads as in the bundle. */
export const REMOVED = '[removed]';

/** A secret value shorter than this is not searched for in the bundle's texts (a one-letter
 * password would cut every word it is in); the schema and key-name removals still take it. */
const MIN_CUT_LENGTH = 4;

/** Field names removed from the settings whatever their schema says: the log's list and, for
 * settings, any name ending in hash or key (a stored password's hash, a hardware key). */
const scrubber = makeScrubber();
const isSecretName = (key: string) => scrubber.isSecretKey(key) || /(hash|key|psk)$/i.test(key.replace(/[-_\s]/g, ''));

/** What the bundle reads the settings through (server/services/settings.ts). */
export interface BundleSettings {
  keys(): readonly string[];
  get(key: never): unknown;
  schemaOf(key: never): z.ZodType;
}

export interface BundleSources {
  /** Device time of the bundle (ms), for its name, its entries' dates and the manifest. */
  now: number;
  /** System facts (model, versions, serial, host). */
  system: Record<string, unknown>;
  settings: BundleSettings;
  /** The device log, oldest first, one JSON line each (`DeviceLog.lastLines`). */
  logLines: readonly string[];
  /** The services' states (`GET /api/v1/diagnostics/services`'s answer). */
  services: unknown;
  /** The security self-check's answer. */
  selfCheck: unknown;
  /** `PRAGMA integrity_check`'s rows ("ok" on a sound database). */
  integrity: readonly string[];
}

/** The values at the places a masked copy says were secret. */
function secretValuesOf(original: unknown, masked: unknown, into: Set<string>): void {
  if (masked === MASK && original !== MASK) {
    if (typeof original === 'string') into.add(original);
    else if (original !== null && typeof original === 'object') collectStrings(original, into);
    return;
  }
  if (original === null || typeof original !== 'object' || masked === null || typeof masked !== 'object') return;
  for (const [k, v] of Object.entries(original as Record<string, unknown>)) secretValuesOf(v, (masked as Record<string, unknown>)[k], into);
}

function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) collectStrings(v, into);
}

/** A value with every field named like a secret removed (the second net), and the strings
 * collected as secrets. */
function removeSecretNames(value: unknown, secrets: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => removeSecretNames(v, secrets));
  if (value === null || typeof value !== 'object') return value === MASK ? REMOVED : value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (isSecretName(k) && v !== null && v !== '' && typeof v !== 'boolean' && typeof v !== 'number') {
      collectStrings(v, secrets);
      out[k] = REMOVED;
    } else out[k] = removeSecretNames(v, secrets);
  }
  return out;
}

/** Every setting, secrets removed, and the secret values found in them. */
export function redactedSettings(settings: BundleSettings): { values: Record<string, unknown>; secrets: Set<string> } {
  const values: Record<string, unknown> = {};
  const secrets = new Set<string>();
  for (const key of [...settings.keys()].sort()) {
    // As stored (JSON): plain objects, which is what the mask walks (an object of another kind,
    // a class's or another realm's, it would leave whole).
    const stored: unknown = settings.get(key as never);
    const value: unknown = stored === undefined ? null : JSON.parse(JSON.stringify(stored));
    const masked = maskSecrets(value, settings.schemaOf(key as never));
    secretValuesOf(value, masked, secrets);
    values[key] = isSecretName(key) && typeof value === 'string' ? (secrets.add(value), REMOVED) : removeSecretNames(masked, secrets);
  }
  return { values, secrets };
}

/** A text with every known secret value cut out, and what reads as a credential scrubbed. */
function cutSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REMOVED);
  return out;
}

/** The archive's name: `diagnostics-<hmi name>-<stamp>.tar.gz`. */
export function bundleFileName(hmiName: string, stamp: string): string {
  const name = hmiName.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 64) || 'HMI';
  return `diagnostics-${name}-${stamp}.tar.gz`;
}

/** The bundle as a gzip stream, packed as it is read. */
export function diagnosticBundle(src: BundleSources): Readable {
  const { values, secrets } = redactedSettings(src.settings);
  const cut = [...secrets].filter((s) => s.length >= MIN_CUT_LENGTH).sort((a, b) => b.length - a.length);
  const json = (v: unknown) => Buffer.from(`${cutSecrets(JSON.stringify(v, null, 2), cut)}\n`);
  const lines = src.logLines.slice(Math.max(0, src.logLines.length - BUNDLE_LOG_LINES)).map((l) => Buffer.from(`${cutSecrets(scrubText(l), cut)}\n`));
  const files: [string, Buffer][] = [
    ['system.json', json(src.system)],
    ['settings.json', json(values)],
    ['services.json', json(src.services)],
    ['self-check.json', json(src.selfCheck)],
    ['database-integrity.txt', Buffer.from(`${src.integrity.join('\n')}\n`)],
  ];
  const logBytes = lines.reduce((n, b) => n + b.length, 0);
  const manifest = json({
    format: DIAGNOSTIC_BUNDLE_FORMAT,
    format_version: 1,
    created_at: new Date(src.now).toISOString(),
    secrets: 'removed: values the settings mark secret, fields named like a secret, and every such value wherever it appears',
    files: [...files.map(([name, data]) => ({ name, bytes: data.length })), { name: 'log.jsonl', bytes: logBytes, lines: lines.length }],
  });

  const mtime = new Date(src.now);
  const pack = tar.pack();
  const out = new PassThrough();
  const gzip = zlib.createGzip({ level: 6 });
  pack.on('error', (err) => out.destroy(err));
  gzip.on('error', (err) => out.destroy(err));
  pack.pipe(gzip).pipe(out);
  void (async () => {
    pack.entry({ name: 'manifest.json', size: manifest.length, mtime }, manifest);
    for (const [name, data] of files) pack.entry({ name, size: data.length, mtime }, data);
    // The log line by line into its entry, waiting whenever the archive is read slower than made.
    const entry = pack.entry({ name: 'log.jsonl', size: logBytes, mtime });
    for (const line of lines) {
      if (!entry.write(line)) await new Promise<void>((resolve) => entry.once('drain', resolve));
    }
    entry.end(() => undefined);
    pack.finalize();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
