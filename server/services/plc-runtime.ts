/**
 * The PLC runtime of the simulated panel (docs/decisions.md#the-simulated-panel: the vendor's
 * runtime is not here; its settings, validation, states and errors are, persisted in the
 * `plc_runtime` setting).
 *
 * - **Activation** by a licence serial number or by an activation code issued for this panel's
 *   serial number (server/lib/plc-licence.ts), first checked by the shared rule
 *   (contract/rules/plc-runtime.ts); a reset releases the licence. The runtime runs while
 *   activated and is stopped without a licence.
 * - **LAN1**: controlled by the PLC runtime OS (its address set here, by the network rules) or by
 *   the gateway OS (LAN1 then takes the panel's Ethernet settings; the address here is kept).
 * - **Firmware update**: a firmware is verified while it streams in (server/lib/plc-firmware.ts)
 *   and refused before anything changes. An accepted one becomes a job: *update firmware* reads it
 *   through once more (as a panel verifies what it flashes), lets the installer check the OS it
 *   needs, and commits the new version in one transaction with the step *restart HMI*; then the
 *   HMI restarts (PowerService) and the job ends when the panel is back. A kill -9 before the
 *   commit leaves the old version (the job ends as interrupted at the next start), after it the
 *   new one.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import type { Db } from '../db/database';
import type { z } from 'zod';
import { DEVICE_MODEL } from '../hardware/system-info';
import { SignedImageVerifier } from '../lib/signed-image';
import { ApiError } from '../lib/api-error';
import { stopwatch } from '../lib/clock';
import { InvalidFirmwareError, PLC_FIRMWARE, type PlcFirmwareVerifier, osAtLeast, type PlcFirmwareHeader } from '../lib/plc-firmware';
import { isActivationCodeFor, isIssuedSerialNumber } from '../lib/plc-licence';
import {
  activationProblem,
  normalizeLicenceText,
  normalizePlcLan1,
  plcLan1Problems,
  type ActivationMethod,
  type PlcLan1Field,
  type PlcLan1Settings,
} from '../../contract/rules/plc-runtime';
import type { plcRuntimeStatusSchema } from '../../contract/api/plc-runtime';
import { JobFailure, type JobsService } from './jobs';
import { installFailure, readThrough, StagingArea, type StagedFile } from './signed-install';
import type { OperationLog } from './operation-log';
import type { PowerService } from './power';
import type { DeviceSettings, SettingsService } from './settings';

export type PlcRuntimeStatus = z.output<typeof plcRuntimeStatusSchema>;
type Stored = DeviceSettings['plc_runtime'];

export interface PlcRuntimeOptions {
  /** The largest firmware the device takes (413 firmware_too_large past it). */
  maxFirmwareBytes: number;
  /** How long the panel is away while the HMI restarts after an update. */
  restartMs: number;
  /** The shortest time *update firmware* takes (tests make it 0). */
  writeMs: number;
}

export const DEFAULT_PLC_RUNTIME_OPTIONS: PlcRuntimeOptions = {
  maxFirmwareBytes: 64 * 1024 * 1024,
  restartMs: 20_000,
  writeMs: 3_000,
};

/** A firmware received in full and verified, waiting for its job. */
export type StagedFirmware = StagedFile<PlcFirmwareHeader>;

/** The update whose HMI restart runs: its job ends when the panel is back. */
interface Restarting {
  jobId: string;
  account: string;
  from: string;
  to: string;
  bytes: number;
}

const LAN1_FIELDS: readonly PlcLan1Field[] = ['ip', 'netmask', 'gateway'];

export class PlcRuntimeService {
  private readonly staging: StagingArea;
  private restarting: Restarting | null = null;

  private readonly db: Db;
  private readonly settings: SettingsService;
  private readonly oplog: OperationLog;
  private readonly jobs: JobsService;
  private readonly power: PowerService;
  /** The panel's time (the device clock with its offset): when a licence was activated. */
  private readonly now: () => number;
  readonly options: PlcRuntimeOptions;
  private readonly trusted: readonly KeyObject[];

