import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { crc32Hex } from '../../server/lib/crc32';
import { MAX_PROJECT_DOCUMENT_VALUES, ProjectFileError, decodeProjectFile, decodeProjectPair, looksLikeApp, packProject, parseCrcText } from '../../server/lib/project-file';
import { projectSchema } from '../../contract/project-format';
import { makeProject } from '../../server/tools/make-project';
import sample from '../../server/sample-project/sample-project.json';

const project = projectSchema.parse(sample);

function problemOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof ProjectFileError) return err.problem;
    throw err;
  }
  return undefined;
}

describe('project .app/.crc pair', () => {
  it('packs a gzip .app whose CRC-32 is the .crc, and decodes it back', () => {
    const { app, crc } = packProject(project);
    expect(looksLikeApp(app)).toBe(true);
    expect(crc).toMatch(/^[0-9a-f]{8}$/);
    expect(crc).toBe(crc32Hex(app));
    expect(decodeProjectPair(app, crc)).toEqual({ project, protected: false });
  });

  it('accepts a .crc in upper case with a trailing newline, and nothing else', () => {
    const { app, crc } = packProject(project);
    expect(decodeProjectPair(app, `${crc.toUpperCase()}\n`).project.name).toBe(project.name);
    expect(parseCrcText(` ${crc}\r\n`)).toBe(crc);
    for (const bad of ['', 'abc', `${crc}0`, `0x${crc}`, 'ghijklmn']) expect(parseCrcText(bad)).toBeNull();
  });

  it('refuses a CRC mismatch', () => {
    const { app, crc } = packProject(project);
    const wrong = ((parseInt(crc, 16) ^ 1) >>> 0).toString(16).padStart(8, '0');
    expect(problemOf(() => decodeProjectPair(app, wrong))).toBe('crc_mismatch');
    const tampered = Buffer.from(app);
    tampered[tampered.length - 5]! ^= 0xff;
    expect(problemOf(() => decodeProjectPair(tampered, crc))).toBe('crc_mismatch');
  });

  it('finds no project file in an .app that is not gzip JSON, even with a matching CRC', () => {
    const notGzip = Buffer.from('this is not a project');
    expect(looksLikeApp(notGzip)).toBe(false);
    expect(problemOf(() => decodeProjectPair(notGzip, crc32Hex(notGzip)))).toBe('project_file_missing');
    const notJson = zlib.gzipSync(Buffer.from('{not json'));
    expect(problemOf(() => decodeProjectPair(notJson, crc32Hex(notJson)))).toBe('project_file_missing');
  });

  it('finds no project file in a document of the wrong format', () => {
    for (const doc of [
      { ...project, format: 'other-format' },
      { ...project, format_version: 2 },
      { ...project, design_software_version: '6.4.1' },
      { ...project, tags: [{ name: 'T', plc: 'PLC1', address: '', data_type: 'bit', access: { read: true, write: true } }] },
      [],
      { hello: 'world' },
    ]) {
      const app = zlib.gzipSync(Buffer.from(JSON.stringify(doc)));
      expect(problemOf(() => decodeProjectPair(app, crc32Hex(app)))).toBe('project_file_missing');
    }
  });

  it('opens a protected project with its password only', () => {
    const { app, crc } = packProject(project, 'Line-7 secret');
    // The document is not readable without the password.
    expect(zlib.gunzipSync(app).toString()).not.toContain(project.tags[0]!.name);
    expect(decodeProjectPair(app, crc, 'Line-7 secret')).toEqual({ project, protected: true });
    // No password is told apart from a wrong one: the console asks for it.
    expect(problemOf(() => decodeProjectPair(app, crc))).toBe('password_required');
    expect(problemOf(() => decodeProjectPair(app, crc, ''))).toBe('password_required');
    expect(problemOf(() => decodeProjectPair(app, crc, 'line-7 secret'))).toBe('wrong_password');
  });

  it('decodes from a file as a stream, bounded', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-pack-'));
    try {
      const { app, crc } = packProject(project);
      fs.writeFileSync(path.join(dir, 'p.app'), app);
      await expect(decodeProjectFile(path.join(dir, 'p.app'), crc, crc, undefined)).resolves.toEqual({ project, protected: false });
      await expect(decodeProjectFile(path.join(dir, 'p.app'), crc, 'ffffffff', undefined)).rejects.toMatchObject({ problem: 'crc_mismatch' });
      // 70 MB of zeros gzip to a small file; the device stops unpacking at 64 MB.
      const bomb = zlib.gzipSync(Buffer.alloc(70 * 1024 * 1024));
      fs.writeFileSync(path.join(dir, 'bomb.app'), bomb);
      await expect(decodeProjectFile(path.join(dir, 'bomb.app'), crc32Hex(bomb), crc32Hex(bomb), undefined)).rejects.toMatchObject({ problem: 'project_file_missing' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  /** The problem and message of decoding `doc` (gzipped as it is). */
  function refusal(doc: string, password?: string): { problem?: string; message?: string } {
    const app = zlib.gzipSync(Buffer.from(doc));
    try {
      decodeProjectPair(app, crc32Hex(app), password);
    } catch (err) {
      if (err instanceof ProjectFileError) return { problem: err.problem, message: err.message };
      throw err;
    }
    return {};
  }

  it('takes a big project: the 10,000 tags of make:project (bench:opcua), plain and protected', async () => {
    const big = makeProject({ name: 'Big', tags: 10_000 });
    const plain = packProject(big);
    expect(decodeProjectPair(plain.app, plain.crc)).toEqual({ project: big, protected: false });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-pack-'));
    try {
      fs.writeFileSync(path.join(dir, 'big.app'), plain.app);
      await expect(decodeProjectFile(path.join(dir, 'big.app'), plain.crc, plain.crc, undefined)).resolves.toEqual({ project: big, protected: false });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const locked = packProject(big, 'Big-Line 1');
    expect(decodeProjectPair(locked.app, locked.crc, 'Big-Line 1')).toEqual({ project: big, protected: true });
    expect(problemOf(() => decodeProjectPair(locked.app, locked.crc, 'Big-Line 2'))).toBe('wrong_password');
  });

  it('UP-02: refuses a list of junk at its first element, naming it', () => {
    const [before, after] = JSON.stringify({ ...project, tags: [] }).split('"tags":[]');
    expect(refusal(`${before}"tags":[${'{},'.repeat(100_000)}{}]${after}`)).toEqual({ problem: 'project_file_missing', message: expect.stringMatching(/^The project document is not valid: tags\.0\.name /) });
    const alarms = JSON.stringify({ ...project, alarms: [project.alarms[0], { ...project.alarms[0], severity: 'extreme' }] });
    expect(refusal(alarms)).toEqual({ problem: 'project_file_missing', message: expect.stringMatching(/^The project document is not valid: alarms\.1\.severity /) });
    const screens = JSON.stringify({ ...project, webview: { screens: [{ id: 0 }] } });
    expect(refusal(screens)).toEqual({ problem: 'project_file_missing', message: expect.stringMatching(/^The project document is not valid: webview\.screens\.0\.id /) });
  });

  it('UP-02: refuses a document past its values, its nesting or a string past its length, as too large', () => {
    const many = JSON.stringify({ ...project, opcua: { root: { name: 'Root', tags: Array.from({ length: MAX_PROJECT_DOCUMENT_VALUES }, () => 'T'), folders: [] } } });
    expect(refusal(many)).toEqual({ problem: 'project_file_missing', message: expect.stringMatching(/^The project document is larger than the device accepts: it holds more than 1000000 values/) });
    const deep = JSON.stringify({ ...project, extra: JSON.parse('['.repeat(200) + ']'.repeat(200)) });
    expect(refusal(deep)).toEqual({ problem: 'project_file_missing', message: expect.stringMatching(/nests deeper than 128 levels/) });
    const long = JSON.stringify({ ...project, name: 'x'.repeat(70_000) });
    expect(refusal(long)).toEqual({ problem: 'project_file_missing', message: expect.stringMatching(/a string is longer than 65536 characters/) });
    // The kept elements count: a million values of tags.
    const tag = project.tags[0]!;
    const tags = JSON.stringify({ ...project, tags: Array.from({ length: 60_000 }, (_, i) => ({ ...tag, name: `T${i}` })) });
    expect(refusal(tags)).toEqual({ problem: 'project_file_missing', message: expect.stringMatching(/holds more than 1000000 values/) });
  });

  it('keeps __proto__ out of the prototype of what it decodes', () => {
    const doc = JSON.stringify(project).replace('{"format"', '{"__proto__":{"polluted":true},"format"');
    const app = zlib.gzipSync(Buffer.from(doc));
    const decoded = decodeProjectPair(app, crc32Hex(app));
    expect(decoded.project.name).toBe(project.name);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect((decoded.project as unknown as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

