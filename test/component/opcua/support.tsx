/**
 * The OPC UA screen's component tests: a fake panel that keeps the node tree, the driver table,
 * the server's settings and state, its trace log and its certificates (every answer checked
 * against the contract by fake-device.ts), and the page mounted in a data router (the unsaved-edits
 * prompt uses react-router's blocker) with another route to leave to.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { makeStore } from '../../../store';
import { theme } from '../../../src/theme/theme';
import { Notifier } from '../../../src/components/Notifier';
import OpcuaPage from '../../../src/features/opcua/OpcuaPage';
import { makeI18n, type TestLanguage } from '../../support/i18n';
import { fakeDevice, type DeviceAnswer, type DeviceHandlers, type FakeDevice } from '../../support/fake-device';
import { storeSession } from '../../support/shell-device';
import { fromDefaults, opcuaSettings, type DeepPartial } from '../../support/settings';
import type { OpcuaCertificate, OpcuaCertificates, OpcuaNode, OpcuaSettings, OpcuaSettingsInput, OpcuaStatus } from '../../../contract/api/opcua';
import { sampleOpcuaStatus } from '../../../machines/opcua-server.qa';

export const API = '/api/v1/opcua';
export const PAGE = '/admin/features/opcua';

export const DRIVERS = [
  {
    device: 'Local HMI',
    device_type: 'Local HMI',
    protocol: 'Internal',
    address_types: [
      { name: 'LB', kind: 'bit' as const, min: 0, max: 12095 },
      { name: 'LW', kind: 'word' as const, min: 0, max: 10999 },
    ],
  },
  {
    device: 'PLC1',
    device_type: 'Modbus Server',
    protocol: 'Modbus TCP/IP',
    address_types: [
      { name: '0x', kind: 'bit' as const, min: 1, max: 65535 },
      { name: '4x', kind: 'word' as const, min: 1, max: 65535 },
    ],
  },
];

type Tag = NonNullable<OpcuaNode['tag']>;
const tag = (name: string, folder: string, extra: Partial<Tag> = {}): Tag => ({
  tag_name: name,
  folder_name: folder,
  type: 'external',
  plc: 'PLC1',
  address: '4x-100',
  format: 'DDDDD',
  index_register: null,
  data_type: 'uint16',
  length: 1,
  access: { readable: true, writable: false },
  ...extra,
});

/** The sample project's tree, with the device's ids. */
export function sampleTree(): OpcuaNode[] {
  return [
    {
      id: 'f:1',
      name: 'Sample Bottling Line',
      kind: 'folder',
      is_root: true,
      children: [
        {
          id: 'f:2',
          name: 'Tanks',
          kind: 'folder',
          is_tags_folder: true,
          children: [
            { id: 't:3', name: 'Tank1_Level', kind: 'tag', tag: tag('Tank1_Level', 'Tanks') },
            { id: 't:4', name: 'Tank1_Setpoint', kind: 'tag', tag: tag('Tank1_Setpoint', 'Tanks', { address: '4x-102', access: { readable: true, writable: true } }) },
          ],
        },
        {
          id: 'f:5',
          name: 'Pumps',
          kind: 'folder',
          is_tags_folder: true,
          children: [{ id: 't:6', name: 'Pump1_Running', kind: 'tag', tag: tag('Pump1_Running', 'Pumps', { address: '0x-10', data_type: 'bit' }) }],
        },
      ],
    },
  ];
}

/** What the device holds: the server on, a policy matrix with modes ticked and not, one user, the
 * trace at Info; the rest as a new device has it. */
export function sampleSettings(extra: DeepPartial<OpcuaSettings> = {}): OpcuaSettings {
  const sample = opcuaSettings({
    enabled: true,
    security: { basic256sha256: ['sign', 'sign_encrypt'], aes128_sha256_rsaoaep: ['sign_encrypt'], aes256_sha256_rsapss: [] },
    users: [{ username: 'operator', browse: true, read: true, write: false }],
    trace_level: 'info',
  });
  return fromDefaults(sample, extra);
}

