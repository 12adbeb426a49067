/** Configuring the OPC UA server: the settings' rules, the tag editor's tree (every §5 rule, a
 * saved tag served at once, a renamed tag keeping its simulation), certificates (uploads,
 * removals, the server's own replaced or regenerated), the trace log and the discovery server. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { ClientMonitoredItem, ClientSubscription, DataType, StatusCodes, TimestampsToReturn, type DataValue } from 'node-opcua';
import { makeDataDir, startTestDevice, type TestDevice } from '../support/device';
import { multipartBody, type Part } from '../support/multipart';
import { AttributeIds, disposeIdentity, freePort, makeClientIdentity, openSession, type ClientIdentity } from '../support/opcua-client';
import { projectPair, uploadParts } from '../support/projects';
import { opcuaSettingsInput, type DeepPartial } from '../support/settings';
import type { OpcuaNode, OpcuaSettingsInput, OpcuaStatus } from '../../contract/api/opcua';
import { opcuaNodeTree } from '../../server/services/opcua/node-tree';

jest.setTimeout(60_000);

const USER = { userName: 'engineer', password: 'Engineer-Pass-1' };

let t: TestDevice;
let token: string;
let client: ClientIdentity;
let port: number;

/** The server on, on a free port, with the engineer as its user (the first PUT gives the password,
 * the later ones leave it out and the user keeps it), tracing at debug: the trace log's tests read
 * what it records. */
function settings(over: DeepPartial<OpcuaSettingsInput> = {}): OpcuaSettingsInput {
  return opcuaSettingsInput({ enabled: true, port, users: [{ username: USER.userName, browse: true, read: true, write: true }], trace_level: 'debug', ...over });
}

async function status(): Promise<OpcuaStatus> {
  await t.device.opcua.settled();
  return (await t.call('GET', '/api/v1/opcua/status', token)).json();
}

function upload(url: string, parts: Part[]) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
}

beforeAll(async () => {
  client = await makeClientIdentity('config-client');
  t = await startTestDevice();
  token = await t.login();
  port = await freePort();
  const res = await t.call('PUT', '/api/v1/opcua/settings', token, settings({ users: [{ username: USER.userName, password: USER.password, browse: true, read: true, write: true }] }));
  expect(res.statusCode).toBe(200);
  expect((await upload('/api/v1/opcua/certificates/trusted_clients', [{ name: 'file', filename: 'c.der', content: client.der() }])).statusCode).toBe(200);
  expect((await status()).state).toBe('running');
});

afterAll(async () => {
  await t.close();
  await disposeIdentity(client);
});

