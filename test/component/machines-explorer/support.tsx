/** What the QA explorer's component tests share: the screen rendered as the app does (store,
 * theme, the explorer's own 'machines' namespace and the areas' QA namespaces holding the
 * machines' QA texts), a synchronous layout in place of the Web Worker, and registry entries built
 * on the real machines, each carrying its own test title and description (added to the QA
 * namespace of its `textNamespace` as `qa.<id>.*`, where the registry's texts live). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ThemeProvider } from '@mui/material/styles';
import { MemoryRouter } from 'react-router-dom';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { fromCallback, fromPromise, type AnyStateMachine, type EventObject } from 'xstate';
import { makeStore } from '../../../store';
import { theme } from '../../../src/theme/theme';
import { Notifier } from '../../../src/components/Notifier';
import { MachinesExplorer } from '../../../src/features/machines/MachinesExplorer';
import type { LayoutFn } from '../../../src/features/machines/layout-engine';
import { descriptionKey, titleKey, type MachineEntry, type MachineRef } from '../../../machines/registry';
import { qaNamespaceOf } from '../../../src/i18n/apart-texts';
import { firstRunWizardMachine } from '../../../machines/first-run-wizard.machine';
import { passwordChangeMachine } from '../../../machines/password-change.machine';
import { timeChannelMachine } from '../../../machines/time-channel.machine';
import { TEXT_NAMESPACES } from '../../../src/features/areas';

const LOCALES = join(__dirname, '../../../public/locales');

/** A locale file, read afresh (a test's own texts are added to it). */
function localeFile(language: 'en' | 'de', namespace?: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(LOCALES, namespace ? join(namespace, `${language}.json`) : `${language}.json`), 'utf8')) as Record<string, unknown>;
}

/** Every text namespace and every area's QA namespace in one language, as the explorer may load them. */
const resourcesIn = (language: 'en' | 'de') => ({
  translation: localeFile(language),
  ...Object.fromEntries(TEXT_NAMESPACES.map((ns) => [ns, localeFile(language, ns)])),
  ...Object.fromEntries(TEXT_NAMESPACES.filter((ns) => existsSync(join(LOCALES, ns, 'qa'))).map((ns) => [qaNamespaceOf(ns), localeFile(language, qaNamespaceOf(ns))])),
});

/** A registry entry's title as its area's QA locale file holds it (`qa.<id>.title`). */
export function registryTitle(language: 'en' | 'de', entry: Pick<MachineRef, 'id' | 'textNamespace'>): string {
  return (localeFile(language, qaNamespaceOf(entry.textNamespace)).qa as Record<string, { title: string }>)[entry.id]!.title;
}

/**
 * Lays out like ELK answers (absolute coordinates), synchronously and simply: each node's children
 * in a column inside it, every edge a straight section from source to target with its label at
 * the middle.
 */
