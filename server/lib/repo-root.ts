import fs from 'node:fs';
import path from 'node:path';

/** The repository root: the nearest folder above `from` with a package.json (the same from the
 * sources under `server/` and from the compiled `build/server/`). The plain CommonJS files beside
 * the sources (`server/tools/*.cjs`) are loaded from there, not built. */
export function findRepoRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}
