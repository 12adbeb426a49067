/**
 * What one FTP session sees: a virtual tree of three folders and nothing else.
 *
 *   /history/  read-only: the CSV files of ./history.ts, made when downloaded
 *   /usb/      the USB stick's folder (data/media/usb)
 *   /sd/       the SD card's folder (data/media/sd)
 *
 * Every path a client names (relative, absolute, with `..`, with backslashes) is resolved inside
 * this tree first, so `/etc/passwd` is `/etc/passwd` of the tree: it does not exist. A path on a
 * medium is then resolved to its real path (symbolic links followed by the system) and must still
 * be inside the medium's real folder: a link that leads out is neither listed nor opened. Files are
 * opened with O_NOFOLLOW on the real path, so a link swapped in meanwhile is not followed either.
 *
 * Writing (upload, delete, rename, make or remove a folder) happens only on a medium, only for a
 * session that may write there (Update, with "FTP clients may modify USB/SD data" on); every other
 * write answers 550.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { FileSystem, type FtpConnection } from 'ftp-srv';
import { MEDIA, type Medium } from '../../../contract/media';
import type { HistoryFiles } from './history';

const HISTORY = 'history';
const TOP = [HISTORY, ...MEDIA] as const;

/** A refusal: ftp-srv answers it with its message (550 for writes, listings and folder changes). */
export class FtpRefusal extends Error {}

const denied = () => new FtpRefusal('Permission denied');
const missing = () => new FtpRefusal('No such file or folder');

export interface FtpStat {
  name: string;
  size: number;
  mtime: Date;
  mode: number;
  isDirectory(): boolean;
}

function folderStat(name: string, mtime: Date, writable: boolean): FtpStat {
  return { name, size: 0, mtime, mode: writable ? 0o40755 : 0o40555, isDirectory: () => true };
}

function realStat(name: string, st: fs.Stats, writable: boolean): FtpStat {
  const mode = writable ? st.mode & 0o170755 : st.mode & 0o170555;
  return { name, size: st.isDirectory() ? 0 : st.size, mtime: st.mtime, mode, isDirectory: () => st.isDirectory() };
}

function inside(root: string, real: string): boolean {
  return real === root || real.startsWith(root + path.sep);
}

const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;

export interface ConfinedFsOptions {
  /** The folder of each medium. */
  mediumDir: (medium: Medium) => string;
  history: HistoryFiles;
  /** Whether this session may change the media (read when each write is asked). */
  mayWriteMedia: () => boolean;
  now: () => number;
}

type Place =
  | { kind: 'root' }
  | { kind: 'history' }
  | { kind: 'history_file'; name: string }
  | { kind: 'medium'; medium: Medium; rest: string[] };

export class ConfinedFileSystem extends FileSystem {
  private dir = '/';

  constructor(connection: FtpConnection, private readonly opts: ConfinedFsOptions) {
    super(connection, { root: opts.mediumDir(MEDIA[0]), cwd: '/' });
  }

  override currentDirectory(): string {
    return this.dir;
  }

  /** The tree's own path of `p`: absolute, normalised, never above `/`. */
  virtualPath(p: string | null | undefined): string {
    const given = (p ?? '.').replace(/\\/g, '/');
    if (given.includes('\0')) throw missing();
    return path.posix.resolve(this.dir, given);
  }

  private place(p: string | null | undefined): Place {
    const parts = this.virtualPath(p).split('/').filter(Boolean);
    if (parts.length === 0) return { kind: 'root' };
    const [top, ...rest] = parts;
    if (top === HISTORY) {
      if (rest.length === 0) return { kind: 'history' };
      if (rest.length === 1) return { kind: 'history_file', name: rest[0]! };
      throw missing();
    }
    if ((MEDIA as readonly string[]).includes(top!)) return { kind: 'medium', medium: top as Medium, rest };
    throw missing();
  }

  private async mediumRoot(medium: Medium): Promise<string> {
    try {
      return await fs.promises.realpath(this.opts.mediumDir(medium));
    } catch {
      throw new FtpRefusal(`No ${medium === 'usb' ? 'USB stick' : 'SD card'} is in the device`);
    }
  }

  /** The real path of an existing place on a medium, inside the medium's real folder. */
  private async existing(medium: Medium, rest: string[]): Promise<{ root: string; real: string }> {
    const root = await this.mediumRoot(medium);
    let real: string;
    try {
      real = await fs.promises.realpath(path.join(root, ...rest));
    } catch {
      throw missing();
    }
    if (!inside(root, real)) throw missing();
    return { root, real };
  }

  /** Where a new entry named by `rest` goes: its parent's real path (inside the medium) and its name. */
  private async target(medium: Medium, rest: string[]): Promise<string> {
    if (rest.length === 0) throw denied();
    const { real: parent } = await this.existing(medium, rest.slice(0, -1));
    const name = rest[rest.length - 1]!;
    return path.join(parent, name);
  }

  private writable(place: Place): place is Extract<Place, { kind: 'medium' }> {
    return place.kind === 'medium' && this.opts.mayWriteMedia();
  }

  /** For RNFR: whether the session may rename `p` (ftp-srv checks only that it exists). */
  mayChange(p: string | null | undefined): boolean {
    try {
      const place = this.place(p);
      return this.writable(place) && place.rest.length > 0;
    } catch {
      return false;
    }
  }