const HEX = (n: number) => n.toString(16).padStart(2, '0').repeat(20);
export function sampleCertificate(n: number, extra: Partial<OpcuaCertificate> = {}): OpcuaCertificate {
  return {
    id: HEX(n),
    subject: `CN=Client ${n}, O=Plant, OU=Line 2`,
    uri: `urn:plant:client${n}`,
    san: ['client.plant.local', '10.0.0.5'],
    organization: 'Plant',
    organization_unit: 'Line 2',
    issuer: `CN=Client ${n}`,
    valid_from: '2026-01-01T00:00:00.000Z',
    valid_to: '2036-01-01T00:00:00.000Z',
    signature_algorithm: 'sha256WithRSAEncryption',
    fingerprint: Array.from({ length: 32 }, (_, i) => ((n + i) % 256).toString(16).padStart(2, '0').toUpperCase()).join(':'),
    file_name: `client${n}.der`,
    expired: false,
    first_seen: null,
    ...extra,
  };
}

export function sampleCertificates(extra: Partial<OpcuaCertificates> = {}): OpcuaCertificates {
  return {
    own: sampleCertificate(1, {
      subject: 'CN=HMI OPC UA Server, O=Panel Maker',
      uri: 'urn:hmi-x1070:opcua',
      san: ['hmi-x1070', '192.168.1.57'],
      organization: 'Panel Maker',
      organization_unit: null,
      issuer: 'CN=HMI OPC UA Server, O=Panel Maker',
      file_name: 'server_cert.der',
    }),
    trusted_clients: [sampleCertificate(2, { subject: 'CN=UaExpert, O=Plant' })],
    trusted_users: [],
    client_issuers: [],
    user_issuers: [],
    revocation_lists: [],
    rejected: [],
    ...extra,
  };
}

export interface TraceLine {
  seq: number;
  time: string;
  level: 'error' | 'warning' | 'info' | 'debug';
  message: string;
}

export interface OpcuaState {
  tree: OpcuaNode[];
  settings: OpcuaSettings;
  /** The status answers still to give, one per ask; the last one repeats. */
  statuses: OpcuaStatus[];
  trace: TraceLine[];
  certificates: OpcuaCertificates;
  /** Bodies of every PUT of the tree and the settings. */
  savedTrees: OpcuaNode[][];
  savedSettings: OpcuaSettingsInput[];
}

export interface PanelOptions {
  tree?: OpcuaNode[];
  settings?: OpcuaSettings;
  statuses?: OpcuaStatus[];
  trace?: TraceLine[];
  certificates?: OpcuaCertificates;
  /** Handlers that replace the panel's own (a failure, say). */
  override?: DeviceHandlers;
}

let nextDeviceId = 100;

/** Gives the console's new nodes (`new:<n>`) device ids, as the device does when it saves. */
function withDeviceIds(nodes: OpcuaNode[]): OpcuaNode[] {
  return nodes.map((n) => ({
    ...n,
    id: n.id.startsWith('new:') ? `${n.kind === 'tag' ? 't' : 'f'}:${nextDeviceId++}` : n.id,
    ...(n.children ? { children: withDeviceIds(n.children) } : {}),
  }));
}

