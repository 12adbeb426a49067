/**
 * The OPC UA server's trace log: what the server did (starts, stops, sessions, refused clients,
 * writes, node-opcua's own warnings), at the level the administrator chose. The last lines are kept
 * in memory for the console's live tail (numbered, so a tail asks for what follows a number); every
 * line also goes to `trace.log`, which rolls over to `trace.log.1` past 1 MB.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TraceLevel } from '../../../contract/rules/opcua';

export type LineLevel = Exclude<TraceLevel, 'off'>;
export interface TraceLine {
  seq: number;
  time: string;
  level: LineLevel;
  message: string;
}

const RANK: Record<TraceLevel, number> = { off: 0, error: 1, warning: 2, info: 3, debug: 4 };
const KEEP_LINES = 2000;
const MAX_FILE_BYTES = 1024 * 1024;

export class TraceLog {
  private lines: TraceLine[] = [];
  private seq = 0;
  private level: TraceLevel = 'warning';
  private readonly file: string;

  constructor(
    dir: string,
    private readonly now: () => number,
  ) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.file = path.join(dir, 'trace.log');
  }

  setLevel(level: TraceLevel): void {
    this.level = level;
  }

  enabled(level: LineLevel): boolean {
    return RANK[level] <= RANK[this.level];
  }

  write(level: LineLevel, message: string): void {
    if (!this.enabled(level)) return;
    const line: TraceLine = { seq: ++this.seq, time: new Date(this.now()).toISOString(), level, message: message.slice(0, 2000) };
    this.lines.push(line);
    if (this.lines.length > KEEP_LINES) this.lines.splice(0, this.lines.length - KEEP_LINES);
    try {
      if (fs.existsSync(this.file) && fs.statSync(this.file).size > MAX_FILE_BYTES) fs.renameSync(this.file, `${this.file}.1`);
      fs.appendFileSync(this.file, `${line.time} ${line.level.toUpperCase().padEnd(7)} ${line.message}\n`, { mode: 0o600 });
    } catch {
      // A full disk does not stop the server; the tail still has the line.
    }
  }

  after(seq: number, limit: number): { lines: TraceLine[]; last_seq: number } {
    const lines = this.lines.filter((l) => l.seq > seq).slice(0, limit);
    return { lines, last_seq: this.seq };
  }

  /** The whole log on disk, the older file first, under a line saying what it is. */
  fileText(): string {
    const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : '');
    const head = `# OPC UA server trace log, level ${this.level}, read ${new Date(this.now()).toISOString()}\n`;
    return head + read(`${this.file}.1`) + read(this.file);
  }
}
