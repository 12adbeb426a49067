/**
 * One mail handed to an SMTP server, with nodemailer (a kept library for SMTP, STARTTLS, implicit
 * TLS, authentication and certificate checks, rather than a client of our own), and what the
 * server made of it as one of SMTP_OUTCOMES with its reply code and text.
 */
import net from 'node:net';
import type * as NodemailerModule from 'nodemailer';
import type { SmtpSecurity, SmtpOutcome } from '../../../contract/rules/email';
import {
  SMTP_ANSWER_TIMEOUT_MS,
  SMTP_CONNECTION_TIMEOUT_MS,
  SMTP_GREETING_TIMEOUT_MS,
  SMTP_SOCKET_TIMEOUT_MS,
} from '../../../contract/rules/email';

export interface SmtpTarget {
  host: string;
  port: number;
  username: string;
  password: string;
  security: SmtpSecurity;
  accept_any_certificate: boolean;
  /** The sender as the From header names it. */
  from: { name: string; address: string };
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface SmtpResult {
  outcome: SmtpOutcome;
  smtp_code: number | null;
  smtp_reply: string | null;
}

export interface SmtpTimeouts {
  answerMs: number;
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  answerMs: SMTP_ANSWER_TIMEOUT_MS,
  connectionMs: SMTP_CONNECTION_TIMEOUT_MS,
  greetingMs: SMTP_GREETING_TIMEOUT_MS,
  socketMs: SMTP_SOCKET_TIMEOUT_MS,
};

/** A line break never reaches a header: the rules refuse them in what users type, and texts the
 * device writes from a project (an alarm's name) are made one line here. */
export const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

interface MailerError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
}

const TLS_TROUBLE = /certificate|self[- ]signed|\bTLS\b|\bSSL\b|wrong version number|handshake|unable to verify|STARTTLS/i;

/** The outcome of a nodemailer failure. */
export function outcomeOf(err: MailerError): SmtpResult {
  const code = typeof err.responseCode === 'number' ? err.responseCode : null;
  const reply = oneLine(err.response ?? err.message ?? '').slice(0, 500) || null;
  let outcome: SmtpOutcome;
  if (err.code === 'EAUTH' || err.code === 'ENOAUTH' || code === 535 || code === 534 || code === 530) outcome = 'auth_failed';
  else if (code !== null && code >= 400 && code < 500) outcome = 'temporary_failure';
  else if (err.code === 'EENVELOPE' && code !== null && code >= 500) outcome = 'relay_refused';
  else if (code !== null && code >= 500) outcome = 'rejected';
  else if (err.code === 'ETIMEDOUT') outcome = 'timeout';
  else if (err.code === 'ETLS' || err.code === 'EREQUIRETLS' || TLS_TROUBLE.test(err.message ?? '')) outcome = 'tls_failed';
  else if (err.code === 'ECONNECTION' || err.code === 'EDNS' || err.code === 'ESOCKET') outcome = 'connection_refused';
  else outcome = 'rejected';
  return { outcome, smtp_code: code, smtp_reply: reply };
}

/** Sends one mail; never throws: answers what the server said, or `timeout` after `answerMs`. */
export async function sendMail(target: SmtpTarget, mail: OutgoingMail, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): Promise<SmtpResult> {
  // nodemailer is loaded with the first mail: a device that sends none does not carry it.
  const nodemailer = require('nodemailer') as typeof NodemailerModule;
  const transport = nodemailer.createTransport({
    host: target.host,
    port: target.port,
    secure: target.security === 'ssl',
    requireTLS: target.security === 'starttls',
    ignoreTLS: target.security === 'none',
    auth: target.username ? { user: target.username, pass: target.password } : undefined,
    tls: { rejectUnauthorized: !target.accept_any_certificate, ...(net.isIP(target.host) ? {} : { servername: target.host }) },
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    // Never the password or the mail in a log.
    logger: false,
    debug: false,
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<SmtpResult>((resolve) => {
    timer = setTimeout(() => {
      transport.close();
      resolve({ outcome: 'timeout', smtp_code: null, smtp_reply: null });
    }, timeouts.answerMs);
  });
  const sent = transport
    .sendMail({
      from: { name: oneLine(target.from.name), address: target.from.address },
      to: mail.to,
      subject: oneLine(mail.subject),
      text: mail.text,
      disableFileAccess: true,
      disableUrlAccess: true,
    })
    .then(
      (info): SmtpResult => {
        const reply = oneLine(String(info.response ?? ''));
        const m = /^(\d{3})/.exec(reply);
        return { outcome: 'accepted', smtp_code: m ? Number(m[1]) : 250, smtp_reply: reply.slice(0, 500) || null };
      },
      (err: MailerError) => outcomeOf(err),
    );
  try {
    return await Promise.race([sent, timedOut]);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
