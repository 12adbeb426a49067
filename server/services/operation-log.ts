import type { z } from 'zod';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { maskSecrets } from '../lib/mask';
import type { AuditAction } from '../../contract/audit';

export interface OperationRecord {
  account: string | null;
  source: string;
  action: AuditAction;
  target: string;
  before?: unknown;
  after?: unknown;
  /** The schema `before` and `after` follow: the values it marks as secret are masked, every
   * other value is kept. Null for values no schema describes (nothing in them is secret). */
  values: z.core.$ZodType | null;
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
    const json = (v: unknown) => (v === undefined ? null : JSON.stringify(maskSecrets(v, r.values)));
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
