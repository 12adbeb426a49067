/**
 * The installed projects: their release folders, the projects table and the switch between them.
 *
 * On disk, each installed project is a release folder `<data>/project/releases/<id>/` holding the
 * `.app` and `.crc` as they came and `project.json`, the decoded document. In SQLite, the row of
 * `projects` with `active = 1` names the release that runs. An update writes the new release
 * beside the running one, starts it, and switches the active row in one transaction: a kill -9
 * before the commit leaves the old project running at the next start, after it the new one; a
 * release folder no row names is a leftover and is removed at start.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { crc32Hex } from '../../lib/crc32';
import { decodeProjectPair, packProject } from '../../lib/project-file';
import { projectSchema, type Project } from '../../../contract/project-format';
import type { PROJECT_SOURCES } from '../../../contract/api/project';

export type ProjectSource = (typeof PROJECT_SOURCES)[number];

export interface ProjectRow {
  id: number;
  name: string;
  file_name: string;
  crc: string;
  loaded_at: string;
  release: string | null;
  model: string | null;
  design_software_version: string | null;
  app_size: number | null;
  protected: number;
  source: ProjectSource | null;
}

/** What the projects table keeps of a release as it becomes the active one. */
export interface StoredRelease {
  release: string;
  fileName: string;
  crc: string;
  appSize: number;
  protected: boolean;
  source: ProjectSource;
}

export interface ProjectStoreOptions {
  db: Db;
  /** The device's data folder: releases live in `project/` under it. */
  dataDir: string;
  /** The device clock: when a project was loaded. */
  clock: Clock;
}

