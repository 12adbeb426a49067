/**
 * The one error policy: `failureOf` (contract/failure.ts) reads every shape a failure comes in;
 * `errorMessage` / `errorText` (src/i18n/error-text.ts) give every code a text that exists in the
 * locale files, let an area word codes its own way, and always say a lost connection or a timeout
 * as such.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance, type i18n as I18n } from 'i18next';
import { COMMON_ERROR_CODES } from '../../contract/error-codes';
import { ERROR_CODES } from '../../contract/errors';
import { CONTRACT_AREAS } from '../../contract/areas';
import { callsFileOf } from '../../contract/api';
import { FAILURE_CODES, LOCKOUT_MINUTES, TRANSPORT_ERROR_CODES, errorCodeOf, failureOf, type FailureCode } from '../../contract/failure';
import {
  DEVICE_ERROR_TEXTS,
  ERROR_KEYS,
  GENERIC_CODES,
  SETTINGS_ERROR_TEXTS,
  errorKeyOf,
  errorMessage,
  errorText,
  type ErrorTexts,
} from '../../src/i18n/error-text';
import { PASSWORD_ERROR_TEXTS } from '../../src/components/password/password-error';

const LOCALES = join(__dirname, '..', '..', 'public', 'locales');
const LANGUAGES = ['en', 'de'] as const;
const ALL_LANGUAGES = ['en', 'de', 'fr', 'it', 'ja', 'ko', 'pl', 'ru', 'zh-CN', 'zh-TW'] as const;
const NAMESPACES = ['translation', 'shell', 'network', 'system'] as const;

function localeFile(namespace: string, language: string): Record<string, unknown> {
  const file = namespace === 'translation' ? `${language}.json` : join(namespace, `${language}.json`);
  return JSON.parse(readFileSync(join(LOCALES, file), 'utf8')) as Record<string, unknown>;
}

/** The text at `ns:path.to.key` in a language (a text with plural forms: its `_other`), or undefined. */
function textOf(qualifiedKey: string, language: string): unknown {
  const [namespace, path] = qualifiedKey.split(':') as [string, string];
  const parts = path.split('.');
  const parent = parts.slice(0, -1).reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], localeFile(namespace, language)) as
    | Record<string, unknown>
    | undefined;
  const last = parts[parts.length - 1]!;
  return parent?.[last] ?? parent?.[`${last}_other`];
}

const AREAS: Record<string, ErrorTexts> = { PASSWORD_ERROR_TEXTS, SETTINGS_ERROR_TEXTS, DEVICE_ERROR_TEXTS };

