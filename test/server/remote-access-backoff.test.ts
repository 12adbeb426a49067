/**
 * The panel's reconnection with back-off, on timers the test holds (RemoteConnection's `timers`):
 * a service that cannot be reached is tried again after 1 s, 2 s, 4 s…; the time of the next try
 * is in the status, from the device clock; Disconnect cancels the pending try; a refusal the
 * settings must fix (a wrong password) is not retried.
 */
import net from 'node:net';
import { RemoteConnection, SILENCE_MS, type ConnectionConfig, type Timers } from '../../server/services/remote-access/connection';
import { startRemoteService } from '../../server/tools/remote-service/service';
import { PARTNER } from '../support/remote-access';

function heldTimers() {
  const pending: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const timers: Timers = {
    set: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      pending.push(t);
      return t;
    },
    clear: (h) => {
      (h as { cleared: boolean }).cleared = true;
    },
  };
  /** Runs the latest timer still pending (and counts it as done). */
  const fire = () => {
    const t = pending.filter((p) => !p.cleared).at(-1)!;
    t.cleared = true;
    t.fn();
  };
  return { timers, pending, fire };
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

const config = (port: number, password = PARTNER.password): ConnectionConfig => ({
  partner: PARTNER.name.toLowerCase(),
  password,
  region: 'custom',
  custom_host: '127.0.0.1',
  custom_port: port,
  proxy: { protocol: 'none', host: '', port: 0, user: '', password: '' },
});

async function until(check: () => boolean) {
  const end = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > end) throw new Error('never');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const NOW = Date.UTC(2026, 10, 28, 10, 0, 0);

it('an unreachable service is retried after 1 s, then 2 s, then 4 s; retry_at from the device clock; Disconnect cancels', async () => {
  const port = await closedPort();
  const held = heldTimers();
  const c = new RemoteConnection({
    config: () => config(port),
    hardwareKey: () => ({ ok: true, key: 'k1' }),
    localTarget: () => ({ host: '127.0.0.1', port: 1, scheme: 'http' }),
    now: () => NOW,
    timers: held.timers,
  });
  c.connect();
  await until(() => c.status().state === 'disconnected');
  expect(c.status()).toMatchObject({ code: 'service_unreachable', field: 'custom_host', retry_at: new Date(NOW + 1000).toISOString() });
  expect(held.pending.map((t) => t.ms)).toEqual([1000]);
  held.fire();
  await until(() => held.pending.length === 2);
  held.fire();
  await until(() => held.pending.length === 3);
  expect(held.pending.map((t) => t.ms)).toEqual([1000, 2000, 4000]);
  c.disconnect();
  expect(held.pending[2]!.cleared).toBe(true);
  expect(c.status()).toEqual({ state: 'not_activated' });
});

it('a wrong password is not retried', async () => {
  const service = await startRemoteService({ partners: [PARTNER] });
  try {
    const held = heldTimers();
    const c = new RemoteConnection({
      config: () => config(service.port, 'Wrong-Pass1'),
      hardwareKey: () => ({ ok: true, key: 'k1' }),
      localTarget: () => ({ host: '127.0.0.1', port: 1, scheme: 'http' }),
      now: () => NOW,
      timers: held.timers,
    });
    c.connect();
    await until(() => c.status().state === 'disconnected');
    expect(c.status()).toMatchObject({ code: 'partner_auth' });
    expect(c.status().retry_at).toBeUndefined();
    expect(held.pending.filter((t) => !t.cleared)).toEqual([]);
    c.close();
  } finally {
    await service.close();
  }
});

it('a service gone silent for SILENCE_MS counts as lost: disconnected, retried after 1 s', async () => {
  const service = await startRemoteService({ partners: [PARTNER] });
  try {
    const held = heldTimers();
    const c = new RemoteConnection({
      config: () => config(service.port),
      hardwareKey: () => ({ ok: true, key: 'k1' }),
      localTarget: () => ({ host: '127.0.0.1', port: 1, scheme: 'http' }),
      now: () => NOW,
      timers: held.timers,
    });
    c.connect();
    await until(() => c.status().state === 'connected');
    const live = held.pending.filter((t) => !t.cleared);
    expect(live.map((t) => t.ms)).toEqual([SILENCE_MS]);
    held.fire();
    expect(c.status()).toMatchObject({ state: 'disconnected', code: 'service_unreachable', retry_at: new Date(NOW + 1000).toISOString() });
    expect(held.pending.filter((t) => !t.cleared).map((t) => t.ms)).toEqual([1000]);
    c.close();
  } finally {
    await service.close();
  }
});
