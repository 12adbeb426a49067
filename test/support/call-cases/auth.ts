import { TEST_PASSWORD } from '../device';
import type { AreaCases } from './types';

/** The token calls take a form body: fields as strings. */
const form = (fields: Record<string, string>) => fields;

export const authCases: AreaCases = {
  'auth.tokenApp': {
    account: null,
    body: form({ grant_type: 'password', username: 'cmt_default_control_user', password: TEST_PASSWORD }),
    invalid: { body: form({ grant_type: 'client_credentials', username: 'admin', password: 'x' }), field: 'grant_type' },
  },
  'auth.tokenAdmin': {
    account: null,
    url: '/api/v1/auth/token/history',
    body: form({ grant_type: 'password', username: 'history', password: TEST_PASSWORD }),
    invalid: {
      url: '/api/v1/auth/token/root',
      body: form({ grant_type: 'password', username: 'root', password: TEST_PASSWORD }),
      field: 'role',
    },
  },
  'auth.logout': { account: 'history', endsSessions: true },
  'auth.tokenCheck': { account: 'history' },
  'auth.loginInfo': { account: null },
};
