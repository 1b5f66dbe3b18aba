import { createHash } from 'node:crypto';

/** What one audit row says: who did what to what, from where, and what they sent. */
export type AuditEntry = {
  at: Date;
  actor: string;
  roles: string[];
  ip: string;
  merchant: string | null;
  action: string;
  target: unknown;
  detail: unknown;
  status: number;
  /** What the write changed, as it was before; absent (not null) when unknown or nothing. */
  before?: unknown;
};

/** The hash a chain starts from (the row before the first). */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * JSON with every object's keys sorted: the same value always gives the same text, whatever order
 * its keys were written in or the database (jsonb) gives them back in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 of the previous row's hash and this row's content: editing or removing a row breaks the next. */
export function auditRowHash(previousHash: string, entry: AuditEntry): string {
  // A null `before` is no `before`: rows from before the column hash as they always did.
  const content = canonicalJson({ ...entry, before: entry.before ?? undefined, at: entry.at.toISOString() });
  return createHash('sha256').update(previousHash).update(content).digest('hex');
}

export type StoredAuditRow = AuditEntry & { id: bigint; prevHash: string; hash: string };

export type ChainVerdict =
  | { ok: true; rows: number }
  | { ok: false; rows: number; brokenAt: bigint; reason: 'edited' | 'missing before it' };

/**
 * Walks the rows in order: each must name the previous row's hash and hash to its own. An edited row
 * no longer hashes to what it says; a deleted row leaves the next one naming a hash nobody has.
 */
export async function verifyAuditRows(
  rows: AsyncIterable<StoredAuditRow> | Iterable<StoredAuditRow>,
): Promise<ChainVerdict> {
  let previous = GENESIS_HASH;
  let count = 0;
  for await (const row of rows) {
    count++;
    if (row.prevHash !== previous)
      return { ok: false, rows: count, brokenAt: row.id, reason: 'missing before it' };
    const { id: _id, prevHash: _prev, hash, ...entry } = row;
    if (auditRowHash(previous, entry) !== hash)
      return { ok: false, rows: count, brokenAt: row.id, reason: 'edited' };
    previous = hash;
  }
  return { ok: true, rows: count };
}

export function describeChainVerdict(verdict: ChainVerdict): string {
  return verdict.ok
    ? `audit log ok: ${verdict.rows} rows, chain unbroken`
    : `audit log BROKEN at row ${verdict.brokenAt}: ${verdict.reason === 'edited' ? 'its content does not match its hash (edited)' : 'it does not follow the row before it (a row before it was deleted or edited)'}`;
}
