import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS, type Migration } from './migrations';
import { systemClock } from '../lib/clock';

export type Db = Database.Database;

/** The database's file and its WAL and shared-memory companions. */
export const DATABASE_FILES = ['device.sqlite', 'device.sqlite-wal', 'device.sqlite-shm'] as const;

/** Only the device's own user may read them: they hold password hashes and the token secret. */
function restrictDatabaseFiles(dataDir: string): void {
  for (const name of DATABASE_FILES) {
    const file = path.join(dataDir, name);
    if (fs.existsSync(file)) fs.chmodSync(file, 0o600);
  }
}

/** Opens the device database: mode 0600, WAL, synchronous=FULL (an answered write survives a
 * power cut), foreign keys on, then every migration not yet applied, each in its own transaction. */
export function openDatabase(dataDir: string, migrations: Migration[] = MIGRATIONS): Db {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, DATABASE_FILES[0]);
  // Made 0600 before SQLite opens it: SQLite gives the WAL and shared-memory files the same mode.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  restrictDatabaseFiles(dataDir);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  restrictDatabaseFiles(dataDir);
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}

/** `applied_at` is the host's time: migrations run before the device's settings (its time offset)
 * can be read, and the row is the schema's record, never shown. */
export function migrate(db: Db, migrations: Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as number[]);
  const sorted = [...migrations].sort((a, b) => a.id - b.id);
  for (const m of sorted) {
    if (applied.has(m.id)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)').run(m.id, m.name, new Date(systemClock.now()).toISOString());
    })();
  }
}
