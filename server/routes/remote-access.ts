import { z } from 'zod';
import * as remote from '../../contract/api/remote-access';
import { secret } from '../../contract/api/secret';
import { DEFAULT_REMOTE_ACCESS_SETTINGS, normalizeRemoteAccess, remoteAccessProblems } from '../../contract/rules/remote-access';
import { ApiError } from '../lib/api-error';
import { selfCheckItem, type SelfCheckItem } from '../../contract/api/self-check';
import { registerCall } from '../http/register-call';
import { defineServerArea, setting } from '../http/area';
import type { CoreDevice, CoreDeviceOptions } from '../device';
import { newHardwareKey, type RemoteStatus } from '../services/remote-access/connection';
import { RemoteAccessService, storedRemoteAccessSchema, type RemoteAccessOptions, type StoredRemoteAccess } from '../services/remote-access/remote-access';

const statusAnswer = (s: RemoteStatus) => s;

export const remoteAccessArea = defineServerArea({
  name: 'remoteAccess',
  settings: {
    remote_access: setting(storedRemoteAccessSchema, () => ({
      ...DEFAULT_REMOTE_ACCESS_SETTINGS,
      partner_password: '',
      proxy: { ...DEFAULT_REMOTE_ACCESS_SETTINGS.proxy, password: '' },
    })),
    /** The panel's hardware key (simulated: made at first start, never shown). */
    remote_access_key: setting(secret(z.string()), newHardwareKey),
  },
  services: (device: CoreDevice, options: { remoteAccess?: RemoteAccessOptions } & Partial<CoreDeviceOptions>): { remoteAccess: RemoteAccessService } => ({
    remoteAccess: new RemoteAccessService(
      { settings: device.settings, oplog: device.oplog, now: () => device.time.nowMs() },
      { ...options.remoteAccess, ...(options.host ? { host: options.host } : {}), ...(options.port !== undefined ? { port: options.port } : {}) },
    ),
  }),
  start(device) {
    device.power.onUp(() => device.remoteAccess.rebooted());
    device.remoteAccess.start();
  },
  close: ({ remoteAccess }) => remoteAccess.close(),
  health: ({ remoteAccess }) => [remoteAccess.health()],
  selfCheck: {
    ids: ['remote_access_proxy_in_clear'],
    // "In clear": the panel speaks to its proxy unencrypted (HTTP CONNECT and SOCKS5 alike; the
    // relayed session inside is TLS), so proxy credentials cross the network readable: Basic
    // Proxy-Authorization, or SOCKS5's user/password in the open. A proxy without credentials
    // exposes only where the panel connects, and is not reported. Only while remote access is on.
    check(device): SelfCheckItem[] {
      const s = device.settings.get('remote_access');
      const credentials = s.proxy.user !== '' || s.proxy.password !== '';
      return s.enabled && s.proxy.protocol !== 'none' && credentials
        ? [selfCheckItem('remoteAccess', 'remote_access_proxy_in_clear', 'medium', 'remote_access.proxy', 'remote_access', { protocol: s.proxy.protocol, host: s.proxy.host })]
        : [];
    },
  },
  register(app, device) {
    const { remoteAccess, settings, db } = device;
    // Relayed connections go to this app's own listener, wherever it listens (PORT=0 included):
    // plain HTTP while it is on, else HTTPS (the relay then carries TLS end to end).
    if (!remoteAccess.fixedTarget) {
      const fallback = remoteAccess.localTarget;
      remoteAccess.localTarget = () => {
        const address = app.server.address();
        if (!address || typeof address !== 'object') return fallback();
        const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
        return settings.get('http_enabled') ? { host, port: address.port, scheme: 'http' } : { host, port: device.httpsPort, scheme: 'https' };
      };
    }
    const answer = (s: StoredRemoteAccess) => {
      const { partner_password, proxy, ...rest } = s;
      const { password, ...proxyRest } = proxy;
      return { ...rest, password_set: partner_password !== '', proxy: { ...proxyRest, password_set: password !== '' }, region: remoteAccess.region(), stored_region: s.region };
    };

    registerCall(app, device, remote.getSettings, () => answer(remoteAccess.stored()));

    registerCall(app, device, remote.setSettings, ({ body, audit }) => {
      const { before, after } = db.transaction(() => {
        const current = remoteAccess.stored();
        const problems = remoteAccessProblems(body, { partner: current.partner_password !== '', proxy: current.proxy.password !== '' });
        const first = Object.entries(problems)[0];
        if (first) throw ApiError.rule(first[0], String(first[1]));
        const n = normalizeRemoteAccess(body);
        const next: StoredRemoteAccess = {
          enabled: current.enabled,
          partner_name: n.partner_name,
          partner_password: n.partner_password === '' ? current.partner_password : n.partner_password,
          proxy: {
            protocol: n.proxy.protocol,
            host: n.proxy.host,
            port: n.proxy.port,
            user: n.proxy.user,
            password: n.proxy.password === '' && n.proxy.user === current.proxy.user ? current.proxy.password : n.proxy.password,
          },
          region: current.region,
          custom_host: n.custom_host,
          custom_port: n.custom_port,
        };
        settings.set('remote_access', next);
        return { before: current, after: next };
      })();
      // Global or China hold until the next reboot: only Custom is stored.
      const stored = remoteAccess.chooseRegion(body.region);
      if (stored !== after.region) settings.set('remote_access', { ...after, region: stored });
      const final = remoteAccess.stored();
      audit({ before, after: { ...final, region_now: remoteAccess.region() }, values: storedRemoteAccessSchema.extend({ region_now: z.string() }) });
      remoteAccess.connection.reconfigure();
      return answer(final);
    });

    registerCall(app, device, remote.status, () => statusAnswer(remoteAccess.status()));

    registerCall(app, device, remote.connect, ({ audit }) => {
      const s = remoteAccess.stored();
      if (s.partner_name === '' || s.partner_password === '') {
        throw new ApiError(409, 'remote_access_not_configured', 'Store a partner account (name and password) before connecting');
      }
      settings.set('remote_access', { ...s, enabled: true });
      remoteAccess.connection.connect();
      audit({ before: { enabled: s.enabled }, after: { enabled: true, partner_name: s.partner_name, region: remoteAccess.region() } });
      return statusAnswer(remoteAccess.status());
    });

    registerCall(app, device, remote.disconnect, ({ audit }) => {
      const s = remoteAccess.stored();
      const before = remoteAccess.status();
      settings.set('remote_access', { ...s, enabled: false });
      remoteAccess.connection.disconnect();
      audit({ before: { enabled: s.enabled, state: before.state, session_id: before.session_id ?? null }, after: { enabled: false } });
      return statusAnswer(remoteAccess.status());
    });
  },
});
