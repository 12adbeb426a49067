/**
 * E-mail against a real SMTP server on loopback (the smtp-server package): the test mail over
 * plain SMTP, STARTTLS with a self-signed certificate (refused unless accepted), implicit TLS, a
 * wrong password, a relay refusal, nothing listening, a server that never greets; alarm mails
 * through the outbox, exactly one per contact; the outbox across a restart; the rate limit.
 */
import net from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { ManualClock } from '../../server/lib/clock';
import { makeDataDir, startTestDevice, type TestDevice } from '../support/device';
import { smtpInput } from '../support/call-cases/email';

interface Received {
  from: string;
  to: string[];
  data: string;
}

const USER = 'panel';
const PASSWORD = 'Smtp-Pass-1';

/** An SMTP server on a free loopback port that keeps what it receives. */
async function smtpServer(options: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: options.secure || options.key ? [] : ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === USER && auth.password === PASSWORD) cb(null, { user: USER });
      else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
    ...options,
  });
  // A client that gives up on the TLS handshake (a certificate refused) is an error of the server's.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { server, port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let tlsPems: { private: string; cert: string };
beforeAll(async () => {
  const selfsigned = await import('selfsigned');
  tlsPems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
  });
});

describe('the test mail', () => {
  let t: TestDevice;
  let admin: string;
  beforeAll(async () => {
    t = await startTestDevice({ smtpTimeouts: { answerMs: 1500, connectionMs: 1000, greetingMs: 800, socketMs: 1200 } });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const configure = async (patch: Record<string, unknown>) => {
    const res = await t.call('PUT', '/api/v1/email/smtp', admin, smtpInput({ host: '127.0.0.1', username: USER, password: PASSWORD, password_confirm: PASSWORD, ...patch }));
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const sendTest = async (to = 'ops@example.com') => {
    const res = await t.call('POST', '/api/v1/email/test', admin, { to });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('says not_configured before any SMTP settings are stored', async () => {
    expect(await sendTest()).toEqual({ outcome: 'not_configured', smtp_code: null, smtp_reply: null });
  });

  it('sends over plain SMTP and the server has it, from the sender, with the subject on one line', async () => {
    const s = await smtpServer();
    try {
      await configure({ port: s.port, security: 'none' });
      const result = await sendTest();
      expect(result).toMatchObject({ outcome: 'accepted', smtp_code: 250 });
      expect(s.received).toHaveLength(1);
      expect(s.received[0]).toMatchObject({ from: 'panel@example.com', to: ['ops@example.com'] });
      expect(s.received[0]!.data).toMatch(/^From: Line 1 <panel@example\.com>/m);
      expect(s.received[0]!.data).toMatch(/^Subject: Test mail from /m);
    } finally {
      await s.close();
    }
  });

  it('names the HMI as the sender when asked', async () => {
    const s = await smtpServer();
    try {
      await configure({ port: s.port, security: 'none', use_hmi_name: true });
      expect(await sendTest()).toMatchObject({ outcome: 'accepted' });
      expect(s.received[0]!.data).toMatch(new RegExp(`^From: "?${t.device.settings.get('hmi_name')}"? <panel@example\\.com>`, 'm'));
    } finally {
      await s.close();
    }
  });

  it('keeps the stored password when none is sent, and never answers it', async () => {
    const s = await smtpServer();
    try {
      await configure({ port: s.port, security: 'none' });
      const kept = await configure({ port: s.port, security: 'none', password: '', password_confirm: '' });
      expect(kept).toEqual({ settings: expect.not.objectContaining({ password: expect.anything() }), password_set: true });
      expect(JSON.stringify(kept)).not.toContain(PASSWORD);
      expect(await sendTest()).toMatchObject({ outcome: 'accepted' });
    } finally {
      await s.close();
    }
  });

  it('answers auth_failed with the 535 reply for a wrong password', async () => {
    const s = await smtpServer();
    try {
      await configure({ port: s.port, security: 'none', password: 'wrong-one', password_confirm: 'wrong-one' });
      const result = await sendTest();
      expect(result).toMatchObject({ outcome: 'auth_failed', smtp_code: 535 });
      expect(result.smtp_reply).toMatch(/Invalid username or password/);
      expect(s.received).toHaveLength(0);
    } finally {
      await s.close();
    }
  });

  it('answers relay_refused with the server reply when it does not relay to the recipient', async () => {
    const s = await smtpServer({
      onRcptTo(address, _session, cb) {
        if (address.address.endsWith('@elsewhere.test')) cb(Object.assign(new Error('Relay access denied'), { responseCode: 554 }));
        else cb();
      },
    });
    try {
      await configure({ port: s.port, security: 'none' });
      const result = await sendTest('someone@elsewhere.test');
      expect(result).toMatchObject({ outcome: 'relay_refused', smtp_code: 554 });
      expect(result.smtp_reply).toMatch(/Relay access denied/);
    } finally {
      await s.close();
    }
  });

  it('answers connection_refused when nothing listens', async () => {
    const s = await smtpServer();
    const port = s.port;
    await s.close();
    await configure({ port, security: 'none' });
    expect(await sendTest()).toMatchObject({ outcome: 'connection_refused', smtp_code: null });
  });

  it('answers timeout, within its time, when the server never greets', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      await configure({ port: (silent.address() as net.AddressInfo).port, security: 'none' });
      const started = Date.now();
      const result = await sendTest();
      expect(result.outcome).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      silent.close();
    }
  });

  it('refuses a self-signed certificate over STARTTLS (tls_failed), and sends once it is accepted', async () => {
    const s = await smtpServer({ key: tlsPems.private, cert: tlsPems.cert });
    try {
      await configure({ port: s.port, security: 'starttls' });
      const refused = await sendTest();
      expect(refused.outcome).toBe('tls_failed');
      expect(refused.smtp_reply).toMatch(/certificate/i);
      expect(s.received).toHaveLength(0);

      await configure({ port: s.port, security: 'starttls', accept_any_certificate: true });
      expect(await sendTest()).toMatchObject({ outcome: 'accepted', smtp_code: 250 });
      expect(s.received).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it('sends over implicit TLS (SSL) with the certificate accepted, and refuses it otherwise', async () => {
    const s = await smtpServer({ secure: true, key: tlsPems.private, cert: tlsPems.cert });
    try {
      await configure({ port: s.port, security: 'ssl' });
      expect((await sendTest()).outcome).toBe('tls_failed');
      await configure({ port: s.port, security: 'ssl', accept_any_certificate: true });
      expect(await sendTest()).toMatchObject({ outcome: 'accepted' });
      expect(s.received).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it('refuses a recipient with a line break (no header injection), and writes the operation log without the password', async () => {
    const res = await t.call('POST', '/api/v1/email/test', admin, { to: 'ops@example.com\r\nBcc: all@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'to', problem: 'line_break' });
    const rows = t.device.db.prepare("SELECT * FROM operation_log WHERE action = 'set_email_smtp'").all();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });
});

describe('alarm mails through the outbox', () => {
  const T0 = Date.UTC(2026, 5, 1, 8, 0, 0);

  async function deviceWithMail(dataDir: string, port: number, outbox: Record<string, number> = {}) {
    const t = await startTestDevice({ dataDir, clock: new ManualClock(T0), emailOutbox: { tickMs: 50, ...outbox } });
    const admin = await t.login('admin');
    const put = await t.call('PUT', '/api/v1/email/smtp', admin, smtpInput({ host: '127.0.0.1', port, security: 'none', username: USER, password: PASSWORD, password_confirm: PASSWORD }));
    expect(put.statusCode).toBe(200);
    return { t, admin };
  }

  const waitFor = async (done: () => boolean, ms = 5000) => {
    const until = Date.now() + ms;
    while (!done()) {
      if (Date.now() > until) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('an alarm that rises puts exactly one mail per contact of its group through, and its clearing one more each', async () => {
    const s = await smtpServer();
    const dataDir = makeDataDir();
    const { t, admin } = await deviceWithMail(dataDir, s.port);
    try {
      const group = (await t.call('POST', '/api/v1/email/groups', admin, { name: 'Maintenance' })).json();
      const other = (await t.call('POST', '/api/v1/email/groups', admin, { name: 'Office' })).json();
      for (const [name, address, groups] of [
        ['Ann', 'ann@example.com', [group.id]],
        ['Bob', 'bob@example.com', [group.id, other.id]],
        ['Cy', 'cy@example.com', [other.id]],
      ] as const) {
        expect((await t.call('POST', '/api/v1/email/contacts', admin, { name, address, groups })).statusCode).toBe(200);
      }
      const alarms = t.device.project.project.alarms;
      const high = alarms.find((a) => a.email)!;
      expect(high.email).toEqual({ group: 'Maintenance', on_clear: true });
      // Rises, holds for a few scans (no new mail), then clears.
      t.device.alarms.evaluate(alarms, (tag) => (tag === high.tag ? 95 : 50), T0);
      t.device.alarms.evaluate(alarms, (tag) => (tag === high.tag ? 96 : 50), T0 + 1000);
      await waitFor(() => s.received.length >= 2);
      t.device.alarms.evaluate(alarms, (tag) => (tag === high.tag ? 50 : 50), T0 + 2000);
      await waitFor(() => s.received.length >= 4);
      await new Promise((r) => setTimeout(r, 200));
      expect(s.received.map((m) => m.to[0]).sort()).toEqual(['ann@example.com', 'ann@example.com', 'bob@example.com', 'bob@example.com']);
      expect(s.received.filter((m) => /Subject: \[.*\] Alarm raised: Tank1 level high/.test(m.data))).toHaveLength(2);
      expect(s.received.filter((m) => /Subject: \[.*\] Alarm cleared: Tank1 level high/.test(m.data))).toHaveLength(2);

      const outbox = (await t.call('GET', '/api/v1/email/outbox', admin)).json();
      expect(outbox.enabled).toBe(true);
      expect(outbox.mails).toHaveLength(4);
      for (const m of outbox.mails) expect(m).toMatchObject({ state: 'sent', attempts: 1, smtp_code: 250, reason: null });
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('keeps queued mails across a restart and sends them then; a mail left sending is failed as interrupted, never sent again on its own', async () => {
    const s = await smtpServer();
    const dataDir = makeDataDir();
    let { t } = await deviceWithMail(dataDir, s.port);
    const queued = t.device.emailOutbox.enqueue({ to: 'ann@example.com', subject: 'Queued', text: 'q' })!;
    const sending = t.device.emailOutbox.enqueue({ to: 'bob@example.com', subject: 'In hand', text: 's' })!;
    t.device.db.prepare("UPDATE email_outbox SET state = 'sending', attempts = 1, attempted_at = ? WHERE id = ?").run(T0, sending);
    // The app stops (its data stays) before the outbox ran.
    await t.app.close();
    expect(s.received).toHaveLength(0);

    ({ t } = await deviceWithMail(dataDir, s.port));
    const admin = await t.login('admin');
    try {
      await waitFor(() => s.received.length >= 1);
      await new Promise((r) => setTimeout(r, 200));
      expect(s.received.map((m) => m.to[0])).toEqual(['ann@example.com']);
      const mails = (await t.call('GET', '/api/v1/email/outbox', admin)).json().mails;
      expect(mails.find((m: { id: number }) => m.id === queued)).toMatchObject({ state: 'sent' });
      expect(mails.find((m: { id: number }) => m.id === sending)).toMatchObject({ state: 'failed', reason: 'interrupted' });

      // The administrator sends it again: then it goes, once.
      const retried = await t.call('POST', `/api/v1/email/outbox/${sending}/retry`, admin);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ state: 'queued', attempts: 0 });
      await waitFor(() => s.received.length >= 2);
      expect(s.received.map((m) => m.to[0])).toEqual(['ann@example.com', 'bob@example.com']);
      // A sent mail is never sent again.
      const again = await t.call('POST', `/api/v1/email/outbox/${queued}/retry`, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json().error_code).toBe('email_not_failed');
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('sends at most N a minute in an alarm storm; the rest wait, queued', async () => {
    const s = await smtpServer();
    const { t, admin } = await deviceWithMail(makeDataDir(), s.port, { maxPerMinute: 3 });
    try {
      for (let i = 0; i < 7; i++) t.device.emailOutbox.enqueue({ to: `p${i}@example.com`, subject: `Storm ${i}`, text: 's' });
      await t.device.emailOutbox.kick();
      await new Promise((r) => setTimeout(r, 300));
      expect(s.received).toHaveLength(3);
      const states = (await t.call('GET', '/api/v1/email/outbox', admin)).json().mails.map((m: { state: string }) => m.state);
      expect(states.filter((x: string) => x === 'sent')).toHaveLength(3);
      expect(states.filter((x: string) => x === 'queued')).toHaveLength(4);
    } finally {
      await t.close();
      await s.close();
    }
  });

  it('tries a mail the server refuses for now again later, with back-off, and fails one refused for good at once', async () => {
    let refuseFor = 'temporary';
    const s = await smtpServer({
      onRcptTo(_address, _session, cb) {
        if (refuseFor === 'temporary') cb(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        else if (refuseFor === 'permanent') cb(Object.assign(new Error('No such user'), { responseCode: 550 }));
        else cb();
      },
    });
    const { t } = await deviceWithMail(makeDataDir(), s.port);
    try {
      const id = t.device.emailOutbox.enqueue({ to: 'ann@example.com', subject: 'Later', text: 'l' })!;
      await t.device.emailOutbox.kick();
      expect(t.device.emailOutbox.get(id)).toMatchObject({ state: 'queued', attempts: 1, reason: 'temporary_failure', smtp_code: 451, next_attempt_at: T0 + 30_000 });
      refuseFor = 'permanent';
      const gone = t.device.emailOutbox.enqueue({ to: 'nobody@example.com', subject: 'Never', text: 'n' })!;
      await t.device.emailOutbox.kick();
      expect(t.device.emailOutbox.get(gone)).toMatchObject({ state: 'failed', attempts: 1, reason: 'relay_refused', smtp_code: 550 });
      // The first is not due before its back-off.
      expect(t.device.emailOutbox.get(id)).toMatchObject({ state: 'queued', attempts: 1 });
    } finally {
      await t.close();
      await s.close();
    }
  });
});
