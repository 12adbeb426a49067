import { z } from 'zod';
import { defineCall } from './define';
import { FTP_ROUTES } from './ftp.routes';
import { FTP_ACCOUNTS } from '../rules/ftp';

const admin = { kind: 'menu', menu: 'ftp', accounts: ['admin'] } as const;
const port = z.number().int().min(1).max(65535);

/** The FTP server's settings (specification §5, §9). The port rule (21 or 3000–4999) and the
 * passive range's rules are contract/rules/ftp.ts's, judged by the form and the server alike. */
export const ftpSettingsSchema = z
  .object({
    /** The server runs (when the running project enables FTP too). Off on a new device. */
    enabled: z.boolean(),
    /** The control port: 21, or 3000 to 4999. */
    port,
    /** The passive data ports, from–to inclusive: 1024–65535, at least 10, not the control port. */
    passive_from: port,
    passive_to: port,
    /** Sign-in only over explicit TLS (AUTH TLS). Required anyway while plain HTTP is off. */
    require_tls: z.boolean(),
    /** Which of the console's accounts may sign in: History reads, Update reads and writes. */
    accounts: z.object({ history: z.boolean(), update: z.boolean() }),
    /** FTP clients may modify USB/SD data (upload, delete, rename, make and remove folders). */
    media_writable: z.boolean(),
  })
  .meta({ id: 'FtpSettings' });

export const getSettings = defineCall({
  ...FTP_ROUTES.getSettings,
  tag: 'ftp',
  summary: 'The FTP server\'s settings',
  access: admin,
  response: ftpSettingsSchema,
});

export const setSettings = defineCall({
  ...FTP_ROUTES.setSettings,
  tag: 'ftp',
  summary:
    'Stores the FTP server\'s settings and applies them: enabled starts it, disabled stops it, a change while it runs restarts it ' +
    '(open sessions end). 400 for a port other than 21 or 3000–4999, or a passive range outside 1024–65535, reversed, of fewer than 10 ports or holding the control port',
  access: admin,
  body: ftpSettingsSchema,
  response: ftpSettingsSchema,
  audit: { action: 'set_ftp_settings', target: 'ftp.settings' },
});

export const FTP_STATES = ['stopped', 'running', 'error'] as const;
/** Why the server is not running: turned off, the running project does not enable FTP, or its start
 * failed (a privileged port the device may not open, a port another program holds, anything else). */
export const FTP_REASONS = ['disabled', 'project_disabled', 'port_privileged', 'port_in_use', 'start_failed'] as const;

export const ftpSessionSchema = z
  .object({
    account: z.enum(FTP_ACCOUNTS),
    /** The client's address. */
    address: z.string(),
    /** When it signed in (ISO, the device clock). */
    since: z.string(),
    /** The session is encrypted (AUTH TLS). */
    secure: z.boolean(),
  })
  .meta({ id: 'FtpSession' });

export const ftpStatusSchema = z
  .object({
    state: z.enum(FTP_STATES),
    /** Why it is stopped or failed; null while it runs. */
    reason: z.enum(FTP_REASONS).nullable(),
    /** The system's words for a failed start (the listen error), for the log; the console words the reason itself. */
    detail: z.string().nullable(),
    /** The address it listens on, and the port (the setting's, also while stopped). */
    address: z.string(),
    port,
    /** What a client opens: `ftp://host:port`, while it runs. */
    url: z.string().nullable(),
    passive: z.object({ from: port, to: port }),
    /** AUTH TLS is offered; required (the setting, or plain HTTP off), and whether because plain HTTP is off. */
    tls: z.object({ offered: z.boolean(), required: z.boolean(), http_off: z.boolean() }),
    /** The running project enables FTP (specification §2: otherwise the screen says it is not enabled). */
    project_enabled: z.boolean(),
    /** The sessions signed in now. */
    sessions: z.array(ftpSessionSchema),
  })
  .meta({ id: 'FtpStatus' });

export const status = defineCall({
  ...FTP_ROUTES.status,
  tag: 'ftp',
  summary: 'The FTP server\'s state (stopped, running, error with the reason), its address, TLS, and the sessions signed in now',
  access: admin,
  response: ftpStatusSchema,
});

export type FtpSettings = z.infer<typeof ftpSettingsSchema>;
export type FtpStatus = z.infer<typeof ftpStatusSchema>;
export type FtpSession = z.infer<typeof ftpSessionSchema>;
