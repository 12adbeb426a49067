import { defineContractArea } from '../area';
import type * as calls from './email';
import { API_BASE, type Route } from './route';

/** Method and path of the E-mail calls (SMTP settings, contacts, groups, the test mail and the
 * outbox of alarm mails), zod-free so the console can import it; their schemas are in ./email.ts. */
export const EMAIL_ROUTES = {
  getSmtp: { id: 'email.getSmtp', method: 'GET', path: `${API_BASE}/email/smtp` },
  setSmtp: { id: 'email.setSmtp', method: 'PUT', path: `${API_BASE}/email/smtp` },
  sendTest: { id: 'email.sendTest', method: 'POST', path: `${API_BASE}/email/test` },
  contacts: { id: 'email.contacts', method: 'GET', path: `${API_BASE}/email/contacts` },
  addContact: { id: 'email.addContact', method: 'POST', path: `${API_BASE}/email/contacts` },
  updateContact: { id: 'email.updateContact', method: 'PUT', path: `${API_BASE}/email/contacts/:id` },
  deleteContact: { id: 'email.deleteContact', method: 'DELETE', path: `${API_BASE}/email/contacts/:id` },
  exportContacts: { id: 'email.exportContacts', method: 'GET', path: `${API_BASE}/email/contacts/export`, answerFormat: 'file' },
  importContacts: { id: 'email.importContacts', method: 'POST', path: `${API_BASE}/email/contacts/import`, bodyFormat: 'multipart' },
  groups: { id: 'email.groups', method: 'GET', path: `${API_BASE}/email/groups` },
  addGroup: { id: 'email.addGroup', method: 'POST', path: `${API_BASE}/email/groups` },
  updateGroup: { id: 'email.updateGroup', method: 'PUT', path: `${API_BASE}/email/groups/:id` },
  deleteGroup: { id: 'email.deleteGroup', method: 'DELETE', path: `${API_BASE}/email/groups/:id` },
  outbox: { id: 'email.outbox', method: 'GET', path: `${API_BASE}/email/outbox` },
  retry: { id: 'email.retry', method: 'POST', path: `${API_BASE}/email/outbox/:id/retry` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const emailContract = defineContractArea<typeof calls>()({
  name: 'email',
  auditActions: [
    'set_email_smtp',
    'send_email_test',
    'add_email_contact',
    'update_email_contact',
    'delete_email_contact',
    'export_email_contacts',
    'import_email_contacts',
    'add_email_group',
    'update_email_group',
    'delete_email_group',
    'retry_email',
  ],
  auditTargets: ['email.smtp', 'email.contacts', 'email.groups', 'email.outbox'],
  errorCodes: [
    /** The contacts file is not a CSV of name, address and groups the device can read. */
    'email_csv_invalid',
    /** Only a failed mail of the outbox can be sent again (a sent one never is). */
    'email_not_failed',
  ],
});
