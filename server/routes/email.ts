import fs from 'node:fs';
import { Readable } from 'node:stream';
import { z } from 'zod';
import * as email from '../../contract/api/email';
import { secret } from '../../contract/api/secret';
import { DEFAULT_SMTP_SETTINGS, normalizeSmtp, smtpProblems, testMailProblems, EMAIL_MAX_ATTEMPTS, EMAIL_MAX_PER_MINUTE } from '../../contract/rules/email';
import { ApiError } from '../lib/api-error';
import { stampOf } from '../lib/stamp';
import { registerCall } from '../http/register-call';
import { registerSettingPair } from '../http/setting-pair';
import { receiveUpload } from '../http/upload';
import { defineServerArea, setting } from '../http/area';
import type { CoreDevice } from '../device';
import type { AlarmService } from '../services/alarms';
import { EmailContacts, refuseProblems } from '../services/email/contacts';
import { DEFAULT_OUTBOX_OPTIONS, EmailOutbox, outboxMailOf, type OutboxOptions } from '../services/email/outbox';
import { DEFAULT_SMTP_TIMEOUTS, sendMail, type OutgoingMail, type SmtpResult, type SmtpTimeouts } from '../services/email/smtp';
import { CONTACTS_CSV_MAX_BYTES, contactsCsv, readContactsCsv } from '../services/email/csv';
import { alarmMail } from '../services/email/alarm-mail';

/** The SMTP settings as stored: the form's fields and the password (a secret: masked in the
 * operation log, never answered). */
export const storedSmtpSchema = email.smtpSettingsSchema.extend({ password: secret(z.string()) });
type StoredSmtp = z.infer<typeof storedSmtpSchema>;

