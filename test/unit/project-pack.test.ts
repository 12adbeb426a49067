import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { crc32Hex } from '../../server/lib/crc32';
import { ProjectFileError, decodeProjectFile, decodeProjectPair, looksLikeApp, packProject, parseCrcText } from '../../server/lib/project-file';
import { projectSchema } from '../../contract/project-format';
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
});
