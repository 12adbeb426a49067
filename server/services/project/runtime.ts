/**
 * The simulated runtime that runs the project (docs/decisions.md#the-simulated-panel): it starts a
 * project, which links every tag to its device and every alarm, data log, recipe-free reference and
 * WebView element to its tag, and stops it. Starting refuses a project whose references do not
 * resolve, as a panel refuses to start a project its runtime cannot link. Stopping and starting
 * take the time a panel takes (shorter in tests).
 */
import { EventEmitter } from 'node:events';
import type { Project } from '../../../contract/project-format';
import type { PROJECT_STATES } from '../../../contract/api/project';

export type RuntimeState = (typeof PROJECT_STATES)[number];

export interface RuntimeTiming {
  /** How long stopping the project takes. */
  stopMs: number;
  /** How long starting it takes. */
  startMs: number;
}

export const DEFAULT_RUNTIME_TIMING: RuntimeTiming = { stopMs: 600, startMs: 900 };

export class RuntimeStartError extends Error {}

/** What keeps a project from starting: each reference that does not resolve, in words. */
export function linkProblems(project: Project): string[] {
  const problems: string[] = [];
  const devices = new Set(project.devices.map((d) => d.name));
  const tags = new Set(project.tags.map((t) => t.name));
  const seen = new Set<string>();
  for (const t of project.tags) {
    if (seen.has(t.name)) problems.push(`tag ${t.name} is defined twice`);
    seen.add(t.name);
    if (!devices.has(t.plc)) problems.push(`tag ${t.name} reads from device ${t.plc}, which the project does not define`);
  }
  for (const a of project.alarms) if (!tags.has(a.tag)) problems.push(`alarm ${a.name} watches tag ${a.tag}, which does not exist`);
  for (const l of project.data_logs) for (const t of l.tags) if (!tags.has(t)) problems.push(`data log ${l.name} samples tag ${t}, which does not exist`);
  problems.push(...webviewProblems(project));
  const walk = (folder: Project['opcua']['root']) => {
    for (const t of folder.tags) if (!tags.has(t)) problems.push(`OPC UA folder ${folder.name} publishes tag ${t}, which does not exist`);
    folder.folders.forEach(walk);
  };
  walk(project.opcua.root);
  return problems;
}

/** What keeps the WebView screens from linking: each element that needs a tag names one that
 * exists, of a type it can show (a lamp and a button a bit, a bar and a numeric entry a number);
 * what writes (a button, a numeric entry) names a writable tag; a bar and a numeric entry have a
 * range; screen ids are unique. */
function webviewProblems(project: Project): string[] {
  const problems: string[] = [];
  const tags = new Map(project.tags.map((t) => [t.name, t]));
  const ids = new Set<number>();
  for (const s of project.webview.screens) {
    if (ids.has(s.id)) problems.push(`screen id ${s.id} is used twice`);
    ids.add(s.id);
    s.elements.forEach((e, i) => {
      const what = `screen ${s.name}, element ${i + 1} (${e.kind})`;
      if (e.kind === 'label') return;
      if (e.tag === undefined) {
        problems.push(`${what} names no tag`);
        return;
      }
      const tag = tags.get(e.tag);
      if (!tag) {
        problems.push(`screen ${s.name} shows tag ${e.tag}, which does not exist`);
        return;
      }
      if ((e.kind === 'lamp' || e.kind === 'button') && tag.data_type !== 'bit') problems.push(`${what} needs a bit, and tag ${e.tag} is a ${tag.data_type}`);
      if ((e.kind === 'bar' || e.kind === 'numeric_entry') && (tag.data_type === 'string' || tag.data_type === 'bit')) problems.push(`${what} needs a number, and tag ${e.tag} is a ${tag.data_type}`);
      if ((e.kind === 'button' || e.kind === 'numeric_entry') && !tag.access.write) problems.push(`${what} writes tag ${e.tag}, which is read-only`);
      if ((e.kind === 'bar' || e.kind === 'numeric_entry') && !(e.min !== undefined && e.max !== undefined && e.min < e.max)) problems.push(`${what} needs a range, min below max`);
    });
  }
  return problems;
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export class ProjectRuntime extends EventEmitter {
  private current: Project | null = null;
  private runState: RuntimeState = 'stopped';

  constructor(private readonly timing: RuntimeTiming) {
    super();
  }

  get state(): RuntimeState {
    return this.runState;
  }

  /** The project that runs, or null while stopped. */
  get project(): Project | null {
    return this.runState === 'running' ? this.current : null;
  }

  private set(state: RuntimeState): void {
    this.runState = state;
    this.emit('state', state);
  }

  async stop(): Promise<void> {
    if (this.runState === 'stopped') return;
    this.set('stopping');
    await sleep(this.timing.stopMs);
    this.set('stopped');
  }

  /** Links and starts `project`; throws RuntimeStartError (and stays stopped) when it cannot. */
  async start(project: Project): Promise<void> {
    if (this.runState !== 'stopped') await this.stop();
    this.set('starting');
    await sleep(this.timing.startMs);
    const problems = linkProblems(project);
    if (problems.length > 0) {
      this.set('stopped');
      throw new RuntimeStartError(`The project cannot start: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}`);
    }
    this.current = project;
    this.set('running');
  }

  /** The running project, edited by the console (its references checked by the caller): it runs
   * on without a stop. */
  replaceRunning(project: Project): void {
    if (this.runState === 'running' || this.runState === 'starting') this.current = project;
    this.emit('edited', project);
  }

  /** Starts `project` at once (device start: the project that ran before runs again). */
  startNow(project: Project): void {
    const problems = linkProblems(project);
    if (problems.length > 0) throw new RuntimeStartError(`The project cannot start: ${problems[0]}`);
    this.current = project;
    this.set('running');
  }
}
