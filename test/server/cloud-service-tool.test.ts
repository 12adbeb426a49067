/** The development cloud service (server/tools/remote-service/cloud.ts): its command-line flags, the
 * dev calls that tell it a panel's state, and the panel calls it answers. */
import { parseCloudArgs, createCloudService } from '../../server/tools/remote-service/cloud';
import { startCloudService, type HostedCloudService } from '../support/cloud-service';

const NOW = Date.UTC(2027, 5, 1, 0, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

describe('parseCloudArgs', () => {
  test('reads the cloud flags and leaves the others to the service', () => {
    expect(
      parseCloudArgs(['--port', '9000', '--partner', 'acme:secret1', '--cloud-state', '*=trial:12', '--cloud-state=X1070123=expired', '--cloud-activated', 'X1070123', '--cloud-domain', 'dash.example.test']),
    ).toEqual({
      panels: { '*': { subscription: 'trial', days: 12 }, X1070123: { subscription: 'expired', activation: 'activated' } },
      domain: 'dash.example.test',
    });
    expect(parseCloudArgs([])).toEqual({ panels: {} });
  });

  test.each([
    [['--cloud-state', 'X1=gold']],
    [['--cloud-state', 'trial']],
    [['--cloud-state', 'a b=trial']],
    [['--cloud-state']],
    [['--cloud-activated', '--port']],
    [['--cloud-domain', 'bad domain']],
  ])('refuses %j', (argv) => {
    expect(() => parseCloudArgs(argv)).toThrow(/--cloud-/);
  });

  test('the flags become the service\'s starting states, dates from its clock', () => {
    // A panel named starts from the `*` state, whatever the flags' order.
    const service = createCloudService({ ...parseCloudArgs(['--cloud-activated', 'P1', '--cloud-state', '*=grace_period:3']), now: () => NOW });
    expect(service.panel('any')).toMatchObject({ activation: 'not_activated', subscription: 'grace_period', suspends_at: new Date(NOW + 3 * DAY).toISOString() });
    expect(service.panel('P1')).toMatchObject({ activation: 'activated', subscription: 'grace_period' });
  });
});

describe('the service over HTTP', () => {
  let cloud: HostedCloudService;
  beforeAll(async () => {
    cloud = await startCloudService({ now: () => NOW, panels: { '*': { subscription: 'subscribed' } } });
  });
  afterAll(() => cloud.close());
  beforeEach(() => cloud.service.reset());

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${cloud.url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  test('a dev call tells a panel its state; the panel reads it', async () => {
    const set = await call('PUT', '/cloud/dev/panels/P7', { subscription: 'trial', days: 5, activation: 'activated' });
    expect(set.status).toBe(200);
    const read = await call('GET', '/cloud/v1/panels/P7');
    expect(read.json).toMatchObject({ panel_id: 'P7', activation: 'activated', subscription: 'trial', expires_at: new Date(NOW + 5 * DAY).toISOString(), domain: '127.0.0.1' });
    expect((await call('GET', '/cloud/dev/panels')).json).toMatchObject({ panels: { P7: { subscription: 'trial' } }, default: { subscription: 'subscribed' } });
  });

  test('a panel not named has the `*` state; `*` can be told too', async () => {
    expect((await call('GET', '/cloud/v1/panels/NEW1')).json).toMatchObject({ activation: 'not_activated', subscription: 'subscribed' });
    await call('PUT', '/cloud/dev/panels/*', { subscription: 'disabled' });
    expect((await call('GET', '/cloud/v1/panels/NEW1')).json).toMatchObject({ subscription: 'disabled', expires_at: null });
    await call('DELETE', '/cloud/dev/panels');
    expect((await call('GET', '/cloud/v1/panels/NEW1')).json).toMatchObject({ subscription: 'subscribed' });
  });

  test.each([
    [{ subscription: 'gold' }],
    [{ activation: 'maybe' }],
    [{ days: -1 }],
    [{ expires_at: 'soon' }],
    [{ colour: 'red' }],
    [[1]],
  ])('a wrong state %j is refused (400) and changes nothing', async (body) => {
    const res = await call('PUT', '/cloud/dev/panels/P8', body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('invalid_state');
    expect(cloud.service.panel('P8')).toMatchObject({ subscription: 'subscribed', activation: 'not_activated' });
  });

  test('a body that is not JSON, a bad panel id, an unknown path', async () => {
    const res = await fetch(`${cloud.url}/cloud/dev/panels/P9`, { method: 'PUT', body: '{nope' });
    expect(res.status).toBe(400);
    expect((await call('GET', '/cloud/v1/panels/bad%20id')).status).toBe(400);
    expect((await call('GET', '/cloud/nothing')).status).toBe(404);
    expect((await call('DELETE', '/cloud/v1/panels/P9')).status).toBe(405);
  });

  test('handle() leaves paths outside /cloud/ to the service that hosts it', () => {
    const service = createCloudService();
    expect(service.handle({ url: '/api/v1/session' } as never, {} as never)).toBe(false);
    expect(service.handle({ url: '/cloudy' } as never, {} as never)).toBe(false);
  });
});