/** Writes a file and flushes it to the disk before answering. */
function writeDurably(file: string, data: Buffer | string): void {
  const fd = fs.openSync(file, 'w', 0o600);
  try {
    fs.writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function moveDurably(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
  }
  const fd = fs.openSync(to, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** A release folder's name: unique, and nothing else (the projects table says which one runs). */
export function newReleaseName(): string {
  return crypto.randomBytes(8).toString('hex');
}

export class ProjectStore {
  private readonly activationHooks: ((projectId: number, project: Project) => void)[] = [];
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly dir: string;
  private readonly releasesDir: string;
  private readonly incomingDir: string;

  constructor({ db, dataDir, clock }: ProjectStoreOptions) {
    this.db = db;
    this.clock = clock;
    this.dir = path.join(dataDir, 'project');
    this.releasesDir = path.join(this.dir, 'releases');
    this.incomingDir = path.join(this.dir, 'incoming');
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  activeRow(): ProjectRow | undefined {
    return this.db.prepare('SELECT * FROM projects WHERE active = 1').get() as ProjectRow | undefined;
  }

  /** The folder of release `release`. */
  releaseDir(release: string): string {
    return path.join(this.releasesDir, release);
  }

  /** Makes the releases folder and empties `incoming/` (staged uploads of an update cut short). */
  prepareFolders(): void {
    fs.mkdirSync(this.releasesDir, { recursive: true, mode: 0o700 });
    fs.rmSync(this.incomingDir, { recursive: true, force: true });
    fs.mkdirSync(this.incomingDir, { recursive: true, mode: 0o700 });
  }

  /** The active row, installing the bundled sample first on a new device (a device from before
   * releases has its project adopted as one). */
  activeOrSample(sample: unknown): ProjectRow {
    let row = this.activeRow();
    if (row && !row.release) row = this.adoptLegacy(row);
    if (!row) {
      const { app, crc } = packProject(projectSchema.parse(sample));
      const project = projectSchema.parse(sample);
      const release = this.writeRelease(project, { name: 'sample', app, crc });
      this.activate({ project, stored: { release, fileName: 'sample', crc, appSize: app.length, protected: false, source: 'sample' } });
      row = this.activeRow()!;
    }
    return row;
  }

  /** The document of release `release` as its file has it. */
  readDocument(release: string): Project {
    return projectSchema.parse(JSON.parse(fs.readFileSync(path.join(this.releasesDir, release, 'project.json'), 'utf8')));
  }

  /** A device from before releases kept `<data>/project/<file>.app`: it becomes a release. */
  private adoptLegacy(row: ProjectRow): ProjectRow {
    const app = fs.readFileSync(path.join(this.dir, `${row.file_name}.app`));
    const crc = fs.readFileSync(path.join(this.dir, `${row.file_name}.crc`), 'utf8').trim();
    const project = decodeProjectPair(app, crc32Hex(app)).project;
    const release = this.writeRelease(project, { name: row.file_name, app, crc });
    this.db
      .prepare('UPDATE projects SET release = ?, model = ?, design_software_version = ?, app_size = ?, source = ? WHERE id = ?')
      .run(release, project.model, project.design_software_version, app.length, row.file_name === 'sample' ? 'sample' : 'upload', row.id);
    for (const ext of ['app', 'crc']) fs.rmSync(path.join(this.dir, `${row.file_name}.${ext}`), { force: true });
    return this.activeRow()!;
  }

  /** Removes every release folder but `keep`. */
  removeLeftovers(keep: string): void {
    for (const entry of fs.readdirSync(this.releasesDir)) {
      if (entry !== keep) fs.rmSync(path.join(this.releasesDir, entry), { recursive: true, force: true });
    }
  }

  /** Removes release `release` (an update that failed before its switch). */
  removeRelease(release: string): void {
    fs.rmSync(path.join(this.releasesDir, release), { recursive: true, force: true });
  }

  /** Writes a release folder from in-memory files (the sample, a legacy project). */
  private writeRelease(project: Project, files: { name: string; app: Buffer; crc: string }): string {
    const release = newReleaseName();
    const dir = path.join(this.releasesDir, release);
    fs.mkdirSync(dir, { mode: 0o700 });
    writeDurably(path.join(dir, `${files.name}.app`), files.app);
    writeDurably(path.join(dir, `${files.name}.crc`), `${files.crc}\n`);
    this.writeDocument({ release, project });
    return release;
  }

  /** A new release folder `release` holding a staged `.app` (moved there) and its `.crc`. */
  writePair({ release, fileName, appPath, crc }: { release: string; fileName: string; appPath: string; crc: string }): void {
    const dir = path.join(this.releasesDir, release);
    fs.mkdirSync(dir, { mode: 0o700 });
    moveDurably(appPath, path.join(dir, `${fileName}.app`));
    writeDurably(path.join(dir, `${fileName}.crc`), `${crc}\n`);
  }

  /** The decoded document into release `release`, then the folder and the releases folder flushed. */
  writeDocument({ release, project }: { release: string; project: Project }): void {
    const dir = path.join(this.releasesDir, release);
    writeDurably(path.join(dir, 'project.json'), JSON.stringify(project));
    fsyncDir(dir);
    fsyncDir(this.releasesDir);
  }

  /** Runs `hook` inside the switch's transaction whenever a project becomes the active one (the
   * data a project brings, such as its recipe books, switches with it). Register before `start`. */
  onActivate(hook: (projectId: number, project: Project) => void): void {
    this.activationHooks.push(hook);
  }

  /** The switch: one transaction makes `stored.release` the project that runs. */
  activate({ project, stored: r, alsoInTransaction }: { project: Project; stored: StoredRelease; alsoInTransaction?: () => void }): void {
    this.db.transaction(() => {
      this.db.prepare('UPDATE projects SET active = 0 WHERE active = 1').run();
      const id = this.db
        .prepare(
          `INSERT INTO projects (name, file_name, crc, loaded_at, active, release, model, design_software_version, app_size, protected, source)
           VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)`,
        )
        .run(project.name, r.fileName, r.crc, this.now(), r.release, project.model, project.design_software_version, r.appSize, r.protected ? 1 : 0, r.source).lastInsertRowid;
      for (const hook of this.activationHooks) hook(Number(id), project);
      alsoInTransaction?.();
    })();
  }

  // ---- staging -------------------------------------------------------------------------------

  /** A fresh folder under `incoming/` for one upload. */
  newStagingDir(): string {
    return fs.mkdtempSync(path.join(this.incomingDir, 'u-'));
  }

  discardStaging(dir: string): void {
    if (path.dirname(dir) === this.incomingDir) fs.rmSync(dir, { recursive: true, force: true });
  }
}
