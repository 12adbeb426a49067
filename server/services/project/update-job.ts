/**
 * The project update job: a staged pair (an upload, or a medium's copied first) checked, written as
 * a new release beside the running one, started, and switched to.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { crc32ToHex, crc32Update } from '../../lib/crc32';
import { decodeProjectFile, ProjectFileError, parseCrcText } from '../../lib/project-file';
import { DEVICE_MODEL } from '../../hardware/system-info';
import { compareVersions, MIN_DESIGN_SOFTWARE_VERSION, type Project } from '../../../contract/project-format';
import { JobFailure, type JobsService } from '../jobs';
import { RuntimeStartError, type ProjectRuntime } from './runtime';
import { newReleaseName, type ProjectSource, type ProjectStore } from './store';

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

/** The job, and what it changes. */
export interface ProjectUpdateOptions {
  jobId: string;
  staged: StagedProject;
  jobs: JobsService;
  store: ProjectStore;
  runtime: ProjectRuntime;
  /** The largest `.app` a medium may bring. */
  maxUploadBytes: number;
  /** The project that runs now: it runs again when the update fails after stopping it. */
  previous: Project;
  /** Called once the switch is committed, with the project that now runs (it has no edits yet). */
  installed: (project: Project) => void;
}

/** Copies a medium's pair into the staging folder, counting bytes and computing the CRC-32. */
async function copyFromMedium({ staged, jobs, jobId, maxUploadBytes }: { staged: StagedProject; jobs: JobsService; jobId: string; maxUploadBytes: number }): Promise<void> {
  const from = staged.from!;
  let size: number;
  try {
    size = fs.statSync(from.app).size;
  } catch {
    throw new JobFailure('media_read_failed', 'The .app file could not be read from the medium');
  }
  if (size > maxUploadBytes) throw new JobFailure('payload_too_large', `The .app is larger than ${maxUploadBytes} bytes`);
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
export async function runProjectUpdate({ jobId, staged, jobs, store, runtime, maxUploadBytes, previous, installed }: ProjectUpdateOptions): Promise<{ project: Project; rolledBack: boolean } | null> {
  let stopped = false;
  let release: string | null = null;
  try {
    jobs.step(jobId, 'prepare');
    if (staged.from) await copyFromMedium({ staged, jobs, jobId, maxUploadBytes });
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
    await runtime.stop();

    jobs.step(jobId, 'update_project');
    release = newReleaseName();
    store.writePair({ release, fileName: staged.fileName, appPath: app.path, crc: app.crc });

    jobs.step(jobId, 'decompress_project');
    store.writeDocument({ release, project });

    jobs.step(jobId, 'start_project');
    try {
      await runtime.start(project);
    } catch (err) {
      if (err instanceof RuntimeStartError) throw new JobFailure('start_failed', err.message);
      throw err;
    }
    store.activate({
      project,
      stored: { release, fileName: staged.fileName, crc: app.crc, appSize: app.size, protected: decoded.protected, source: staged.source },
      alsoInTransaction: () => jobs.finish(jobId),
    });
    installed(project);
    store.removeLeftovers(release);
    return { project, rolledBack: false };
  } catch (err) {
    const failure = err instanceof JobFailure ? err : new JobFailure('internal_error', err instanceof Error ? err.message : String(err));
    let rolledBack = false;
    if (stopped) {
      // The previous project runs again; the new release is a leftover.
      try {
        if (runtime.state !== 'stopped') await runtime.stop();
        await runtime.start(previous);
        rolledBack = true;
      } catch {
        rolledBack = false;
      }
      if (release) store.removeRelease(release);
    }
    jobs.fail(jobId, new JobFailure(failure.code, failure.message, rolledBack));
    return null;
  } finally {
    store.discardStaging(staged.dir);
  }
}
