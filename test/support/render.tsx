import { StrictMode, type ReactElement } from 'react';
import { act, cleanup, render, waitFor, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ThemeProvider } from '@mui/material/styles';
import { MemoryRouter } from 'react-router-dom';
import i18next, { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { appListener, makeStore, type AppStore } from '../../store';
import { initialAppState } from '../../store/app-slice';
import { signedOut } from '../../store/session-slice';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, accountOfToken } from '../../store/token-storage';
import { baseRoles, isAccountName } from '../../contract/roles';
import { sanitizeHmiName } from '../../contract/rules/hmi-name';
import { theme } from '../../src/theme/theme';
import { Notifier } from '../../src/components/Notifier';
import { App } from '../../src/app/App';
import { listenForSidebar } from '../../src/app/shell-listeners';
import { changeLanguage, initI18n } from '../../src/i18n/i18n';
import { listenForLanguage } from '../../src/i18n/language-listener';
import type { LanguageCode } from '../../src/i18n/languages';
import en from '../../public/locales/en.json';
import enShell from '../../public/locales/shell/en.json';
import deShell from '../../public/locales/shell/de.json';
import de from '../../public/locales/de.json';
import enNetwork from '../../public/locales/network/en.json';
import deNetwork from '../../public/locales/network/de.json';
import enSystem from '../../public/locales/system/en.json';
import deSystem from '../../public/locales/system/de.json';

/** One request the console sent to the simulated device. */
export interface SentRequest {
  method: string;
  path: string;
  /** The JSON body parsed, a form body as an object of its fields, undefined when none. */
  body: unknown;
  /** The query string, without the `?` ('' when none). */
  query: string;
  /** The request headers, names in lower case. */
  headers: Record<string, string>;
  /** What the device answered (set once it has). */
  answer?: DeviceAnswer;
}

export interface DeviceAnswer {
  status?: number;
  body?: unknown;
}

/** Answers by "METHOD /api/v1/path"; a handler may answer from state it keeps, and may look at
 * the whole request (its headers, say) through the second argument. */
export type DeviceHandlers = Record<string, (body: unknown, request: SentRequest) => DeviceAnswer | Promise<DeviceAnswer>>;

export interface FakeDevice {
  requests: SentRequest[];
  /** The bodies sent to one call, in order. */
  sent(method: string, path: string): unknown[];
  handlers: DeviceHandlers;
}

/** Replaces `fetch` with a device that answers per method and path, like the panel would. */
export function fakeDevice(handlers: DeviceHandlers): FakeDevice {
  const device: FakeDevice = {
    requests: [],
    handlers,
    sent: (method, path) => device.requests.filter((r) => r.method === method && r.path === path).map((r) => r.body),
  };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const headers = Object.fromEntries([...request.headers.entries()].map(([k, v]) => [k.toLowerCase(), v]));
    const form = (headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
    const body: unknown = !text ? undefined : form ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text);
    const sent: SentRequest = { method: request.method, path: url.pathname, body, query: url.search.slice(1), headers };
    device.requests.push(sent);
    const handler = device.handlers[`${request.method} ${url.pathname}`];
    const answer: DeviceAnswer = handler
      ? await handler(body, sent)
      : { status: 404, body: { message: 'Not found', error_code: 'not_found' } };
    sent.answer = answer;
    return new Response(JSON.stringify(answer.body ?? null), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return device;
}

export function makeI18n(language: 'en' | 'de' = 'en'): I18n {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: 'en',
    resources: {
      en: { translation: en, shell: enShell, network: enNetwork, system: enSystem },
      de: { translation: de, shell: deShell, network: deNetwork, system: deSystem },
    },
    fallbackNS: 'shell',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

export interface Rendered extends RenderResult {
  store: AppStore;
  i18n: I18n;
}

/** Renders a screen as the app does: a real store, the theme, the chosen language, the notices. */
export function renderScreen(ui: ReactElement, { language = 'en' }: { language?: 'en' | 'de' } = {}): Rendered {
  const store = makeStore();
  const i18n = makeI18n(language);
  const result = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            {ui}
            <Notifier />
          </MemoryRouter>
        </I18nextProvider>
      </ThemeProvider>
    </Provider>,
  );
  return { ...result, store, i18n };
}

/** The device's strength rules on the wire. */
export function rulesWire(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    password_rules_enable: false,
    password_rules_minimal_length: 12,
    password_rules_include_numbers: false,
    password_rules_include_mixed_cases: false,
    password_rules_include_special_characters: false,
    ...overrides,
  };
}

