import { z } from 'zod';
import { defineCall, type UploadDef } from './define';
import { EMAIL_ROUTES } from './email.routes';
import { secret } from './secret';
import {
  EMAIL_ADDRESS_MAX,
  EMAIL_CONTACTS_MAX,
  EMAIL_GROUPS_MAX,
  EMAIL_GROUP_NAME_MAX,
  EMAIL_MAX_ATTEMPTS,
  EMAIL_MAX_PER_MINUTE,
  EMAIL_NAME_MAX,
  OUTBOX_STATES,
  SMTP_ANSWER_TIMEOUT_MS,
  SMTP_HOST_MAX,
  SMTP_OUTCOMES,
  SMTP_PASSWORD_MAX,
  SMTP_SECURITIES,
  SMTP_USERNAME_MAX,
} from '../rules/email';

// Texts travel as strings a little longer than the rules allow: the shared rules
// (contract/rules/email.ts) judge them inside the handler, so a refusal names the field and the
// rule's problem (required, too_long, line_break, invalid, duplicate, mismatch).
const text = (max: number) => z.string().max(max + 16);
const id = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The SMTP settings as stored and answered: never the password. */
export const smtpSettingsSchema = z
  .object({
    host: text(SMTP_HOST_MAX),
    port: z.number().int().min(-1).max(1_000_000),
    username: text(SMTP_USERNAME_MAX),
    security: z.enum(SMTP_SECURITIES),
    sender_name: text(EMAIL_NAME_MAX),
    sender_address: text(EMAIL_ADDRESS_MAX),
    /** The HMI name is the sender's name instead of `sender_name`. */
    use_hmi_name: z.boolean(),
    /** The SMTP server's certificate is not verified (insecure: anyone on the way can read the mails). */
    accept_any_certificate: z.boolean(),
  })
  .meta({ id: 'SmtpSettings' });

export const smtpSchema = z
  .object({
    settings: smtpSettingsSchema,
    /** A password is stored (it is never answered). */
    password_set: z.boolean(),
  })
  .meta({ id: 'Smtp' });

/** What the administrator sets: the settings, and the password with its confirmation (both empty
 * keep the stored password). */
export const smtpInputSchema = smtpSettingsSchema
  .extend({
    password: secret(z.string().max(SMTP_PASSWORD_MAX + 16)),
    password_confirm: secret(z.string().max(SMTP_PASSWORD_MAX + 16)),
  })
  .meta({ id: 'SmtpSettingsInput' });

export const contactSchema = z
  .object({
    id: z.number().int().min(1),
    name: z.string(),
    address: z.string(),
    /** The ids of its groups. */
    groups: z.array(z.number().int().min(1)),
  })
  .meta({ id: 'EmailContact' });

export const contactInputSchema = z
  .object({
    name: text(EMAIL_NAME_MAX),
    address: text(EMAIL_ADDRESS_MAX),
    groups: z.array(z.number().int().min(1).max(2_147_483_647)).max(EMAIL_GROUPS_MAX),
  })
  .meta({ id: 'EmailContactInput' });

export const groupSchema = z
  .object({
    id: z.number().int().min(1),
    name: z.string(),
    /** How many contacts are in it. */
    contacts: z.number().int().min(0),
  })
  .meta({ id: 'EmailGroup' });

export const groupInputSchema = z.object({ name: text(EMAIL_GROUP_NAME_MAX) }).meta({ id: 'EmailGroupInput' });

export const contactsSchema = z.object({ contacts: z.array(contactSchema).max(EMAIL_CONTACTS_MAX) }).meta({ id: 'EmailContacts' });
export const groupsSchema = z.object({ groups: z.array(groupSchema).max(EMAIL_GROUPS_MAX) }).meta({ id: 'EmailGroups' });

/** What the SMTP server made of a mail. */
export const smtpResultSchema = z
  .object({
    outcome: z.enum(SMTP_OUTCOMES),
    /** The server's reply code (250 when accepted), when it answered. */
    smtp_code: z.number().int().nullable(),
    /** The server's reply text (or the network's error), as it said it. */
    smtp_reply: z.string().nullable(),
  })
  .meta({ id: 'SmtpResult' });

export const outboxMailSchema = z
  .object({
    id: z.number().int().min(1),
    state: z.enum(OUTBOX_STATES),
    recipient: z.string(),
    subject: z.string(),
    /** When it was queued, and when it was last tried and sent (ISO 8601, the device's clock). */
    created_at: z.string(),
    attempted_at: z.string().nullable(),
    sent_at: z.string().nullable(),
    /** When the next try is due, while it waits for one. */
    next_attempt_at: z.string().nullable(),
    attempts: z.number().int().min(0),
    /** Why the last try did not send it. */
    reason: z.enum(SMTP_OUTCOMES).nullable(),
    smtp_code: z.number().int().nullable(),
    smtp_reply: z.string().nullable(),
  })
  .meta({ id: 'OutboxMail' });

export const outboxSchema = z
  .object({
    /** The running project enables e-mail (specification §2: otherwise the screen says the
     * feature is not enabled, and alarms send nothing). */
    enabled: z.boolean(),
    max_per_minute: z.number().int(),
    max_attempts: z.number().int(),
    mails: z.array(outboxMailSchema),
  })
  .meta({ id: 'Outbox' });

/** The part of a contacts import: a CSV of name, address and groups (group names separated by `;`). */
export const contactsUpload = {
  files: { file: { summary: 'A CSV of contacts (name,address,groups), as the export writes it', accept: ['.csv'], required: true } },
} satisfies UploadDef;

const admin = { kind: 'menu', menu: 'email', accounts: ['admin'] } as const;

