import { TEST_PASSWORD } from '../device';
import type { AreaCases } from './types';

export const uacCases: AreaCases = {
  'uac.changeAdminPassword': {
    account: 'admin',
    body: { username: 'admin', current: TEST_PASSWORD, password: TEST_PASSWORD },
    invalid: { body: { username: 'admin', password: TEST_PASSWORD }, field: 'current' },
    endsSessions: true,
  },
  'uac.changeUserPassword': {
    account: 'cmt_default_control_user',
    body: { username: 'cmt_default_control_user', current: TEST_PASSWORD, password: TEST_PASSWORD },
    invalid: { body: { username: 'cmt_default_control_user', current: TEST_PASSWORD, password: '' }, field: 'password' },
    endsSessions: true,
  },
  'uac.extraRole': { account: 'update' },
  'uac.userInfo': { account: 'history' },
  'uac.setState': { account: 'update', body: { code: 1 }, invalid: { body: { code: 2 }, field: 'code' } },
};
