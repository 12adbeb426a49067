import fs from 'node:fs';
import * as project from '../../contract/api/project';
import { registerCall } from '../http/register-call';
import { defineServerArea } from '../http/area';
import { receiveUpload } from '../http/upload';
import { DEVICE_MODEL } from '../hardware/system-info';
import { ApiError } from '../lib/api-error';
import { looksLikeApp, parseCrcText } from '../lib/project-file';
import type { Device } from '../device';
import type { StagedProject } from '../services/project';

/** Starts the update job on a staged pair; its steps run after the answer. */
function startUpdate(device: Device, staged: StagedProject, account: string, detail: Record<string, unknown>): { job_id: string } {
  const job = device.jobs.create('project_update', account, detail);
  void device.project.runUpdate({ jobId: job.id, staged, jobs: device.jobs }).then((outcome) => {
    const ended = device.jobs.get(job.id);
    device.oplog.record({
      account: null,
      source: 'device',
      action: 'project_update_finished',
      target: 'project',
      after: {
        job: job.id,
        requested_by: account,
        ...detail,
        ...(outcome ? { name: outcome.project.name, design_software_version: outcome.project.design_software_version } : {}),
        rolled_back: ended?.rolled_back ?? false,
        error_detail: ended?.error_detail ?? null,
      },
      values: null,
      result: ended?.state === 'done' ? 'success' : (ended?.error_code ?? 'fail'),
    });
  });
  return { job_id: job.id };
}

export const projectArea = defineServerArea({
  name: 'project',
  register(app, device) {
    registerCall(app, device, project.logoName, () => ({ name: DEVICE_MODEL }));

    registerCall(app, device, project.info, () => device.project.info(device.jobs.running(['project_update'])?.id ?? null));

    registerCall(app, device, project.restart, async () => {
      device.updates.assertFree();
      await device.project.restart();
      return device.project.info(null);
    });

    registerCall(app, device, project.update, async ({ req, caller, audit }) => {
      // One update at a time, from its first byte: the slot passes to the job once it exists.
      const release = device.updates.take('project_update');
      const dir = device.project.newStagingDir();
      const max = device.project.options.maxUploadBytes;
      try {
        const upload = await receiveUpload(req, project.projectUpload, {
          app: { maxBytes: max, headBytes: 2, accepts: looksLikeApp },
          crc: { maxBytes: 64, headBytes: 1, accepts: (head) => /^\s*[0-9a-fA-F]/.test(head.toString('latin1')) },
        }, dir, device.staging);
        const app = upload.files.app!;
        const crcText = fs.readFileSync(upload.files.crc!.path, 'utf8');
        const fileName = app.fileName.replace(/\.app$/i, '').replace(/[^A-Za-z0-9 ._()-]/g, '_').replace(/^\.+/, '').slice(0, 64) || 'project';
        const detail = { file: app.fileName, crc_file: upload.files.crc!.fileName, app_size: app.size, crc: app.crc, source: 'upload' };
        audit({ after: detail });
        if (parseCrcText(crcText) !== app.crc) {
          throw new ApiError(400, 'crc_mismatch', 'The .crc file does not match the .app file: Upload project failed. Please restart Project.');
        }
        const password = upload.fields.password as string | undefined;
        return startUpdate(device, { dir, fileName, source: 'upload', password, app: { path: app.path, size: app.size, crc: app.crc }, crcText }, caller.username, detail);
      } catch (err) {
        device.project.discardStaging(dir);
        throw err;
      } finally {
        release();
      }
    });

    registerCall(app, device, project.backup, ({ reply }) => {
      const identity = device.settings.get('device_identity');
      const { fileName, stream } = device.project.backupArchive({ serial: identity.serial_number, osVersion: device.settings.get('os_version') });
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return stream;
    });

    registerCall(app, device, project.media, () => device.project.media.list());

    registerCall(app, device, project.updateFromMedia, ({ body, caller, audit }) => {
      device.updates.assertFree();
      const from = device.project.media.pair({ medium: body.medium, name: body.name });
      const detail = { medium: body.medium, name: body.name, source: body.medium };
      audit({ after: detail });
      const dir = device.project.newStagingDir();
      return startUpdate(device, { dir, fileName: body.name, source: body.medium, password: body.password, from }, caller.username, detail);
    });
  },
});
