import path from 'node:path';
import { readConfig } from './config';
import { startServer } from './listen';
import { findRepoRoot } from './lib/repo-root';

/** Refuses to start on another Node.js than the pinned one (server/tools/node-runtime.cjs, plain
 * CommonJS beside the sources: loaded from the repository, not built). */
function assertPinnedNode(root: string): void {
  const runtime = require(path.join(root, 'server', 'tools', 'node-runtime.cjs')) as { assertPinnedNode(what: string, root: string): void };
  runtime.assertPinnedNode('The device server', root);
}

async function main(): Promise<void> {
  const root = findRepoRoot(__dirname);
  assertPinnedNode(root);
  const config = readConfig(process.env, root);
  const server = await startServer({
    ...config,
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
  });
  const lines = [
    '',
    'HMI device server is running',
    `  Console (HTTP):  ${server.httpUrl}/admin/login`,
    `  Console (HTTPS): ${server.httpsUrl}/admin/login   (self-signed certificate)`,
    `  User mode:       ${server.httpUrl}/app`,
    `  Data folder:     ${config.dataDir}`,
  ];
  if (server.credentials) {
    lines.push('', 'First start: these are the initial passwords (shown once; also in', `  ${path.join(config.dataDir, 'initial-credentials')}, mode 0600):`);
    for (const [user, pw] of Object.entries(server.credentials)) lines.push(`  ${user.padEnd(28)} ${pw}`);
    lines.push('  Sign in as admin; the first-run wizard asks you to change them.');
  }
  if (server.recovered) {
    lines.push(
      '',
      'Administrator access recovered (HMI_RECOVER_ADMIN=1): admin has a new password (shown once; also in',
      `  ${path.join(config.dataDir, 'initial-credentials')}, mode 0600):`,
      `  ${'admin'.padEnd(28)} ${server.recovered}`,
      '  Plain HTTP is on again and no lockout holds admin back. Sign in as admin; the first-run',
      '  wizard asks you to choose your own password. Start without HMI_RECOVER_ADMIN next time.',
    );
  }
  process.stdout.write(lines.join('\n') + '\n\n');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (err) => {
        server.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`Could not start the device server: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
