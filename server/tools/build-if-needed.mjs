// `npm start`: builds the server and the console only when a source file is newer than its
// build, so a fresh clone builds once and later starts are immediate.
import { execSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// Only on the Node.js the project pins (./node-runtime.cjs): say so before building anything.
try {
  createRequire(import.meta.url)('./node-runtime.cjs').assertPinnedNode('npm start');
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}

function newestMtime(entries) {
  let newest = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      if (path.basename(p) === 'node_modules') return;
      for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const e of entries) walk(path.join(root, e));
  return newest;
}

function builtAt(file) {
  const p = path.join(root, file);
  return fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0;
}

const shared = ['contract', 'package.json', 'package-lock.json', 'tsconfig.json'];
const targets = [
  { name: 'server', marker: 'build/server/main.js', sources: [...shared, 'server'], script: 'build:server' },
  { name: 'console', marker: 'dist/index.html', sources: [...shared, 'src', 'store', 'machines', 'public', 'webpack.config.ts'], script: 'build:console' },
];

for (const t of targets) {
  if (builtAt(t.marker) >= newestMtime(t.sources)) continue;
  process.stdout.write(`Building the ${t.name}…\n`);
  execSync(`npm run --silent ${t.script}`, { cwd: root, stdio: 'inherit' });
}
