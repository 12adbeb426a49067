import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { crc32Hex } from '../lib/crc32';
import { projectSchema, type OpcuaFolderDef, type Project } from '../../contract/project-format';
import type { OpcuaNode } from '../../contract/api/opcua';

export class ProjectFileError extends Error {
  constructor(readonly reason: 'crc_mismatch' | 'unreadable' | 'invalid_format', message: string) {
    super(message);
  }
}

/** Packs a project document into the `.app` + `.crc` pair. */
export function packProject(project: Project): { app: Buffer; crc: string } {
  const app = zlib.gzipSync(Buffer.from(JSON.stringify(project)));
  return { app, crc: crc32Hex(app) };
}

/** Checks a pair's CRC, unpacks and validates it. */
export function unpackProject(app: Buffer, crcText: string): Project {
  if (crc32Hex(app) !== crcText.trim().toLowerCase()) throw new ProjectFileError('crc_mismatch', 'The .crc file does not match the .app file');
  let json: unknown;
  try {
    json = JSON.parse(zlib.gunzipSync(app, { maxOutputLength: 64 * 1024 * 1024 }).toString('utf8'));
  } catch {
    throw new ProjectFileError('unreadable', 'The .app file cannot be unpacked');
  }
  const parsed = projectSchema.safeParse(json);
  if (!parsed.success) throw new ProjectFileError('invalid_format', `The project is not valid: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

/** The project the device runs: kept as files under `<data>/project`, recorded in SQLite. */
export class ProjectService {
  private current: Project | null = null;
  private readonly dir: string;

  constructor(private readonly db: Db, dataDir: string, private readonly clock: Clock) {
    this.dir = path.join(dataDir, 'project');
  }

  /** Loads the active project, installing the bundled sample first on a new device. */
  start(sample: unknown): void {
    const active = this.db.prepare('SELECT file_name, crc FROM projects WHERE active = 1').get() as { file_name: string; crc: string } | undefined;
    if (active) {
      const app = fs.readFileSync(path.join(this.dir, `${active.file_name}.app`));
      const crc = fs.readFileSync(path.join(this.dir, `${active.file_name}.crc`), 'utf8');
      this.current = unpackProject(app, crc);
      return;
    }
    const { app, crc } = packProject(projectSchema.parse(sample));
    this.install('sample', app, crc);
  }

  install(fileName: string, app: Buffer, crc: string): Project {
    const project = unpackProject(app, crc);
    fs.mkdirSync(this.dir, { recursive: true });
    for (const [ext, data] of [['app', app], ['crc', crc]] as const) {
      const file = path.join(this.dir, `${fileName}.${ext}`);
      const fd = fs.openSync(`${file}.tmp`, 'w', 0o600);
      fs.writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      fs.renameSync(`${file}.tmp`, file);
    }
    this.db.transaction(() => {
      this.db.prepare('UPDATE projects SET active = 0').run();
      this.db
        .prepare('INSERT INTO projects (name, file_name, crc, loaded_at, active) VALUES (?, ?, ?, ?, 1)')
        .run(project.name, fileName, crc.trim().toLowerCase(), new Date(this.clock.now()).toISOString());
    })();
    this.current = project;
    return project;
  }

  get project(): Project {
    if (!this.current) throw new Error('No project loaded');
    return this.current;
  }

  /** The OPC UA address space of the project as the editor's tree; ids are temporary per answer. */
  opcuaNodeTree(): OpcuaNode[] {
    const tags = new Map(this.project.tags.map((t) => [t.name, t]));
    let next = 0;
    const id = (prefix: string) => `${prefix}${++next}`;
    const folder = (def: OpcuaFolderDef, isRoot: boolean): OpcuaNode => {
      const tagNodes: OpcuaNode[] = def.tags.flatMap((name) => {
        const t = tags.get(name);
        if (!t) return [];
        return [{
          id: id('t'),
          name: t.name,
          kind: 'tag' as const,
          tag: {
            tag_name: t.name,
            folder_name: def.name,
            type: t.plc === 'Local HMI' ? ('internal' as const) : ('external' as const),
            plc: t.plc,
            address: t.address,
            format: t.format,
            index_register: t.index_register,
            data_type: t.data_type,
            length: t.length,
            access: { readable: t.access.read, writable: t.access.write },
          },
        }];
      });
      return {
        id: id('f'),
        name: def.name,
        kind: 'folder',
        ...(isRoot ? { is_root: true } : {}),
        ...(def.tags.length > 0 ? { is_tags_folder: true } : {}),
        children: [...def.folders.map((f) => folder(f, false)), ...tagNodes],
      };
    };
    return [folder(this.project.opcua.root, true)];
  }

  driverTable() {
    return this.project.devices.map((d) => ({
      device: d.name,
      device_type: d.device_type,
      protocol: d.protocol,
      address_types: d.address_types,
    }));
  }
}
