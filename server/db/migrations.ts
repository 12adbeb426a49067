/** Numbered schema migrations. Append only: a shipped migration is never edited. */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [
  {
    id: 1,
    name: 'initial',
    sql: `
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE accounts (
        username TEXT PRIMARY KEY,
        mode TEXT NOT NULL CHECK (mode IN ('admin', 'user')),
        password_hash TEXT NOT NULL,
        state_code INTEGER NOT NULL DEFAULT 0,
        password_updated_at TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE extra_roles (
        username TEXT NOT NULL REFERENCES accounts(username) ON DELETE CASCADE,
        menu TEXT NOT NULL,
        PRIMARY KEY (username, menu)
      );
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        username TEXT NOT NULL REFERENCES accounts(username) ON DELETE CASCADE,
        source TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        revoked_at INTEGER,
        revoke_reason TEXT
      );
      CREATE INDEX sessions_username ON sessions(username);
      CREATE TABLE refresh_tokens (
        token_hash TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        issued_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      );
      CREATE INDEX refresh_tokens_session ON refresh_tokens(session_id);
      CREATE TABLE login_failures (
        source TEXT NOT NULL,
        username TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX login_failures_key ON login_failures(source, username, at);
      CREATE TABLE login_lockouts (
        source TEXT NOT NULL,
        username TEXT NOT NULL,
        until INTEGER NOT NULL,
        PRIMARY KEY (source, username)
      );
      CREATE TABLE operation_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        account TEXT,
        source TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT NOT NULL,
        before_value TEXT,
        after_value TEXT,
        result TEXT NOT NULL
      );
      CREATE INDEX operation_log_at ON operation_log(at);
      CREATE TABLE projects (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        file_name TEXT NOT NULL,
        crc TEXT NOT NULL,
        loaded_at TEXT NOT NULL,
        active INTEGER NOT NULL DEFAULT 0
      );
    `,
  },
  {
    id: 2,
    name: 'operation_log_repeats',
    // Repeated failed sign-ins from one address are one row per window: how many, until when, and
    // how many of each result (JSON, code to count); a single row keeps 1 and nulls.
    sql: `
      ALTER TABLE operation_log ADD COLUMN repeat_count INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE operation_log ADD COLUMN repeat_last_at TEXT;
      ALTER TABLE operation_log ADD COLUMN repeat_results TEXT;
    `,
  },
  {
    id: 3,
    name: 'jobs_and_project_releases',
    // Long tasks as jobs that survive a restart (one that was running ends as interrupted); each
    // installed project is a release folder under project/releases, the active row says which one
    // runs: switching is one transaction.
    sql: `
      CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        account TEXT,
        state TEXT NOT NULL CHECK (state IN ('running', 'done', 'failed')),
        steps TEXT NOT NULL,
        current_step TEXT,
        error_code TEXT,
        error_detail TEXT,
        rolled_back INTEGER NOT NULL DEFAULT 0,
        detail TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        finished_at TEXT
      );
      CREATE INDEX jobs_state ON jobs(state);
      ALTER TABLE projects ADD COLUMN release TEXT;
      ALTER TABLE projects ADD COLUMN model TEXT;
      ALTER TABLE projects ADD COLUMN design_software_version TEXT;
      ALTER TABLE projects ADD COLUMN app_size INTEGER;
      ALTER TABLE projects ADD COLUMN protected INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE projects ADD COLUMN source TEXT;
    `,
  },
  {
    id: 4,
    name: 'recipes',
    sql: `
      CREATE TABLE recipe_books (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        fields TEXT NOT NULL,
        UNIQUE (project_id, name)
      );
      CREATE TABLE recipe_records (
        book_id INTEGER NOT NULL REFERENCES recipe_books(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        "values" TEXT NOT NULL,
        PRIMARY KEY (book_id, position)
      ) WITHOUT ROWID;
    `,
  },
  {
    id: 5,
    name: 'data_logs_and_alarm_events',
    // The running project's data logs: one row per log (a new project keeps a log whose name, tags
    // and period are the same, and gets new ones for the rest); its records numbered from 0 in
    // `seq`, their values a JSON array in the order of the log's tags; and summary blocks of
    // DATALOG_FANOUT^level consecutive records (first and last time, min/max/last of each tag as
    // float64s), so a trend over any range reads at most a few thousand rows. Alarm events: raised,
    // acknowledged, cleared. A job's result: the file it wrote.
    sql: `
      CREATE TABLE datalogs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        project_id INTEGER REFERENCES projects(id) ON DELETE SET NULL,
        active INTEGER NOT NULL DEFAULT 1,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        sample_period_s INTEGER NOT NULL,
        tags TEXT NOT NULL,
        max_records INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE datalog_records (
        log_id INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        t INTEGER NOT NULL,
        v TEXT NOT NULL,
        PRIMARY KEY (log_id, seq)
      ) WITHOUT ROWID;
      CREATE TABLE datalog_blocks (
        log_id INTEGER NOT NULL,
        level INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        t_first INTEGER NOT NULL,
        t_last INTEGER NOT NULL,
        stats BLOB NOT NULL,
        PRIMARY KEY (log_id, level, idx)
      ) WITHOUT ROWID;
      CREATE TABLE alarm_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        alarm_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        tag TEXT NOT NULL,
        severity TEXT NOT NULL,
        message TEXT NOT NULL,
        value REAL,
        raised_at INTEGER NOT NULL,
        acknowledged_at INTEGER,
        acknowledged_by TEXT,
        cleared_at INTEGER,
        cleared_value REAL
      );
      CREATE INDEX alarm_events_raised ON alarm_events(raised_at);
      CREATE INDEX alarm_events_open ON alarm_events(cleared_at) WHERE cleared_at IS NULL;
      CREATE INDEX alarm_events_unacked ON alarm_events(acknowledged_at) WHERE acknowledged_at IS NULL;
      ALTER TABLE jobs ADD COLUMN result TEXT;
    `,
  },
  {
    id: 6,
    name: 'project_edits',
    // What the console changed in the running project without a new project file: its
    // communication devices, its OPC UA tree and the tags that tree defines. Keyed by the project
    // row, so a new project (a new row) starts from its own file; the rows of older projects go.
    sql: `
      CREATE TABLE project_edits (
        project_id INTEGER NOT NULL,
        part TEXT NOT NULL CHECK (part IN ('devices', 'opcua')),
        body TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (project_id, part)
      );
    `,
  },
  {
    id: 7,
    name: 'password_history',
    // The hashes of an account's previous passwords (the newest few, PASSWORD_HISTORY_DEPTH - 1 of
    // them beside the current one): a new password may not be one of them.
    sql: `
      CREATE TABLE password_history (
        id INTEGER PRIMARY KEY,
        username TEXT NOT NULL REFERENCES accounts(username),
        password_hash TEXT NOT NULL,
        retired_at TEXT NOT NULL
      );
      CREATE INDEX password_history_by_account ON password_history(username, id);
    `,
  },
  {
    id: 8,
    name: 'webview_users',
    // WebView users are accounts of mode 'user' (docs/decisions.md#webview-users): each has its
    // WebView role (control: view and control; view_only: view) and may be disabled. The two
    // built-in users get theirs; which of them WebView Setting had disabled moves here from the
    // stored setting (its `users_enabled` map, dropped by the setting's upgrade afterwards).
    sql: `
      ALTER TABLE accounts ADD COLUMN webview_role TEXT CHECK (webview_role IN ('control', 'view_only'));
      ALTER TABLE accounts ADD COLUMN enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1));
      UPDATE accounts SET webview_role = 'control' WHERE username = 'cmt_default_control_user';
      UPDATE accounts SET webview_role = 'view_only' WHERE username = 'cmt_default_view_only_user';
      UPDATE accounts SET enabled = 0
        WHERE mode = 'user'
          AND json_valid((SELECT value FROM settings WHERE key = 'webview'))
          AND json_type((SELECT value FROM settings WHERE key = 'webview'), '$.users_enabled."' || username || '"') = 'false';
    `,
  },
  {
    id: 9,
    name: 'session_details',
    // What Account Management shows of a live session (docs/decisions.md#account-management):
    // the browser's user agent at sign-in, and when the session was last seen (written at sign-in
    // and at each renewal; the calls in between are counted in memory by the token service).
    sql: `
      ALTER TABLE sessions ADD COLUMN user_agent TEXT;
      ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER;
    `,
  },
  {
    id: 10,
    name: 'email',
    // E-mail (server/services/email.ts): the contacts and groups alarm mails go to, and the durable
    // outbox of mails (queued -> sending -> sent / failed). A mail is 'sending' from just before
    // it is handed to the SMTP server until its answer is kept, so a mail found 'sending' at start
    // may have gone: it is marked failed ('interrupted'), never sent again on its own. One mail per
    // recipient per alarm event and kind (the unique index).
    sql: `
      CREATE TABLE email_groups (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE
      );
      CREATE TABLE email_contacts (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        address TEXT NOT NULL UNIQUE COLLATE NOCASE
      );
      CREATE TABLE email_contact_groups (
        contact_id INTEGER NOT NULL REFERENCES email_contacts(id) ON DELETE CASCADE,
        group_id INTEGER NOT NULL REFERENCES email_groups(id) ON DELETE CASCADE,
        PRIMARY KEY (contact_id, group_id)
      );
      CREATE TABLE email_outbox (
        id INTEGER PRIMARY KEY,
        state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'failed')),
        recipient TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        event_id INTEGER,
        event_kind TEXT CHECK (event_kind IN ('raised', 'cleared')),
        created_at INTEGER NOT NULL,
        attempted_at INTEGER,
        sent_at INTEGER,
        next_attempt_at INTEGER,
        attempts INTEGER NOT NULL DEFAULT 0,
        reason TEXT,
        smtp_code INTEGER,
        smtp_reply TEXT
      );
      CREATE UNIQUE INDEX email_outbox_once ON email_outbox(event_id, event_kind, recipient) WHERE event_id IS NOT NULL;
      CREATE INDEX email_outbox_due ON email_outbox(state, next_attempt_at);
      CREATE INDEX email_outbox_attempted ON email_outbox(attempted_at);
    `,
  },
  {
    id: 11,
    name: 'security_accounts',
    // Enhanced Security's operator accounts (docs/decisions.md#enhanced-security): the running
    // project's, keyed by its name (an update of the same project keeps them, another project has
    // its own). The name is unique per project whatever its case (`account_key`, lower-cased NFC);
    // the password is a scrypt hash only; the classes a string of the letters A-L.
    sql: `
      CREATE TABLE security_accounts (
        project TEXT NOT NULL,
        id INTEGER NOT NULL,
        account TEXT NOT NULL,
        account_key TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        classes TEXT NOT NULL,
        password_updated_at TEXT NOT NULL,
        PRIMARY KEY (project, id),
        UNIQUE (project, account_key)
      );
    `,
  },
  {
    id: 12,
    name: 'api_keys',
    // API keys (docs/decisions.md#api-keys): each acts as one admin-mode account for some of its
    // menus (a JSON array), read-only or read-write, until it expires or is revoked. Only the
    // SHA-256 of its secret is kept; the id (in the key itself, after its prefix) finds the row.
    sql: `
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        account TEXT NOT NULL REFERENCES accounts(username),
        menus TEXT NOT NULL,
        read_only INTEGER NOT NULL CHECK (read_only IN (0, 1)),
        secret_hash TEXT NOT NULL,
        expires_at TEXT,
        created_at TEXT NOT NULL,
        created_by TEXT NOT NULL,
        last_used_at TEXT,
        last_used_from TEXT,
        revoked_at TEXT
      );
    `,
  },
];
