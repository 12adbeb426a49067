import { TEST_PASSWORD, type TestDevice } from '../device';
import type { AccountName } from '../../../contract/roles';
import type { AreaCases } from './types';

const PREPARED_PASSWORD = 'Case-Prepared-Pass-1';

/** A password may not be changed to itself nor to a recent one: the account's password becomes
 * another one (its history forgotten), and the success request changes it back to TEST_PASSWORD,
 * which the other cases sign in with. */
const changedFirst = (username: AccountName) => async (t: TestDevice) => {
  await t.device.accounts.setPassword([username], PREPARED_PASSWORD);
  t.device.db.prepare('DELETE FROM password_history WHERE username = ?').run(username);
  return { body: { username, current: PREPARED_PASSWORD, password: TEST_PASSWORD } };
};

export const uacCases: AreaCases = {
  'uac.changeAdminPassword': {
    account: 'admin',
    body: { username: 'admin', current: PREPARED_PASSWORD, password: TEST_PASSWORD },
    invalid: { body: { username: 'admin', password: TEST_PASSWORD }, field: 'current' },
    endsSessions: true,
    prepare: changedFirst('admin'),
  },
  'uac.changeUserPassword': {
    account: 'cmt_default_control_user',
    body: { username: 'cmt_default_control_user', current: PREPARED_PASSWORD, password: TEST_PASSWORD },
    invalid: { body: { username: 'cmt_default_control_user', current: TEST_PASSWORD, password: '' }, field: 'password' },
    endsSessions: true,
    prepare: changedFirst('cmt_default_control_user'),
  },
  'uac.extraRole': { account: 'update' },
  'uac.userInfo': { account: 'history' },
  'uac.setState': { account: 'update', body: { code: 1 }, invalid: { body: { code: 2 }, field: 'code' } },
};
