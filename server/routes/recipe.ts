import { Readable } from 'node:stream';
import * as recipe from '../../contract/api/recipe';
import { registerCall } from '../http/register-call';
import { defineServerArea } from '../http/area';
import { receiveUpload } from '../http/upload';
import { RECIPE_BACKUP_MAX_BYTES, RecipeService } from '../services/recipes';
import type { Device } from '../device';

function deviceFacts(device: Device): { serial: string; osVersion: string } {
  return { serial: device.settings.get('device_identity').serial_number, osVersion: device.settings.get('os_version') };
}

export const recipeArea = defineServerArea({
  name: 'recipe',
  services: (device) => {
    const { project } = device;
    /** The running project's recipe books and their backups. */
    const recipes = new RecipeService({ db: device.db, time: device.time, dataDir: device.dataDir, active: () => project.active() });
    project.onActivate((id, p) => recipes.replace(id, p.recipes));
    return { recipes };
  },
  start(device) {
    device.recipes.ensureSeeded();
  },
  // Recipe backups are not updates: the staging room holds two beside the largest update.
  largestUpload: () => ({ bytes: RECIPE_BACKUP_MAX_BYTES, beside: 2 }),
  register(app, device) {
    registerCall(app, device, recipe.books, () => device.recipes.books());

    registerCall(app, device, recipe.records, ({ params, query }) => device.recipes.records(params.id, query.offset, query.limit));

    registerCall(app, device, recipe.clear, ({ params, audit }) => {
      audit({ after: { book_id: params.id } });
      const cleared = device.recipes.clear(params.id);
      audit({ after: { book_id: params.id, ...cleared } });
      return cleared;
    });

    registerCall(app, device, recipe.backup, async ({ reply, audit }) => {
      const archive = await device.recipes.backupArchive(deviceFacts(device));
      audit({ after: { file: archive.fileName, size: archive.data.length, books: archive.books, records: archive.records } });
      reply.header('content-disposition', `attachment; filename="${archive.fileName}"`);
      return Readable.from([archive.data]);
    });

    registerCall(app, device, recipe.backupToMedia, async ({ body, audit }) => {
      audit({ after: { medium: body.medium } });
      const written = await device.recipes.writeToMedium(body.medium, deviceFacts(device));
      audit({ after: written });
      return written;
    });

    registerCall(app, device, recipe.backups, () => device.recipes.listBackups());

    registerCall(app, device, recipe.restoreFromMedia, async ({ body, audit }) => {
      audit({ after: { medium: body.medium, file: body.file_name } });
      const restored = await device.recipes.restoreFrom(device.recipes.mediaBackup(body.medium, body.file_name));
      audit({ after: { medium: body.medium, file: body.file_name, books: restored.books } });
      return restored;
    });

    registerCall(app, device, recipe.restore, async ({ req, audit }) => {
      const dir = device.project.newStagingDir();
      try {
        const upload = await receiveUpload(
          req,
          recipe.recipeBackupUpload,
          { backup: { maxBytes: RECIPE_BACKUP_MAX_BYTES, headBytes: 2, accepts: (head) => head[0] === 0x1f && head[1] === 0x8b } },
          dir,
          device.staging,
        );
        const file = upload.files.backup!;
        audit({ after: { file: file.fileName, size: file.size } });
        const restored = await device.recipes.restoreFrom(file.path);
        audit({ after: { file: file.fileName, size: file.size, books: restored.books } });
        return restored;
      } finally {
        device.project.discardStaging(dir);
      }
    });
  },
});
