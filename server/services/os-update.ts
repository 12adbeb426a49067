/**
 * OS updates of the simulated panel. An image is verified while it streams in (signature by a
 * trusted key, model, length, SHA-256: server/lib/os-image.ts) and refused before anything
 * changes. An accepted image becomes a job: prepare and upload image are done by then, *update OS*
 * "writes" the image (reads it through once more, counting bytes and checking the hash, as a panel
 * verifies what it flashed) and commits the new version in one transaction with the job's end;
 * then the device reboots (PowerService) and comes back after `rebootMs` with the new version in
 * GET /system/info. A kill -9 before that commit leaves the old version (the job ends as
 * interrupted at the next start), after it the new one: never neither.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import type { Db } from '../db/database';
import { DEVICE_MODEL } from '../hardware/system-info';
import { SignedImageVerifier } from '../lib/signed-image';
import { InvalidImageError, OS_IMAGE, type OsImageVerifier, trustedOsKeys, type OsImageHeader } from '../lib/os-image';
import { JobFailure, type JobsService } from './jobs';
import { installFailure, readThrough, StagingArea, type StagedFile } from './signed-install';
import { stopwatch } from '../lib/clock';
import type { OperationLog } from './operation-log';
import type { PowerService } from './power';
import type { SettingsService } from './settings';

export interface OsUpdateOptions {
  /** The largest image the device takes (413 image_too_large past it). */
  maxImageBytes: number;
  /** How long the device is away while it reboots. */
  rebootMs: number;
  /** The shortest time "update OS" takes (a real panel flashes for minutes; tests make it 0). */
  writeMs: number;
  /** PEM public keys trusted beside the development key (HMI_OS_TRUSTED_KEYS). */
  trustedKeyPaths: readonly string[];
}

export const DEFAULT_OS_UPDATE_OPTIONS: OsUpdateOptions = {
  maxImageBytes: 512 * 1024 * 1024,
  rebootMs: 20_000,
  writeMs: 2_000,
  trustedKeyPaths: [],
};

/** An image received in full and verified, waiting for its job. */
export type StagedImage = StagedFile<OsImageHeader>;

export class OsUpdateService {
  private readonly trusted: readonly KeyObject[];
  private readonly staging: StagingArea;

  private readonly db: Db;
  private readonly settings: SettingsService;
  private readonly oplog: OperationLog;
  private readonly power: PowerService;
  readonly options: OsUpdateOptions;

  constructor(deps: {
    db: Db;
    settings: SettingsService;
    oplog: OperationLog;
    power: PowerService;
    dataDir: string;
    options: OsUpdateOptions;
  }) {
    this.db = deps.db;
    this.settings = deps.settings;
    this.oplog = deps.oplog;
    this.power = deps.power;
    this.options = deps.options;
    this.trusted = trustedOsKeys(this.options.trustedKeyPaths);
    this.staging = new StagingArea(path.join(deps.dataDir, 'os', 'incoming'), 'i-');
  }

  get version(): string {
    return this.settings.get('os_version');
  }

  /** A verifier for one upload: refuses as early as the bytes allow. */
  verifier(): OsImageVerifier {
    return new SignedImageVerifier(OS_IMAGE, this.trusted, DEVICE_MODEL);
  }

  newStagingDir(): string {
    return this.staging.create();
  }

  discardStaging(dir: string): void {
    this.staging.discard(dir);
  }

  /** The operation log's line of the update's end. */
  private recordEnd(result: string, from: string, after: Record<string, unknown>): void {
    this.oplog.record({ account: null, source: 'device', action: 'os_update_finished', target: 'os', before: { os_version: from }, after, values: null, result });
  }

  /** Runs *update OS* of job `jobId` on a verified image, then reboots. Never throws: the job says how it ended. */
  async install(jobId: string, staged: StagedImage, jobs: JobsService, account: string): Promise<void> {
    const from = this.version;
    const elapsed = stopwatch();
    const writeMs = this.options.writeMs;
    try {
      jobs.step(jobId, 'update_os');
      const total = fs.statSync(staged.path).size;
      const header = await readThrough(this.verifier(), {
        staged,
        total,
        progress: (done) => jobs.progress(jobId, done, total),
        // The write takes the time a panel's flash takes: three quarters spread over the bytes
        // (the progress moves as the image is written), the last quarter to finish it (below).
        delayMs: (done) => (0.75 * writeMs * done) / Math.max(total, 1) - elapsed(),
        changed: () => new JobFailure('update_failed', 'The image changed on disk between its upload and its installation'),
      });
      const rest = this.options.writeMs - elapsed();
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
      // The switch: the new version and the job's end in one transaction.
      this.db.transaction(() => {
        this.settings.set('os_version', header.version);
        jobs.finish(jobId);
        this.recordEnd('success', from, { job: jobId, requested_by: account, os_version: header.version, image_bytes: total });
      })();
      this.discardStaging(staged.dir);
      this.power.reboot(this.options.rebootMs);
    } catch (err) {
      this.discardStaging(staged.dir);
      const failure = installFailure(err, { is: (e) => e instanceof InvalidImageError, code: 'invalid_image' }, 'update_failed');
      jobs.fail(jobId, failure);
      this.recordEnd(failure.code, from, { job: jobId, requested_by: account, os_version: from, error_detail: failure.message });
    }
  }
}
