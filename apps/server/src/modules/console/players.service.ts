import { merchantByCode, type PlayerDetail, type PlayerSummary } from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import type { AuthRepository } from '../auth/auth.repository';
import type { LedgerService } from '../ledger/ledger.service';
import { iso, pageOf } from '../payments/payment-rules';
import type { PlayerRow, PlayerSearch, PlayersRepository } from './players.repository';

/** A timestamp the row always has, as ISO text. */
const isoOf = (d: Date) => iso(d) as string;

const summaryOf = (row: PlayerRow): PlayerSummary => ({
  id: row.id,
  username: row.username,
  merchantCode: row.merchantCode,
  type: row.type,
  mobile: row.mobile,
  email: row.email,
  blocked: row.blocked,
  createdAt: isoOf(row.createdAt),
  registrationIp: row.registrationIp,
  lastSignInAt: iso(row.lastSignInAt),
});

/**
 * Players as operators see them: search, a profile with balances, sessions and addresses, and
 * blocking. A blocked player's sessions end at once (their sockets close with them) and no new one
 * opens. An operator limited to a merchant is told other merchants' players do not exist.
 */
export class PlayersService {
  constructor(
    private readonly repository: PlayersRepository,
    private readonly ledger: LedgerService,
    private readonly sessions: Pick<AuthRepository, 'revokeSessionsOf'>,
  ) {}

  async search(filter: PlayerSearch, pageNo: number, pageSize: number) {
    const { rows, total } = await this.repository.search(filter, (pageNo - 1) * pageSize, pageSize);
    return pageOf(rows.map(summaryOf), pageNo, pageSize, total);
  }

  /** The player, when the operator may see them (their merchant); else 404, as for nobody. */
  async scoped(id: string, scope: string | null): Promise<PlayerRow> {
    const row = await this.repository.byId(id);
    if (!row || (scope !== null && row.merchantCode !== scope)) throw new AppError(404, 'NOT_FOUND');
    return row;
  }

  async detail(id: string, scope: string | null): Promise<PlayerDetail> {
    const row = await this.scoped(id, scope);
    const { currency } = merchantByCode(row.merchantCode);
    const balances = await this.ledger.memberBalances(row.id, currency);
    const [sessions, knownIps] = await Promise.all([
      this.repository.sessions(row.id, 20),
      this.repository.knownIps(row.id, 50),
    ]);
    return {
      ...summaryOf(row),
      nickname: row.nickname,
      uplineUsername: row.uplineUsername,
      currency,
      balances: {
        cash: Number(balances.cash),
        bonus: Number(balances.bonus),
        locked: Number(balances.locked),
        points: Number(balances.points),
      },
      block:
        row.blockedAt && row.blockedBy
          ? { at: isoOf(row.blockedAt), by: row.blockedBy, reason: row.blockedReason ?? '' }
          : null,
      sessions: sessions.map((s) => ({
        ip: s.ip ?? '',
        userAgent: s.userAgent,
        createdAt: isoOf(s.createdAt),
        lastSeenAt: isoOf(s.lastSeenAt),
        active: s.active,
      })),
      knownIps: knownIps.map((k) => ({
        ip: k.ip,
        firstSeenAt: isoOf(k.firstSeenAt),
        lastSeenAt: isoOf(k.lastSeenAt),
        otherPlayers: k.otherPlayers,
      })),
    };
  }

  /** Blocks the player and ends every session they have; blocking a blocked player changes nothing. */
  async block(id: string, scope: string | null, by: string, reason: string): Promise<PlayerDetail> {
    const row = await this.scoped(id, scope);
    await this.repository.setBlocked(row.id, { by, reason });
    await this.sessions.revokeSessionsOf(BigInt(row.id), null);
    return this.detail(id, scope);
  }

  async unblock(id: string, scope: string | null): Promise<PlayerDetail> {
    const row = await this.scoped(id, scope);
    await this.repository.setBlocked(row.id, null);
    return this.detail(id, scope);
  }

  /** Signs the player out everywhere (a stolen phone), without blocking them. */
  async endSessions(id: string, scope: string | null): Promise<PlayerDetail> {
    const row = await this.scoped(id, scope);
    await this.sessions.revokeSessionsOf(BigInt(row.id), null);
    return this.detail(id, scope);
  }
}
