import { defineArea } from '../area';

/** Administration / Account Management (docs/decisions.md#account-management): the accounts, their
 * extra roles, their live sessions and the lockouts, one screen in a chunk of its own. */
export const accountsArea = defineArea({
  name: 'accounts',
  textNamespace: 'accounts',
  screens: [
    {
      menu: 'account_management',
      slug: 'management',
      reads: ['accounts.list', 'accounts.sessions', 'accounts.lockouts'],
      load: () => import(/* webpackChunkName: "account-management" */ './AccountManagementPage'),
    },
  ],
});