describe('settings', () => {
  test.each([
    ['a new user without a password', { users: [{ username: 'newbie', browse: true, read: true, write: false }] }, 'users.0.password', 'password_required'],
    ['two users of one name', { users: [{ username: 'a', password: 'Password-1', browse: true, read: true, write: true }, { username: 'a', password: 'Password-2', browse: true, read: false, write: false }] }, 'users.1.username', 'username_duplicate'],
    ['a user name with a space', { users: [{ username: 'line two', password: 'Password-1', browse: true, read: true, write: true }] }, 'users.0.username', 'username_characters'],
    ['a short password', { users: [{ username: 'short', password: 'abc', browse: true, read: true, write: true }] }, 'users.0.password', 'password_length'],
    ['a discovery URL that is not opc.tcp', { discovery: { url: 'http://lds:4840', comment: '' } }, 'discovery.url', 'url_format'],
  ])('refuses %s', async (_what, over, field, problem) => {
    const res = await t.call('PUT', '/api/v1/opcua/settings', token, settings(over as DeepPartial<OpcuaSettingsInput>));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failure', field, problem });
  });

  test('refuses a server with no security policy at all', async () => {
    const res = await t.call('PUT', '/api/v1/opcua/settings', token, settings({ security: { none: false, basic256sha256: [], aes128_sha256_rsaoaep: [], aes256_sha256_rsapss: [] } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'security' });
  });

  test("refuses the console's own ports", async () => {
    const res = await t.call('PUT', '/api/v1/opcua/settings', token, settings({ port: 8443 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error_code: 'port_in_use' });
  });

  test('a port another program holds leaves the server stopped with port_in_use', async () => {
    const net = await import('node:net');
    const blocker = net.createServer();
    const taken = await freePort();
    await new Promise<void>((r) => blocker.listen(taken, '127.0.0.1', () => r()));
    try {
      expect((await t.call('PUT', '/api/v1/opcua/settings', token, settings({ port: taken }))).statusCode).toBe(200);
      expect(await status()).toMatchObject({ state: 'stopped', enabled: true, error: { code: 'port_in_use' } });
    } finally {
      blocker.close();
    }
    expect((await t.call('PUT', '/api/v1/opcua/settings', token, settings())).statusCode).toBe(200);
    expect(await status()).toMatchObject({ state: 'running', error: null });
  });

  test('the operation log keeps the change with the password hash masked', async () => {
    const rows = t.device.db.prepare("SELECT before_value, after_value FROM operation_log WHERE action = 'set_opcua_settings' AND result = 'success'").all() as { after_value: string }[];
    expect(rows.length).toBeGreaterThan(0);
    const text = rows.map((r) => r.after_value).join('');
    expect(text).not.toContain(USER.password);
    expect(text).not.toMatch(/scrypt|\$[0-9a-z]+\$/i);
  });
});

describe('users applied to the running server', () => {
  test("a user added or a right changed holds at once, in open sessions, without a restart; a removed user's session ends", async () => {
    const { endpoint_url } = await status();
    const traceFrom = (await t.call('GET', '/api/v1/opcua/trace?after=0&limit=1', token)).json().last_seq;
    const NEWBIE = { userName: 'newbie', password: 'Newbie-Pass-1' };
    const engineer = { username: USER.userName, browse: true, read: true, write: true };
    const newbie = (read: boolean) => ({ username: NEWBIE.userName, browse: true, read, write: false });
    const setpoint = { nodeId: 'ns=1;s=Tank1_Setpoint', attributeId: AttributeIds.Value };
    const c = await openSession(endpoint_url!, client, { user: USER });
    try {
      expect((await t.call('PUT', '/api/v1/opcua/settings', token, settings({ users: [engineer, { ...newbie(false), password: NEWBIE.password }] }))).statusCode).toBe(200);
      expect((await status()).state).toBe('running');
      expect((await c.session.read(setpoint)).statusCode).toBe(StatusCodes.Good);
      const n = await openSession(endpoint_url!, client, { user: NEWBIE });
      try {
        expect((await n.session.read(setpoint)).statusCode).toBe(StatusCodes.BadUserAccessDenied);
        expect((await t.call('PUT', '/api/v1/opcua/settings', token, settings({ users: [engineer, newbie(true)] }))).statusCode).toBe(200);
        await status();
        expect((await n.session.read(setpoint)).statusCode).toBe(StatusCodes.Good);
        expect((await status()).sessions).toBe(2);
        expect((await t.call('PUT', '/api/v1/opcua/settings', token, settings())).statusCode).toBe(200);
        expect(await status()).toMatchObject({ state: 'running', sessions: 1 });
      } finally {
        await n.close();
      }
      expect((await c.session.read(setpoint)).statusCode).toBe(StatusCodes.Good);
    } finally {
      await c.close();
    }
    const lines = (await t.call('GET', `/api/v1/opcua/trace?after=${traceFrom}&limit=1000`, token)).json().lines.map((l: { message: string }) => l.message);
    expect(lines.some((l: string) => l.startsWith('Stopping the OPC UA server'))).toBe(false);
    expect(lines).toContainEqual(expect.stringContaining('1 session(s) of removed users or changed passwords closed'));
  });
});

describe('the tag editor', () => {
  const tree = (): OpcuaNode[] => opcuaNodeTree(t.device.project.project);
  const put = (nodes: OpcuaNode[]) => t.call('PUT', '/api/v1/opcua/node-tree', token, { nodes });
  const newTag = (over: Partial<NonNullable<OpcuaNode['tag']>> = {}): OpcuaNode => ({
    id: 'new:1',
    name: 'Mixer_Speed',
    kind: 'tag',
    tag: {
      tag_name: 'Mixer_Speed',
      folder_name: 'Pumps',
      type: 'external',
      plc: 'PLC1',
      address: '4x-300',
      format: '',
      index_register: null,
      data_type: 'int16',
      length: 1,
      access: { readable: true, writable: true },
      ...over,
    },
  });
  const withTag = (tag: OpcuaNode): OpcuaNode[] => {
    const nodes = tree();
    const pumps = nodes[0]!.children!.find((c) => c.name === 'Pumps')!;
    pumps.children!.push(tag);
    return nodes;
  };

  test.each([
    // Both tags of the name are named; the first in the tree is the one the 400 names.
    ['a duplicate tag name', { tag_name: 'Tank1_Level' }, 't:Tank1_Level.tag_name', 'tag_name_duplicate'],
    ['an address the device lacks', { address: '9x-1' }, 'address', 'address_error'],
    ['an address out of range', { address: '4x-70000' }, 'address', 'address_error'],
    ['an address over 16 characters', { address: '4x-1234567890123456' }, 'address', 'address_too_long'],
    ['an index register past 31', { index_register: 32 }, 'index_register', 'index_register_error'],
    ['a length of 0', { length: 0 }, 'length', 'length_range'],
    ['a length of 256', { length: 256 }, 'length', 'length_range'],
    ['an unknown PLC', { plc: 'PLC9' }, 'plc', 'plc_unknown'],
  ])('refuses %s (§5)', async (_what, over, field, problem) => {
    const res = await put(withTag(newTag(over)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: field.includes('.') ? field : `new:1.${field}`, problem });
  });

  test('a saved tag is served at once; a renamed tag keeps its simulation; edits survive a restart', async () => {
    const nodes = withTag(newTag());
    const tanks = nodes[0]!.children!.find((c) => c.name === 'Tanks')!;
    const level = tanks.children!.find((c) => c.id === 't:Tank1_Level')!;
    level.name = 'Tank1_Level_Pct';
    level.tag!.tag_name = 'Tank1_Level_Pct';
    nodes[0]!.children!.push({ id: 'new:2', name: 'Utilities', kind: 'folder', children: [] });
    const res = await put(nodes);
    expect(res.statusCode).toBe(200);
    const saved: OpcuaNode[] = res.json();
    expect(saved[0]!.children!.map((c) => c.name)).toEqual(['Tanks', 'Pumps', 'Line', 'Utilities']);
    const renamed = t.device.project.project.tags.find((x) => x.name === 'Tank1_Level_Pct')!;
    expect(renamed.simulation).toEqual(t.device.project.project.tags.find((x) => x.name === 'Tank1_Level')!.simulation);

    const s = await status();
    expect(s.state).toBe('running');
    const c = await openSession(s.endpoint_url!, client, { user: USER });
    try {
      const [mixer, pct, old] = await c.session.read([
        { nodeId: 'ns=1;s=Mixer_Speed', attributeId: AttributeIds.Value },
        { nodeId: 'ns=1;s=Tank1_Level_Pct', attributeId: AttributeIds.Value },
        { nodeId: 'ns=1;s=Tank1_Level', attributeId: AttributeIds.Value },
      ]);
      expect(mixer!.statusCode).toBe(StatusCodes.Good);
      expect(mixer!.value.value).toBe(0);
      expect(pct!.statusCode).toBe(StatusCodes.Good);
      expect(old!.statusCode).toBe(StatusCodes.BadNodeIdUnknown);
      expect(await c.session.write({ nodeId: 'ns=1;s=Mixer_Speed', attributeId: AttributeIds.Value, value: { value: { dataType: 'Int16', value: -12 } } })).toBe(StatusCodes.Good);
      expect(t.device.tagValues.value('Mixer_Speed', t.device.time.nowMs())).toBe(-12);
    } finally {
      await c.close();
    }
    const row = t.device.db.prepare("SELECT after_value FROM operation_log WHERE action = 'set_opcua_node_tree' AND result = 'success' ORDER BY id DESC").get() as { after_value: string };
    expect(JSON.parse(row.after_value)).toMatchObject({ added: ['Tank1_Level_Pct', 'Mixer_Speed'], removed: ['Tank1_Level'] });
  });

  test('a tag added while a client subscribes: the server keeps running, the subscription keeps delivering, the new tag is served', async () => {
    const before = await status();
    expect(before.state).toBe('running');
    const traceFrom = (await t.call('GET', '/api/v1/opcua/trace?after=0&limit=1', token)).json().last_seq;
    const c = await openSession(before.endpoint_url!, client, { user: USER });
    const seen: unknown[] = [];
    const until = async (what: () => boolean) => {
      for (let i = 0; i < 100 && !what(); i++) await new Promise((r) => setTimeout(r, 50));
      return what();
    };
    try {
      const subscription = ClientSubscription.create(c.session, { requestedPublishingInterval: 100, requestedMaxKeepAliveCount: 10, requestedLifetimeCount: 100, publishingEnabled: true });
      const item = ClientMonitoredItem.create(subscription, { nodeId: 'ns=1;s=Tank1_Setpoint', attributeId: AttributeIds.Value }, { samplingInterval: 100, queueSize: 10, discardOldest: true }, TimestampsToReturn.Both);
      item.on('changed', (v: DataValue) => seen.push(v.value.value));
      expect(await until(() => seen.length > 0)).toBe(true);

      // A tag added, and a folder renamed: its tags move to the new folder.
      const nodes = withTag(newTag({ tag_name: 'Mixer_Torque', address: '4x-301' }));
      nodes[0]!.children!.find((c) => c.name === 'Line')!.name = 'Filling';
      const res = await put(nodes);
      expect(res.statusCode).toBe(200);
      const after = await status();
      expect(after).toMatchObject({ state: 'running', since: before.since });

      const write = (nodeId: string, dataType: DataType, value: number) => c.session.write({ nodeId, attributeId: AttributeIds.Value, value: { value: { dataType, value } } });
      expect(await write('ns=1;s=Tank1_Setpoint', DataType.UInt16, 77)).toBe(StatusCodes.Good);
      expect(await until(() => seen.includes(77))).toBe(true);
      const torque = await c.session.read({ nodeId: 'ns=1;s=Mixer_Torque', attributeId: AttributeIds.Value });
      expect(torque.statusCode).toBe(StatusCodes.Good);
      expect(torque.value.dataType).toBe(DataType.Int16);
      expect(await write('ns=1;s=Mixer_Torque', DataType.Int16, -5)).toBe(StatusCodes.Good);
      const pumps = await c.session.browse('ns=1;s=/Sample Bottling Line/Pumps');
      expect(pumps.references!.map((r) => r.browseName.name)).toContain('Mixer_Torque');
      const filling = await c.session.browse('ns=1;s=/Sample Bottling Line/Filling');
      expect(filling.references!.map((r) => r.browseName.name).sort()).toEqual(['Filler_Count']);
      const root = await c.session.browse('ns=1;s=/Sample Bottling Line');
      expect(root.references!.map((r) => r.browseName.name)).not.toContain('Line');
      const gone = await c.session.read({ nodeId: 'ns=1;s=/Sample Bottling Line/Line', attributeId: AttributeIds.BrowseName });
      expect(gone.statusCode).toBe(StatusCodes.BadNodeIdUnknown);
      expect((await c.session.read({ nodeId: 'ns=1;s=Filler_Count', attributeId: AttributeIds.Value })).statusCode).toBe(StatusCodes.Good);
      await subscription.terminate();
    } finally {
      await c.close();
    }
    const lines = (await t.call('GET', `/api/v1/opcua/trace?after=${traceFrom}&limit=1000`, token)).json().lines.map((l: { message: string }) => l.message);
    expect(lines.some((l: string) => l.startsWith('Stopping the OPC UA server'))).toBe(false);
  });

  test('the edits are stored in SQLite and read back at start', () => {
    const row = t.device.db.prepare("SELECT body FROM project_edits WHERE part = 'opcua'").get() as { body: string };
    expect(JSON.parse(row.body).tags.map((x: { name: string }) => x.name)).toContain('Mixer_Speed');
  });
});

describe('certificates', () => {
  test('the server certificate names the server and is not expired', async () => {
    const list = (await t.call('GET', '/api/v1/opcua/certificates', token)).json();
    const serial = t.device.settings.get('device_identity').serial_number;
    expect(list.own).toMatchObject({ uri: `urn:hmi:${serial}:opcua-server`, expired: false, signature_algorithm: 'sha256WithRSAEncryption' });
    expect(list.own.san).toContain('localhost');
    expect(list.own.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const file = await t.call('GET', `/api/v1/opcua/certificates/own/${list.own.id}/file`, token);
    expect(crypto.createHash('sha1').update(file.rawPayload).digest('hex')).toBe(list.own.id);
  });

  test('a certificate and a key that do not match are refused (§8), nothing changes', async () => {
    const before = (await t.call('GET', '/api/v1/opcua/certificates', token)).json().own.id;
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    const res = await upload('/api/v1/opcua/certificates/own', [
      { name: 'certificate', filename: 'c.der', content: client.der() },
      { name: 'private_key', filename: 'k.pem', content: other },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'key_mismatch' });
    expect((await t.call('GET', '/api/v1/opcua/certificates', token)).json().own.id).toBe(before);
  });

  test('a matching pair replaces the server certificate and the server restarts with it', async () => {
    const res = await upload('/api/v1/opcua/certificates/own', [
      { name: 'certificate', filename: 'c.der', content: client.der() },
      { name: 'private_key', filename: 'k.pem', content: fs.readFileSync(client.privateKeyFile) },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().own.subject).toContain('CN=config-client');
    expect((await status()).state).toBe('running');
    const regenerated = await t.call('POST', '/api/v1/opcua/certificates/own/regenerate', token);
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().own.subject).toContain('OU=OPC UA Server');
    expect((await status()).state).toBe('running');
  });

  test('a file that is not a certificate is refused', async () => {
    const res = await upload('/api/v1/opcua/certificates/client_issuers', [{ name: 'file', filename: 'x.pem', content: '-----BEGIN NOTHING-----\nAAAA\n-----END NOTHING-----\n' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'invalid_certificate' });
    const text = await upload('/api/v1/opcua/certificates/trusted_users', [{ name: 'file', filename: 'x.der', content: 'hello' }]);
    expect(text.json()).toMatchObject({ error_code: 'invalid_certificate' });
  });

  test('a certificate is uploaded to a list, downloaded and removed; a wrong id is 404', async () => {
    const added = await upload('/api/v1/opcua/certificates/user_issuers', [{ name: 'file', filename: 'issuer.der', content: client.der() }]);
    expect(added.statusCode).toBe(200);
    const entry = added.json().user_issuers[0];
    expect(entry.subject).toContain('CN=config-client');
    const file = await t.call('GET', `/api/v1/opcua/certificates/user_issuers/${entry.id}/file`, token);
    expect(file.rawPayload.equals(client.der())).toBe(true);
    const removed = await t.call('DELETE', `/api/v1/opcua/certificates/user_issuers/${entry.id}`, token);
    expect(removed.json().user_issuers).toEqual([]);
    const again = await t.call('DELETE', `/api/v1/opcua/certificates/user_issuers/${entry.id}`, token);
    expect(again.statusCode).toBe(404);
  });
});

describe('the trace log', () => {
  test('the tail follows by sequence number; the download has every line', async () => {
    const all = (await t.call('GET', '/api/v1/opcua/trace?after=0&limit=1000', token)).json();
    expect(all.lines.length).toBeGreaterThan(0);
    expect(all.lines.some((l: { message: string }) => l.message.includes('OPC UA server running'))).toBe(true);
    const last = all.last_seq;
    const none = (await t.call('GET', `/api/v1/opcua/trace?after=${last}`, token)).json();
    expect(none.lines).toEqual([]);
    const file = await t.call('GET', '/api/v1/opcua/trace/download', token);
    expect(file.body).toContain('OPC UA server running');
  });
});

describe('the discovery server', () => {
  test('an unavailable discovery server is shown, and a stop says it waits for it', async () => {
    const lds = await freePort();
    expect((await t.call('PUT', '/api/v1/opcua/settings', token, settings({ discovery: { url: `opc.tcp://localhost:${lds}`, comment: 'plant LDS' } }))).statusCode).toBe(200);
    let s = await status();
    expect(s.state).toBe('running');
    for (let i = 0; i < 100 && s.discovery?.state !== 'unavailable'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      s = await status();
    }
    expect(s.discovery).toEqual({ url: `opc.tcp://localhost:${lds}`, state: 'unavailable' });
    const stop = t.call('PUT', '/api/v1/opcua/settings', token, settings({ enabled: false }));
    await stop;
    const during: OpcuaStatus = (await t.call('GET', '/api/v1/opcua/status', token)).json();
    if (during.state === 'stopping') expect(during.waiting_for).toBe('discovery_server');
    expect(await status()).toMatchObject({ state: 'stopped', waiting_for: null, discovery: null });
  });
});

describe('edits of the running project', () => {
  test('survive a restart of the device, and a new project discards them', async () => {
    const dir = makeDataDir();
    const a = await startTestDevice({ dataDir: dir });
    const tok = await a.login();
    const nodes = opcuaNodeTree(a.device.project.project);
    nodes[0]!.children = nodes[0]!.children!.filter((c) => c.name !== 'Line');
    expect((await a.call('PUT', '/api/v1/opcua/node-tree', tok, { nodes })).statusCode).toBe(200);
    await a.app.close();
    const b = await startTestDevice({ dataDir: dir });
    try {
      expect(opcuaNodeTree(b.device.project.project)[0]!.children!.map((c) => c.name)).toEqual(['Tanks', 'Pumps']);
      await installProject(b, 'Other line');
      expect(opcuaNodeTree(b.device.project.project)[0]!.children!.map((c) => c.name)).toEqual(['Tanks', 'Pumps', 'Line']);
      const row = b.device.db.prepare("SELECT after_value FROM operation_log WHERE action = 'project_edits_discarded'").get() as { after_value: string };
      expect(JSON.parse(row.after_value)).toEqual({ parts: ['opcua'] });
    } finally {
      await b.close();
    }
  });
});

/** Uploads a new project and waits for its update job to end. */
async function installProject(d: TestDevice, name: string): Promise<void> {
  const tok = await d.login();
  const { payload, headers } = multipartBody(uploadParts(projectPair({ name })));
  const res = await d.app.inject({ method: 'POST', url: '/api/v1/project/management/update', headers: { ...headers, authorization: `Bearer ${tok}` }, payload });
  expect(res.statusCode).toBe(202);
  for (let i = 0; i < 400; i++) {
    const job = (await d.call('GET', `/api/v1/jobs/${res.json().job_id}`, tok)).json();
    if (job.state !== 'running') {
      expect(job.state).toBe('done');
      return;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the update did not end');
}

describe('password guessing', () => {
  test("[LOCK-03] a flood of wrong passwords from one address is held back by the console's per-address limit", async () => {
    expect((await t.call('PUT', '/api/v1/opcua/settings', token, settings())).statusCode).toBe(200);
    const { endpoint_url } = await status();
    for (let i = 0; i < 10; i++) {
      await expect(openSession(endpoint_url!, client, { user: { userName: USER.userName, password: `wrong-${i}-password` } })).rejects.toThrow();
    }
    // The bucket is empty: even the right password waits for it to refill (one attempt per 6 s).
    await expect(openSession(endpoint_url!, client, { user: USER })).rejects.toThrow();
    const trace = (await t.call('GET', '/api/v1/opcua/trace?after=0&limit=1000', token)).json();
    expect(trace.lines.some((l: { message: string }) => l.message.includes('too many sign-in attempts'))).toBe(true);
  });
});
