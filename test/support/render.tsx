import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ThemeProvider } from '@mui/material/styles';
import { MemoryRouter } from 'react-router-dom';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { makeStore, type AppStore } from '../../store';
import { theme } from '../../src/theme/theme';
import { Notifier } from '../../src/components/Notifier';
import en from '../../public/locales/en.json';
import de from '../../public/locales/de.json';

/** One request the console sent to the simulated device. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface DeviceAnswer {
  status?: number;
  body?: unknown;
}

/** Answers by "METHOD /api/v1/path"; a handler may answer from state it keeps. */
export type DeviceHandlers = Record<string, (body: unknown) => DeviceAnswer | Promise<DeviceAnswer>>;

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
    const body: unknown = text ? JSON.parse(text) : undefined;
    device.requests.push({ method: request.method, path: url.pathname, body });
    const handler = device.handlers[`${request.method} ${url.pathname}`];
    const answer: DeviceAnswer = handler
      ? await handler(body)
      : { status: 404, body: { message: 'Not found', error_code: 'not_found' } };
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
    resources: { en: { translation: en }, de: { translation: de } },
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
