import { plcRuntime } from '../../contract/api';
import { registerCall } from '../http/register-call';
import { defineServerArea } from '../http/area';
import { receiveUpload } from '../http/upload';
import { ApiError } from '../lib/api-error';
import { InvalidFirmwareError, PLC_FIRMWARE_MAGIC } from '../lib/plc-firmware';

function invalidFirmware(err: InvalidFirmwareError): ApiError {
  return new ApiError(400, 'invalid_firmware', `Invalid firmware: ${err.message} (${err.reason})`);
}

export const plcRuntimeArea = defineServerArea({
  name: 'plcRuntime',
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