/** A panel with an OPC UA server: it keeps what the console saves and answers like the device. */
export function opcuaPanel(options: PanelOptions = {}): { fake: FakeDevice; state: OpcuaState } {
  const state: OpcuaState = {
    tree: options.tree ?? sampleTree(),
    settings: options.settings ?? sampleSettings(),
    statuses: options.statuses ?? [sampleOpcuaStatus()],
    trace: options.trace ?? [
      { seq: 1, time: '2026-11-24T08:00:00.000Z', level: 'info', message: 'Server started on opc.tcp://hmi-x1070:4840' },
      { seq: 2, time: '2026-11-24T08:00:01.000Z', level: 'warning', message: 'Client certificate rejected: CN=Unknown' },
    ],
    certificates: options.certificates ?? sampleCertificates(),
    savedTrees: [],
    savedSettings: [],
  };
  const status = (): DeviceAnswer => ({ body: state.statuses.length > 1 ? state.statuses.shift()! : state.statuses[0]! });
  const certs = (): DeviceAnswer => ({ body: state.certificates });
  const handlers: DeviceHandlers = {
    [`GET ${API}/node-tree`]: () => ({ body: state.tree }),
    [`PUT ${API}/node-tree`]: (body) => {
      const nodes = (body as { nodes: OpcuaNode[] }).nodes;
      state.savedTrees.push(nodes);
      state.tree = withDeviceIds(nodes);
      return { body: state.tree };
    },
    [`GET ${API}/driver-table`]: () => ({ body: DRIVERS }),
    [`GET ${API}/status`]: status,
    [`GET ${API}/settings`]: () => ({ body: state.settings }),
    [`PUT ${API}/settings`]: (body) => {
      const input = body as OpcuaSettingsInput;
      state.savedSettings.push(input);
      state.settings = { ...input, users: input.users.map(({ username, browse, read, write }) => ({ username, browse, read, write })) };
      return { body: state.settings };
    },
    [`GET ${API}/trace`]: (_body, request) => {
      const query = new URLSearchParams(request.query);
      const after = Number(query.get('after') ?? 0);
      const limit = Number(query.get('limit') ?? 200);
      const lines = state.trace.filter((l) => l.seq > after).slice(0, limit);
      return { body: { lines, last_seq: state.trace.at(-1)?.seq ?? 0 } };
    },
    [`GET ${API}/trace/download`]: () => ({ body: 'the whole trace' }),
    [`GET ${API}/certificates`]: certs,
    [`POST ${API}/certificates/own/regenerate`]: () => {
      state.certificates = { ...state.certificates, own: { ...state.certificates.own, id: HEX(9), fingerprint: 'AA:BB', valid_from: '2026-11-24T08:00:00.000Z' } };
      return certs();
    },
    ['GET /api/v1/auth/token/check']: () => ({ body: { valid: true, username: 'admin', expires_at: '2026-11-24T09:00:00.000Z' } }),
  };
  for (const list of ['trusted_clients', 'trusted_users', 'client_issuers', 'user_issuers', 'revocation_lists', 'rejected'] as const) {
    for (const cert of [...(state.certificates[list] as Array<{ id: string }>)]) {
      handlers[`DELETE ${API}/certificates/${list}/${cert.id}`] = () => {
        state.certificates = { ...state.certificates, [list]: (state.certificates[list] as Array<{ id: string }>).filter((c) => c.id !== cert.id) };
        return certs();
      };
      handlers[`GET ${API}/certificates/${list}/${cert.id}/file`] = () => ({ body: 'DER' });
    }
  }
  for (const cert of state.certificates.rejected) {
    handlers[`POST ${API}/certificates/rejected/${cert.id}/trust`] = () => {
      state.certificates = {
        ...state.certificates,
        rejected: state.certificates.rejected.filter((c) => c.id !== cert.id),
        trusted_clients: [...state.certificates.trusted_clients, { ...cert, first_seen: null }],
      };
      state.statuses = [{ ...state.statuses[0]!, rejected: state.certificates.rejected.length }];
      return certs();
    };
  }
  handlers[`GET ${API}/certificates/own/${state.certificates.own.id}/file`] = () => ({ body: 'DER' });
  const fake = fakeDevice({ ...handlers, ...options.override });
  return { fake, state };
}

export interface Rendered {
  user: ReturnType<typeof userEvent.setup>;
  router: ReturnType<typeof createMemoryRouter>;
  store: ReturnType<typeof makeStore>;
}

/** The page at `url` for `account`, in a data router beside a dashboard to leave to. */
export function renderOpcua({ url = PAGE, language = 'en', account = 'admin' }: { url?: string; language?: TestLanguage; account?: string } = {}): Rendered {
  storeSession(account);
  const store = makeStore();
  const i18n = makeI18n(language);
  const router = createMemoryRouter(
    [
      {
        path: PAGE,
        element: (
          <>
            <Link to="/admin/dashboard">Go to the dashboard</Link>
            <OpcuaPage />
          </>
        ),
      },
      { path: '/admin/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [url] },
  );
  render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
          <Notifier />
        </I18nextProvider>
      </ThemeProvider>
    </Provider>,
  );
  return { user: userEvent.setup({ delay: null }), router, store };
}

/** The helper text under a field (its message, or the hint). */
export const helperOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '') as HTMLElement;

/** The notice the shell shows (the Notifier), once it is there. */
export const notice = (text: string | RegExp) => screen.findByText(text);

afterEach(() => {
  localStorage.clear();
});
