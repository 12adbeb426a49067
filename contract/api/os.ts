import { z } from 'zod';
import { defineCall, type UploadDef } from './define';
import { OS_ROUTES } from './os.routes';
import { jobIdField } from './jobs';

export const osInfoSchema = z
  .object({
    /** The installed OS's version (the same as GET /system/info's `os_version`). */
    os_version: z.string(),
    /** The model an image must be made for. */
    model: z.string(),
    /** The largest image the device takes. */
    max_image_bytes: z.number().int().min(1),
    /** How long the device is away while it reboots into a new OS. */
    reboot_seconds: z.number().int().min(0),
    /** An OS update that runs now and the version it installs (a console that opens mid-update follows it). */
    running_job: z.object({ id: jobIdField, version: z.string() }).nullable(),
  })
  .meta({ id: 'OsInfo' });

export const info = defineCall({
  ...OS_ROUTES.info,
  tag: 'os',
  summary: 'The installed OS version, the model images must be made for, the image size limit and the reboot time',
  access: { kind: 'menu', menu: 'os_update' },
  response: osInfoSchema,
});

/** The part of an OS update upload. */
export const osImageUpload = {
  files: {
    image: { summary: 'The OS image (.bin: a header signed with Ed25519, then the payload)', accept: ['.bin'], required: true },
  },
} satisfies UploadDef;

export const osUpdateStartedSchema = z
  .object({
    job_id: jobIdField,
    /** The version the image installs: what the console checks for after the reboot. */
    version: z.string(),
  })
  .meta({ id: 'OsUpdateStarted' });

export const update = defineCall({
  ...OS_ROUTES.update,
  tag: 'os',
  summary:
    'Uploads an OS image (multipart `image`) and starts the update job: prepare, upload image, update OS, then the device reboots. ' +
    'The image is checked while it streams in and refused before anything changes: 413 past the size limit (image_too_large), ' +
    '400 invalid_image for a bad signature, another model, a truncated image or a SHA-256 mismatch; 409 busy while another update is received or runs (one at a time, from the first byte); 507 insufficient_storage when the disk has no room for it',
  access: { kind: 'menu', menu: 'os_update' },
  upload: osImageUpload,
  successStatus: 202,
  response: osUpdateStartedSchema,
  audit: { action: 'update_os', target: 'os' },
});
