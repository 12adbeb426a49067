import * as os from '../../contract/api/os';
import { registerCall } from '../http/register-call';
import { defineServerArea, setting } from '../http/area';
import { z } from 'zod';
import { FACTORY_OS_VERSION } from '../hardware/system-info';
import { receiveUpload } from '../http/upload';
import { DEVICE_MODEL } from '../hardware/system-info';
import { ApiError } from '../lib/api-error';
import { InvalidImageError, OS_IMAGE_MAGIC, type OsImageVerifier } from '../lib/os-image';
import { DEFAULT_OS_UPDATE_OPTIONS, OsUpdateService, type OsUpdateOptions } from '../services/os-update';

function invalidImage(err: InvalidImageError): ApiError {
  return new ApiError(400, 'invalid_image', `Invalid image: ${err.message} (${err.reason})`);
}

export const osArea = defineServerArea({
  name: 'os',
  /** The installed OS's version: the factory's, then whatever an OS update committed. */
  settings: { os_version: setting(z.string(), () => FACTORY_OS_VERSION) },
  services: (device, options: { /** Image limit, reboot time and trusted keys of OS updates; tests shorten them. */ os?: Partial<OsUpdateOptions> }) => ({
    /** OS images: verification, installation, the installed version. */
    osUpdate: new OsUpdateService({
      db: device.db,
      settings: device.settings,
      oplog: device.oplog,
      power: device.power,
      dataDir: device.dataDir,
      options: { ...DEFAULT_OS_UPDATE_OPTIONS, ...options.os },
    }),
  }),
  largestUpload: ({ osUpdate }) => ({ bytes: osUpdate.options.maxImageBytes }),
  register(app, device) {
    registerCall(app, device, os.info, () => {
      const running = device.jobs.running(['os_update']);
      const detail = running ? (device.jobs.detailOf(running.id) as { version?: unknown } | null) : null;
      return {
        os_version: device.osUpdate.version,
        model: DEVICE_MODEL,
        max_image_bytes: device.osUpdate.options.maxImageBytes,
        reboot_seconds: Math.round(device.osUpdate.options.rebootMs / 1000),
        running_job: running ? { id: running.id, version: typeof detail?.version === 'string' ? detail.version : '' } : null,
      };
    });

    registerCall(app, device, os.update, async ({ req, caller, audit }) => {
      // One update at a time, from its first byte: the slot passes to the job once it exists.
      const release = device.updates.take('os_update');
      const dir = device.osUpdate.newStagingDir();
      const verifier: OsImageVerifier = device.osUpdate.verifier();
      const max = device.osUpdate.options.maxImageBytes;
      try {
        let upload;
        try {
          upload = await receiveUpload(req, os.osImageUpload, {
            image: {
              maxBytes: max,
              headBytes: OS_IMAGE_MAGIC.length,
              accepts: (head) => head.subarray(0, OS_IMAGE_MAGIC.length).equals(OS_IMAGE_MAGIC),
              onChunk: (chunk) => {
                try {
                  verifier.push(chunk);
                } catch (err) {
                  throw err instanceof InvalidImageError ? invalidImage(err) : err;
                }
              },
            },
          }, dir, device.staging);
        } catch (err) {
          if (err instanceof InvalidImageError) throw invalidImage(err);
          if (err instanceof ApiError && err.statusCode === 413) throw new ApiError(413, 'image_too_large', `Image too large: the device takes images up to ${max} bytes`);
          if (err instanceof ApiError && err.statusCode === 415) throw new ApiError(400, 'invalid_image', 'Invalid image: the file is not an OS image');
          throw err;
        }
        const image = upload.files.image!;
        let header;
        try {
          header = verifier.finish();
        } catch (err) {
          if (err instanceof InvalidImageError) throw invalidImage(err);
          throw err;
        }
        const detail = { file: image.fileName, image_bytes: image.size, from_version: device.osUpdate.version, version: header.version };
        audit({ after: detail });
        const job = device.jobs.create('os_update', caller.username, detail);
        // Prepare and upload image are behind us: the image is in and verified.
        device.jobs.step(job.id, 'prepare');
        device.jobs.step(job.id, 'upload_image');
        void device.osUpdate.install(job.id, { dir, path: image.path, header }, device.jobs, caller.username);
        return { job_id: job.id, version: header.version };
      } catch (err) {
        device.osUpdate.discardStaging(dir);
        throw err;
      } finally {
        release();
      }
    });
  },
});
