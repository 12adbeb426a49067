/**
 * The removable media a project update may come from (the USB stick, the SD card): their folders
 * and the project pairs on them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../lib/api-error';
import type { ResponseOf } from '../../../contract/api/define';
import type { media as mediaCall } from '../../../contract/api/project';
import { MEDIA, type Medium } from '../../../contract/media';

export interface ProjectMediaOptions {
  /** The device's data folder: each medium is a folder of `media/` under it. */
  dataDir: string;
}

export class ProjectMedia {
  private readonly mediaRoot: string;

  constructor({ dataDir }: ProjectMediaOptions) {
    this.mediaRoot = path.join(dataDir, 'media');
  }

  /** Makes each medium's folder (at start). */
  createFolders(): void {
    for (const medium of MEDIA) fs.mkdirSync(this.dir(medium), { recursive: true });
  }

  dir(medium: Medium): string {
    return path.join(this.mediaRoot, medium);
  }

  /** The project pairs on each medium: regular files named `<name>.app` (any case), with or
   * without the `.crc` beside them. */
  list(): ResponseOf<typeof mediaCall> {
    return {
      media: MEDIA.map((medium) => {
        const dir = this.dir(medium);
        let entries: fs.Dirent[];
        try {
          entries = fs.readdirSync(dir, { withFileTypes: true });
        } catch {
          return { medium, present: false, projects: [] };
        }
        const files = new Map(entries.filter((e) => e.isFile()).map((e) => [e.name.toLowerCase(), e.name]));
        const projects = entries
          .filter((e) => e.isFile() && /\.app$/i.test(e.name))
          .map((e) => ({ name: e.name.slice(0, -4), file: e.name }))
          .filter((p) => /^[A-Za-z0-9 ._()-]{1,64}$/.test(p.name) && !p.name.startsWith('.'))
          .map((p) => {
            const stat = fs.statSync(path.join(dir, p.file));
            return {
              name: p.name,
              app_size: stat.size,
              crc_present: files.has(`${p.name.toLowerCase()}.crc`),
              modified_at: stat.mtime.toISOString(),
            };
          })
          .sort((a, b) => a.name.localeCompare(b.name));
        return { medium, present: true, projects };
      }),
    };
  }

  /** The pair `name` on `medium`, checked to be regular files inside the medium's folder. */
  pair({ medium, name }: { medium: Medium; name: string }): { app: string; crc: string } {
    const dir = this.dir(medium);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      throw new ApiError(404, 'not_found', `No ${medium === 'usb' ? 'USB stick' : 'SD card'} is in the device`);
    }
    // Found among the folder's own entries (never a path built from the request), any case.
    const find = (ext: string) => entries.find((e) => e.isFile() && e.name.toLowerCase() === `${name.toLowerCase()}.${ext}`);
    const app = find('app');
    if (!app) throw new ApiError(404, 'not_found', `${name}.app is not on the ${medium === 'usb' ? 'USB stick' : 'SD card'}`);
    const crc = find('crc');
    if (!crc) throw new ApiError(400, 'crc_mismatch', `${name}.crc is missing beside ${name}.app`);
    return { app: path.join(dir, app.name), crc: path.join(dir, crc.name) };
  }
}
