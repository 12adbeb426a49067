/** Project pairs for the tests, made by the same code as `npm run make:project`. */
import fs from 'node:fs';
import path from 'node:path';
import { makeProject, type MakeProjectOptions } from '../../server/tools/make-project';
import { packProject } from '../../server/lib/project-file';
import type { Project } from '../../contract/project-format';
import type { Part } from './multipart';

export interface Pair {
  name: string;
  app: Buffer;
  crc: string;
}

export function projectPair(options: MakeProjectOptions, edit?: (p: Project) => void): Pair {
  const project = makeProject(options);
  edit?.(project);
  const { app, crc } = packProject(project, options.password);
  return { name: options.name, app, crc };
}

/** The parts of an upload of `pair` (and its password). */
export function uploadParts(pair: Pair, password?: string): Part[] {
  return [
    { name: 'app', filename: `${pair.name}.app`, content: pair.app },
    { name: 'crc', filename: `${pair.name}.crc`, content: `${pair.crc}\n` },
    ...(password === undefined ? [] : [{ name: 'password', content: password }]),
  ];
}

/** Puts `pair` on a simulated medium of the device at `dataDir`. */
export function putOnMedium(dataDir: string, medium: 'usb' | 'sd', pair: Pair, withCrc = true): void {
  const dir = path.join(dataDir, 'media', medium);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${pair.name}.app`), pair.app);
  if (withCrc) fs.writeFileSync(path.join(dir, `${pair.name}.crc`), `${pair.crc}\n`);
}