  constructor(deps: {
    db: Db;
    settings: SettingsService;
    oplog: OperationLog;
    jobs: JobsService;
    power: PowerService;
    /** The panel's time (the device clock with its offset): when a licence was activated. */
    now: () => number;
    dataDir: string;
    options: PlcRuntimeOptions;
    trusted: readonly KeyObject[];
  }) {
    this.db = deps.db;
    this.settings = deps.settings;
    this.oplog = deps.oplog;
    this.jobs = deps.jobs;
    this.power = deps.power;
    this.now = deps.now;
    this.options = deps.options;
    this.trusted = deps.trusted;
    this.staging = new StagingArea(path.join(deps.dataDir, 'plc-runtime', 'incoming'), 'f-');
    this.power.onUp((awayMs) => this.restarted(awayMs));
  }

  private get stored(): Stored {
    return this.settings.get('plc_runtime');
  }

  private store(value: Stored): void {
    this.settings.set('plc_runtime', value);
  }

  get version(): string {
    return this.stored.version;
  }

  private runningJob() {
    return this.jobs.running(['plc_runtime_update']);
  }

  status(): PlcRuntimeStatus {
    const stored = this.stored;
    const running = this.runningJob();
    const detail = running ? (this.jobs.detailOf(running.id) as { version?: unknown } | null) : null;
    return {
      activation: stored.activation
        ? { state: 'activated', method: stored.activation.method, activated_at: stored.activation.activated_at, licence_hint: stored.activation.licence.slice(-4) }
        : { state: 'not_activated', method: null, activated_at: null, licence_hint: null },
      runtime: { state: running ? 'updating' : stored.activation ? 'running' : 'stopped', version: stored.version },
      device_serial_number: this.settings.get('device_identity').serial_number,
      lan1: { ...stored.lan1 },
      max_firmware_bytes: this.options.maxFirmwareBytes,
      restart_seconds: Math.round(this.options.restartMs / 1000),
      running_job: running ? { id: running.id, version: typeof detail?.version === 'string' ? detail.version : '' } : null,
    };
  }

  /** Changes wait while the firmware is being replaced. */
  private assertNotUpdating(): void {
    if (this.runningJob()) throw new ApiError(409, 'plc_runtime_busy', 'The PLC runtime firmware is being updated: wait for the update to finish');
  }

  /** Activates with a serial number or an activation code; answers what the operation log
   * records (never the licence, only its last characters). */
  activate(method: ActivationMethod, text: string): { before: unknown; after: unknown } {
    // What was typed is judged first (400), then whether the runtime can take it (409).
    const problem = activationProblem(method, text);
    if (problem) throw ApiError.rule('value', problem);
    this.assertNotUpdating();
    const stored = this.stored;
    if (stored.activation) throw new ApiError(409, 'plc_already_activated', 'The PLC runtime is already activated: reset its activation first');
    const licence = normalizeLicenceText(text);
    if (method === 'serial_number' && !isIssuedSerialNumber(licence)) {
      throw new ApiError(400, 'invalid_serial_number', 'This serial number is not a licence of the PLC runtime');
    }
    const deviceSerial = this.settings.get('device_identity').serial_number;
    if (method === 'code' && !isActivationCodeFor(licence, deviceSerial)) {
      throw new ApiError(400, 'invalid_activation_code', `This activation code was not issued for this panel (serial number ${deviceSerial})`);
    }
    const activatedAt = new Date(this.now()).toISOString();
    this.store({ ...stored, activation: { method, activated_at: activatedAt, licence } });
    return { before: { state: 'not_activated' }, after: { state: 'activated', method, activated_at: activatedAt, licence_hint: licence.slice(-4) } };
  }

  /** Releases the licence: the runtime stops; LAN1 and the firmware stay. */
  reset(): { before: unknown; after: unknown } {
    this.assertNotUpdating();
    const stored = this.stored;
    if (!stored.activation) throw new ApiError(409, 'plc_not_activated', 'The PLC runtime is not activated: there is no activation to reset');
    this.store({ ...stored, activation: null });
    return {
      before: { state: 'activated', method: stored.activation.method, activated_at: stored.activation.activated_at, licence_hint: stored.activation.licence.slice(-4) },
      after: { state: 'not_activated' },
    };
  }

