/**
 * The cloud dashboard of the development remote-access service (`npm run remote-access-service`):
 * it plays the vendor's cloud, which this simulated panel cannot reach, over the network. The
 * service's HTTP port hands it every request; `handle` answers those under `/cloud/` and says
 * whether it did.
 *
 * It keeps, per panel (the panel's serial number), its activation (Not Activated / Already
 * Activated), its subscription (unsubscribed, trial, subscribed, expired, grace period,
 * suspension, disabled), the region it was activated in, the dashboard's domain and the dates
 * (expiry; suspension for a grace period). A panel it was not told about has the state of `*`.
 *
 * The panel's calls (JSON):
 * - `GET  /cloud/v1/panels/:id`            its state;
 * - `POST /cloud/v1/panels/:id/activate`   `{ region }`: Already Activated; a panel never
 *   subscribed starts a trial of CLOUD_TRIAL_DAYS days (409 `already_activated`);
 * - `POST /cloud/v1/panels/:id/deactivate` back to Not Activated, the subscription kept (409
 *   `not_activated`);
 * - `GET  /cloud/dashboard/:id`            the dashboard page the panel's QR code leads to.
 *
 * Telling it a state, for tests and demos:
 * - `GET    /cloud/dev/panels`             every panel it knows and the `*` state;
 * - `PUT    /cloud/dev/panels/:id`         (`:id` may be `*`) `{ activation?, subscription?, days?,
 *   expires_at?, suspends_at?, region? }`: `days` sets the dates from now as the subscription
 *   reads them (days left of a trial or subscription, days until the suspension of a grace period,
 *   days since an expiry or a suspension);
 * - `DELETE /cloud/dev/panels`             forgets every panel;
 * - the command line: parseCloudArgs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CLOUD_ACTIVATIONS,
  CLOUD_GRACE_DAYS,
  CLOUD_REGIONS,
  CLOUD_SUBSCRIPTIONS,
  CLOUD_TRIAL_DAYS,
  type CloudActivation,
  type CloudRegion,
  type CloudSubscription,
} from '../../../contract/rules/cloud';

const DAY_MS = 24 * 60 * 60 * 1000;
const PANEL_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_BODY = 16 * 1024;

/** What the service keeps of one panel. */
export interface CloudPanel {
  activation: CloudActivation;
  subscription: CloudSubscription;
  region: CloudRegion | null;
  expires_at: string | null;
  suspends_at: string | null;
}

/** A change of a panel's state: the fields named, or dates from `days` (see the file's comment). */
export interface CloudPanelPatch {
  activation?: CloudActivation;
  subscription?: CloudSubscription;
  days?: number;
  expires_at?: string | null;
  suspends_at?: string | null;
  region?: CloudRegion | null;
}

/** What the service answers a panel about itself. */
export interface CloudPanelAnswer extends CloudPanel {
  panel_id: string;
  /** The dashboard's domain and address, once the panel is activated. */
  domain: string | null;
  dashboard_url: string | null;
}

export interface CloudServiceOptions {
  /** States it starts with, by panel id; `*` is the state of a panel not named. */
  panels?: Record<string, CloudPanelPatch>;
  /** The dashboard's domain; the host name the panel reached the service at unless set. */
  domain?: string;
  /** The service's clock (dates of a trial, of `days`). */
  now?: () => number;
  /** Where it says what it did (the command line prints it). */
  log?: (line: string) => void;
}

export interface CloudService {
  /** Answers a request under `/cloud/`; false for any other path (the caller answers it). */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Changes a panel's state (`*`: the state of every panel not named). */
  setPanel(id: string, patch: CloudPanelPatch): CloudPanel;
  /** A panel's state as the service holds it. */
  panel(id: string): CloudPanel;
  /** Forgets every panel; `*` goes back to the state it started with. */
  reset(): void;
}

const NEW_PANEL: CloudPanel = { activation: 'not_activated', subscription: 'unsubscribed', region: null, expires_at: null, suspends_at: null };

function isIsoDate(v: unknown): v is string {
  return typeof v === 'string' && !Number.isNaN(Date.parse(v));
}

/** What is wrong with a patch, or null. */
export function cloudPatchProblem(p: unknown): string | null {
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return 'the body must be a JSON object';
  const o = p as Record<string, unknown>;
  const known = ['activation', 'subscription', 'days', 'expires_at', 'suspends_at', 'region'];
  const unknown = Object.keys(o).find((k) => !known.includes(k));
  if (unknown) return `unknown field ${unknown}`;
  if (o.activation !== undefined && !(CLOUD_ACTIVATIONS as readonly unknown[]).includes(o.activation)) return `activation must be one of ${CLOUD_ACTIVATIONS.join(', ')}`;
  if (o.subscription !== undefined && !(CLOUD_SUBSCRIPTIONS as readonly unknown[]).includes(o.subscription)) return `subscription must be one of ${CLOUD_SUBSCRIPTIONS.join(', ')}`;
  if (o.days !== undefined && !(Number.isInteger(o.days) && (o.days as number) >= 0 && (o.days as number) <= 3650)) return 'days must be a whole number from 0 to 3650';
  for (const k of ['expires_at', 'suspends_at'] as const) if (o[k] !== undefined && o[k] !== null && !isIsoDate(o[k])) return `${k} must be an ISO date or null`;
  if (o.region !== undefined && o.region !== null && !(CLOUD_REGIONS as readonly unknown[]).includes(o.region)) return `region must be one of ${CLOUD_REGIONS.join(', ')}`;
  return null;
}

