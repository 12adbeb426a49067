import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { downloadQueryFn, uploadQueryFn } from './transfer';
import { SECURITY_ROUTES as R } from '../../contract/api/security.routes';
import type { BodyOf, ResponseOf } from '../../contract/api/define';
import type { accounts, addAccount, importAccounts, setOpcua, updateAccount } from '../../contract/api/security';

export type SecurityAccountsAnswer = ResponseOf<typeof accounts>;
export type SecurityAccountRow = SecurityAccountsAnswer['accounts'][number];
export type AddSecurityAccountBody = BodyOf<typeof addAccount>;
export type UpdateSecurityAccountBody = BodyOf<typeof updateAccount>;
export type SecurityOpcuaBody = BodyOf<typeof setOpcua>;
export type SecurityImportAnswer = ResponseOf<typeof importAccounts>;

/** Enhanced Security: the running project's operator accounts, their file, and whether the OPC UA
 * server signs them in (docs/decisions.md#enhanced-security). */
export const securityApi = api.enhanceEndpoints({ addTagTypes: ['SecurityAccounts', 'SecurityOpcua'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      securityAccounts: call.query(R.accounts, { tags: ['SecurityAccounts'] }),
      addSecurityAccount: call.mutation(R.addAccount, { request: (body: AddSecurityAccountBody) => ({ body }), tags: ['SecurityAccounts'] }),
      updateSecurityAccount: call.mutation(R.updateAccount, {
        request: ({ id, change }: { id: number; change: UpdateSecurityAccountBody }) => ({ params: { id }, body: change }),
        tags: ['SecurityAccounts'],
      }),
      removeSecurityAccount: call.mutation(R.removeAccount, {
        request: ({ id, admin_password }: { id: number; admin_password: string }) => ({ params: { id }, body: { admin_password } }),
        tags: ['SecurityAccounts'],
      }),
      /** Saves the account list as a file; answers its name. */
      exportSecurityAccounts: build.mutation<string, void>({
        queryFn: downloadQueryFn(() => ({ route: R.exportAccounts, fallbackName: 'security-accounts.json' })),
      }),
      /** Sends an account list file with the administrator's password; answers what was imported. */
      importSecurityAccounts: build.mutation<SecurityImportAnswer, { file: Blob; admin_password: string }>({
        queryFn: uploadQueryFn<{ file: Blob; admin_password: string }, SecurityImportAnswer>(({ file, admin_password }) => ({
          route: R.importAccounts,
          parts: { admin_password, file },
        })),
        invalidatesTags: ['SecurityAccounts'],
      }),
      securityOpcua: call.query(R.getOpcua, { tags: ['SecurityOpcua'] }),
      setSecurityOpcua: call.mutation(R.setOpcua, { request: (body: SecurityOpcuaBody) => ({ body }), tags: ['SecurityOpcua'] }),
    };
  },
});

export const {
  useSecurityAccountsQuery,
  useAddSecurityAccountMutation,
  useUpdateSecurityAccountMutation,
  useRemoveSecurityAccountMutation,
  useExportSecurityAccountsMutation,
  useImportSecurityAccountsMutation,
  useSecurityOpcuaQuery,
  useSetSecurityOpcuaMutation,
} = securityApi;
