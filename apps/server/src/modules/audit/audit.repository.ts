import type { SortDirection } from '@sorte/shared';
import type { Connection, Database } from '../../db/client';
import { type AuditEntry, auditRowHash, GENESIS_HASH, type StoredAuditRow } from './audit-chain';

/** Any number; one lock for the whole log: appends take turns, so the chain never forks. */
const APPEND_LOCK = 7_340_001;

/** The operator audit log: append-only, each row chained to the one before by SHA-256. */
export class AuditRepository {
  constructor(private readonly db: Database) {}

  async append(entry: AuditEntry): Promise<void> {
    await this.db.withConnection(async (on: Connection) => {
      await on.exec('begin');
      try {
        await on.query('select pg_advisory_xact_lock($1)', [APPEND_LOCK]);
        const [last] = await on.query<{ hash: string }>(
          'select hash from operator_audit_log order by id desc limit 1',
        );
        const prevHash = last?.hash ?? GENESIS_HASH;
        await on.query(
          `insert into operator_audit_log
             (at, actor, roles, ip, merchant, action, target, detail, status, prev_hash, hash, before_state)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            entry.at,
            entry.actor,
            entry.roles,
            entry.ip,
            entry.merchant,
            entry.action,
            JSON.stringify(entry.target ?? null),
            JSON.stringify(entry.detail ?? null),
            entry.status,
            prevHash,
            auditRowHash(prevHash, entry),
            entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
          ],
        );
        await on.exec('commit');
      } catch (error) {
        await on.exec('rollback');
        throw error;
      }
    });
  }

  /**
   * Newest first (or oldest first), for the console: by actor (exact) and a part of the action. Rows
   * are appended in time order under one lock, so the id is the time order, without ties.
   */
  async page(
    filter: { actor?: string; action?: string },
    offset: number,
    limit: number,
    direction: SortDirection = 'desc',
  ): Promise<{ rows: StoredAuditRow[]; total: number }> {
    const order = direction === 'asc' ? 'id asc' : 'id desc';
    const where = `($1::text is null or actor = $1) and ($2::text is null or strpos(lower(action), lower($2)) > 0)`;
    const params = [filter.actor ?? null, filter.action ?? null];
    const rows = await this.db.query<StoredAuditRow>(
      `select id, at, actor, roles, ip, merchant, action, target, detail, status,
              prev_hash as "prevHash", hash, before_state as before
         from operator_audit_log where ${where} order by ${order} offset $3 limit $4`,
      [...params, offset, limit],
    );
    const [count] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from operator_audit_log where ${where}`,
      params,
    );
    return { rows, total: count?.n ?? 0 };
  }

  /** Every row in order, read a page at a time. */
  async *rows(pageSize = 1000): AsyncGenerator<StoredAuditRow> {
    let after = 0n;
    for (;;) {
      const page = await this.db.query<StoredAuditRow>(
        `select id, at, actor, roles, ip, merchant, action, target, detail, status,
                prev_hash as "prevHash", hash, before_state as before
           from operator_audit_log where id > $1 order by id limit $2`,
        [after, pageSize],
      );
      yield* page;
      after = page.at(-1)?.id ?? after;
      if (page.length < pageSize) return;
    }
  }
}