/** The dates of a subscription `days` from now, as the state reads them. */
function datesOf(subscription: CloudSubscription, days: number | undefined, now: number): Pick<CloudPanel, 'expires_at' | 'suspends_at'> {
  const at = (ms: number) => new Date(ms).toISOString();
  switch (subscription) {
    case 'trial':
      return { expires_at: at(now + (days ?? CLOUD_TRIAL_DAYS) * DAY_MS), suspends_at: null };
    case 'subscribed':
      return { expires_at: at(now + (days ?? 365) * DAY_MS), suspends_at: null };
    case 'expired':
      return { expires_at: at(now - (days ?? 1) * DAY_MS), suspends_at: null };
    case 'grace_period': {
      const suspends = now + (days ?? CLOUD_GRACE_DAYS - 1) * DAY_MS;
      return { expires_at: at(suspends - CLOUD_GRACE_DAYS * DAY_MS), suspends_at: at(suspends) };
    }
    case 'suspension': {
      const suspended = now - (days ?? 1) * DAY_MS;
      return { expires_at: at(suspended - CLOUD_GRACE_DAYS * DAY_MS), suspends_at: at(suspended) };
    }
    default:
      return { expires_at: null, suspends_at: null };
  }
}

function applyPatch(panel: CloudPanel, patch: CloudPanelPatch, now: number): CloudPanel {
  const next = { ...panel };
  if (patch.activation !== undefined) next.activation = patch.activation;
  if (patch.region !== undefined) next.region = patch.region;
  if (patch.subscription !== undefined || patch.days !== undefined) {
    next.subscription = patch.subscription ?? next.subscription;
    Object.assign(next, datesOf(next.subscription, patch.days, now));
  }
  if (patch.expires_at !== undefined) next.expires_at = patch.expires_at === null ? null : new Date(patch.expires_at).toISOString();
  if (patch.suspends_at !== undefined) next.suspends_at = patch.suspends_at === null ? null : new Date(patch.suspends_at).toISOString();
  return next;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(text);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (text === '') return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new Error('the body is not JSON'));
      }
    });
    req.on('error', reject);
  });
}

