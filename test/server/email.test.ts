/**
 * The E-mail calls' rules beyond the shared matrix (test/server/contract-calls.test.ts): the SMTP
 * settings' §5 rules, contacts and groups (required, valid, unique, CR/LF refused: no header
 * injection), deleting a group, the CSV export (no formula cell) and import (all or nothing, by
 * content), the outbox's feature flag and retry.
 */
import { startTestDevice, type TestDevice } from '../support/device';
import { multipartBody } from '../support/multipart';
import { smtpInput } from '../support/call-cases/email';
import { makeProject } from '../../server/tools/make-project';

let t: TestDevice;
let admin: string;
beforeAll(async () => {
  t = await startTestDevice();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const call = (method: string, url: string, body?: unknown) => t.call(method, url, admin, body);
const refusal = async (method: string, url: string, body: unknown) => {
  const res = await call(method, url, body);
  expect(res.statusCode).toBe(400);
  const { field, problem } = res.json();
  return { field, problem };
};

describe('SMTP settings (specification §5)', () => {
  it.each([
    ['host', { host: '' }, 'required'],
    ['host', { host: 'smtp.example.com\r\nX: y' }, 'line_break'],
    ['host', { host: 'not a host' }, 'invalid'],
    ['port', { port: 0 }, 'out_of_range'],
    ['port', { port: 65536 }, 'out_of_range'],
    ['username', { username: ' ' }, 'required'],
    ['password_confirm', { password_confirm: 'other' }, 'mismatch'],
    ['sender_name', { sender_name: '' }, 'required'],
    ['sender_name', { sender_name: 'Line\n1' }, 'line_break'],
    ['sender_address', { sender_address: 'panel' }, 'invalid'],
    ['sender_address', { sender_address: 'panel@example.com\nBcc: x@y.z' }, 'line_break'],
  ])('refuses %s %j (%s)', async (field, patch, problem) => {
    expect(await refusal('PUT', '/api/v1/email/smtp', smtpInput(patch))).toEqual({ field, problem });
  });

  it('needs a password while none is stored; the HMI name stands for an empty sender name', async () => {
    t.device.settings.set('email_smtp', { ...t.device.settings.get('email_smtp'), password: '' });
    expect(await refusal('PUT', '/api/v1/email/smtp', smtpInput({ password: '', password_confirm: '' }))).toEqual({ field: 'password', problem: 'required' });
    const res = await call('PUT', '/api/v1/email/smtp', smtpInput({ sender_name: '', use_hmi_name: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ password_set: true, settings: { sender_name: '', use_hmi_name: true, accept_any_certificate: false } });
  });
});

describe('contacts and groups', () => {
  it('adds, changes and removes a group; its name is required, unique case aside, on one line', async () => {
    const added = await call('POST', '/api/v1/email/groups', { name: ' Shift A ' });
    expect(added.statusCode).toBe(200);
    const group = added.json();
    expect(group).toMatchObject({ name: 'Shift A', contacts: 0 });
    expect(await refusal('POST', '/api/v1/email/groups', { name: 'shift a' })).toEqual({ field: 'name', problem: 'duplicate' });
    expect(await refusal('POST', '/api/v1/email/groups', { name: 'Shift\rB' })).toEqual({ field: 'name', problem: 'line_break' });
    expect(await refusal('POST', '/api/v1/email/groups', { name: 'x'.repeat(65) })).toEqual({ field: 'name', problem: 'too_long' });
    expect((await call('PUT', `/api/v1/email/groups/${group.id}`, { name: 'Shift B' })).json()).toMatchObject({ id: group.id, name: 'Shift B' });
    expect((await call('PUT', '/api/v1/email/groups/999999', { name: 'Nope' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/email/groups/${group.id}`)).json()).toEqual({ deleted: group.id });
    expect((await call('DELETE', `/api/v1/email/groups/${group.id}`)).statusCode).toBe(404);
  });

  it('[INJ-03] adds a contact with its groups; name and a valid, unique address required; CR/LF refused', async () => {
    const group = (await call('POST', '/api/v1/email/groups', { name: 'Quality' })).json();
    const res = await call('POST', '/api/v1/email/contacts', { name: 'Dee', address: 'dee@example.com', groups: [group.id] });
    expect(res.statusCode).toBe(200);
    const dee = res.json();
    expect(dee).toMatchObject({ name: 'Dee', address: 'dee@example.com', groups: [group.id] });
    expect((await call('GET', '/api/v1/email/groups')).json().groups.find((g: { id: number }) => g.id === group.id).contacts).toBe(1);

    const c = (patch: object) => ({ name: 'Eve', address: 'eve@example.com', groups: [], ...patch });
    expect(await refusal('POST', '/api/v1/email/contacts', c({ name: '' }))).toEqual({ field: 'name', problem: 'required' });
    expect(await refusal('POST', '/api/v1/email/contacts', c({ name: 'Eve\r\nBcc: all@example.com' }))).toEqual({ field: 'name', problem: 'line_break' });
    expect(await refusal('POST', '/api/v1/email/contacts', c({ address: '' }))).toEqual({ field: 'address', problem: 'required' });
    expect(await refusal('POST', '/api/v1/email/contacts', c({ address: 'eve@example' }))).toEqual({ field: 'address', problem: 'invalid' });
    expect(await refusal('POST', '/api/v1/email/contacts', c({ address: 'eve@example.com\nBcc: x@y.z' }))).toEqual({ field: 'address', problem: 'line_break' });
    expect(await refusal('POST', '/api/v1/email/contacts', c({ address: 'DEE@example.com' }))).toEqual({ field: 'address', problem: 'duplicate' });
    expect(await refusal('POST', '/api/v1/email/contacts', c({ groups: [987654] }))).toEqual({ field: 'groups', problem: 'unknown' });

    // Its own address is no duplicate of itself.
    expect((await call('PUT', `/api/v1/email/contacts/${dee.id}`, { name: 'Dee D.', address: 'dee@example.com', groups: [] })).json()).toMatchObject({ name: 'Dee D.', groups: [] });
    // A group removed leaves its contacts, without it.
    await call('PUT', `/api/v1/email/contacts/${dee.id}`, { name: 'Dee', address: 'dee@example.com', groups: [group.id] });
    await call('DELETE', `/api/v1/email/groups/${group.id}`);
    expect((await call('GET', '/api/v1/email/contacts')).json().contacts.find((x: { id: number }) => x.id === dee.id)).toMatchObject({ groups: [] });
    expect((await call('DELETE', `/api/v1/email/contacts/${dee.id}`)).json()).toEqual({ deleted: dee.id });
  });
});

describe('CSV of contacts', () => {
  const importCsv = (text: string | Buffer, name = 'contacts.csv') => {
    const { payload, headers } = multipartBody([{ name: 'file', filename: name, content: typeof text === 'string' ? Buffer.from(text) : text }]);
    return t.app.inject({ method: 'POST', url: '/api/v1/email/contacts/import', payload, headers: { ...headers, authorization: `Bearer ${admin}` } });
  };

  it('exports no cell a spreadsheet would run, and the export imports back as it was', async () => {
    const group = (await call('POST', '/api/v1/email/groups', { name: '=cmd|calc' })).json();
    const added = await call('POST', '/api/v1/email/contacts', { name: '=HYPERLINK("http://x","Click")', address: 'formula@example.com', groups: [group.id] });
    expect(added.statusCode).toBe(200);
    const res = await call('GET', '/api/v1/email/contacts/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="contacts-.*\.csv"/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('name,address,groups');
    const line = lines.find((l) => l.includes('formula@example.com'))!;
    expect(line).toBe(`"'=HYPERLINK(""http://x"",""Click"")",formula@example.com,'=cmd|calc`);

    await call('DELETE', `/api/v1/email/contacts/${added.json().id}`);
    const back = await importCsv(res.body);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ added: 1, groups_added: 0 });
    const contact = (await call('GET', '/api/v1/email/contacts')).json().contacts.find((c: { address: string }) => c.address === 'formula@example.com');
    expect(contact).toMatchObject({ name: '=HYPERLINK("http://x","Click")', groups: [group.id] });
  });

  it('[INJ-03] imports all or nothing: a row with a line break in a quoted name refuses the whole file, naming the row', async () => {
    const before = (await call('GET', '/api/v1/email/contacts')).json().contacts.length;
    const res = await importCsv('name,address,groups\nFay,fay@example.com,New group\n"Gus\r\nBcc: x@y.z",gus@example.com,\n');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'rows.2.name', problem: 'line_break' });
    expect((await call('GET', '/api/v1/email/contacts')).json().contacts).toHaveLength(before);
    expect((await call('GET', '/api/v1/email/groups')).json().groups.map((g: { name: string }) => g.name)).not.toContain('New group');
  });

  it('refuses a file without the header, a binary file by its content, and one too large', async () => {
    expect((await importCsv('who,where\nA,a@example.com\n')).json()).toMatchObject({ error_code: 'email_csv_invalid' });
    const binary = await importCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), 'contacts.csv');
    expect(binary.statusCode).toBe(415);
    const large = await importCsv(`name,address,groups\n${'x'.repeat(300 * 1024)}`);
    expect(large.statusCode).toBe(413);
  });
});

describe('the outbox', () => {
  it('says whether the running project enables e-mail (the sample does; a project without the flag does not)', async () => {
    expect((await call('GET', '/api/v1/email/outbox')).json()).toMatchObject({ enabled: true, max_per_minute: 30, max_attempts: 5 });
    const { email_enabled: _flag, ...withoutFlag } = makeProject({ name: 'plain' });
    const { projectSchema } = await import('../../contract/project-format');
    expect(projectSchema.parse(withoutFlag).email_enabled).toBe(false);
  });

  it('retries only a failed mail, and answers 404 for none', async () => {
    expect((await call('POST', '/api/v1/email/outbox/424242/retry')).statusCode).toBe(404);
  });
});