function makeI18n(language: string): I18n {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: 'en',
    resources: Object.fromEntries(
      LANGUAGES.map((l) => [l, Object.fromEntries(NAMESPACES.map((ns) => [ns, localeFile(ns, l)]))]),
    ),
    fallbackNS: 'shell',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

describe('the codes', () => {
  test("the common failure codes are the contract's common ones and the transport ones; the areas add theirs", () => {
    expect([...FAILURE_CODES]).toEqual([...COMMON_ERROR_CODES, ...TRANSPORT_ERROR_CODES]);
    expect(ERROR_CODES.slice(0, COMMON_ERROR_CODES.length)).toEqual([...COMMON_ERROR_CODES]);
    expect(Object.keys(ERROR_KEYS).sort()).toEqual([...FAILURE_CODES].sort());
    for (const code of GENERIC_CODES) expect(FAILURE_CODES).toContain(code);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  // An area words its own codes in its own namespace, named as the area (`plcRuntime` → plc-runtime).
  const areaCodes = CONTRACT_AREAS.flatMap((area) => ((area as { errorCodes?: readonly string[] }).errorCodes ?? []).map((code) => [callsFileOf(area.name), code] as const));

  test.each(ALL_LANGUAGES)("every area's code has its text in the area's namespace in %s", (language) => {
    expect(areaCodes.length).toBeGreaterThan(0);
    const missing = areaCodes.filter(([ns, code]) => typeof textOf(`${ns}:error_codes.${code}`, language) !== 'string');
    expect(missing).toEqual([]);
  });

  test("an area's namespace words only the codes its area answers", () => {
    const namespaces = [...new Set(areaCodes.map(([ns]) => ns))];
    const worded = namespaces.flatMap((ns) => Object.keys((localeFile(ns, 'en').error_codes ?? {}) as object).map((code) => [ns, code] as const));
    expect(worded.filter(([ns, code]) => !areaCodes.some(([n, c]) => n === ns && c === code))).toEqual([]);
    // and no common code's text hides among them
    expect(worded.filter(([, code]) => (FAILURE_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  test.each(LANGUAGES)('every code has a default text, namespaced, that exists in %s', (language) => {
    const missing = Object.entries(ERROR_KEYS).filter(([, key]) => !/^[a-z]+:/.test(key) || typeof textOf(key, language) !== 'string');
    expect(missing).toEqual([]);
  });

  test.each(LANGUAGES)('every key an area uses exists in %s', (language) => {
    const keys = Object.values(AREAS).flatMap((area) => [...Object.values(area.codes ?? {}), ...(area.fallback ? [area.fallback] : [])]);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => typeof textOf(key, language) !== 'string')).toEqual([]);
  });
});

describe('errorMessage: the policy', () => {
  const key = (error: unknown, texts?: ErrorTexts) => errorMessage(error, texts).key;

  test('without an area every code reads its default text', () => {
    for (const code of FAILURE_CODES) expect(key(code)).toBe(ERROR_KEYS[code]);
    expect(key('internal_error')).toBe('translation:errors.hmi_error');
    expect(key('connection_lost')).toBe('translation:errors.network');
    expect(key('timeout')).toBe('translation:errors.request_timeout');
  });

  test("an area's code reads the text its area's namespace has, else the fallback", () => {
    const keys = errorKeyOf('port_in_use');
    expect(keys).toContain('opcua:error_codes.port_in_use');
    expect(keys[keys.length - 1]).toBe('shell:errors.fail');
    expect(key('port_in_use')).toEqual(keys);
    expect((key('port_in_use', SETTINGS_ERROR_TEXTS) as string[]).at(-1)).toBe('shell:settings.update_failed');
  });

  test("an area's own codes win over every default", () => {
    expect(key('validation_failure', PASSWORD_ERROR_TEXTS)).toBe('shell:password.errors.validation_failure');
    expect(key('login_locked', PASSWORD_ERROR_TEXTS)).toBe('shell:password.errors.login_locked');
    expect(key('login_locked')).toBe('translation:login.errors.login_locked');
    expect(key('connection_lost', { codes: { connection_lost: 'system:identify.failed' } })).toBe('system:identify.failed');
  });

  test("an area's fallback words the generic codes; a specific code keeps its text", () => {
    for (const code of GENERIC_CODES) {
      expect(key(code, PASSWORD_ERROR_TEXTS)).toBe('shell:password.errors.change_failed');
      expect(key(code, SETTINGS_ERROR_TEXTS)).toBe('shell:settings.update_failed');
    }
    expect(key('current_password_error', PASSWORD_ERROR_TEXTS)).toBe('shell:password.errors.current_password_error');
    expect(key('password_too_weak', PASSWORD_ERROR_TEXTS)).toBe('shell:password.errors.password_too_weak');
    expect(key('change_pending', SETTINGS_ERROR_TEXTS)).toContain('network:error_codes.change_pending');
    expect(key('validation_failure', SETTINGS_ERROR_TEXTS)).toBe('translation:errors.validation_failure');
  });

  test.each(Object.entries(AREAS))('a lost connection and a timeout say so in %s, never the device error', (_name, area) => {
    expect(key({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, area)).toBe('translation:errors.network');
    expect(key({ status: 'TIMEOUT_ERROR', error: 'AbortError' }, area)).toBe('translation:errors.request_timeout');
  });

  test('where only the main texts are loaded, every code reads a text of the main file', () => {
    for (const code of FAILURE_CODES) expect(key(code, DEVICE_ERROR_TEXTS)).toMatch(/^translation:/);
    expect(key('invalid_credentials', DEVICE_ERROR_TEXTS)).toBe('translation:login.errors.invalid_credentials');
    expect(key('user_not_in_list', DEVICE_ERROR_TEXTS)).toBe('translation:login.errors.user_not_in_list');
    expect(key('validation_failure', DEVICE_ERROR_TEXTS)).toBe('translation:errors.validation_failure');
    expect(key('forbidden', DEVICE_ERROR_TEXTS)).toBe('translation:errors.hmi_error');
    expect(key('change_pending', DEVICE_ERROR_TEXTS)).toBe('translation:errors.hmi_error');
  });

  test('login_locked carries its minutes, the full lockout when the answer does not say', () => {
    expect(errorMessage({ status: 429, data: { error_code: 'login_locked', qty: 3 } })).toEqual({
      key: 'translation:login.errors.login_locked',
      // `count` beside it: a text with plural forms picks its own (see password_reused).
      values: { qty: 3, count: 3 },
    });
    expect(errorMessage('login_locked', PASSWORD_ERROR_TEXTS).values).toEqual({ qty: LOCKOUT_MINUTES, count: LOCKOUT_MINUTES });
    expect(errorMessage('fail').values).toBeUndefined();
  });
});

describe('errorText: in the chosen language', () => {
  test('English and German, from a t bound to any namespace', () => {
    const en = makeI18n('en');
    const de = makeI18n('de');
    const refused = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
    expect(errorText(en.t, refused)).toBe('The panel cannot be reached. Check the connection and try again');
    expect(errorText(de.t, refused)).toBe(de.getResource('de', 'translation', 'errors.network'));
    // A screen of the network namespace reads the main file's and the shell's texts too.
    const network = en.getFixedT('en', 'network');
    expect(errorText(network, refused, SETTINGS_ERROR_TEXTS)).toBe('The panel cannot be reached. Check the connection and try again');
    expect(errorText(network, { status: 500, data: { error_code: 'internal_error' } }, SETTINGS_ERROR_TEXTS)).toBe('Update settings failed');
    expect(errorText(network, 'change_pending', SETTINGS_ERROR_TEXTS)).toBe(
      'Another network change is waiting for confirmation: keep or revert it first',
    );
    expect(errorText(en.t, { status: 429, data: { error_code: 'login_locked', qty: 7 } }, DEVICE_ERROR_TEXTS)).toBe(
      'You reached the maximum login attempts. Please wait 7 minutes and try again',
    );
    expect(errorText(en.t, 'login_locked', PASSWORD_ERROR_TEXTS)).toBe(
      `Too many wrong passwords. Please wait ${LOCKOUT_MINUTES} minutes and try again`,
    );
    expect(errorText(de.t, 'something_new', PASSWORD_ERROR_TEXTS)).toBe('Passwortänderung fehlgeschlagen');
    // A code no area words: "it did not work"; an area's own code where its texts are not loaded too.
    expect(errorText(en.t, 'something_new')).toBe('The panel could not do that. Try again');
    expect(errorText(en.t, 'port_in_use')).toBe('The panel could not do that. Try again');
    expect(errorText(network, { status: 409, data: { error_code: 'wifi_disabled' } })).toBe('Wi-Fi is off: turn it on first');
  });

  test.each(LANGUAGES)('every code reads a real text in %s, never its key', (language) => {
    const { t } = makeI18n(language);
    const areas: (ErrorTexts | undefined)[] = [undefined, ...Object.values(AREAS)];
    for (const area of areas) {
      for (const code of FAILURE_CODES) {
        const text = errorText(t, code, area);
        expect(text).not.toMatch(/^[a-z_]+[:.][a-z_.]+$/);
        expect(text).not.toContain('{{');
      }
    }
  });
});

describe('failureOf: every shape a failure comes in', () => {
  const answer = (status: number, data: unknown) => ({ status, data });

  test.each<[string, unknown, unknown]>([
    ['a device answer', answer(400, { message: 'x', error_code: 'current_password_error' }), { error_code: 'current_password_error' }],
    [
      'a refused value, with its field and problem',
      answer(400, { message: 'x', error_code: 'validation_failure', field: 'settings.ssid', problem: 'required' }),
      { error_code: 'validation_failure', field: 'settings.ssid', problem: 'required' },
    ],
    [
      'a weak password, with the rules it breaks (unknown ones dropped)',
      answer(400, { message: 'x', error_code: 'password_too_weak', failures: ['numbers', 'bogus', 7], field: 'password' }),
      { error_code: 'password_too_weak', failures: ['numbers'], field: 'password' },
    ],
    ['a weak password without rules', answer(400, { error_code: 'password_too_weak', failures: ['bogus'] }), { error_code: 'password_too_weak' }],
    ['a lockout, with its minutes', answer(429, { message: 'x', error_code: 'login_locked', qty: 3 }), { error_code: 'login_locked', qty: 3 }],
    ['a lockout without minutes', answer(429, { error_code: 'login_locked' }), { error_code: 'login_locked', qty: LOCKOUT_MINUTES }],
    ['a device error', answer(500, { message: 'x', error_code: 'internal_error' }), { error_code: 'internal_error' }],
    ['a 500 without a code', answer(500, 'oops'), { error_code: 'internal_error' }],
    // A gateway or a server that is closing answered for the panel: it is out of reach.
    ['a 502 without a code', answer(502, 'bad gateway'), { error_code: 'connection_lost' }],
    ['a 503 without a code (a server closing)', answer(503, { statusCode: 503, message: 'Service Unavailable' }), { error_code: 'connection_lost' }],
    ['a 504 without a code', answer(504, ''), { error_code: 'connection_lost' }],
    ['an unreadable answer', { status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError' }, { error_code: 'internal_error' }],
    ['a 4xx without a code', answer(404, undefined), { error_code: 'fail' }],
    // A code the sign-in bundle does not list (an area's): kept, and worded by its area (or as `fail`).
    ['an unknown code', answer(409, { error_code: 'something_new' }), { error_code: 'something_new' }],
    ['a message where a code should be', answer(409, { error_code: 'Something went wrong' }), { error_code: 'fail' }],
    ['a timeout', { status: 'TIMEOUT_ERROR', error: 'AbortError: signal timed out' }, { error_code: 'timeout' }],
    ["the device's 408", answer(408, { error_code: 'fail' }), { error_code: 'timeout' }],
    ['a refused connection', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, { error_code: 'connection_lost' }],
    ['a custom error', { status: 'CUSTOM_ERROR', error: 'nope' }, { error_code: 'fail' }],
    ['an actor rejection', { error_code: 'change_pending' }, { error_code: 'change_pending' }],
    ['an actor rejection with an empty code', { error_code: '' }, { error_code: 'fail' }],
    ['an actor rejection with a number', { error_code: 7 }, { error_code: 'fail' }],
    ['a Failure (read again)', { error_code: 'login_locked', qty: 4 }, { error_code: 'login_locked', qty: 4 }],
    ['a transport Failure (read again)', { error_code: 'connection_lost' }, { error_code: 'connection_lost' }],
    ['a code a machine kept', 'key_mismatch', { error_code: 'key_mismatch' }],
    ['a transport code a machine kept', 'timeout', { error_code: 'timeout' }],
    ['an unknown code a machine kept', 'something_new', { error_code: 'something_new' }],
    ['a message a machine kept', 'it broke', { error_code: 'fail' }],
    ['a serialized error', { name: 'Error', message: 'thrown', stack: '…' }, { error_code: 'fail' }],
    ['a thrown error', new Error('offline'), { error_code: 'fail' }],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'x')"), { error_code: 'fail' }],
    ['a fetch without an answer', new TypeError('Failed to fetch'), { error_code: 'connection_lost' }],
    ['a fetch without an answer (Firefox)', new TypeError('NetworkError when attempting to fetch resource.'), { error_code: 'connection_lost' }],
    ['a chunk that did not load', Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' }), { error_code: 'connection_lost' }],
    ['a style sheet that did not load', Object.assign(new Error('Loading CSS chunk 3 failed.'), { code: 'CSS_CHUNK_LOAD_FAILED' }), { error_code: 'connection_lost' }],
    ['a timeout signal', new DOMException('signal timed out', 'TimeoutError'), { error_code: 'timeout' }],
    ['nothing', undefined, { error_code: 'fail' }],
    ['null', null, { error_code: 'fail' }],
    ['a number', 42, { error_code: 'fail' }],
  ])('%s', (_what, error, failure) => {
    expect(failureOf(error)).toEqual(failure);
    expect(errorCodeOf(error)).toBe((failure as { error_code: FailureCode }).error_code);
  });

  test('reading a Failure again gives the same Failure', () => {
    const errors: unknown[] = [
      answer(400, { error_code: 'password_too_weak', failures: ['numbers', 'min_length'] }),
      answer(400, { error_code: 'validation_failure', field: 'name', problem: 'too_long' }),
      { status: 'FETCH_ERROR', error: 'x' },
      'login_locked',
    ];
    for (const error of errors) expect(failureOf(failureOf(error))).toEqual(failureOf(error));
  });
});
