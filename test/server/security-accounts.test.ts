/** Enhanced Security (docs/decisions.md#enhanced-security): the running project's operator
 * accounts. Every call: success, its validation failures, 409 account_exists ("Account is exist"),
 * a wrong admin password (counted towards the lockout), 401, 403; the export holds hashes only, the
 * import merges in one transaction and refuses hostile files; the operation log masks every secret. */
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { multipartBody, type Part } from '../support/multipart';
import { SECURITY_ACCOUNTS_MAX, SECURITY_IMPORT_MAX_BYTES } from '../../contract/rules/security';
import { acceptableHash } from '../../server/services/security-accounts';
import { legacyHashPassword } from '../../server/services/passwords';

const URL = '/api/v1/security/accounts';
const PASSWORD = 'Operator-Pass-1';
const NEW_PASSWORD = 'Operator-Pass-2';

describe('Enhanced Security accounts', () => {
  let t: TestDevice;
  let admin: string;
  beforeEach(async () => {
    t = await startTestDevice();
    admin = await t.login('admin');
  });
  afterEach(() => t.close());

  const add = (account: string, extra: Record<string, unknown> = {}, token = admin) =>
    t.call('POST', URL, token, { account, password: PASSWORD, classes: ['A', 'C'], admin_password: TEST_PASSWORD, ...extra });
  const list = async () => (await t.call('GET', URL, admin)).json();
  const idOf = async (account: string) => (await list()).accounts.find((a: { account: string }) => a.account === account).id as number;
  const lastRow = (action: string) =>
    t.device.db.prepare('SELECT * FROM operation_log WHERE action = ? ORDER BY id DESC LIMIT 1').get(action) as Record<string, string | null>;
  const storedHash = (account: string) =>
    (t.device.db.prepare('SELECT password_hash FROM security_accounts WHERE account = ?').get(account) as { password_hash: string }).password_hash;
  const upload = (parts: Part[], token = admin) => {
    const body = multipartBody(parts);
    return t.app.inject({ method: 'POST', url: `${URL}/import`, headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
  };
  const importText = (text: string, adminPassword = TEST_PASSWORD) =>
    upload([
      { name: 'admin_password', content: adminPassword },
      { name: 'file', filename: 'accounts.json', content: text },
    ]);

  it("answers the sample project's state: enabled, its name, no accounts yet", async () => {
    const res = await t.call('GET', URL, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true, project: 'Sample Bottling Line', accounts: [], max_accounts: SECURITY_ACCOUNTS_MAX });
  });

  describe('adding an account', () => {
    it('adds it with the next ID and its classes in A–L order, never answering its password or hash', async () => {
      const res = await add('operator1', { classes: ['C', 'A'] });
      expect(res.statusCode).toBe(200);
      expect(res.json().accounts).toEqual([{ id: 1, account: 'operator1', classes: ['A', 'C'], password_updated_at: expect.any(String) }]);
      expect(res.body).not.toContain(PASSWORD);
      expect(res.body).not.toContain('scrypt$');
      expect((await add('operator2')).json().accounts.map((a: { id: number }) => a.id)).toEqual([1, 2]);
      // Hashed like the console's accounts.
      expect(storedHash('operator1')).toMatch(/^scrypt\$/);
    });

    it('writes an operation-log row naming the account, its passwords masked', async () => {
      await add('operator1');
      const row = lastRow('add_security_account');
      expect(row).toMatchObject({ account: 'admin', target: 'security.accounts:operator1', result: 'success' });
      expect(JSON.parse(row.after_value!)).toEqual({ id: 1, account: 'operator1', classes: ['A', 'C'], password: '***' });
      const all = JSON.stringify(t.device.db.prepare('SELECT * FROM operation_log').all());
      expect(all).not.toContain(PASSWORD);
      expect(all).not.toContain(TEST_PASSWORD);
      expect(all).not.toContain(storedHash('operator1'));
    });

    it("409 account_exists ('Account is exist') for a name the project has, whatever its case", async () => {
      await add('Operator1');
      for (const name of ['Operator1', 'operator1', 'OPERATOR1']) {
        const res = await add(name);
        expect({ name, status: res.statusCode, body: res.json() }).toEqual({ name, status: 409, body: { message: 'Account is exist', error_code: 'account_exists', field: 'account' } });
      }
      expect((await list()).accounts).toHaveLength(1);
      expect(lastRow('add_security_account')).toMatchObject({ result: 'account_exists' });
    });

    it.each([
      ['an empty account', { account: '' }, 'account'],
      ['an account of 33 characters', { account: 'x'.repeat(33) }, 'account'],
      ['an account with a line break', { account: 'op\r\nX-Injected: 1' }, 'account'],
      ['an account with a space at its end', { account: 'op ' }, 'account'],
      ['an unknown class', { classes: ['M'] }, 'classes.0'],
      ['a class twice', { classes: ['A', 'A'] }, 'classes'],
      ['no password', { password: '' }, 'password'],
      ['no admin password', { admin_password: '' }, 'admin_password'],
    ])('400 validation_failure for %s', async (_what, change, field) => {
      const res = await add((change as { account?: string }).account ?? 'operator1', change);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field });
      expect((await list()).accounts).toEqual([]);
    });

    it('400 password_too_weak for a password shorter than the device allows', async () => {
      const res = await add('operator1', { password: 'short' });
      expect(res.json()).toMatchObject({ error_code: 'password_too_weak', field: 'password' });
    });

    it('400 current_password_error for a wrong admin password, counted towards the lockout (LOCK-01)', async () => {
      for (let i = 0; i < 4; i++) {
        const res = await add('operator1', { admin_password: 'Wrong-Pass-1' });
        expect(res.json()).toMatchObject({ error_code: 'current_password_error' });
      }
      // The fifth reaches the limit and answers 429 at once, as a sign-in does.
      expect((await add('operator1', { admin_password: 'Wrong-Pass-1' })).json()).toMatchObject({ error_code: 'login_locked' });
      // Then even the right password is held back.
      const locked = await add('operator1');
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ error_code: 'login_locked' });
      expect((await list()).accounts).toEqual([]);
    });

    it('401 without a token, 403 for update and history (AUTH-02)', async () => {
      expect((await t.call('POST', URL, null, {})).statusCode).toBe(401);
      for (const account of ['update', 'history'] as const) {
        const token = await t.login(account);
        expect((await add('operator1', {}, token)).statusCode).toBe(403);
        expect((await t.call('GET', URL, token)).statusCode).toBe(403);
        expect((await t.call('GET', `${URL}/export`, token)).statusCode).toBe(403);
        expect((await importText('{}', TEST_PASSWORD).then(() => upload([{ name: 'admin_password', content: TEST_PASSWORD }], token))).statusCode).toBe(403);
      }
    });

    it('409 security_not_enabled while the running project does not enable Enhanced Security', async () => {
      const sample = t.device.project.project;
      jest.spyOn(t.device.project, 'project', 'get').mockReturnValue({ ...sample, enhanced_security: undefined });
      expect((await list()).enabled).toBe(false);
      const res = await add('operator1');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 'security_not_enabled' });
    });

    it('409 too_many_accounts past the limit', async () => {
      const insert = t.device.db.prepare(
        "INSERT INTO security_accounts (project, id, account, account_key, password_hash, classes, password_updated_at) VALUES ('Sample Bottling Line', ?, ?, ?, 'x', 'A', '2026-01-01T00:00:00.000Z')",
      );
      for (let i = 1; i <= SECURITY_ACCOUNTS_MAX; i++) insert.run(i, `op${i}`, `op${i}`);
      expect((await add('one_more')).json()).toMatchObject({ error_code: 'too_many_accounts' });
    });
  });

  describe('changing and removing an account', () => {
    beforeEach(async () => {
      await add('operator1');
      await add('operator2');
    });

    it('renames it, gives it other classes and a new password (a new hash, masked in the log)', async () => {
      const id = await idOf('operator1');
      const before = storedHash('operator1');
      const res = await t.call('PUT', `${URL}/${id}`, admin, { account: 'line_lead', classes: ['L'], password: NEW_PASSWORD, admin_password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().accounts[0]).toMatchObject({ id, account: 'line_lead', classes: ['L'] });
      expect(storedHash('line_lead')).not.toBe(before);
      const row = lastRow('update_security_account');
      expect(row).toMatchObject({ target: 'security.accounts:operator1', result: 'success' });
      expect(JSON.parse(row.before_value!)).toEqual({ id, account: 'operator1', classes: ['A', 'C'] });
      expect(JSON.parse(row.after_value!)).toEqual({ id, account: 'line_lead', classes: ['L'], password: '***' });
      expect(row.after_value).not.toContain(NEW_PASSWORD);
    });

    it('keeps the password when none is given', async () => {
      const before = storedHash('operator1');
      await t.call('PUT', `${URL}/${await idOf('operator1')}`, admin, { classes: [], admin_password: TEST_PASSWORD });
      expect(storedHash('operator1')).toBe(before);
    });

    it('409 account_exists for the name of another account, not for its own', async () => {
      const id = await idOf('operator1');
      const taken = await t.call('PUT', `${URL}/${id}`, admin, { account: 'Operator2', admin_password: TEST_PASSWORD });
      expect(taken.json()).toMatchObject({ error_code: 'account_exists', message: 'Account is exist' });
      const own = await t.call('PUT', `${URL}/${id}`, admin, { account: 'Operator1', admin_password: TEST_PASSWORD });
      expect(own.statusCode).toBe(200);
    });

    it('400 for nothing to change, a wrong admin password; 404 for an unknown ID', async () => {
      const id = await idOf('operator1');
      expect((await t.call('PUT', `${URL}/${id}`, admin, { admin_password: TEST_PASSWORD })).json()).toMatchObject({ error_code: 'validation_failure' });
      expect((await t.call('PUT', `${URL}/${id}`, admin, { classes: ['B'] })).json()).toMatchObject({ error_code: 'validation_failure', field: 'admin_password' });
      expect((await t.call('PUT', `${URL}/${id}`, admin, { classes: ['B'], admin_password: 'Wrong-Pass-1' })).json()).toMatchObject({ error_code: 'current_password_error' });
      expect((await t.call('PUT', `${URL}/999`, admin, { classes: ['B'], admin_password: TEST_PASSWORD })).statusCode).toBe(404);
      expect((await list()).accounts[0].classes).toEqual(['A', 'C']);
    });

    it('removes it with the admin password, and not without', async () => {
      const id = await idOf('operator1');
      expect((await t.call('DELETE', `${URL}/${id}`, admin, { admin_password: 'Wrong-Pass-1' })).json()).toMatchObject({ error_code: 'current_password_error' });
      expect((await t.call('DELETE', `${URL}/${id}`, admin, {})).json()).toMatchObject({ error_code: 'validation_failure', field: 'admin_password' });
      const res = await t.call('DELETE', `${URL}/${id}`, admin, { admin_password: TEST_PASSWORD });
      expect(res.json().accounts.map((a: { account: string }) => a.account)).toEqual(['operator2']);
      expect(lastRow('remove_security_account')).toMatchObject({ target: 'security.accounts:operator1', result: 'success' });
      expect((await t.call('DELETE', `${URL}/${id}`, admin, { admin_password: TEST_PASSWORD })).statusCode).toBe(404);
    });
  });

  describe('export and import', () => {
    it('[BK-01] exports a JSON file with the hashes only, never a password', async () => {
      await add('operator1');
      await add('operator2', { classes: ['L'] });
      const res = await t.call('GET', `${URL}/export`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="security-accounts-Sample_Bottling_Line.json"');
      expect(res.body).not.toContain(PASSWORD);
      const file = res.json();
      expect(file).toMatchObject({ format: 'hmi-security-accounts', format_version: 1, project: 'Sample Bottling Line' });
      expect(file.accounts).toEqual([
        { id: 1, account: 'operator1', password_hash: storedHash('operator1'), classes: ['A', 'C'] },
        { id: 2, account: 'operator2', password_hash: storedHash('operator2'), classes: ['L'] },
      ]);
      for (const a of file.accounts) expect(Object.keys(a).sort()).toEqual(['account', 'classes', 'id', 'password_hash']);
    });

    it('imports an exported list back: the accounts sign in with their passwords again', async () => {
      await add('operator1');
      const exported = (await t.call('GET', `${URL}/export`, admin)).body;
      await t.call('PUT', `${URL}/1`, admin, { password: NEW_PASSWORD, classes: ['B'], admin_password: TEST_PASSWORD });
      await add('operator2');
      const res = await importText(exported);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ added: [], updated: ['operator1'], rejected: [] });
      expect(res.json().list.accounts.map((a: { account: string; classes: string[] }) => [a.account, a.classes])).toEqual([
        ['operator1', ['A', 'C']],
        ['operator2', ['A', 'C']],
      ]);
      expect(await t.device.securityAccounts.opcuaSignIn('operator1', PASSWORD)).toBeNull(); // OPC UA use is off by default
      expect(JSON.parse(lastRow('import_security_accounts').after_value!)).toEqual({ file: 'accounts.json', bytes: Buffer.byteLength(exported), added: [], updated: ['operator1'], rejected: 0 });
    });

    it('adds new rows (their IDs kept when free, else the next after the highest), reports each bad row and imports the rest in one go', async () => {
      await add('operator1');
      const hash = storedHash('operator1');
      const file = {
        format: 'hmi-security-accounts',
        format_version: 1,
        project: 'Elsewhere',
        exported_at: '2026-01-01T00:00:00Z',
        accounts: [
          { id: 7, account: 'new_one', password_hash: hash, classes: ['D'] },
          { id: 1, account: 'new_two', password_hash: hash, classes: [] },
          { id: 8, account: 'plain', password: 'Operator-Pass-1', classes: [] },
          { id: 9, account: 'legacy', password_hash: legacyHashPassword('x'), classes: [] },
          { id: 10, account: 'costly', password_hash: `scrypt$1073741824$8$1$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`, classes: [] },
          { id: 11, account: 'NEW_ONE', password_hash: hash, classes: [] },
          { id: 12, account: 'bad class', password_hash: hash, classes: ['Z'] },
          'not a row',
        ],
      };
      const res = await importText(JSON.stringify(file));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        added: ['new_one', 'new_two'],
        updated: [],
        rejected: [
          { row: 3, account: 'plain', problem: 'invalid_row', field: 'password_hash' },
          { row: 4, account: 'legacy', problem: 'invalid_row', field: 'password_hash' },
          { row: 5, account: 'costly', problem: 'invalid_hash', field: 'password_hash' },
          { row: 6, account: 'NEW_ONE', problem: 'account_exists', field: 'account' },
          { row: 7, account: 'bad class', problem: 'invalid_row', field: 'classes.0' },
          { row: 8, account: null, problem: 'invalid_row', field: null },
        ],
      });
      expect(res.json().list.accounts.map((a: { id: number; account: string }) => [a.id, a.account])).toEqual([
        [1, 'operator1'],
        [7, 'new_one'],
        [8, 'new_two'],
      ]);
      expect(res.body).not.toContain('Operator-Pass-1');
    });

    it('refuses a hostile or oversized file as a whole and changes nothing (UP-02, API-02)', async () => {
      await add('operator1');
      const before = await list();
      const refusals: [string, string | Buffer, number, string][] = [
        ['not JSON', 'id,account\n1,=cmd()', 400, 'invalid_import_file'],
        ['a binary file', Buffer.from([0x1f, 0x8b, 0x08, 0x00]), 400, 'invalid_import_file'],
        ['JSON of another format', JSON.stringify({ format: 'hmi-project', accounts: [] }), 400, 'invalid_import_file'],
        ['a list longer than a project keeps', JSON.stringify({ format: 'hmi-security-accounts', format_version: 1, project: 'x', exported_at: 'x', accounts: Array(SECURITY_ACCOUNTS_MAX + 1).fill({}) }), 400, 'invalid_import_file'],
        ['a broken JSON object', '{"format": "hmi-security-accounts", ', 400, 'invalid_import_file'],
        ['JSON nested 100,000 deep', `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, 400, 'invalid_import_file'],
        ['a file over the limit', `{"pad": "${'x'.repeat(SECURITY_IMPORT_MAX_BYTES)}"}`, 413, 'payload_too_large'],
      ];
      for (const [what, content, status, code] of refusals) {
        const res = await importText(content as string);
        expect({ what, status: res.statusCode, code: res.json().error_code }).toEqual({ what, status, code });
      }
      const polluted = await importText('{"format":"hmi-security-accounts","format_version":1,"project":"x","exported_at":"x","accounts":[{"__proto__":{"admin":true},"id":3,"account":"p","password_hash":"x","classes":[]}]}');
      expect(polluted.json().rejected).toEqual([{ row: 1, account: 'p', problem: 'invalid_row', field: 'password_hash' }]);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
      expect(await list()).toEqual(before);
    });

    it('needs the admin password and the file', async () => {
      const exported = (await t.call('GET', `${URL}/export`, admin)).body;
      expect((await importText(exported, 'Wrong-Pass-1')).json()).toMatchObject({ error_code: 'current_password_error' });
      expect((await upload([{ name: 'file', filename: 'a.json', content: exported }])).json()).toMatchObject({ error_code: 'validation_failure', field: 'admin_password' });
      expect((await upload([{ name: 'admin_password', content: TEST_PASSWORD }])).json()).toMatchObject({ error_code: 'validation_failure', field: 'file' });
      expect((await t.call('POST', `${URL}/import`, null)).statusCode).toBe(401);
      // The import's rows never hold the password part, right or wrong.
      const rows = JSON.stringify(t.device.db.prepare("SELECT * FROM operation_log WHERE action = 'import_security_accounts'").all());
      expect(rows).toContain('current_password_error');
      expect(rows).not.toContain('Wrong-Pass-1');
      expect(rows).not.toContain(TEST_PASSWORD);
    });
  });

  it('[PW-03] takes only hashes it could have made: the scrypt format, no dearer than its own', () => {
    const salt = Buffer.alloc(16, 1).toString('base64');
    const key = Buffer.alloc(32, 2).toString('base64');
    expect(acceptableHash(`scrypt$1024$8$1$${salt}$${key}`)).toBe(true);
    expect(acceptableHash(`scrypt$1000$8$1$${salt}$${key}`)).toBe(false);
    expect(acceptableHash(`scrypt$1024$64$1$${salt}$${key}`)).toBe(false);
    expect(acceptableHash(`scrypt$1024$8$1$${salt}$${Buffer.alloc(8).toString('base64')}`)).toBe(false);
    expect(acceptableHash(legacyHashPassword('x'))).toBe(false);
  });

  it('keeps only the running project\'s accounts when another project becomes the running one', async () => {
    await add('operator1');
    t.device.securityAccounts.keepOnly('Sample Bottling Line');
    expect((await list()).accounts).toHaveLength(1);
    t.device.securityAccounts.keepOnly('Another project');
    expect((await list()).accounts).toEqual([]);
  });
});
