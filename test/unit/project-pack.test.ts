import zlib from 'node:zlib';
import { crc32Hex } from '../../server/lib/crc32';
import { ProjectFileError, packProject, unpackProject } from '../../server/services/project';
import { projectSchema } from '../../contract/project-format';
import sample from '../../server/sample-project/sample-project.json';

const project = projectSchema.parse(sample);

function reasonOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof ProjectFileError) return err.reason;
    throw err;
  }
  return undefined;
}

describe('project .app/.crc pair', () => {
  it('packs a gzip .app whose CRC-32 is the .crc, and unpacks it back', () => {
    const { app, crc } = packProject(project);
    expect(app[0]).toBe(0x1f);
    expect(app[1]).toBe(0x8b);
    expect(crc).toMatch(/^[0-9a-f]{8}$/);
    expect(crc).toBe(crc32Hex(app));
    expect(unpackProject(app, crc)).toEqual(project);
  });

  it('accepts a .crc in upper case with a trailing newline', () => {
    const { app, crc } = packProject(project);
    expect(unpackProject(app, `${crc.toUpperCase()}\n`).name).toBe(project.name);
  });

  it('rejects a CRC mismatch', () => {
    const { app, crc } = packProject(project);
    const wrong = ((parseInt(crc, 16) ^ 1) >>> 0).toString(16).padStart(8, '0');
    expect(reasonOf(() => unpackProject(app, wrong))).toBe('crc_mismatch');
    const tampered = Buffer.from(app);
    tampered[tampered.length - 5]! ^= 0xff;
    expect(reasonOf(() => unpackProject(tampered, crc))).toBe('crc_mismatch');
  });

  it('rejects an .app that is not gzip JSON, even with a matching CRC', () => {
    const notGzip = Buffer.from('this is not a project');
    expect(reasonOf(() => unpackProject(notGzip, crc32Hex(notGzip)))).toBe('unreadable');
    const notJson = zlib.gzipSync(Buffer.from('{not json'));
    expect(reasonOf(() => unpackProject(notJson, crc32Hex(notJson)))).toBe('unreadable');
  });

  it('rejects a document of the wrong format with a matching CRC', () => {
    for (const doc of [
      { ...project, format: 'other-format' },
      { ...project, format_version: 2 },
      { ...project, design_software_version: '6.4.1' },
      { ...project, tags: [{ name: 'T', plc: 'PLC1', address: '', data_type: 'bit', access: { read: true, write: true } }] },
      [],
    ]) {
      const app = zlib.gzipSync(Buffer.from(JSON.stringify(doc)));
      expect(reasonOf(() => unpackProject(app, crc32Hex(app)))).toBe('invalid_format');
    }
  });
});