export function createCloudService(options: CloudServiceOptions = {}): CloudService {
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? (() => undefined);
  const panels = new Map<string, CloudPanel>();
  let fallback: CloudPanel = NEW_PANEL;

  function start(): void {
    panels.clear();
    fallback = NEW_PANEL;
    // `*` first: a panel named starts from it.
    const entries = Object.entries(options.panels ?? {}).sort(([a], [b]) => Number(b === '*') - Number(a === '*'));
    for (const [id, patch] of entries) setPanel(id, patch);
  }

  function panel(id: string): CloudPanel {
    return panels.get(id) ?? { ...fallback };
  }

  function setPanel(id: string, patch: CloudPanelPatch): CloudPanel {
    const problem = cloudPatchProblem(patch);
    if (problem) throw new Error(`cloud: ${id}: ${problem}`);
    if (id === '*') {
      fallback = applyPatch(fallback, patch, now());
      log(`cloud: any other panel: ${fallback.activation}, ${fallback.subscription}`);
      return { ...fallback };
    }
    const next = applyPatch(panel(id), patch, now());
    panels.set(id, next);
    log(`cloud: panel ${id}: ${next.activation}, ${next.subscription}${next.expires_at ? `, expires ${next.expires_at}` : ''}`);
    return { ...next };
  }

  function answer(req: IncomingMessage, id: string): CloudPanelAnswer {
    const p = panel(id);
    const hostHeader = req.headers.host ?? 'localhost';
    const domain = options.domain ?? hostHeader.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
    const activated = p.activation === 'activated';
    return {
      panel_id: id,
      ...p,
      domain: activated ? domain : null,
      dashboard_url: activated ? `http://${hostHeader}/cloud/dashboard/${encodeURIComponent(id)}` : null,
    };
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent); // ['cloud', …]
    const [, kind, what, id, action] = parts;

    if (kind === 'v1' && what === 'panels' && id !== undefined && parts.length <= 5) {
      if (!PANEL_ID.test(id)) return send(res, 400, { error: 'invalid_panel_id', message: 'a panel id is 1 to 64 letters, digits, _ or -' });
      if (method === 'GET' && action === undefined) return send(res, 200, answer(req, id));
      if (method === 'POST' && action === 'activate') {
        const body = (await readJson(req)) as { region?: unknown };
        const region = (CLOUD_REGIONS as readonly unknown[]).includes(body.region) ? (body.region as CloudRegion) : null;
        const p = panel(id);
        if (p.activation === 'activated') return send(res, 409, { error: 'already_activated', message: 'this panel is already activated' });
        setPanel(id, p.subscription === 'unsubscribed' ? { activation: 'activated', region, subscription: 'trial' } : { activation: 'activated', region });
        return send(res, 200, answer(req, id));
      }
      if (method === 'POST' && action === 'deactivate') {
        if (panel(id).activation !== 'activated') return send(res, 409, { error: 'not_activated', message: 'this panel is not activated' });
        setPanel(id, { activation: 'not_activated' });
        return send(res, 200, answer(req, id));
      }
      return send(res, 405, { error: 'method_not_allowed' });
    }

    if (kind === 'dashboard' && what !== undefined && parts.length === 3 && method === 'GET') {
      const p = answer(req, what);
      const rows = Object.entries(p)
        .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(String(v ?? '—'))}</td></tr>`)
        .join('');
      const html = `<!doctype html><html><head><meta charset="utf-8"><title>Cloud dashboard ${escapeHtml(what)}</title></head><body><h1>Cloud dashboard (development service)</h1><table>${rows}</table></body></html>`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'" });
      res.end(html);
      return;
    }

    if (kind === 'dev' && what === 'panels') {
      if (method === 'GET' && id === undefined) {
        return send(res, 200, { default: { ...fallback }, panels: Object.fromEntries(panels) });
      }
      if (method === 'DELETE' && id === undefined) {
        start();
        return send(res, 200, { default: { ...fallback }, panels: {} });
      }
      if (method === 'PUT' && id !== undefined && parts.length === 4) {
        if (id !== '*' && !PANEL_ID.test(id)) return send(res, 400, { error: 'invalid_panel_id' });
        const body = await readJson(req);
        const problem = cloudPatchProblem(body);
        if (problem) return send(res, 400, { error: 'invalid_state', message: problem });
        return send(res, 200, setPanel(id, body as CloudPanelPatch));
      }
      return send(res, 405, { error: 'method_not_allowed' });
    }

    return send(res, 404, { error: 'not_found' });
  }

  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://cloud.local');
    if (url.pathname !== '/cloud' && !url.pathname.startsWith('/cloud/')) return false;
    route(req, res, url).catch((err: unknown) => {
      if (!res.headersSent) send(res, 400, { error: 'bad_request', message: err instanceof Error ? err.message : String(err) });
      else res.destroy();
    });
    return true;
  }

  start();
  return { handle, setPanel, panel, reset: start };
}

/** The cloud flags of `npm run remote-access-service` (others are left to the service):
 * - `--cloud-state ID=STATE[:DAYS]` (repeatable): the subscription of panel ID (`*`: any panel not
 *   named), DAYS as `days` of the dev call (a trial of 12 days left: `*=trial:12`);
 * - `--cloud-activated ID` (repeatable): panel ID (or `*`) is Already Activated;
 * - `--cloud-domain NAME`: the dashboard's domain.
 * Throws on a malformed value. */
export function parseCloudArgs(argv: readonly string[]): Pick<CloudServiceOptions, 'panels' | 'domain'> {
  const panels: Record<string, CloudPanelPatch> = {};
  let domain: string | undefined;
  const valueOf = (i: number, flag: string): string => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') && arg.startsWith('--') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--cloud-state') {
      const value = inline ?? valueOf(i++, flag);
      const m = /^([A-Za-z0-9_-]{1,64}|\*)=([a-z_]+)(?::(\d{1,4}))?$/.exec(value);
      if (!m || !(CLOUD_SUBSCRIPTIONS as readonly string[]).includes(m[2]!)) {
        throw new Error(`--cloud-state ${value}: expected ID=STATE[:DAYS], ID a panel id or *, STATE one of ${CLOUD_SUBSCRIPTIONS.join(', ')}`);
      }
      panels[m[1]!] = { ...panels[m[1]!], subscription: m[2] as CloudSubscription, ...(m[3] !== undefined ? { days: Number(m[3]) } : {}) };
    } else if (flag === '--cloud-activated') {
      const id = inline ?? valueOf(i++, flag);
      if (id !== '*' && !PANEL_ID.test(id)) throw new Error(`--cloud-activated ${id}: not a panel id`);
      panels[id] = { ...panels[id], activation: 'activated' };
    } else if (flag === '--cloud-domain') {
      const name = inline ?? valueOf(i++, flag);
      if (!/^[A-Za-z0-9.-]{1,253}$/.test(name)) throw new Error(`--cloud-domain ${name}: not a domain name`);
      domain = name;
    }
  }
  return { panels, ...(domain !== undefined ? { domain } : {}) };
}
