import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { ACCOUNTS_ROUTES as R } from '../../contract/api/accounts.routes';
import type { BodyOf, ResponseOf } from '../../contract/api/define';
import type { list, lockouts, resetPassword, sessions, update } from '../../contract/api/accounts';

export type ManagedAccount = ResponseOf<typeof list>[number];
export type LiveSession = ResponseOf<typeof sessions>[number];
export type Lockout = ResponseOf<typeof lockouts>[number];
export type UpdateAccountBody = BodyOf<typeof update>;
export type ResetPasswordBody = BodyOf<typeof resetPassword>;
export type ManagedName = 'update' | 'history';

/** How often the sessions and lockouts are read again while Account Management is open: others
 * sign in and out, lockouts end by themselves. */
export const LIVE_LIST_POLL_MS = 15_000;

/** Account Management (admin): the accounts, their live sessions and their lockouts. A change
 * answers the new list; each change reads again the lists it touches (a disable or a reset ends
 * sessions, an unlock changes an account's "locked"). */
export const accountsApi = api
  .enhanceEndpoints({ addTagTypes: ['ManagedAccounts', 'LiveSessions', 'Lockouts'] })
  .injectEndpoints({
    endpoints: (build) => {
      const call = contractEndpoints(build);
      return {
        managedAccounts: call.query(R.list, { tags: ['ManagedAccounts'] }),
        updateAccount: call.mutation(R.update, {
          request: ({ name, change }: { name: ManagedName; change: UpdateAccountBody }) => ({ params: { name }, body: change }),
          tags: ['ManagedAccounts', 'LiveSessions'],
        }),
        resetAccountPassword: call.mutation(R.resetPassword, {
          request: ({ name, body }: { name: ManagedName; body: ResetPasswordBody }) => ({ params: { name }, body }),
          tags: ['ManagedAccounts', 'LiveSessions'],
        }),
        liveSessions: call.query(R.sessions, { tags: ['LiveSessions'] }),
        endSession: call.mutation(R.endSession, {
          request: (id: string) => ({ params: { id } }),
          tags: ['LiveSessions', 'ManagedAccounts'],
        }),
        lockouts: call.query(R.lockouts, { tags: ['Lockouts'] }),
        unlock: call.mutation(R.unlock, {
          request: (id: string) => ({ params: { id } }),
          tags: ['Lockouts', 'ManagedAccounts'],
        }),
      };
    },
  });

export const {
  useManagedAccountsQuery,
  useUpdateAccountMutation,
  useResetAccountPasswordMutation,
  useLiveSessionsQuery,
  useEndSessionMutation,
  useLockoutsQuery,
  useUnlockMutation,
} = accountsApi;
