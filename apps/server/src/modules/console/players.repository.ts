import type { ListSort, PlayerSortKey } from '@sorte/shared';
import type { Database } from '../../db/client';
import { orderByOf, type SortColumns } from '../../lib/order-by';

export type PlayerRow = {
  id: string;
  username: string;
  merchantCode: string;
  type: number;
  mobile: string | null;
  email: string | null;
  blocked: boolean;
  createdAt: Date;
  registrationIp: string | null;
  lastSignInAt: Date | null;
  nickname: string | null;
  uplineUsername: string | null;
  blockedAt: Date | null;
  blockedBy: string | null;
  blockedReason: string | null;
};

/**
 * A sign-in opens a session (registration too): the newest one's start, read from the member's
 * sessions index (member_id, created_at desc) rather than kept twice.
 */
const LAST_SIGN_IN = '(select max(s.created_at) from member_sessions s where s.member_id = m.id)';

const PLAYER_COLUMNS = `m.id::text as id, m.username, m.merchant_code as "merchantCode", m.type::int as type,
  m.mobile, m.email, m.blocked, m.created_at as "createdAt", m.registration_ip as "registrationIp",
  ${LAST_SIGN_IN} as "lastSignInAt",
  m.nickname, (select u.username from members u where u.id = m.upline_id) as "uplineUsername",
  m.blocked_at as "blockedAt", m.blocked_by as "blockedBy", m.blocked_reason as "blockedReason"`;

export type PlayerSearch = {
  /**
   * What the operator typed; matched as an id, a username's start, mobile digits (also written with
   * the country code), an e-mail, an address or a payee account (as typed or in its stored spelling).
   */
  q?: string;
  status?: 'active' | 'blocked';
  merchantCode: string | null;
  /** Without it: newest first (by id). */
  sort?: ListSort<PlayerSortKey>;
};

/** Usernames are ordered as they are unique: regardless of case. */
const SORT_COLUMNS: SortColumns<PlayerSortKey> = {
  createdAt: 'm.created_at',
  lastSignInAt: LAST_SIGN_IN,
  username: 'm.username_key',
};

/**
 * The ways a payee account typed by an operator may be stored: payees keep one canonical spelling
 * (CPF and CLABE digits, e-mail and EVP keys lower-case, PIX phones as +55…, wallets as digits), and
 * an operator copies it as the player wrote it ("529.982.247-25").
 */
function payeeSpellings(q: string, digits: string): string[] {
  const spellings = new Set([q, q.toLowerCase()]);
  if (digits.length >= 6) for (const form of [digits, `+${digits}`, `+55${digits}`]) spellings.add(form);
  return [...spellings];
}

/** SQL of the console's player pages. Balances come from the ledger's service, not from here. */
export class PlayersRepository {
  constructor(private readonly db: Database) {}

  async search(
    filter: PlayerSearch,
    offset: number,
    limit: number,
  ): Promise<{ rows: PlayerRow[]; total: number }> {
    const q = filter.q ?? null;
    const digits = q?.replace(/\D/g, '') ?? '';
    const where = `($1::text is null or m.merchant_code = $1)
      and ($2::boolean is null or m.blocked = $2)
      and ($3::text is null
        or ($4::bigint is not null and m.id = $4)
        or m.username_key like replace(replace(lower($3), '%', ''), '_', '\\_') || '%'
        or lower(m.email) = lower($3)
        or ($5::text <> '' and length($5) >= 6 and m.mobile like '%' || $5)
        or (length($5) >= 10 and length(m.mobile) >= 8 and $5 like '%' || m.mobile)
        or m.registration_ip = $3
        or exists (select 1 from member_known_ips k where k.member_id = m.id and k.ip = $3)
        or exists (select 1 from payee_accounts p where p.member_id = m.id and p.account_value = any($6::text[])))`;
    const params = [
      filter.merchantCode,
      filter.status === undefined ? null : filter.status === 'blocked',
      q,
      q && /^[1-9][0-9]{0,17}$/.test(q) ? q : null,
      digits,
      q ? payeeSpellings(q, digits) : [],
    ];
    const order = filter.sort ? orderByOf(SORT_COLUMNS, filter.sort, 'm.id') : 'm.id desc';
    const rows = await this.db.query<PlayerRow>(
      `select ${PLAYER_COLUMNS} from members m where ${where} order by ${order} offset $7 limit $8`,
      [...params, offset, limit],
    );
    const [count] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from members m where ${where}`,
      params,
    );
    return { rows, total: count?.n ?? 0 };
  }

  async byId(id: string): Promise<PlayerRow | undefined> {
    const [row] = await this.db.query<PlayerRow>(`select ${PLAYER_COLUMNS} from members m where m.id = $1`, [
      id,
    ]);
    return row;
  }

  async sessions(id: string, limit: number) {
    return this.db.query<{
      ip: string | null;
      userAgent: string | null;
      createdAt: Date;
      lastSeenAt: Date;
      active: boolean;
    }>(
      `select ip, user_agent as "userAgent", created_at as "createdAt", last_seen_at as "lastSeenAt",
              (revoked_at is null and expires_at > now()) as active
         from member_sessions where member_id = $1 order by id desc limit $2`,
      [id, limit],
    );
  }

  async knownIps(id: string, limit: number) {
    return this.db.query<{ ip: string; firstSeenAt: Date; lastSeenAt: Date; otherPlayers: number }>(
      `select k.ip, k.first_seen_at as "firstSeenAt", k.last_seen_at as "lastSeenAt",
              (select count(*)::int from member_known_ips o where o.ip = k.ip and o.member_id <> k.member_id)
                as "otherPlayers"
         from member_known_ips k where k.member_id = $1 order by k.last_seen_at desc limit $2`,
      [id, limit],
    );
  }

  /** Blocks or unblocks; false when the member is already in that state (nothing written). */
  async setBlocked(id: string, block: { by: string; reason: string } | null): Promise<boolean> {
    const rows = await this.db.query(
      block
        ? `update members set blocked = true, blocked_at = now(), blocked_by = $2, blocked_reason = $3
            where id = $1 and not blocked returning id`
        : `update members set blocked = false, blocked_at = null, blocked_by = null, blocked_reason = null
            where id = $1 and blocked returning id`,
      block ? [id, block.by, block.reason] : [id],
    );
    return rows.length === 1;
  }
}
