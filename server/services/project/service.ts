/**
 * The project the device runs, and replacing it: the one service the routes and the other
 * services meet, made of the parts beside it (the releases and the switch in `store.ts`, the
 * console's edits in `edits.ts`, the media in `media.ts`, the update job in `update-job.ts`, the
 * backup in `backup.ts`, the runtime in `runtime.ts`).
 */
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { ApiError } from '../../lib/api-error';
import type { Project } from '../../../contract/project-format';
import type { ResponseOf } from '../../../contract/api/define';
import type { info as infoCall } from '../../../contract/api/project';
import type { JobsService } from '../jobs';
import { ProjectRuntime, type RuntimeTiming } from './runtime';
import { ProjectStore } from './store';
import { ProjectEditor, type ProjectEditPart, type ProjectEditValue } from './edits';
import { ProjectMedia } from './media';
import { runProjectUpdate, type StagedProject } from './update-job';
import { projectBackupArchive } from './backup';

export type ProjectInfo = ResponseOf<typeof infoCall>;

export interface ProjectOptions {
  /** The largest `.app` an upload or a medium may bring. */
  maxUploadBytes: number;
  runtime: RuntimeTiming;
}

export interface ProjectServiceOptions extends ProjectOptions {
  db: Db;
  /** The device's data folder: releases under `project/`, the media under `media/`. */
  dataDir: string;
  /** The device clock: when a project was loaded, a backup's time. */
  clock: Clock;
}

export const DEFAULT_MAX_UPLOAD_BYTES = 256 * 1024 * 1024;

export class ProjectService {
  readonly runtime: ProjectRuntime;
  readonly options: ProjectOptions;
  /** The USB stick and the SD card an update may come from. */
  readonly media: ProjectMedia;
  private readonly store: ProjectStore;
  private readonly editor: ProjectEditor;
  private readonly clock: Clock;

  constructor({ db, dataDir, clock, maxUploadBytes, runtime }: ProjectServiceOptions) {
    this.clock = clock;
    this.options = { maxUploadBytes, runtime };
    this.store = new ProjectStore({ db, dataDir, clock });
    this.media = new ProjectMedia({ dataDir });
    this.runtime = new ProjectRuntime(runtime);
    this.editor = new ProjectEditor({ db, clock, runtime: this.runtime, activeProjectId: () => this.store.activeRow()!.id });
  }

  /** Runs the active project, installing the bundled sample first on a new device. Leftovers of an
   * update cut short (staged uploads, release folders no row names) are removed. */
  start(sample: unknown): void {
    this.store.prepareFolders();
    this.media.createFolders();
    const row = this.store.activeOrSample(sample);
    this.editor.load({ base: this.store.readDocument(row.release!), projectId: row.id });
    this.store.removeLeftovers(row.release!);
    this.runtime.startNow(this.project);
  }

  /** Runs `hook` inside the switch's transaction whenever a project becomes the active one (the
   * data a project brings, such as its recipe books, switches with it). Register before `start`. */
  onActivate(hook: (projectId: number, project: Project) => void): void {
    this.store.onActivate(hook);
  }

  /** The active project's row id, document and file name. */
  active(): { id: number; project: Project; fileName: string } {
    const row = this.store.activeRow()!;
    return { id: row.id, project: this.project, fileName: row.file_name };
  }

  /** Runs `hook` after an edit is saved, with the project as it now runs (the OPC UA server
   * publishes the new tree, the runtime's values follow the new tags). */
  onEdit(hook: (project: Project, part: ProjectEditPart) => void): void {
    this.editor.onEdit(hook);
  }

  /** Forgets the edits of every project but `projectId` (called as a new project activates);
   * answers which parts had been edited. */
  discardEditsExcept(projectId: number): ProjectEditPart[] {
    return this.editor.discardEditsExcept(projectId);
  }

  /** What the running project would be with `part` replaced: the caller validates it before saving. */
  withEdit<K extends ProjectEditPart>(edit: { part: K; value: ProjectEditValue<K> }): Project {
    return this.editor.withEdit(edit);
  }

  /** Saves an edit of the running project: stored in SQLite (one transaction, with `alsoInTransaction`),
   * then the project runs with it. Refused (409 project_link) when a reference would no longer
   * resolve. Answers the project as it now runs. */
  saveEdit<K extends ProjectEditPart>(edit: { part: K; value: ProjectEditValue<K>; alsoInTransaction?: () => void }): Project {
    return this.editor.saveEdit(edit);
  }

  /** The active project's document as it runs, with the console's edits (whether or not the
   * runtime runs it at this moment). */
  get project(): Project {
    return this.editor.project;
  }

  info(runningJob: string | null): ProjectInfo {
    const row = this.store.activeRow()!;
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
    return this.store.newStagingDir();
  }

  discardStaging(dir: string): void {
    this.store.discardStaging(dir);
  }

  // ---- the update job and the backup ---------------------------------------------------------

  /** Runs the update job on a staged pair (`update-job.ts`). */
  async runUpdate({ jobId, staged, jobs }: { jobId: string; staged: StagedProject; jobs: JobsService }): Promise<{ project: Project; rolledBack: boolean } | null> {
    return runProjectUpdate({
      jobId,
      staged,
      jobs,
      store: this.store,
      runtime: this.runtime,
      maxUploadBytes: this.options.maxUploadBytes,
      previous: this.project,
      installed: (project) => this.editor.useUnedited(project),
    });
  }

  /** The running project as a `.cxob` (`backup.ts`). */
  backupArchive(deviceFacts: { serial: string; osVersion: string }): ReturnType<typeof projectBackupArchive> {
    return projectBackupArchive({ store: this.store, clock: this.clock, deviceFacts });
  }
}