export const emailArea = defineServerArea({
  name: 'email',
  settings: {
    email_smtp: setting(storedSmtpSchema, () => ({ ...DEFAULT_SMTP_SETTINGS, password: '' })),
  },
  services: (
    device: CoreDevice & { alarms: AlarmService },
    options: {
      /** The outbox sender's timings and limits; tests shorten them. */
      emailOutbox?: Partial<OutboxOptions>;
      smtpTimeouts?: Partial<SmtpTimeouts>;
    },
  ) => {
    const { db, settings, time } = device;
    const timeouts = { ...DEFAULT_SMTP_TIMEOUTS, ...options.smtpTimeouts };
    /** One mail with the stored settings: `not_configured` until a host and a sender are stored. */
    const send = (mail: OutgoingMail): Promise<SmtpResult> => {
      const s = settings.get('email_smtp') as StoredSmtp;
      if (!s.host || !s.sender_address) return Promise.resolve({ outcome: 'not_configured', smtp_code: null, smtp_reply: null });
      const name = s.use_hmi_name ? settings.get('hmi_name') : s.sender_name;
      return sendMail({ ...s, from: { name, address: s.sender_address } }, mail, timeouts);
    };
    const emailContacts = new EmailContacts(db);
    const server = () => {
      const s = settings.get('email_smtp') as StoredSmtp;
      return s.host && s.sender_address ? `${s.host}:${s.port}` : null;
    };
    const emailOutbox = new EmailOutbox({ db, now: () => time.nowMs(), send, options: { ...DEFAULT_OUTBOX_OPTIONS, ...options.emailOutbox }, server });
    const running = () => device.project.runtime.project ?? device.project.project;
    // An alarm of the project that names a group queues a mail to each of its contacts, in the
    // scan's own transaction (a savepoint: a failure here never loses the alarm's event).
    device.alarms.onTransition((t) => {
      const project = running();
      if (!project.email_enabled || !t.alarm.email) return;
      if (t.kind === 'cleared' && !t.alarm.email.on_clear) return;
      try {
        db.transaction(() => {
          for (const r of emailContacts.recipientsOf(t.alarm.email!.group)) {
            emailOutbox.enqueue({ ...alarmMail(t, settings.get('hmi_name')), to: r.address, event: { id: t.event_id, kind: t.kind } });
          }
        })();
      } catch (err) {
        console.error('email: alarm mails not queued', err);
      }
      setImmediate(() => void emailOutbox.kick());
    });
    return { emailContacts, emailOutbox, sendEmail: send };
  },
  start(device) {
    device.emailOutbox.start();
  },
  close: ({ emailOutbox }) => emailOutbox.close(),
  health: ({ emailOutbox }) => [emailOutbox.health()],
  largestUpload: () => ({ bytes: CONTACTS_CSV_MAX_BYTES, beside: 1 }),
  register(app, device) {
    const { emailContacts, emailOutbox, settings } = device;

    registerSettingPair(app, device, {
      key: 'email_smtp',
      get: email.getSmtp,
      set: email.setSmtp,
      answer: ({ password, ...rest }) => ({ settings: rest, password_set: password !== '' }),
      store: (body, current) => {
        refuseProblems(smtpProblems(body, current.password !== ''));
        const { password, password_confirm: _confirm, ...rest } = normalizeSmtp(body);
        return { ...rest, password: password === '' ? current.password : password };
      },
    });

    registerCall(app, device, email.sendTest, async ({ body, audit }) => {
      refuseProblems(testMailProblems(body));
      const hmi = settings.get('hmi_name');
      const result = await device.sendEmail({
        to: body.to.trim(),
        subject: `Test mail from ${hmi}`,
        text: `This is a test mail sent by the panel ${hmi} to check its SMTP settings.\n`,
      });
      audit({ after: { to: body.to.trim(), ...result } });
      return result;
    });

    registerCall(app, device, email.contacts, () => ({ contacts: emailContacts.contacts() }));

    registerCall(app, device, email.addContact, ({ body, audit }) => {
      const added = emailContacts.addContact(body);
      audit({ target: `email.contacts`, after: added });
      return added;
    });

    registerCall(app, device, email.updateContact, ({ params, body, audit }) => {
      const { before, after } = emailContacts.updateContact(params.id, body);
      audit({ before, after });
      return after;
    });

    registerCall(app, device, email.deleteContact, ({ params, audit }) => {
      const before = emailContacts.deleteContact(params.id);
      audit({ before, after: null });
      return { deleted: before.id };
    });

    registerCall(app, device, email.exportContacts, ({ reply, audit }) => {
      const contacts = emailContacts.contacts();
      audit({ after: { contacts: contacts.length } });
      reply.header('content-disposition', `attachment; filename="contacts-${stampOf(device.time.nowMs())}.csv"`);
      return Readable.from([contactsCsv(contacts, emailContacts.groups())]);
    });

    registerCall(app, device, email.importContacts, async ({ req, audit }) => {
      const dir = device.project.newStagingDir();
      try {
        const upload = await receiveUpload(
          req,
          email.contactsUpload,
          // A text file by its content: no NUL byte in its first bytes.
          { file: { maxBytes: CONTACTS_CSV_MAX_BYTES, headBytes: 64, accepts: (head) => !head.includes(0) } },
          dir,
          device.staging,
        );
        const file = upload.files.file!;
        audit({ after: { file: file.fileName, size: file.size } });
        const rows = readContactsCsv(fs.readFileSync(file.path));
        const done = emailContacts.importContacts(rows);
        audit({ after: { file: file.fileName, size: file.size, ...done } });
        return done;
      } finally {
        device.project.discardStaging(dir);
      }
    });

    registerCall(app, device, email.groups, () => ({ groups: emailContacts.groups() }));

    registerCall(app, device, email.addGroup, ({ body, audit }) => {
      const added = emailContacts.addGroup(body);
      audit({ after: added });
      return added;
    });

    registerCall(app, device, email.updateGroup, ({ params, body, audit }) => {
      const { before, after } = emailContacts.updateGroup(params.id, body);
      audit({ before, after });
      return after;
    });

    registerCall(app, device, email.deleteGroup, ({ params, audit }) => {
      const before = emailContacts.deleteGroup(params.id);
      audit({ before, after: null });
      return { deleted: before.id };
    });

    registerCall(app, device, email.outbox, () => ({
      enabled: (device.project.runtime.project ?? device.project.project).email_enabled,
      max_per_minute: EMAIL_MAX_PER_MINUTE,
      max_attempts: EMAIL_MAX_ATTEMPTS,
      mails: emailOutbox.list().map(outboxMailOf),
    }));

    registerCall(app, device, email.retry, ({ params, audit }) => {
      const row = emailOutbox.retry(params.id);
      if (row === null) throw ApiError.notFound('No such mail in the outbox');
      if (row === 'not_failed') throw new ApiError(409, 'email_not_failed', 'Only a failed mail can be sent again');
      audit({ after: { id: row.id, recipient: row.recipient } });
      return outboxMailOf(row);
    });
  },
});
