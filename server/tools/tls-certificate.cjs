// The device's self-signed TLS certificate, made in a process of its own (server/tls.ts
// makeCertificate): selfsigned's options as JSON on standard input (notAfterDate an ISO date), the
// key and certificate PEMs as JSON on standard output. selfsigned and the @peculiar/x509 stack
// under it end with this process, so the device server does not carry them after its first start.
// Plain CommonJS beside the sources, loaded from the repository (as node-runtime.cjs), so that the
// built server, the sources under tsx and the tests start the same file.
'use strict';
const selfsigned = require('selfsigned');

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', async () => {
  const { attributes, options } = JSON.parse(input);
  if (options.notAfterDate) options.notAfterDate = new Date(options.notAfterDate);
  const pems = await selfsigned.generate(attributes, options);
  process.stdout.write(JSON.stringify({ private: pems.private, cert: pems.cert }));
});
