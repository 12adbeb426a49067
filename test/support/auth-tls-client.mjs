/**
 * An FTP client as curl makes its control connection, in a process of its own (so its timing is not
 * the device's event loop): greeting, AUTH TLS, the TLS handshake the moment the 234 arrives, then
 * USER inside TLS. `node auth-tls-client.mjs <port> <times>` prints the reply codes (or errors)
 * to USER, one JSON array.
 */
import net from 'node:net';
import tls from 'node:tls';

const [port, times] = process.argv.slice(2).map(Number);
const once = () =>
  new Promise((resolve) => {
    const plain = net.connect(port, '127.0.0.1');
    let seen = '';
    let asked = false;
    const timer = setTimeout(() => resolve(`no answer: ${JSON.stringify(seen)}`), 5000);
    const done = (value) => {
      clearTimeout(timer);
      resolve(value);
    };
    const onData = (chunk) => {
      seen += chunk.toString('latin1');
      if (!asked && /^220 /m.test(seen)) {
        asked = true;
        plain.write('AUTH TLS\r\n');
      } else if (asked && /^234 /m.test(seen)) {
        plain.off('data', onData);
        const secure = tls.connect({ socket: plain, rejectUnauthorized: false });
        secure.once('secureConnect', () => secure.write('USER history\r\n'));
        secure.once('data', (reply) => {
          done(reply.toString().slice(0, 3));
          secure.destroy();
        });
        secure.once('error', (err) => done(err.message.split('\n')[0]));
      }
    };
    plain.on('data', onData);
    plain.once('error', (err) => done(err.message));
  });
const replies = [];
for (let i = 0; i < times; i++) replies.push(await once());
process.stdout.write(JSON.stringify(replies));
