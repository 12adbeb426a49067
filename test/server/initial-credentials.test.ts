/** The initial passwords leave the disk as they stop being in force; the database is the device's alone. */
import fs from 'node:fs';
import path from 'node:path';
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { DATABASE_FILES } from '../../server/db/database';

const ADMIN_PW = '/api/v1/uac/account/admin/password';
const USER_PW = '/api/v1/uac/account/user/password';
const NEW_PASSWORD = 'Changed-Pass-42';

const accountsIn = (t: TestDevice): string[] | null => {
  const file = path.join(t.dataDir, 'initial-credentials');
  if (!fs.existsSync(file)) return null;
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => line.split('\t')[0]!);
};

describe('[AUTH-05] initial credentials on disk', () => {
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice();
  });
  afterAll(() => t.close());

  it('holds the five accounts after the first start, mode 0600', () => {
    expect(accountsIn(t)).toEqual(['admin', 'update', 'history', 'cmt_default_control_user', 'cmt_default_view_only_user']);
    expect(fs.statSync(path.join(t.dataDir, 'initial-credentials')).mode & 0o777).toBe(0o600);
  });

  it('loses an account\u2019s line once its password changes (admin changing all three admin-mode ones)', async () => {
    const token = await t.login('admin');
    const res = await t.call('PATCH', ADMIN_PW, token, { username: 'admin', current: TEST_PASSWORD, password: NEW_PASSWORD, changeAll: true });
    expect(res.statusCode).toBe(200);
    expect(accountsIn(t)).toEqual(['cmt_default_control_user', 'cmt_default_view_only_user']);
  });

  it('is removed with the last initial password, the WebView users\u2019 included', async () => {
    for (const username of ['cmt_default_control_user', 'cmt_default_view_only_user']) {
      const token = await t.login(username as 'cmt_default_control_user');
      const res = await t.call('PATCH', USER_PW, token, { username, current: TEST_PASSWORD, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
    }
    expect(accountsIn(t)).toBeNull();
  });

  it('keeps the database, its WAL and shared-memory files readable by the device alone (0600)', () => {
    for (const name of DATABASE_FILES) {
      const file = path.join(t.dataDir, name);
      if (fs.existsSync(file)) expect([name, fs.statSync(file).mode & 0o777]).toEqual([name, 0o600]);
    }
    expect(fs.existsSync(path.join(t.dataDir, DATABASE_FILES[0]))).toBe(true);
  });
});
