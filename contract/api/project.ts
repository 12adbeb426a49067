import { z } from 'zod';
import { defineCall, type UploadDef } from './define';
import { PROJECT_ROUTES } from './project.routes';
import { secret } from './secret';
import { jobStartedSchema } from './jobs';
import { MEDIA } from '../media';

export const logoName = defineCall({
  ...PROJECT_ROUTES.logoName,
  tag: 'project',
  summary: 'The product model name shown in the logo area',
  access: { kind: 'authenticated' },
  // The frame around the expiry dialog shows it: the model is no operation.
  whilePasswordExpired: 'allowed',
  response: z.object({ name: z.string() }),
});

/** A project's file name without its ending, as on a USB stick: no path, no leading dot. */
export const projectFileName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9 ._()-]+$/)
  .refine((n) => !n.startsWith('.'), 'must not start with a dot');

/** The password of a protected project (specification §8 'error password'). */
export const projectPassword = secret(z.string().max(64));

export const PROJECT_STATES = ['running', 'starting', 'stopping', 'stopped'] as const;
export const PROJECT_SOURCES = ['sample', 'upload', ...MEDIA] as const;

export const projectInfoSchema = z
  .object({
    name: z.string(),
    model: z.string(),
    design_software_version: z.string(),
    /** The `.app` / `.crc` pair's name, without ending. */
    file_name: z.string(),
    app_size: z.number().int().min(0),
    crc: z.string().regex(/^[0-9a-f]{8}$/),
    uploaded_at: z.iso.datetime(),
    source: z.enum(PROJECT_SOURCES),
    protected: z.boolean(),
    tags: z.number().int().min(0),
    state: z.enum(PROJECT_STATES),
    /** A project update that runs now (a console that opens mid-update follows it). */
    running_job: z.string().nullable(),
    /** The largest `.app` the device takes. */
    max_upload_bytes: z.number().int().min(1),
  })
  .meta({ id: 'ProjectInfo' });

export const info = defineCall({
  ...PROJECT_ROUTES.info,
  tag: 'project',
  summary: 'The project the device runs: name, model, design software version, files, state',
  access: { kind: 'menu', menu: 'project_management' },
  response: projectInfoSchema,
});

export const restart = defineCall({
  ...PROJECT_ROUTES.restart,
  tag: 'project',
  summary: 'Stops and starts the running project; 409 busy while an update is received or runs',
  access: { kind: 'menu', menu: 'project_management' },
  response: projectInfoSchema,
  audit: { action: 'restart_project', target: 'project' },
});

/** The parts of a project upload. */
export const projectUpload = {
  files: {
    app: { summary: 'The project (.app: gzip of the project document)', accept: ['.app'], required: true },
    crc: { summary: 'Its CRC-32 (.crc: eight hex digits)', accept: ['.crc'], required: true },
  },
  fields: z.object({ password: projectPassword.optional() }),
} satisfies UploadDef;

export const update = defineCall({
  ...PROJECT_ROUTES.update,
  tag: 'project',
  summary:
    'Uploads a project (.app and .crc, multipart) and starts the update job: prepare, stop project, update project, decompress project, start project. ' +
    'The files are checked by content; a refused project changes nothing. 413 past the size limit, 409 busy while another update is received or runs (one at a time, from the first byte), 507 insufficient_storage when the disk has no room for it',
  access: { kind: 'menu', menu: 'project_management' },
  upload: projectUpload,
  successStatus: 202,
  response: jobStartedSchema,
  audit: { action: 'update_project', target: 'project' },
});

export const backup = defineCall({
  ...PROJECT_ROUTES.backup,
  tag: 'project',
  summary: 'The running project as a .cxob backup (a tar.gz of its .app, .crc and a manifest)',
  access: { kind: 'menu', menu: 'project_management' },
  download: { contentType: 'application/octet-stream' },
  response: z.custom<Blob>(() => true),
  audit: { action: 'backup_project', target: 'project' },
});

export const mediaProjectSchema = z.object({
  name: z.string(),
  app_size: z.number().int().min(0),
  /** Whether the matching .crc is beside it. */
  crc_present: z.boolean(),
  modified_at: z.iso.datetime(),
});

export const mediaSchema = z
  .object({
    media: z.array(
      z.object({
        medium: z.enum(MEDIA),
        /** Whether a stick or card is in (its folder exists). */
        present: z.boolean(),
        projects: z.array(mediaProjectSchema),
      }),
    ),
  })
  .meta({ id: 'ProjectMedia' });

export const media = defineCall({
  ...PROJECT_ROUTES.media,
  tag: 'project',
  summary: 'The project pairs (.app with or without its .crc) found on the USB stick and the SD card',
  access: { kind: 'menu', menu: 'project_management' },
  response: mediaSchema,
});

export const updateFromMedia = defineCall({
  ...PROJECT_ROUTES.updateFromMedia,
  tag: 'project',
  summary: 'Starts the update job from a project pair on the USB stick or SD card, with the same steps as an upload; 409 busy while another update is received or runs',
  access: { kind: 'menu', menu: 'project_management' },
  body: z.object({ medium: z.enum(MEDIA), name: projectFileName, password: projectPassword.optional() }),
  successStatus: 202,
  response: jobStartedSchema,
  audit: { action: 'update_project_from_media', target: 'project' },
});
