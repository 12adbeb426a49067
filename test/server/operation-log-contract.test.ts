/** What the operation log's rows are made from, checked on the contract itself: the secrets are
 * marked in the schemas (and only they are masked), every action is in the contract's list, and
 * the server serves every area of the contract. */
import { z } from 'zod';
import { ALL_CALLS } from '../../contract/api';
import { CONTRACT_AREAS } from '../../contract/areas';
import { secret } from '../../contract/api/secret';
import { AUDIT_ACTIONS, CALL_AUDIT_ACTIONS, DEVICE_AUDIT_ACTIONS } from '../../contract/audit';
import { MASK, maskSecrets, secretPaths } from '../../server/lib/mask';
import { SETTING_DEFS } from '../../server/areas';
import { SERVER_AREAS } from '../../server/areas';
import { startTestDevice } from '../support/device';

describe('secret marks of the contract', () => {
  const marked = (schema: z.ZodType | undefined) => (schema ? secretPaths(schema) : []);

  it('marks exactly the secrets of every request body', () => {
    const bodies = Object.fromEntries(ALL_CALLS.filter((c) => marked(c.body).length > 0).map((c) => [c.id, marked(c.body)]));
    expect(bodies).toEqual({
      'auth.tokenApp': ['password', 'refresh_token'],
      'auth.tokenAdmin': ['password', 'refresh_token'],
      'uac.changeAdminPassword': ['current', 'password'],
      'uac.changeUserPassword': ['current', 'password'],
      'network.connectWifi': ['settings.key_password', 'settings.password', 'settings.private_key'],
      'network.setHotspot': ['settings.password'],
      'project.updateFromMedia': ['password'],
      'opcua.setSettings': ['users.[].password'],
      'plcRuntime.activate': ['value'],
      'webview.addUser': ['admin_password', 'password'],
      'webview.updateUser': ['admin_password', 'password'],
      'security.addAccount': ['admin_password', 'password'],
      'security.updateAccount': ['admin_password', 'password'],
      'security.removeAccount': ['admin_password'],
      'security.setOpcua': ['admin_password'],
      'email.setSmtp': ['password', 'password_confirm'],
      'accounts.resetPassword': ['admin_password', 'password'],
      'remoteAccess.setSettings': ['partner_password', 'proxy.password'],
      'misc.setSettings': ['vnc.password'],
    });
  });

  it('marks exactly the secrets of every upload\'s text parts', () => {
    const uploads = Object.fromEntries(ALL_CALLS.filter((c) => marked(c.upload?.fields).length > 0).map((c) => [c.id, marked(c.upload!.fields)]));
    expect(uploads).toEqual({ 'project.update': ['password'], 'security.importAccounts': ['admin_password'] });
  });

  it('marks the tokens of the sign-in answers and the secret of a new API key', () => {
    const answers = Object.fromEntries(ALL_CALLS.filter((c) => marked(c.response).length > 0).map((c) => [c.id, marked(c.response)]));
    expect(answers).toEqual({
      'auth.tokenApp': ['access_token', 'refresh_token'],
      'auth.tokenAdmin': ['access_token', 'refresh_token'],
      'network.getHotspot': ['settings.password'],
      'network.setHotspot': ['settings.password'],
      'apiKeys.create': ['secret'],
    });
  });

  it('names the shape of the values a call records when they are not its body', () => {
    const values = Object.fromEntries(ALL_CALLS.filter((c) => c.audit?.values).map((c) => [c.id, marked(c.audit!.values)]));
    expect(values).toEqual({
      'network.setEthernet': [],
      'network.connectWifi': ['key_password', 'password', 'private_key'],
      'network.setHotspot': ['password'],
    });
  });

  it('marks the secrets among the stored settings', () => {
    const settings = Object.fromEntries(Object.entries(SETTING_DEFS).filter(([, d]) => marked(d.schema).length > 0).map(([k, d]) => [k, marked(d.schema)]));
    expect(settings).toEqual({
      jwt_secret: [''],
      wifi: ['connection.key_password', 'connection.password', 'connection.private_key'],
      hotspot: ['password'],
      opcua: ['users.[].password_hash'],
      plc_runtime: ['activation.licence'],
      email_smtp: ['password'],
      remote_access: ['partner_password', 'proxy.password'],
      remote_access_key: [''],
      misc: ['vnc.password'],
    });
  });
});

describe('maskSecrets', () => {
  const schema = z.object({
    user: z.string(),
    password_rules_enable: z.boolean(),
    password: secret(z.string()).optional(),
    nested: z.object({ key: z.string(), token: secret(z.string().min(1)) }).nullable(),
    list: z.array(z.object({ name: z.string(), pin: secret(z.string()) })),
    map: z.record(z.string(), secret(z.string())),
    choice: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), a_secret: secret(z.string()) }),
      z.object({ kind: z.literal('b'), b_value: z.string() }),
    ]),
  });

  it('masks the marked values, whatever their names, and keeps every other value', () => {
    const value = {
      user: 'admin',
      password_rules_enable: true,
      password: 'p',
      nested: { key: 'not a secret', token: 't' },
      list: [{ name: 'one', pin: '1' }],
      map: { x: 's' },
      choice: { kind: 'a', a_secret: 'c' },
      unknown_secretive_name: 'kept',
    };
    expect(maskSecrets(value, schema)).toEqual({
      user: 'admin',
      password_rules_enable: true,
      password: MASK,
      nested: { key: 'not a secret', token: MASK },
      list: [{ name: 'one', pin: MASK }],
      map: { x: MASK },
      choice: { kind: 'a', a_secret: MASK },
      unknown_secretive_name: 'kept',
    });
    expect(maskSecrets({ ...value, nested: null, choice: { kind: 'b', b_value: 'v' } }, schema)).toMatchObject({
      nested: null,
      choice: { kind: 'b', b_value: 'v' },
    });
  });

  it('leaves a value without a schema, or of another shape than its schema, as it is', () => {
    expect(maskSecrets({ password: 'x' }, null)).toEqual({ password: 'x' });
    expect(maskSecrets('text', schema)).toBe('text');
    expect(maskSecrets([1, 2], schema)).toEqual([1, 2]);
    expect(maskSecrets(undefined, schema)).toBeUndefined();
  });

  it('marks a copy, never the schema it is given', () => {
    const shared = z.string();
    secret(shared);
    expect(maskSecrets('x', shared)).toBe('x');
  });
});

describe('audit actions of the contract', () => {
  it('lists every action a call writes, and each listed call action is written by a call', () => {
    const written = new Set(ALL_CALLS.flatMap((c) => (c.audit ? [c.audit.action] : [])));
    expect([...written].sort()).toEqual([...CALL_AUDIT_ACTIONS].sort());
  });

  it('keeps the device’s own actions apart and every action once', () => {
    for (const action of DEVICE_AUDIT_ACTIONS) expect(CALL_AUDIT_ACTIONS as readonly string[]).not.toContain(action);
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});

describe('server areas', () => {
  it('serves each area of the contract once', () => {
    expect(SERVER_AREAS.map((a) => a.name).sort()).toEqual(CONTRACT_AREAS.map((a) => a.name).sort());
  });

  it('registers a route for every call of the contract', async () => {
    const t = await startTestDevice();
    try {
      const missing = ALL_CALLS.filter((c) => !t.app.hasRoute({ method: c.method, url: c.path })).map((c) => c.id);
      expect(missing).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
