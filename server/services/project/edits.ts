/**
 * The console's edits of the running project: what may be edited, how edits apply to the project
 * file's document, where they are kept (the `project_edits` table) and the project as it runs with
 * them.
 */
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { ApiError } from '../../lib/api-error';
import { communicationDeviceSchema, opcuaFolderSchema, projectTagSchema, type Project } from '../../../contract/project-format';
import { linkProblems, type ProjectRuntime } from './runtime';

/** What the console may change in the running project without a new project file (migration 6):
 * the communication devices as a whole, and the OPC UA tree with the tags it defines (a tag of
 * the tree replaces the project's tag of that name, or adds one). */
export const projectEditSchemas = {
  devices: z.array(communicationDeviceSchema),
  opcua: z.object({ root: opcuaFolderSchema, tags: z.array(projectTagSchema) }),
};
export type ProjectEditPart = keyof typeof projectEditSchemas;
export type ProjectEdits = { [K in ProjectEditPart]?: z.output<(typeof projectEditSchemas)[K]> };
/** The new value of one edited part. */
export type ProjectEditValue<K extends ProjectEditPart> = z.output<(typeof projectEditSchemas)[K]>;

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

export interface ProjectEditorOptions {
  db: Db;
  /** The device clock: when an edit was saved. */
  clock: Clock;
  /** The runtime runs each saved edit at once. */
  runtime: ProjectRuntime;
  /** The active project's row id (edits are kept per project). */
  activeProjectId: () => number;
}

/** The active project's document and the console's edits of it. */
export class ProjectEditor {
  private current: Project | null = null;
  /** The active project's document as its file has it, before the console's edits. */
  private base: Project | null = null;
  private edits: ProjectEdits = {};
  private readonly editHooks: ((project: Project, part: ProjectEditPart) => void)[] = [];
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly runtime: ProjectRuntime;
  private readonly activeProjectId: () => number;

  constructor({ db, clock, runtime, activeProjectId }: ProjectEditorOptions) {
    this.db = db;
    this.clock = clock;
    this.runtime = runtime;
    this.activeProjectId = activeProjectId;
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** The active project's document as it runs, with the console's edits (whether or not the
   * runtime runs it at this moment). */
  get project(): Project {
    if (!this.current) throw new Error('No project loaded');
    return this.current;
  }

  /** The document of project `projectId` as its file has it, with the edits stored for it. */
  load({ base, projectId }: { base: Project; projectId: number }): void {
    this.useDocument(base, this.readEdits(projectId));
  }

  /** A newly activated project's document: it has no edits yet. */
  useUnedited(base: Project): void {
    this.useDocument(base, {});
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
  withEdit<K extends ProjectEditPart>({ part, value }: { part: K; value: ProjectEditValue<K> }): Project {
    return applyEdits(this.base!, { ...this.edits, [part]: value });
  }

  /** Saves an edit of the running project: stored in SQLite (one transaction, with `alsoInTransaction`),
   * then the project runs with it. Refused (409 project_link) when a reference would no longer
   * resolve. Answers the project as it now runs. */
  saveEdit<K extends ProjectEditPart>({ part, value, alsoInTransaction }: { part: K; value: ProjectEditValue<K>; alsoInTransaction?: () => void }): Project {
    const next = this.withEdit({ part, value });
    const problems = linkProblems(next);
    if (problems.length > 0) throw new ApiError(409, 'project_link', `The project would not run: ${problems[0]}`);
    const projectId = this.activeProjectId();
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO project_edits (project_id, part, body, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (project_id, part) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at')
        .run(projectId, part, JSON.stringify(value), this.now());
      alsoInTransaction?.();
    })();
    this.useDocument(this.base!, { ...this.edits, [part]: value });
    this.runtime.replaceRunning(this.project);
    for (const hook of this.editHooks) hook(this.project, part);
    return this.project;
  }
}
