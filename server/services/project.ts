/**
 * The project the device runs, and replacing it.
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
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { crc32Hex, crc32ToHex, crc32Update } from '../lib/crc32';
import { decodeProjectFile, decodeProjectPair, packProject, ProjectFileError, parseCrcText } from '../lib/project-file';
import { ApiError } from '../lib/api-error';
import { DEVICE_MODEL } from '../hardware/system-info';
import {
  communicationDeviceSchema,
  compareVersions,
  MIN_DESIGN_SOFTWARE_VERSION,
  opcuaFolderSchema,
  projectSchema,
  projectTagSchema,
  type OpcuaFolderDef,
  type Project,
  type ProjectTag,
} from '../../contract/project-format';
import { z } from 'zod';
import type { OpcuaNode } from '../../contract/api/opcua';
import type { ResponseOf } from '../../contract/api/define';
import type { info as infoCall, media as mediaCall, PROJECT_SOURCES } from '../../contract/api/project';
import { MEDIA, type Medium } from '../../contract/media';
import { JobFailure, type JobsService } from './jobs';
import { LOCAL_HMI } from '../../contract/rules/opcua';
import { linkProblems, ProjectRuntime, RuntimeStartError, type RuntimeTiming } from './project-runtime';

export type ProjectInfo = ResponseOf<typeof infoCall>;
export type ProjectSource = (typeof PROJECT_SOURCES)[number];

interface ProjectRow {
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

/** A project pair waiting in `incoming/` for its update job. */
export interface StagedProject {
  dir: string;
  fileName: string;
  source: ProjectSource;
  password?: string;
  /** Set once the `.app` is in the staging folder with its CRC-32 computed. */
  app?: { path: string; size: number; crc: string };
  crcText?: string;
  /** Where to copy the pair from first (an update from a medium). */
  from?: { app: string; crc: string };
}

export interface ProjectOptions {
  /** The largest `.app` an upload or a medium may bring. */
  maxUploadBytes: number;
  runtime: RuntimeTiming;
}

/** What the console may change in the running project without a new project file (migration 6):
 * the communication devices as a whole, and the OPC UA tree with the tags it defines (a tag of
 * the tree replaces the project's tag of that name, or adds one). */
export const projectEditSchemas = {
  devices: z.array(communicationDeviceSchema),
  opcua: z.object({ root: opcuaFolderSchema, tags: z.array(projectTagSchema) }),
};
export type ProjectEditPart = keyof typeof projectEditSchemas;
export type ProjectEdits = { [K in ProjectEditPart]?: z.output<(typeof projectEditSchemas)[K]> };

/** The project as it runs: its file's document with the console's edits applied. */
export function applyEdits(base: Project, edits: ProjectEdits): Project {
  let tags = base.tags;
  if (edits.opcua) {
    const edited = new Map(edits.opcua.tags.map((t) => [t.name, t]));
    tags = [...base.tags.map((t) => edited.get(t.name) ?? t), ...edits.opcua.tags.filter((t) => !base.tags.some((b) => b.name === t.name))];
  }
  return {
    ...base,
    devices: edits.devices ?? base.devices,
    tags,
    opcua: edits.opcua ? { root: edits.opcua.root } : base.opcua,
  };
}

export const DEFAULT_MAX_UPLOAD_BYTES = 256 * 1024 * 1024;

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
function newReleaseName(): string {
  return crypto.randomBytes(8).toString('hex');
}

export class ProjectService {
  readonly runtime: ProjectRuntime;
  private current: Project | null = null;
  /** The active project's document as its file has it, before the console's edits. */
  private base: Project | null = null;
  private edits: ProjectEdits = {};
  private readonly editHooks: ((project: Project, part: ProjectEditPart) => void)[] = [];
  private readonly activationHooks: ((projectId: number, project: Project) => void)[] = [];
  private readonly dir: string;
  private readonly releasesDir: string;
  private readonly incomingDir: string;
  private readonly mediaRoot: string;

