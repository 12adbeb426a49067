import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { downloadQueryFn, uploadQueryFn } from './transfer';
import { EMAIL_ROUTES as R } from '../../contract/api/email.routes';
import type { BodyOf, ResponseOf } from '../../contract/api/define';
import type { addContact, addGroup, importContacts } from '../../contract/api/email';

type Imported = ResponseOf<typeof importContacts>;

/** What the E-mail screen reads and changes: the SMTP settings and the test mail, the contacts and
 * groups (with their CSV), and the outbox of alarm mails. */
export const emailApi = api.enhanceEndpoints({ addTagTypes: ['EmailSmtp', 'EmailContacts', 'EmailGroups', 'EmailOutbox'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      emailSmtp: call.query(R.getSmtp, { tags: ['EmailSmtp'] }),
      setEmailSmtp: call.mutation(R.setSmtp, { tags: ['EmailSmtp'] }),
      sendTestEmail: call.mutation(R.sendTest, { tags: [] }),
      emailContacts: call.query(R.contacts, { tags: ['EmailContacts'] }),
      addEmailContact: call.mutation(R.addContact, { tags: ['EmailContacts', 'EmailGroups'] }),
      updateEmailContact: call.mutation(R.updateContact, {
        request: ({ id, contact }: { id: number; contact: BodyOf<typeof addContact> }) => ({ params: { id }, body: contact }),
        tags: ['EmailContacts', 'EmailGroups'],
      }),
      deleteEmailContact: call.mutation(R.deleteContact, { request: (id: number) => ({ params: { id } }), tags: ['EmailContacts', 'EmailGroups'] }),
      emailGroups: call.query(R.groups, { tags: ['EmailGroups'] }),
      addEmailGroup: call.mutation(R.addGroup, { tags: ['EmailGroups'] }),
      updateEmailGroup: call.mutation(R.updateGroup, {
        request: ({ id, group }: { id: number; group: BodyOf<typeof addGroup> }) => ({ params: { id }, body: group }),
        tags: ['EmailGroups'],
      }),
      deleteEmailGroup: call.mutation(R.deleteGroup, { request: (id: number) => ({ params: { id } }), tags: ['EmailGroups', 'EmailContacts'] }),
      emailOutbox: call.query(R.outbox, { tags: ['EmailOutbox'] }),
      retryEmail: call.mutation(R.retry, { request: (id: number) => ({ params: { id } }), tags: ['EmailOutbox'] }),
      /** Downloads the contacts as CSV and hands the file to the browser; answers its name. */
      exportEmailContacts: build.mutation<string, void>({ queryFn: downloadQueryFn(() => ({ route: R.exportContacts, fallbackName: 'contacts.csv' })) }),
      importEmailContacts: build.mutation<Imported, File>({
        queryFn: uploadQueryFn<File, Imported>((file) => ({ route: R.importContacts, parts: { file } })),
        invalidatesTags: ['EmailContacts', 'EmailGroups'],
      }),
    };
  },
});

export const {
  useEmailSmtpQuery,
  useSetEmailSmtpMutation,
  useSendTestEmailMutation,
  useEmailContactsQuery,
  useAddEmailContactMutation,
  useUpdateEmailContactMutation,
  useDeleteEmailContactMutation,
  useEmailGroupsQuery,
  useAddEmailGroupMutation,
  useUpdateEmailGroupMutation,
  useDeleteEmailGroupMutation,
  useEmailOutboxQuery,
  useRetryEmailMutation,
  useExportEmailContactsMutation,
  useImportEmailContactsMutation,
} = emailApi;
