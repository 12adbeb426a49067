import * as plcRuntime from '../../contract/api/plc-runtime';
import { registerCall } from '../http/register-call';
import { defineServerArea, setting } from '../http/area';
import { z } from 'zod';
import { secret } from '../../contract/api/secret';
import { ACTIVATION_METHODS, DEFAULT_PLC_LAN1 } from '../../contract/rules/plc-runtime';
import { FACTORY_PLC_RUNTIME_VERSION } from '../hardware/plc-runtime';
import { receiveUpload } from '../http/upload';
import { ApiError } from '../lib/api-error';
import { InvalidFirmwareError, PLC_FIRMWARE_MAGIC } from '../lib/plc-firmware';
import { trustedOsKeys } from '../lib/os-image';
import { DEFAULT_PLC_RUNTIME_OPTIONS, PlcRuntimeService, type PlcRuntimeOptions } from '../services/plc-runtime';
import type { OsUpdateService } from '../services/os-update';
import type { CoreDevice } from '../device';

function invalidFirmware(err: InvalidFirmwareError): ApiError {
  return new ApiError(400, 'invalid_firmware', `Invalid firmware: ${err.message} (${err.reason})`);
}

export const plcRuntimeArea = defineServerArea({
  name: 'plcRuntime',
  settings: {
    /** The PLC runtime: its licence (null while not activated), the installed firmware's version,
     * and LAN1 (who controls it, the address the PLC runtime OS sets). */
    plc_runtime: setting(
      z.object({
        activation: z.object({ method: z.enum(ACTIVATION_METHODS), activated_at: z.string(), licence: secret(z.string()) }).nullable(),
        version: z.string(),
        lan1: plcRuntime.plcLan1Schema,
      }),
      () => ({ activation: null, version: FACTORY_PLC_RUNTIME_VERSION, lan1: { ...DEFAULT_PLC_LAN1 } }),
    ),
  },
  services: (
    device: CoreDevice & { osUpdate: OsUpdateService },
    options: {
      /** Firmware limit and timings of PLC runtime updates (the HMI restart takes the OS reboot
       * time unless set); tests shorten them. */
      plcRuntime?: Partial<PlcRuntimeOptions>;
    },
  ) => ({
    /** The PLC runtime: activation, LAN1, firmware updates. The runtime's firmware comes from the
     * panel's vendor: the keys trusted for OS images sign it too. */
    plcRuntime: new PlcRuntimeService({
      db: device.db,
      settings: device.settings,
      oplog: device.oplog,
      jobs: device.jobs,
      power: device.power,
      now: () => device.time.nowMs(),
      dataDir: device.dataDir,
      options: { ...DEFAULT_PLC_RUNTIME_OPTIONS, restartMs: device.osUpdate.options.rebootMs, ...options.plcRuntime },
      trusted: trustedOsKeys(device.osUpdate.options.trustedKeyPaths),
    }),
  }),
  largestUpload: ({ plcRuntime }) => ({ bytes: plcRuntime.options.maxFirmwareBytes }),
  register(app, device) {
    registerCall(app, device, plcRuntime.status, () => device.plcRuntime.status());

    registerCall(app, device, plcRuntime.activate, ({ body, audit }) => {
      audit(device.plcRuntime.activate(body.method, body.value));
      return device.plcRuntime.status();
    });

    registerCall(app, device, plcRuntime.reset, ({ audit }) => {
      audit(device.plcRuntime.reset());
      return device.plcRuntime.status();
    });

    registerCall(app, device, plcRuntime.setLan1, ({ body, audit }) => {
      audit(device.plcRuntime.setLan1(body));
      return device.plcRuntime.status();
    });

    registerCall(app, device, plcRuntime.update, async ({ req, caller, audit }) => {
      // One update at a time, from its first byte: the slot passes to the job once it exists.
      const release = device.updates.take('plc_runtime_update');
      const service = device.plcRuntime;
      const dir = service.newStagingDir();
      const verifier = service.verifier();
      const max = service.options.maxFirmwareBytes;
      try {
        let upload;
        try {
          upload = await receiveUpload(
            req,
            plcRuntime.plcFirmwareUpload,
            {
              firmware: {
                maxBytes: max,
                // The verifier judges the magic itself (and tells an OS image apart).
                headBytes: PLC_FIRMWARE_MAGIC.length,
                accepts: () => true,
                onChunk: (chunk) => {
                  try {
                    verifier.push(chunk);
                  } catch (err) {
                    throw err instanceof InvalidFirmwareError ? invalidFirmware(err) : err;
                  }
                },
              },
            },
            dir,
            device.staging,
          );
        } catch (err) {
          if (err instanceof InvalidFirmwareError) throw invalidFirmware(err);
          if (err instanceof ApiError && err.statusCode === 413) {
            throw new ApiError(413, 'firmware_too_large', `Firmware too large: the device takes firmware files up to ${max} bytes`);
          }
          throw err;
        }
        const file = upload.files.firmware!;
        let header;
        try {
          header = verifier.finish();
        } catch (err) {
          if (err instanceof InvalidFirmwareError) throw invalidFirmware(err);
          throw err;
        }
        const detail = { file: file.fileName, firmware_bytes: file.size, from_version: service.version, version: header.version };
        audit({ after: detail });
        const job = device.jobs.create('plc_runtime_update', caller.username, detail);
        // Prepare and upload firmware are behind us: the firmware is in and verified.
        device.jobs.step(job.id, 'prepare');
        device.jobs.step(job.id, 'upload_firmware');
        void service.install(job.id, { dir, path: file.path, header }, caller.username);
        return { job_id: job.id, version: header.version };
      } catch (err) {
        service.discardStaging(dir);
        throw err;
      } finally {
        release();
      }
    });
  },
});