export const getSmtp = defineCall({
  ...EMAIL_ROUTES.getSmtp,
  tag: 'email',
  summary: 'The SMTP settings mails are sent with; whether a password is stored (it is never answered)',
  access: admin,
  response: smtpSchema,
});

export const setSmtp = defineCall({
  ...EMAIL_ROUTES.setSmtp,
  tag: 'email',
  summary:
    'Sets the SMTP settings: host, port, user name and password (with its confirmation; both empty keep the stored one), security (none, STARTTLS, SSL), ' +
    "the sender's name and address, or the HMI name as the sender's name; the server's certificate is verified unless accept_any_certificate",
  access: admin,
  body: smtpInputSchema,
  response: smtpSchema,
  audit: { action: 'set_email_smtp', target: 'email.smtp' },
});

export const sendTest = defineCall({
  ...EMAIL_ROUTES.sendTest,
  tag: 'email',
  summary: `Sends a test mail with the stored SMTP settings; answers what the SMTP server said within ${SMTP_ANSWER_TIMEOUT_MS / 1000} s (else outcome timeout)`,
  access: admin,
  body: z.object({ to: text(EMAIL_ADDRESS_MAX) }).meta({ id: 'EmailTest' }),
  response: smtpResultSchema,
  audit: { action: 'send_email_test', target: 'email.smtp' },
});

export const contacts = defineCall({
  ...EMAIL_ROUTES.contacts,
  tag: 'email',
  summary: 'Every contact, by name',
  access: admin,
  response: contactsSchema,
});

export const addContact = defineCall({
  ...EMAIL_ROUTES.addContact,
  tag: 'email',
  summary: `Adds a contact (name and a valid address required, the address unique; at most ${EMAIL_CONTACTS_MAX})`,
  access: admin,
  body: contactInputSchema,
  response: contactSchema,
  audit: { action: 'add_email_contact', target: 'email.contacts' },
});

export const updateContact = defineCall({
  ...EMAIL_ROUTES.updateContact,
  tag: 'email',
  summary: 'Changes a contact',
  access: admin,
  params: id,
  body: contactInputSchema,
  response: contactSchema,
  audit: { action: 'update_email_contact', target: 'email.contacts' },
});

export const deleteContact = defineCall({
  ...EMAIL_ROUTES.deleteContact,
  tag: 'email',
  summary: 'Removes a contact',
  access: admin,
  params: id,
  response: z.object({ deleted: z.number().int() }).meta({ id: 'EmailDeleted' }),
  audit: { action: 'delete_email_contact', target: 'email.contacts' },
});

export const exportContacts = defineCall({
  ...EMAIL_ROUTES.exportContacts,
  tag: 'email',
  summary: 'Every contact as CSV (name,address,groups; group names separated by ;), no cell a spreadsheet runs as a formula',
  access: admin,
  download: { contentType: 'text/csv; charset=utf-8' },
  response: z.custom<Blob>(() => true),
  audit: { action: 'export_email_contacts', target: 'email.contacts' },
});

export const importContacts = defineCall({
  ...EMAIL_ROUTES.importContacts,
  tag: 'email',
  summary:
    'Adds the contacts of a CSV (multipart `file`, as the export writes it): checked whole first, all or nothing; a contact whose address is known already is updated, ' +
    'unknown groups are made',
  access: admin,
  upload: contactsUpload,
  response: z.object({ added: z.number().int(), updated: z.number().int(), groups_added: z.number().int() }).meta({ id: 'EmailImported' }),
  audit: { action: 'import_email_contacts', target: 'email.contacts' },
});

export const groups = defineCall({
  ...EMAIL_ROUTES.groups,
  tag: 'email',
  summary: 'Every group, by name, with how many contacts it has (an alarm of the project names a group to mail)',
  access: admin,
  response: groupsSchema,
});

export const addGroup = defineCall({
  ...EMAIL_ROUTES.addGroup,
  tag: 'email',
  summary: `Adds a group (a name unique case aside; at most ${EMAIL_GROUPS_MAX})`,
  access: admin,
  body: groupInputSchema,
  response: groupSchema,
  audit: { action: 'add_email_group', target: 'email.groups' },
});

export const updateGroup = defineCall({
  ...EMAIL_ROUTES.updateGroup,
  tag: 'email',
  summary: 'Renames a group',
  access: admin,
  params: id,
  body: groupInputSchema,
  response: groupSchema,
  audit: { action: 'update_email_group', target: 'email.groups' },
});

export const deleteGroup = defineCall({
  ...EMAIL_ROUTES.deleteGroup,
  tag: 'email',
  summary: 'Removes a group (its contacts stay, without it)',
  access: admin,
  params: id,
  response: z.object({ deleted: z.number().int() }).meta({ id: 'EmailDeleted' }),
  audit: { action: 'delete_email_group', target: 'email.groups' },
});

export const outbox = defineCall({
  ...EMAIL_ROUTES.outbox,
  tag: 'email',
  summary:
    `The outbox of alarm mails, newest first: queued, sending, sent or failed with the reason; at most ${EMAIL_MAX_PER_MINUTE} sent a minute, ` +
    `a mail refused for a while tried again with back-off, at most ${EMAIL_MAX_ATTEMPTS} times`,
  access: admin,
  response: outboxSchema,
});

export const retry = defineCall({
  ...EMAIL_ROUTES.retry,
  tag: 'email',
  summary: 'Queues a failed mail again, to be sent at once',
  access: admin,
  params: id,
  response: outboxMailSchema,
  audit: { action: 'retry_email', target: 'email.outbox' },
});