  /** Sets LAN1's owner and, while the PLC runtime OS controls it, its address (the network rules
   * judge it); answers the stored values before and after. */
  setLan1(request: PlcLan1Settings): { before: PlcLan1Settings; after: PlcLan1Settings } {
    const value = normalizePlcLan1(request);
    const problems = plcLan1Problems(value);
    const field = LAN1_FIELDS.find((f) => problems[f]);
    if (field) throw ApiError.rule(field, problems[field]!);
    this.assertNotUpdating();
    const stored = this.stored;
    // While the gateway OS controls LAN1 the address is not the runtime's: the one set before stays
    // for when the runtime takes LAN1 back.
    const after = value.owner === 'plc_runtime_os' ? value : { ...stored.lan1, owner: value.owner };
    this.store({ ...stored, lan1: after });
    return { before: stored.lan1, after };
  }

  /** A verifier for one upload: refuses as early as the bytes allow. */
  verifier(): PlcFirmwareVerifier {
    return new SignedImageVerifier(PLC_FIRMWARE, this.trusted, DEVICE_MODEL);
  }

  newStagingDir(): string {
    return this.staging.create();
  }

  discardStaging(dir: string): void {
    this.staging.discard(dir);
  }

  /** Runs *update firmware* and *restart HMI* of job `jobId` on a verified firmware. Never throws:
   * the job says how it ended. */
  async install(jobId: string, staged: StagedFirmware, account: string): Promise<void> {
    const from = this.version;
    const elapsed = stopwatch();
    let total = 0;
    try {
      this.jobs.step(jobId, 'update_firmware');
      total = fs.statSync(staged.path).size;
      const header = await readThrough(this.verifier(), {
        staged,
        total,
        progress: (done) => this.jobs.progress(jobId, done, total),
        changed: () => new JobFailure('firmware_update_failed', 'The firmware changed on disk between its upload and its installation'),
      });
      // The installer's own check: the OS the runtime needs.
      const os = this.settings.get('os_version');
      if (header.requires_os && !osAtLeast(os, header.requires_os)) {
        throw new JobFailure('firmware_update_failed', `The firmware needs OS version ${header.requires_os} or newer; the panel runs ${os}`);
      }
      const rest = this.options.writeMs - elapsed();
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
      // The switch: the new version and the step to the restart in one transaction.
      this.db.transaction(() => {
        this.store({ ...this.stored, version: header.version });
        this.jobs.step(jobId, 'restart_hmi');
      })();
      this.discardStaging(staged.dir);
      this.restarting = { jobId, account, from, to: header.version, bytes: total };
      this.power.reboot(this.options.restartMs);
    } catch (err) {
      this.discardStaging(staged.dir);
      const failure = installFailure(err, { is: (e) => e instanceof InvalidFirmwareError, code: 'invalid_firmware' }, 'firmware_update_failed');
      this.jobs.fail(jobId, failure);
      this.oplog.record({
        account: null,
        source: 'device',
        action: 'plc_runtime_update_finished',
        target: 'plc_runtime.firmware',
        before: { version: from },
        after: { job: jobId, requested_by: account, version: from, firmware_bytes: total, error_detail: failure.message },
        values: null,
        result: failure.code,
      });
    }
  }

  /** The panel is back: the update whose restart it was has ended. */
  private restarted(awayMs: number): void {
    const r = this.restarting;
    if (!r) return;
    this.restarting = null;
    this.db.transaction(() => {
      this.jobs.finish(r.jobId);
      this.oplog.record({
        account: null,
        source: 'device',
        action: 'plc_runtime_update_finished',
        target: 'plc_runtime.firmware',
        before: { version: r.from },
        after: { job: r.jobId, requested_by: r.account, version: r.to, firmware_bytes: r.bytes, away_ms: awayMs },
        values: null,
        result: 'success',
      });
    })();
  }
}