  override async get(fileName: string): Promise<FtpStat> {
    const place = this.place(fileName);
    const now = new Date(this.opts.now());
    const name = path.posix.basename(this.virtualPath(fileName)) || '/';
    switch (place.kind) {
      case 'root':
        return folderStat(name, now, false);
      case 'history':
        return folderStat(name, now, false);
      case 'history_file': {
        const file = this.opts.history.files().get(place.name);
        if (!file) throw missing();
        // Made when downloaded: its size is known only then.
        return { name, size: 0, mtime: new Date(file.modifiedMs), mode: 0o100444, isDirectory: () => false };
      }
      case 'medium': {
        const { real } = await this.existing(place.medium, place.rest);
        return realStat(name, await fs.promises.stat(real), this.opts.mayWriteMedia());
      }
    }
  }

  override async list(p = '.'): Promise<FtpStat[]> {
    const place = this.place(p);
    const now = new Date(this.opts.now());
    if (place.kind === 'root') {
      const writable = this.opts.mayWriteMedia();
      return TOP.map((name) => folderStat(name, now, name !== HISTORY && writable));
    }
    if (place.kind === 'history') {
      return [...this.opts.history.files().values()].map((f) => ({ name: f.name, size: 0, mtime: new Date(f.modifiedMs), mode: 0o100444, isDirectory: () => false }));
    }
    if (place.kind === 'history_file') throw new FtpRefusal('Not a folder');
    const { root, real } = await this.existing(place.medium, place.rest);
    const entries = await fs.promises.readdir(real, { withFileTypes: true }).catch(() => {
      throw new FtpRefusal('Not a folder');
    });
    const writable = this.opts.mayWriteMedia();
    const out: FtpStat[] = [];
    for (const e of entries) {
      const full = path.join(real, e.name);
      try {
        // A link is listed only when it leads to something inside the medium.
        const target = e.isSymbolicLink() ? await fs.promises.realpath(full) : full;
        if (!inside(root, target)) continue;
        const st = await fs.promises.stat(target);
        if (!st.isFile() && !st.isDirectory()) continue;
        out.push(realStat(e.name, st, writable));
      } catch {
        // A dangling link, or an entry gone meanwhile.
      }
    }
    return out;
  }

  override async chdir(p = '.'): Promise<string> {
    const place = this.place(p);
    if (place.kind === 'history_file') throw new FtpRefusal('Not a folder');
    if (place.kind === 'medium') {
      const { real } = await this.existing(place.medium, place.rest);
      if (!(await fs.promises.stat(real)).isDirectory()) throw new FtpRefusal('Not a folder');
    }
    this.dir = this.virtualPath(p);
    return this.dir;
  }

  override async read(fileName: string, { start }: { start?: number } = {}): Promise<{ stream: Readable; clientPath: string }> {
    const place = this.place(fileName);
    const clientPath = this.virtualPath(fileName);
    if (place.kind === 'history_file') {
      const file = this.opts.history.files().get(place.name);
      if (!file) throw missing();
      if (start) throw new FtpRefusal('A history file is made when downloaded: it cannot be resumed');
      return { stream: file.open(), clientPath };
    }
    if (place.kind !== 'medium') throw new FtpRefusal('Not a file');
    const { real } = await this.existing(place.medium, place.rest);
    const handle = await fs.promises.open(real, fs.constants.O_RDONLY | NOFOLLOW).catch(() => {
      throw missing();
    });
    const st = await handle.stat();
    if (!st.isFile()) {
      await handle.close();
      throw new FtpRefusal('Not a file');
    }
    return { stream: handle.createReadStream({ start: start ?? 0, highWaterMark: 1 << 15 }), clientPath };
  }

  override async write(fileName: string, { append = false, start }: { append?: boolean; start?: number } = {}): Promise<{ stream: Writable; clientPath: string }> {
    const place = this.place(fileName);
    if (!this.writable(place)) throw denied();
    const real = await this.target(place.medium, place.rest);
    const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | NOFOLLOW | (append ? fs.constants.O_APPEND : start ? 0 : fs.constants.O_TRUNC);
    const handle = await fs.promises.open(real, flags, 0o644).catch(() => {
      throw denied();
    });
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw denied();
    }
    const stream = handle.createWriteStream(start ? { start } : {});
    return { stream, clientPath: this.virtualPath(fileName) };
  }

  override async delete(p: string): Promise<void> {
    const place = this.place(p);
    if (!this.writable(place) || place.rest.length === 0) throw denied();
    const real = await this.target(place.medium, place.rest);
    const st = await fs.promises.lstat(real).catch(() => {
      throw missing();
    });
    await (st.isDirectory() ? fs.promises.rmdir(real) : fs.promises.unlink(real)).catch((err: NodeJS.ErrnoException) => {
      throw new FtpRefusal(err.code === 'ENOTEMPTY' ? 'The folder is not empty' : 'Permission denied');
    });
  }

  override async mkdir(p: string): Promise<string> {
    const place = this.place(p);
    if (!this.writable(place)) throw denied();
    const real = await this.target(place.medium, place.rest);
    await fs.promises.mkdir(real).catch((err: NodeJS.ErrnoException) => {
      throw new FtpRefusal(err.code === 'EEXIST' ? 'It exists already' : 'Permission denied');
    });
    return this.virtualPath(p);
  }

  override async rename(from: string, to: string): Promise<void> {
    const a = this.place(from);
    const b = this.place(to);
    if (!this.writable(a) || !this.writable(b) || a.rest.length === 0) throw denied();
    const source = await this.target(a.medium, a.rest);
    const dest = await this.target(b.medium, b.rest);
    await fs.promises.rename(source, dest).catch(() => {
      throw denied();
    });
  }

  override chmod(): Promise<void> {
    return Promise.reject(denied());
  }
}
