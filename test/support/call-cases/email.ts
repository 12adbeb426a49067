import { DEFAULT_SMTP_SETTINGS } from '../../../contract/rules/email';
import type { TestDevice } from '../device';
import type { AreaCases } from './types';

/** SMTP settings as the form sends them: the defaults with a host, a user, a sender and a new password. */
export function smtpInput(patch: Record<string, unknown> = {}) {
  return {
    ...DEFAULT_SMTP_SETTINGS,
    host: 'smtp.example.com',
    username: 'panel',
    sender_name: 'Line 1',
    sender_address: 'panel@example.com',
    password: 'Smtp-Pass-1',
    password_confirm: 'Smtp-Pass-1',
    ...patch,
  };
}

let serial = 0;
/** A contact of its own for a case (the cases may run in any order, on one device). */
function freshContact(t: TestDevice): number {
  serial++;
  return t.device.emailContacts.addContact({ name: `Case ${serial}`, address: `case-${serial}-${Date.now()}@example.com`, groups: [] }).id;
}
function freshGroup(t: TestDevice): number {
  serial++;
  return t.device.emailContacts.addGroup({ name: `Case group ${serial}-${Date.now()}` }).id;
}

export const emailCases: AreaCases = {
  'email.getSmtp': { account: 'admin' },
  'email.setSmtp': {
    account: 'admin',
    body: smtpInput(),
    invalid: { body: smtpInput({ password_confirm: 'other' }), field: 'password_confirm' },
  },
  // Answers what the SMTP server said (here: nothing is configured); test/server/email-smtp.test.ts
  // sends to a real SMTP server.
  'email.sendTest': { account: 'admin', body: { to: 'someone@example.com' }, invalid: { body: { to: 'a@b.c\r\nBcc: x@y.z' }, field: 'to' } },
  'email.contacts': { account: 'admin' },
  'email.addContact': {
    account: 'admin',
    body: { name: 'Ann', address: 'ann.case@example.com', groups: [] },
    invalid: { body: { name: 'Ann', address: 'not an address', groups: [] }, field: 'address' },
    prepare: async (t) => {
      const known = t.device.emailContacts.contacts().find((c) => c.address === 'ann.case@example.com');
      if (known) t.device.emailContacts.deleteContact(known.id);
      return {};
    },
  },
  'email.updateContact': {
    account: 'admin',
    url: '/api/v1/email/contacts/1',
    body: { name: 'Bob', address: 'bob.case@example.com', groups: [] },
    invalid: { url: '/api/v1/email/contacts/1', body: { name: 'Bob\nBcc: x@y.z', address: 'bob.case@example.com', groups: [] }, field: 'name' },
    prepare: async (t) => {
      const known = t.device.emailContacts.contacts().find((c) => c.address === 'bob.case@example.com');
      if (known) t.device.emailContacts.deleteContact(known.id);
      const id = freshContact(t);
      return { url: `/api/v1/email/contacts/${id}` };
    },
  },
  'email.deleteContact': {
    account: 'admin',
    url: '/api/v1/email/contacts/1',
    invalid: { url: '/api/v1/email/contacts/zero', field: 'id' },
    prepare: async (t) => ({ url: `/api/v1/email/contacts/${freshContact(t)}` }),
  },
  'email.exportContacts': { account: 'admin' },
  'email.importContacts': {
    account: 'admin',
    multipart: [{ name: 'file', filename: 'contacts.csv', content: Buffer.from('name,address,groups\nCara,cara.case@example.com,Maintenance\n') }],
    invalid: { multipart: [{ name: 'file', filename: 'contacts.csv', content: Buffer.from('name,address,groups\nCara,not an address,\n') }], field: 'rows.1.address' },
  },
  'email.groups': { account: 'admin' },
  'email.addGroup': {
    account: 'admin',
    body: { name: 'Night shift' },
    invalid: { body: { name: '' }, field: 'name' },
    prepare: async (t) => {
      const known = t.device.emailContacts.groups().find((g) => g.name === 'Night shift');
      if (known) t.device.emailContacts.deleteGroup(known.id);
      return {};
    },
  },
  'email.updateGroup': {
    account: 'admin',
    url: '/api/v1/email/groups/1',
    body: { name: 'Day shift' },
    invalid: { url: '/api/v1/email/groups/1', body: { name: 'Day\r\nshift' }, field: 'name' },
    prepare: async (t) => {
      const known = t.device.emailContacts.groups().find((g) => g.name === 'Day shift');
      if (known) t.device.emailContacts.deleteGroup(known.id);
      return { url: `/api/v1/email/groups/${freshGroup(t)}` };
    },
  },
  'email.deleteGroup': {
    account: 'admin',
    url: '/api/v1/email/groups/1',
    invalid: { url: '/api/v1/email/groups/-3', field: 'id' },
    prepare: async (t) => ({ url: `/api/v1/email/groups/${freshGroup(t)}` }),
  },
  'email.outbox': { account: 'admin' },
  'email.retry': {
    account: 'admin',
    url: '/api/v1/email/outbox/1/retry',
    invalid: { url: '/api/v1/email/outbox/x/retry', field: 'id' },
    prepare: async (t) => {
      const id = t.device.emailOutbox.enqueue({ to: 'retry.case@example.com', subject: 'Case', text: 'Case' })!;
      t.device.db.prepare("UPDATE email_outbox SET state = 'failed', reason = 'auth_failed' WHERE id = ?").run(id);
      return { url: `/api/v1/email/outbox/${id}/retry` };
    },
  },
};
