/**
 * npm run mail-server -- [--port 2525] [--host 127.0.0.1] [--user <name> --password <password>] [--out <dir>]
 *
 * A development SMTP server that plays the plant's mail server, so that a tester on this machine
 * can receive what the device sends (the E-mail screen's test mail, alarm mails) without a mail
 * account somewhere else. It is a real SMTP server (the smtp-server package): the device talks to
 * it over the network as it would to any other. With --user and --password it asks for them (AUTH
 * PLAIN/LOGIN over plain SMTP: set the E-mail screen's security to None); without, it takes mail
 * from anyone. Each mail it accepts is printed (time, sender, recipients, subject) and, with
 * --out, kept there as an .eml file. It is never part of the device.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';

/** The largest mail it takes: far above an alarm mail, low enough that a mistake cannot fill a disk. */
const MAX_MAIL_BYTES = 10 * 1024 * 1024;

/** The Subject header of a raw message, unfolded (RFC 5322 §2.2.3), encoded words left as sent. */
export function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = /^subject:[ \t]*(.*(?:\r?\n[ \t].*)*)/im.exec(head);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

function main(): void {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '2525' },
      host: { type: 'string', default: '127.0.0.1' },
      user: { type: 'string' },
      password: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, not ${values.port}`);
  if ((values.user === undefined) !== (values.password === undefined)) throw new Error('--user and --password go together');
  const out = values.out ? path.resolve(values.out) : null;
  if (out) fs.mkdirSync(out, { recursive: true });
  let count = 0;

  const server = new SMTPServer({
    authOptional: values.user === undefined,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MAIL_BYTES,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === values.user && auth.password === values.password) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
        }
        const raw = Buffer.concat(chunks);
        count += 1;
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
        let kept = '';
        if (out) {
          const file = path.join(out, `${new Date().toISOString().replace(/[:.]/g, '-')}-${count}.eml`);
          fs.writeFileSync(file, raw);
          kept = ` (kept in ${file})`;
        }
        console.log(`${new Date().toISOString()}  mail ${count} from <${from}> to ${to}: ${subjectOf(raw.toString('utf8'))}${kept}`);
        return callback();
      });
    },
  });
  server.on('error', (err) => console.error(`mail-server: ${err.message}`));
  server.listen(port, values.host, () => {
    const address = server.server.address() as AddressInfo;
    console.log(`Mail server (SMTP, no TLS) listening on ${values.host}:${address.port}${values.user ? `, user ${values.user}` : ', no sign-in'}`);
    console.log('E-mail screen: host as above, this port, security None; Ctrl+C stops it.');
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) main();