  constructor(
    private readonly db: Db,
    dataDir: string,
    /** The device clock: when a project was loaded, a backup's time. */
    private readonly clock: Clock,
    readonly options: ProjectOptions,
  ) {
    this.dir = path.join(dataDir, 'project');
    this.releasesDir = path.join(this.dir, 'releases');
    this.incomingDir = path.join(this.dir, 'incoming');
    this.mediaRoot = path.join(dataDir, 'media');
    this.runtime = new ProjectRuntime(options.runtime);
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  private activeRow(): ProjectRow | undefined {
    return this.db.prepare('SELECT * FROM projects WHERE active = 1').get() as ProjectRow | undefined;
  }

  /** Runs the active project, installing the bundled sample first on a new device. Leftovers of an
   * update cut short (staged uploads, release folders no row names) are removed. */
  start(sample: unknown): void {
    fs.mkdirSync(this.releasesDir, { recursive: true, mode: 0o700 });
    fs.rmSync(this.incomingDir, { recursive: true, force: true });
    fs.mkdirSync(this.incomingDir, { recursive: true, mode: 0o700 });
    for (const medium of MEDIA) fs.mkdirSync(this.mediaDir(medium), { recursive: true });
    let row = this.activeRow();
    if (row && !row.release) row = this.adoptLegacy(row);
    if (!row) {
      const { app, crc } = packProject(projectSchema.parse(sample));
      const project = projectSchema.parse(sample);
      const release = this.writeRelease(project, { name: 'sample', app, crc });
      this.activate(project, { release, fileName: 'sample', crc, appSize: app.length, protected: false, source: 'sample' });
      row = this.activeRow()!;
    }
    const base = projectSchema.parse(JSON.parse(fs.readFileSync(path.join(this.releasesDir, row.release!, 'project.json'), 'utf8')));
    this.useDocument(base, this.readEdits(row.id));
    this.removeLeftovers(row.release!);
    this.runtime.startNow(this.project);
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

  private removeLeftovers(keep: string): void {
    for (const entry of fs.readdirSync(this.releasesDir)) {
      if (entry !== keep) fs.rmSync(path.join(this.releasesDir, entry), { recursive: true, force: true });
    }
  }

  /** Writes a release folder from in-memory files (the sample, a legacy project). */
  private writeRelease(project: Project, files: { name: string; app: Buffer; crc: string }): string {
    const release = newReleaseName();
    const dir = path.join(this.releasesDir, release);
    fs.mkdirSync(dir, { mode: 0o700 });
    writeDurably(path.join(dir, `${files.name}.app`), files.app);
    writeDurably(path.join(dir, `${files.name}.crc`), `${files.crc}\n`);
    writeDurably(path.join(dir, 'project.json'), JSON.stringify(project));
    fsyncDir(dir);
    fsyncDir(this.releasesDir);
    return release;
  }

  /** Runs `hook` inside the switch's transaction whenever a project becomes the active one (the
   * data a project brings, such as its recipe books, switches with it). Register before `start`. */
  onActivate(hook: (projectId: number, project: Project) => void): void {
    this.activationHooks.push(hook);
  }

  /** The active project's row id, document and file name. */
  active(): { id: number; project: Project; fileName: string } {
    const row = this.activeRow()!;
    return { id: row.id, project: this.project, fileName: row.file_name };
  }

  /** The switch: one transaction makes `release` the project that runs. */
  private activate(
    project: Project,
    r: { release: string; fileName: string; crc: string; appSize: number; protected: boolean; source: ProjectSource },
    alsoInTransaction?: () => void,
  ): void {
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

  private useDocument(base: Project, edits: ProjectEdits): void {
    this.base = base;
    this.edits = edits;
    this.current = applyEdits(base, edits);
  }

  private readEdits(projectId: number): ProjectEdits {
    const edits: ProjectEdits = {};
    const rows = this.db.prepare('SELECT part, body FROM project_edits WHERE project_id = ?').all(projectId) as { part: ProjectEditPart; body: string }[];
    for (const r of rows) (edits as Record<string, unknown>)[r.part] = projectEditSchemas[r.part].parse(JSON.parse(r.body));
    return edits;
  }

  /** Runs `hook` after an edit is saved, with the project as it now runs (the OPC UA server
   * publishes the new tree, the runtime's values follow the new tags). */
  onEdit(hook: (project: Project, part: ProjectEditPart) => void): void {
    this.editHooks.push(hook);
  }

  /** Forgets the edits of every project but `projectId` (called as a new project activates);
   * answers which parts had been edited. */
  discardEditsExcept(projectId: number): ProjectEditPart[] {
    const parts = this.db.prepare('SELECT DISTINCT part FROM project_edits WHERE project_id != ?').pluck().all(projectId) as ProjectEditPart[];
    this.db.prepare('DELETE FROM project_edits WHERE project_id != ?').run(projectId);
    return parts;
  }

  /** What the running project would be with `part` replaced: the caller validates it before saving. */
  withEdit<K extends ProjectEditPart>(part: K, value: z.output<(typeof projectEditSchemas)[K]>): Project {
    return applyEdits(this.base!, { ...this.edits, [part]: value });
  }

  /** Saves an edit of the running project: stored in SQLite (one transaction, with `alsoInTransaction`),
   * then the project runs with it. Refused (409 project_link) when a reference would no longer
   * resolve. Answers the project as it now runs. */
  saveEdit<K extends ProjectEditPart>(part: K, value: z.output<(typeof projectEditSchemas)[K]>, alsoInTransaction?: () => void): Project {
    const next = this.withEdit(part, value);
    const problems = linkProblems(next);
    if (problems.length > 0) throw new ApiError(409, 'project_link', `The project would not run: ${problems[0]}`);
    const row = this.activeRow()!;
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO project_edits (project_id, part, body, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (project_id, part) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at')
        .run(row.id, part, JSON.stringify(value), this.now());
      alsoInTransaction?.();
    })();
    this.useDocument(this.base!, { ...this.edits, [part]: value });
    this.runtime.replaceRunning(this.project);
    for (const hook of this.editHooks) hook(this.project, part);
    return this.project;
  }

  /** The active project's document as it runs, with the console's edits (whether or not the
   * runtime runs it at this moment). */
  get project(): Project {
    if (!this.current) throw new Error('No project loaded');
    return this.current;
  }

  info(runningJob: string | null): ProjectInfo {
    const row = this.activeRow()!;
    return {
      name: row.name,
      model: row.model ?? this.project.model,
      design_software_version: row.design_software_version ?? this.project.design_software_version,
      file_name: row.file_name,
      app_size: row.app_size ?? 0,
      crc: row.crc,
      uploaded_at: row.loaded_at,
      source: row.source ?? 'upload',
      protected: row.protected === 1,
      tags: this.project.tags.length,
      state: this.runtime.state,
      running_job: runningJob,
      max_upload_bytes: this.options.maxUploadBytes,
    };
  }

  /** Stops and starts the running project. */
  async restart(): Promise<void> {
    try {
      await this.runtime.stop();
      await this.runtime.start(this.project);
    } catch (err) {
      throw new ApiError(500, 'restart_failed', `Restart failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  // ---- staging -------------------------------------------------------------------------------

  /** A fresh folder under `incoming/` for one upload. */
  newStagingDir(): string {
    return fs.mkdtempSync(path.join(this.incomingDir, 'u-'));
  }

  discardStaging(dir: string): void {
    if (path.dirname(dir) === this.incomingDir) fs.rmSync(dir, { recursive: true, force: true });
  }

  mediaDir(medium: Medium): string {
    return path.join(this.mediaRoot, medium);
  }

  /** The project pairs on each medium: regular files named `<name>.app` (any case), with or
   * without the `.crc` beside them. */
  listMedia(): ResponseOf<typeof mediaCall> {
    return {
      media: MEDIA.map((medium) => {
        const dir = this.mediaDir(medium);
        let entries: fs.Dirent[];
        try {
          entries = fs.readdirSync(dir, { withFileTypes: true });
        } catch {
          return { medium, present: false, projects: [] };
        }
        const files = new Map(entries.filter((e) => e.isFile()).map((e) => [e.name.toLowerCase(), e.name]));
        const projects = entries
          .filter((e) => e.isFile() && /\.app$/i.test(e.name))
          .map((e) => ({ name: e.name.slice(0, -4), file: e.name }))
          .filter((p) => /^[A-Za-z0-9 ._()-]{1,64}$/.test(p.name) && !p.name.startsWith('.'))
          .map((p) => {
            const stat = fs.statSync(path.join(dir, p.file));
            return {
              name: p.name,
              app_size: stat.size,
              crc_present: files.has(`${p.name.toLowerCase()}.crc`),
              modified_at: stat.mtime.toISOString(),
            };
          })
          .sort((a, b) => a.name.localeCompare(b.name));
        return { medium, present: true, projects };
      }),
    };
  }

  /** The pair `name` on `medium`, checked to be regular files inside the medium's folder. */
  mediaPair(medium: Medium, name: string): { app: string; crc: string } {
    const dir = this.mediaDir(medium);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      throw new ApiError(404, 'not_found', `No ${medium === 'usb' ? 'USB stick' : 'SD card'} is in the device`);
    }
    // Found among the folder's own entries (never a path built from the request), any case.
    const find = (ext: string) => entries.find((e) => e.isFile() && e.name.toLowerCase() === `${name.toLowerCase()}.${ext}`);
    const app = find('app');
    if (!app) throw new ApiError(404, 'not_found', `${name}.app is not on the ${medium === 'usb' ? 'USB stick' : 'SD card'}`);
    const crc = find('crc');
    if (!crc) throw new ApiError(400, 'crc_mismatch', `${name}.crc is missing beside ${name}.app`);
    return { app: path.join(dir, app.name), crc: path.join(dir, crc.name) };
  }

  // ---- the update job ------------------------------------------------------------------------

  /** Copies a medium's pair into the staging folder, counting bytes and computing the CRC-32. */
  private async copyFromMedium(staged: StagedProject, jobs: JobsService, jobId: string): Promise<void> {
    const from = staged.from!;
    let size: number;
    try {
      size = fs.statSync(from.app).size;
    } catch {
      throw new JobFailure('media_read_failed', 'The .app file could not be read from the medium');
    }
    if (size > this.options.maxUploadBytes) throw new JobFailure('payload_too_large', `The .app is larger than ${this.options.maxUploadBytes} bytes`);
    const target = path.join(staged.dir, 'app');
    let crc = 0;
    let done = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, next) {
        crc = crc32Update(crc, chunk);
        done += chunk.length;
        jobs.progress(jobId, done, size);
        next(null, chunk);
      },
    });
    try {
      await pipeline(fs.createReadStream(from.app), count, fs.createWriteStream(target, { mode: 0o600 }));
      const crcText = fs.readFileSync(from.crc, 'utf8');
      staged.crcText = crcText.slice(0, 64);
    } catch {
      throw new JobFailure('media_read_failed', 'The project could not be read from the medium');
    }
    staged.app = { path: target, size: done, crc: crc32ToHex(crc) };
  }

  /**
   * Runs the five steps of specification §4. Refusals (prepare) change nothing; a failure after
   * the project stopped starts the previous project again; the switch is one transaction.
   */
  async runUpdate(jobId: string, staged: StagedProject, jobs: JobsService): Promise<{ project: Project; rolledBack: boolean } | null> {
    const previous = this.project;
    let stopped = false;
    let release: string | null = null;
    try {
      jobs.step(jobId, 'prepare');
      if (staged.from) await this.copyFromMedium(staged, jobs, jobId);
      const app = staged.app!;
      let decoded;
      try {
        if (parseCrcText(staged.crcText ?? '') === null) throw new ProjectFileError('crc_mismatch', 'The .crc file holds no CRC-32');
        decoded = await decodeProjectFile(app.path, app.crc, staged.crcText ?? '', staged.password);
      } catch (err) {
        if (err instanceof ProjectFileError) throw new JobFailure(err.problem, err.message);
        throw err;
      }
      const project = decoded.project;
      if (project.model !== DEVICE_MODEL) throw new JobFailure('incompatible_model', `The project is for ${project.model}; this device is ${DEVICE_MODEL}`);
      if (compareVersions(project.design_software_version, MIN_DESIGN_SOFTWARE_VERSION) < 0) {
        throw new JobFailure('design_version_too_old', `The project was made with design software ${project.design_software_version}; the device needs ${MIN_DESIGN_SOFTWARE_VERSION} or later`);
      }

      jobs.step(jobId, 'stop_project');
      stopped = true;
      await this.runtime.stop();

      jobs.step(jobId, 'update_project');
      release = newReleaseName();
      const dir = path.join(this.releasesDir, release);
      fs.mkdirSync(dir, { mode: 0o700 });
      moveDurably(app.path, path.join(dir, `${staged.fileName}.app`));
      writeDurably(path.join(dir, `${staged.fileName}.crc`), `${app.crc}\n`);

      jobs.step(jobId, 'decompress_project');
      writeDurably(path.join(dir, 'project.json'), JSON.stringify(project));
      fsyncDir(dir);
      fsyncDir(this.releasesDir);

      jobs.step(jobId, 'start_project');
      try {
        await this.runtime.start(project);
      } catch (err) {
        if (err instanceof RuntimeStartError) throw new JobFailure('start_failed', err.message);
        throw err;
      }
      this.activate(project, { release, fileName: staged.fileName, crc: app.crc, appSize: app.size, protected: decoded.protected, source: staged.source }, () => jobs.finish(jobId));
      this.useDocument(project, {});
      this.removeLeftovers(release);
      return { project, rolledBack: false };
    } catch (err) {
      const failure = err instanceof JobFailure ? err : new JobFailure('internal_error', err instanceof Error ? err.message : String(err));
      let rolledBack = false;
      if (stopped) {
        // The previous project runs again; the new release is a leftover.
        try {
          if (this.runtime.state !== 'stopped') await this.runtime.stop();
          await this.runtime.start(previous);
          rolledBack = true;
        } catch {
          rolledBack = false;
        }
        if (release) fs.rmSync(path.join(this.releasesDir, release), { recursive: true, force: true });
      }
      jobs.fail(jobId, new JobFailure(failure.code, failure.message, rolledBack));
      return null;
    } finally {
      this.discardStaging(staged.dir);
    }
  }

  // ---- backup --------------------------------------------------------------------------------

  /** The running project as a `.cxob`: a tar.gz of its `.app`, its `.crc` and a manifest. */
  backupArchive(deviceFacts: { serial: string; osVersion: string }): { fileName: string; stream: Readable } {
    const row = this.activeRow()!;
    const dir = path.join(this.releasesDir, row.release!);
    const appFile = path.join(dir, `${row.file_name}.app`);
    const crcFile = path.join(dir, `${row.file_name}.crc`);
    let appSize: number;
    let crcText: Buffer;
    try {
      appSize = fs.statSync(appFile).size;
      crcText = fs.readFileSync(crcFile);
    } catch {
      throw new ApiError(500, 'packing_failed', 'Project packing failed!');
    }
    const manifest = Buffer.from(
      JSON.stringify(
        {
          format: 'hmi-project-backup',
          format_version: 1,
          device: { model: DEVICE_MODEL, serial: deviceFacts.serial, os_version: deviceFacts.osVersion },
          created_at: this.now(),
          project: { name: row.name, file_name: row.file_name, crc: row.crc, app_size: appSize, protected: row.protected === 1, design_software_version: row.design_software_version },
        },
        null,
        2,
      ),
    );
    const pack = tar.pack();
    const gzip = zlib.createGzip();
    const mtime = new Date(this.clock.now());
    pack.entry({ name: 'manifest.json', size: manifest.length, mtime, mode: 0o644 }, manifest);
    pack.entry({ name: `${row.file_name}.crc`, size: crcText.length, mtime, mode: 0o644 }, crcText);
    const entry = pack.entry({ name: `${row.file_name}.app`, size: appSize, mtime, mode: 0o644 }, (err) => {
      if (err) gzip.destroy(err);
      else pack.finalize();
    });
    fs.createReadStream(appFile)
      .on('error', (err) => gzip.destroy(err))
      .pipe(entry);
    pack.pipe(gzip);
    const stamp = mtime.toISOString().slice(0, 10).replace(/-/g, '');
    return { fileName: `${row.file_name}-${stamp}.cxob`, stream: gzip };
  }

  // ---- OPC UA views of the project -----------------------------------------------------------

  /** The OPC UA address space of the project as the editor's tree; ids are temporary per answer. */
  /** The OPC UA tree as the editor shows it. Ids are stable: `f:<path>` for a folder, `t:<tag
   * name>` for a tag, so a saved tree tells which tag a renamed node was. */
  opcuaNodeTree(): OpcuaNode[] {
    const tags = new Map(this.project.tags.map((t) => [t.name, t]));
    const folder = (def: OpcuaFolderDef, pathName: string, isRoot: boolean): OpcuaNode => {
      const tagNodes: OpcuaNode[] = def.tags.flatMap((name) => {
        const t = tags.get(name);
        if (!t) return [];
        return [
          {
            id: `t:${t.name}`,
            name: t.name,
            kind: 'tag' as const,
            tag: {
              tag_name: t.name,
              folder_name: def.name,
              type: t.plc === LOCAL_HMI ? ('internal' as const) : ('external' as const),
              plc: t.plc,
              address: t.address,
              format: t.format,
              index_register: t.index_register,
              data_type: t.data_type,
              length: t.length,
              access: { readable: t.access.read, writable: t.access.write },
            },
          },
        ];
      });
      return {
        id: `f:${pathName}`,
        name: def.name,
        kind: 'folder',
        ...(isRoot ? { is_root: true } : {}),
        ...(def.tags.length > 0 ? { is_tags_folder: true } : {}),
        children: [...def.folders.map((f) => folder(f, `${pathName}/${f.name}`, false)), ...tagNodes],
      };
    };
    const root = this.project.opcua.root;
    return [folder(root, `/${root.name}`, true)];
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
