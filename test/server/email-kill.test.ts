/** The outbox against kill -9 on the real server process: a mail the device was handing to the
 * SMTP server when it was killed (the server had its DATA, no answer kept) is never sent again on
 * its own after the restart: it is failed as 'interrupted'. A mail recorded as sent is never sent
 * again; a queued one is sent once after the restart. */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { spawnServer, type ServerProcess } from '../support/server-process';
import { TEST_PASSWORD } from '../support/device';
import { jsonRequest, loginOver } from '../support/net';
import { smtpInput } from '../support/call-cases/email';

jest.setTimeout(90_000);

const until = async (what: string, done: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('[REL-01] the outbox and kill -9', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-email-kill-'));
  const running: ServerProcess[] = [];
  /** DATA the SMTP server got, by recipient; a recipient in `stall` never gets an answer. */
  const data: string[] = [];
  const stall = new Set(['held@example.com']);
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      stream.on('data', () => undefined);
      stream.on('end', () => {
        data.push(...to);
        if (!to.some((a) => stall.has(a))) cb();
      });
    },
  });
  smtp.on('error', () => undefined);
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(running.map((p) => p.exited));
    await new Promise<void>((r) => smtp.close(() => r()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}) => {
    const p = await spawnServer(dataDir, env);
    running.push(p);
    return p;
  };
  /** Rows written straight into the stopped device's database. */
  const withDb = <T>(f: (db: Database.Database) => T): T => {
    const db = new Database(path.join(dataDir, 'device.sqlite'));
    try {
      return f(db);
    } finally {
      db.close();
    }
  };

  it('does not send twice a mail that was in hand when the device was killed', async () => {
    const first = await start({ HMI_INITIAL_PASSWORD: TEST_PASSWORD });
    const { access_token } = await loginOver(first.httpUrl, 'admin');
    const put = await jsonRequest(`${first.httpUrl}/api/v1/email/smtp`, 'PUT', access_token, smtpInput({ host: '127.0.0.1', port, security: 'none', username: 'panel' }));
    expect(put.status).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;

    const ids = withDb((db) => {
      const add = db.prepare(
        "INSERT INTO email_outbox (state, recipient, subject, body, created_at, next_attempt_at, attempts, sent_at, smtp_code) VALUES (?, ?, 'Kill test', 'k', 0, 0, ?, ?, ?)",
      );
      return {
        sent: Number(add.run('sent', 'done@example.com', 1, 1, 250).lastInsertRowid),
        held: Number(add.run('queued', 'held@example.com', 0, null, null).lastInsertRowid),
      };
    });

    // The device sends the held mail; the SMTP server has its DATA and keeps it waiting: killed then.
    const second = await start();
    await until('the held mail at the SMTP server', () => data.includes('held@example.com'));
    expect(withDb((db) => db.prepare('SELECT state FROM email_outbox WHERE id = ?').pluck().get(ids.held))).toBe('sending');
    second.child.kill('SIGKILL');
    await second.exited;
    stall.clear();

    // After the restart it is failed as interrupted, not sent again; the sent one is not sent again.
    const third = await start();
    const again = await loginOver(third.httpUrl, 'admin');
    await new Promise((r) => setTimeout(r, 2500));
    const outbox = (await jsonRequest(`${third.httpUrl}/api/v1/email/outbox`, 'GET', again.access_token)).json() as { mails: { id: number; state: string; reason: string | null }[] };
    expect(outbox.mails.find((m) => m.id === ids.held)).toMatchObject({ state: 'failed', reason: 'interrupted' });
    expect(outbox.mails.find((m) => m.id === ids.sent)).toMatchObject({ state: 'sent' });
    expect(data).toEqual(['held@example.com']);

    // The administrator sends it again: once.
    expect((await jsonRequest(`${third.httpUrl}/api/v1/email/outbox/${ids.held}/retry`, 'POST', again.access_token)).status).toBe(200);
    await until('the mail sent again', () => data.length === 2);
    await new Promise((r) => setTimeout(r, 1500));
    expect(data).toEqual(['held@example.com', 'held@example.com']);
    third.child.kill('SIGTERM');
    await third.exited;
  });
});