export const fakeLayout: LayoutFn = async (graph) => {
  const boxes = new Map<string, { x: number; y: number; width: number; height: number }>();
  const place = (n: ElkNode, x: number, y: number): ElkNode => {
    let cy = y + 40;
    const children = (n.children ?? []).map((c) => {
      const placed = place(c, x + 14, cy);
      cy += (placed.height ?? 0) + 20;
      return placed;
    });
    const width = Math.max(n.width ?? 100, ...children.map((c) => (c.width ?? 0) + 28));
    const height = children.length > 0 ? cy - y : (n.height ?? 40);
    boxes.set(n.id, { x, y, width, height });
    return { ...n, x, y, width, height, children };
  };
  const laid = place(graph, 0, 0);
  const centre = (id: string) => {
    const b = boxes.get(id)!;
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  laid.edges = (graph.edges ?? []).map((e: ElkExtendedEdge) => {
    const start = centre(e.sources[0]!);
    const end = centre(e.targets[0]!);
    return {
      ...e,
      sections: [{ id: `${e.id}-s`, startPoint: start, endPoint: end }],
      labels: e.labels?.map((l) => ({ ...l, x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 })),
    };
  });
  return laid;
};

/** A test entry's text in the two languages the tests render. */
export interface TestText {
  en: string;
  de: string;
}

export const texts = (en: string, de = en): TestText => ({ en, de });

/** A registry entry made for a test, with the title and description `renderExplorer` gives it. */
export interface TestEntry extends MachineEntry {
  title: TestText;
  description: TestText;
}

const RULES = { rulesEnable: false, minimalLength: 4, includeNumbers: false, includeMixedCases: false, includeSpecialCharacters: false };

/** The first-run wizard as an admin meets it, its calls answered by doubles. */
export const wizardEntry: TestEntry = {
  id: 'test-first-run-wizard',
  textNamespace: 'machines',
  machine: firstRunWizardMachine as unknown as AnyStateMachine,
  title: texts('First-run wizard (test)', 'Ersteinrichtung (Test)'),
  description: texts('The wizard an admin meets first.'),
  input: { username: 'admin', isAdmin: true, rules: RULES, httpsEnabled: false, onPlainHttp: false },
  events: [
    { type: 'wizard.next' },
    { type: 'wizard.previous' },
    { type: 'wizard.skip' },
    { type: 'wizard.chooseProtocol', https: false } as EventObject,
  ],
  doubles: {
    actors: {
      passwordChange: passwordChangeMachine.provide({ actors: { changePassword: fromPromise(async () => ({ status: 'success' as const })) } }),
      completeFirstRun: fromPromise(async () => undefined),
      setHttp: fromPromise(async () => ({ http: true, https_port: 8443, certificate_sha256: 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89' })),
    },
  },
  outcomes: {
    passwordChange: { output: { status: 'success' } },
    completeFirstRun: { output: undefined, error: { error_code: 'fail' } },
    setHttp: { output: { http: true, https_port: 8443, certificate_sha256: 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89' }, error: { error_code: 'fail' } },
  },
};

/** The time channel, with its socket and its time fetch doubled. */
export const timeChannelEntry: TestEntry = {
  id: 'test-time-channel',
  textNamespace: 'machines',
  machine: timeChannelMachine as unknown as AnyStateMachine,
  title: texts('Time channel (test)'),
  description: texts('The device time in the top bar.'),
  events: [{ type: 'channel.start' }, { type: 'channel.stop' }, { type: 'socket.closed', code: 1006 } as EventObject, { type: 'socket.error' }],
  doubles: {
    actors: {
      socket: fromCallback(() => () => undefined),
      fetchTime: fromPromise(async () => '2025/06/01 12:00:00'),
    },
  },
  outcomes: { fetchTime: { output: '2025/06/01 12:00:00', error: { message: 'offline' } } },
};

/** A registry line for an entry the test made: it loads at once (the next microtask). */
const lineOf = (entry: MachineRef | MachineEntry | TestEntry): MachineRef =>
  'load' in entry ? entry : { id: entry.id, textNamespace: entry.textNamespace, load: () => Promise.resolve(entry) };

export function renderExplorer(
  entries: readonly (MachineRef | MachineEntry | TestEntry)[],
  { language = 'en' as 'en' | 'de', layout = fakeLayout } = {},
) {
  const store = makeStore();
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: ['translation', 'machines'],
    resources: { en: resourcesIn('en'), de: resourcesIn('de') },
    fallbackNS: 'shell',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  for (const entry of entries) {
    if (!('title' in entry) || !('machine' in entry)) continue;
    for (const lng of ['en', 'de'] as const) {
      i18n.addResource(lng, qaNamespaceOf(entry.textNamespace), titleKey(entry.id), entry.title[lng]);
      i18n.addResource(lng, qaNamespaceOf(entry.textNamespace), descriptionKey(entry.id), entry.description[lng]);
    }
  }
  const result = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <MachinesExplorer entries={entries.map(lineOf)} layout={layout} />
            <Notifier />
          </MemoryRouter>
        </I18nextProvider>
      </ThemeProvider>
    </Provider>,
  );
  return { ...result, store, i18n };
}
