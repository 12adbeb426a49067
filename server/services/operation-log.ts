import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { maskSecrets } from '../lib/mask';

export interface OperationRecord {
  account: string | null;
  source: string;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  /** 'success' or the error code of the answer. */
  result: string;
}

export class OperationLog {
  private readonly insert;

  constructor(db: Db, private readonly clock: Clock) {
    this.insert = db.prepare(
      `INSERT INTO operation_log (at, account, source, action, target, before_value, after_value, result)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  record(r: OperationRecord): void {
    const json = (v: unknown) => (v === undefined ? null : JSON.stringify(maskSecrets(v)));
    this.insert.run(
      new Date(this.clock.now()).toISOString(),
      r.account,
      r.source,
      r.action,
      r.target,
      json(r.before),
      json(r.after),
      r.result,
    );
  }
}