export function userInfoWire(username: string) {
  return {
    username,
    permission: { roles: ['system_password'] },
    state_code: 1,
    http: true,
    password_updated_at: '2025-01-01T00:00:00.000Z',
  };
}

// ---------------------------------------------------------------------------------------------
// The whole console as main.tsx starts it (the real <App>, routes, store, the shell's actors and
// the language handling) against a simulated device. Used by the shell's tests
// (test/component/shell).
// ---------------------------------------------------------------------------------------------

/** A JWT-shaped access token whose payload names the account (`sub`), as the device issues. */
export function tokenFor(account: string, serial = 1): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: account, jti: `t${serial}` })}.signature${serial}`;
}

/** Puts a session for `account` in local storage, as a sign-in would have left it. */
export function storeSession(account: string, serial = 1): { accessToken: string; refreshToken: string } {
  const tokens = { accessToken: tokenFor(account, serial), refreshToken: `refresh-${account}-${serial}` };
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  return tokens;
}

/** The account a request's bearer token belongs to, or null. */
export function accountOfRequest(request: SentRequest): string | null {
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
  return accountOfToken(bearer);
}

export interface UserInfoWire {
  username: string;
  permission: { roles: string[] };
  state_code: 0 | 1;
  http: boolean;
  password_updated_at: string;
}

export interface ExpirationWire {
  password_expiration_notification_enable: boolean;
  password_expiration_validity_period: number;
  password_expiration_allow_operations_before_update: boolean;
}

export interface ShellDeviceOptions {
  /** Overrides of the signed-in account's user info (its roles default to the role matrix). */
  userInfo?: Partial<UserInfoWire>;
  extraRoles?: string[];
  secs?: boolean;
  /** The device specification's usermode flag. */
  usermode?: boolean;
  /** GET /webview/status. */
  webview?: '1' | '0';
  hmiName?: string;
  /** The product model of the logo area. */
  model?: string;
  /** Accounts whose stored password hash is in the old format. */
  legacy?: string[];
  rules?: ReturnType<typeof rulesWire>;
  expiration?: Partial<ExpirationWire>;
  /** The password every account signs in and changes its password with. */
  password?: string;
  /** GET /system/time (the fallback of the time channel). */
  time?: string;
  /** The device's clock: a password change records it as the account's password_updated_at. */
  now?: () => Date;
}

export interface ShellDevice extends FakeDevice {
  /** What the device keeps; tests may read and change it. */
  state: { hmiName: string; stateCode: Record<string, 0 | 1>; passwordUpdatedAt: Record<string, string>; issued: number };
}

export const SHELL_PASSWORD = 'Secret-1';

/** A device that answers every call the shell makes, like the panel would, keeping its state;
 * `overrides` replace single calls. */
export function shellDevice(options: ShellDeviceOptions = {}, overrides: DeviceHandlers = {}): ShellDevice {
  const password = options.password ?? SHELL_PASSWORD;
  const state: ShellDevice['state'] = { hmiName: options.hmiName ?? 'HMI-Line-3', stateCode: {}, passwordUpdatedAt: {}, issued: 100 };
  const now = options.now ?? (() => new Date());
  const ok = { body: { status: 'success' } };
  const issue = (account: string): DeviceAnswer => {
    state.issued += 1;
    return {
      body: {
        access_token: tokenFor(account, state.issued),
        refresh_token: `refresh-${account}-${state.issued}`,
        token_type: 'bearer',
        expires_in: 900,
      },
    };
  };
  const grant = (account: string | null) => (raw: unknown): DeviceAnswer => {
    const body = raw as Record<string, string>;
    if (body.grant_type === 'refresh_token') {
      const owner = /^refresh-(.+)-\d+$/.exec(body.refresh_token ?? '')?.[1];
      if (!owner || (account !== null && owner !== account)) return { status: 400, body: { message: 'Invalid token', error_code: 'invalid_token' } };
      return issue(owner);
    }
    const username = account ?? body.username ?? '';
    if (!isAccountName(username)) return { status: 401, body: { message: 'User is not in the user list', error_code: 'user_not_in_list' } };
    if (body.password !== password) {
      return { status: 401, body: { message: 'User does not exist or password is incorrect', error_code: 'invalid_credentials' } };
    }
    return issue(username);
  };
  const signedIn = (request: SentRequest): string | null => accountOfRequest(request);
  const unauthorized: DeviceAnswer = { status: 401, body: { message: 'Unauthorized', error_code: 'unauthorized' } };
  const userInfo = (account: string): UserInfoWire => ({
    username: account,
    permission: { roles: isAccountName(account) ? baseRoles(account) : ['dashboard'] },
    http: true,
    password_updated_at: new Date().toISOString(),
    ...options.userInfo,
    state_code: state.stateCode[account] ?? options.userInfo?.state_code ?? 1,
    ...(state.passwordUpdatedAt[account] ? { password_updated_at: state.passwordUpdatedAt[account] } : {}),
  });
  const changePassword = (raw: unknown, request: SentRequest): DeviceAnswer => {
    const body = raw as { current?: string; changeAll?: boolean };
    if (body.current !== password) {
      return { status: 400, body: { message: 'Current password error, please retry', error_code: 'current_password_error' } };
    }
    const account = signedIn(request);
    const changed = body.changeAll ? ['admin', 'update', 'history'] : account ? [account] : [];
    for (const a of changed) state.passwordUpdatedAt[a] = now().toISOString();
    return ok;
  };
  const api = '/api/v1';
  const device = fakeDevice({
    [`GET ${api}/auth/login-info`]: () => ({ body: { hmi_name: state.hmiName, model: options.model ?? 'cMT3072XH' } }),
    [`POST ${api}/auth/token/admin`]: grant('admin'),
    [`POST ${api}/auth/token/update`]: grant('update'),
    [`POST ${api}/auth/token/history`]: grant('history'),
    [`POST ${api}/auth/token/app`]: grant(null),
    [`POST ${api}/auth/logout`]: () => ok,
    [`GET ${api}/uac/account/userinfo`]: (_b, r) => {
      const account = signedIn(r);
      return account ? { body: userInfo(account) } : unauthorized;
    },
    [`GET ${api}/uac/account/extra-role`]: () => ({ body: options.extraRoles ?? [] }),
    [`PATCH ${api}/uac/account/state`]: (_b, r) => {
      const account = signedIn(r);
      if (account) state.stateCode[account] = 1;
      return ok;
    },
    [`PATCH ${api}/uac/account/admin/password`]: changePassword,
    [`PATCH ${api}/uac/account/user/password`]: changePassword,
    ['GET /cgi/reset_pj.cgi']: () => ({ body: { resetsele: 28, secs: options.secs ? 'true' : 'false' } }),
    [`GET ${api}/system/web/specification`]: () => ({
      body: { usermode: options.usermode ?? false, ethernet_count: 2, wifi_count: 1, led: true },
    }),
    [`GET ${api}/webview/status`]: () => ({ body: { status: options.webview ?? '0' } }),
    [`GET ${api}/system/hmi/name`]: () => ({ body: { name: state.hmiName } }),
    [`PUT ${api}/system/hmi/name`]: (body) => {
      state.hmiName = sanitizeHmiName((body as { name: string }).name);
      return { body: { name: state.hmiName } };
    },
    [`GET ${api}/system/time`]: () => ({ body: { time: options.time ?? '2025/06/01 12:00:00' } }),
    [`PUT ${api}/system/datetime`]: (body) => {
      const m = /^(\d{4})\.(\d{2})\.(\d{2})-(\d{2}:\d{2}:\d{2})$/.exec((body as { time: string }).time);
      return m ? { body: { time: `${m[1]}/${m[2]}/${m[3]} ${m[4]}` } } : { status: 400, body: { message: 'time', error_code: 'validation_failure' } };
    },
    [`GET ${api}/system/legacyhash`]: () => ({ body: options.legacy ?? [] }),
    [`GET ${api}/system/password-strength-rules`]: () => ({ body: options.rules ?? rulesWire() }),
    [`GET ${api}/system/password-expiration-notification`]: () => ({
      body: {
        password_expiration_notification_enable: false,
        password_expiration_validity_period: 90,
        password_expiration_allow_operations_before_update: false,
        ...options.expiration,
      },
    }),
    [`GET ${api}/system/http`]: () => ({ body: { http: true, https_port: 8443 } }),
    [`PUT ${api}/system/http`]: (body) => ({ body: { http: (body as { http: boolean }).http, https_port: 8443 } }),
    [`GET ${api}/project/management/logoname`]: () => ({ body: { name: options.model ?? 'cMT3072XH' } }),
    [`GET ${api}/system/info`]: () => ({
      body: {
        hmi_name: state.hmiName,
        model: options.model ?? 'cMT3072XH',
        os_version: '20250101',
        web_version: '1.0.0',
        hostname: 'hmi-panel',
        uptime_seconds: 93784,
        remote_access_version: '2.1.0',
        disk: { total_bytes: 8 * 1024 ** 3, used_bytes: 2 * 1024 ** 3 },
        memory: { total_bytes: 2 * 1024 ** 3, used_bytes: 1024 ** 3 },
      },
    }),
    ...overrides,
  });
  return Object.assign(device, { state });
}

/** Stands in for the browser's WebSocket: the time channel's socket, driven by the test. */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  /** What the console sent on this socket (the access token first). */
  readonly sent: string[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
    // The device accepts the connection at once.
    queueMicrotask(() => {
      if (this.readyState !== FakeWebSocket.CONNECTING) return;
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.readyState = FakeWebSocket.CLOSED;
  }

  /** The device sends one message. */
  receive(text: string): void {
    this.onmessage?.(new MessageEvent('message', { data: text }));
  }

  /** The connection fails (an error, then the close that follows it). */
  fail(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }

  /** The open socket the console listens on now. */
  static current(): FakeWebSocket | undefined {
    return [...FakeWebSocket.instances].reverse().find((s) => s.readyState === FakeWebSocket.OPEN);
  }
}

/** The device publishes its time on the time channel (`YYYY/MM/DD HH:mm:ss`). */
export async function publishDeviceTime(time: string): Promise<void> {
  await waitFor(() => expect(FakeWebSocket.current()).toBeDefined());
  await act(async () => {
    FakeWebSocket.current()!.receive(time);
  });
}

/** A viewport `width` px wide: `window.matchMedia` answers min-width / max-width queries for it. */
export function setViewportWidth(width: number): void {
  const matches = (query: string) =>
    query
      .replace(/^@media\s*/, '')
      .split(/\s+and\s+/)
      .every((part) => {
        const m = /\((min|max)-width:\s*([\d.]+)px\)/.exec(part);
        if (!m) return false;
        return m[1] === 'min' ? width >= Number(m[2]) : width <= Number(m[2]);
      });
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  mounted.viewportSet = true;
}

let i18nStarted: Promise<unknown> | null = null;

/** The app's own i18next instance (as main.tsx starts it) in `language`. */
async function appI18n(language: LanguageCode): Promise<void> {
  i18nStarted ??= initI18n(language);
  await i18nStarted;
  if (i18next.language !== language) await changeLanguage(language);
}

export interface AppOptions {
  /** Signed in as this account (its tokens in local storage before the store is made), or not. */
  account?: string | null;
  language?: LanguageCode;
}

export interface RenderedApp extends RenderResult {
  store: AppStore;
  /** Path and query of the page shown now. */
  location(): string;
}

const mounted: { stores: AppStore[]; stopListening: Array<() => void>; realWebSocket: typeof WebSocket | null; viewportSet: boolean } = {
  stores: [],
  stopListening: [],
  realWebSocket: null,
  viewportSet: false,
};

/**
 * The console as main.tsx starts it — i18next in the chosen language, the store (reading the
 * session from local storage), the language and sidebar listeners, `<App>` in StrictMode — with
 * the browser at `url`. The time channel's WebSocket is a FakeWebSocket; fetch is whatever
 * fakeDevice installed.
 */
export async function renderApp(url: string, { account = null, language = 'en' }: AppOptions = {}): Promise<RenderedApp> {
  if (account) storeSession(account);
  await appI18n(language);
  if (!mounted.realWebSocket) {
    mounted.realWebSocket = globalThis.WebSocket;
    globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;
  }
  window.history.replaceState(null, '', url);
  const store = makeStore({ app: { ...initialAppState, language } });
  mounted.stores.push(store);
  mounted.stopListening.push(listenForLanguage(), listenForSidebar());
  const result = render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
  return { ...result, store, location: () => `${window.location.pathname}${window.location.search}` };
}

afterEach(() => {
  if (mounted.stores.length === 0 && !mounted.viewportSet) return;
  cleanup();
  // Signing out stops the time channel the shell started; then its listeners go with the app.
  for (const store of mounted.stores) store.dispatch(signedOut());
  for (const stop of mounted.stopListening) stop();
  appListener.clearListeners();
  mounted.stores = [];
  mounted.stopListening = [];
  FakeWebSocket.instances = [];
  if (mounted.realWebSocket) globalThis.WebSocket = mounted.realWebSocket;
  mounted.realWebSocket = null;
  if (mounted.viewportSet) delete (window as { matchMedia?: unknown }).matchMedia;
  mounted.viewportSet = false;
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
});
