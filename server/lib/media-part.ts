/**
 * A file written to a medium (the USB stick, the SD card) goes there under a hidden temporary name,
 * `.<name>.part`, and takes its own name only once it is whole and flushed: the medium never lists
 * half a backup. A write the device did not finish (the power cut, kill -9 in the middle of the
 * copy) leaves its part behind, hidden, holding the medium's space. So each write to a medium first
 * removes the parts there that no write of this process is making.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The parts being written now, by any service of this process. */
const writing = new Set<string>();

/** The temporary name of `name` while it is written. */
export function partName(name: string): string {
  return `.${name}.part`;
}

const isPart = (entry: string) => entry.startsWith('.') && entry.endsWith('.part') && entry.length > '..part'.length;

/** Removes the parts in `dir` that no write in progress owns (left by a write that never finished);
 * answers the names it removed. */
export function removeLeftParts(dir: string): string[] {
  const removed: string[] = [];
  for (const entry of fs.readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (!isPart(entry) || writing.has(file)) continue;
    try {
      if (!fs.lstatSync(file).isFile()) continue;
      fs.rmSync(file, { force: true });
      removed.push(entry);
    } catch {
      // Gone already, or the medium went out: the write that follows says so.
    }
  }
  return removed;
}

/** `fileName`, or the first of `<stem>-2<ext>`, `<stem>-3<ext>`… that `dir` does not hold yet (two
 * backups in the same second each keep a name of their own). */
export function freeName(dir: string, fileName: string, ext: string): string {
  let name = fileName;
  for (let n = 2; fs.existsSync(path.join(dir, name)); n++) name = `${fileName.slice(0, -ext.length)}-${n}${ext}`;
  return name;
}

/**
 * Writes `name` into `dir` through its part: removes the parts left there, lets `write` fill the
 * part, flushes it to the medium, then renames it to `name`. On any failure the part goes and the
 * error is thrown on.
 */
export async function writeThroughPart(dir: string, name: string, write: (part: string) => Promise<void> | void): Promise<void> {
  removeLeftParts(dir);
  const part = path.join(dir, partName(name));
  writing.add(part);
  try {
    await write(part);
    const fd = fs.openSync(part, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(part, path.join(dir, name));
  } catch (err) {
    fs.rmSync(part, { force: true });
    throw err;
  } finally {
    writing.delete(part);
  }
}
