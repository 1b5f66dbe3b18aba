import {
  merchantByCode,
  type PlayerDeposit,
  type PlayerLedgerAccount,
  type PlayerRoundPage,
  type PlayerStatement,
  type PlayerWithdrawal,
} from '@sorte/shared';
import { toSafeNumber } from '../../lib/bigint';
import { localisedName } from '../games/games.service';
import type { LedgerService } from '../ledger/ledger.service';
import { maskAccount } from '../payments/masking';
import { iso, pageOf } from '../payments/payment-rules';
import type { PaymentsRepository } from '../payments/payments.repository';
import type { BettingRecordRepository } from '../vendors/betting-record.repository';
import type { PlayersService } from './players.service';

const isoOf = (d: Date) => iso(d) as string;
const roundStatuses = { open: 'OPEN', closed: 'CLOSED', cancelled: 'CANCELLED' } as const;

/**
 * The records of one player as the console's tabs show them: the ledger statement of an account,
 * the game rounds, the deposit orders and the withdrawals. Each is read through the module that
 * owns it (the ledger's service, the betting record's and the payments' repositories), always for a
 * player the operator may see.
 */
export class PlayerRecordsService {
  constructor(
    private readonly players: Pick<PlayersService, 'scoped'>,
    private readonly ledger: Pick<LedgerService, 'openAccounts' | 'statement'>,
    private readonly rounds: Pick<BettingRecordRepository, 'list' | 'totals'>,
    private readonly payments: Pick<PaymentsRepository, 'memberDepositPage' | 'withdrawalPage'>,
  ) {}

  /** One account's entries, newest first, each with the balance after it; one more is read to know if older ones exist. */
  async statement(
    memberId: string,
    scope: string | null,
    query: { account: PlayerLedgerAccount; beforeId?: string | undefined; limit: number },
  ): Promise<PlayerStatement> {
    const player = await this.players.scoped(memberId, scope);
    const { currency } = merchantByCode(player.merchantCode);
    const accounts = await this.ledger.openAccounts(player.id, currency);
    const rows = await this.ledger.statement(accounts[query.account], {
      beforeId: query.beforeId ? BigInt(query.beforeId) : null,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    return {
      account: query.account,
      currency,
      entries: page.map((e) => ({
        entryId: e.id.toString(),
        transferId: e.transfer_id.toString(),
        type: e.type,
        kind: e.kind,
        amount: toSafeNumber(e.amount),
        balanceAfter: toSafeNumber(e.balance_after),
        createdAt: isoOf(e.created_at),
      })),
      nextBeforeId: rows.length > query.limit ? (page.at(-1)?.id.toString() ?? null) : null,
    };
  }

  /** Every round the player played (the betting record, without the member's 30-day window). */
  async roundsOf(
    memberId: string,
    scope: string | null,
    pageNo: number,
    pageSize: number,
    language: string,
  ): Promise<PlayerRoundPage> {
    const player = await this.players.scoped(memberId, scope);
    const { currency } = merchantByCode(player.merchantCode);
    // Rounds open at the server's time; a day ahead leaves room for clocks, none for the filter.
    const filter = {
      memberId: BigInt(player.id),
      from: new Date(0),
      to: new Date(Date.now() + 86_400_000),
      gameType: undefined,
    };
    const totals = await this.rounds.totals(filter);
    const rows = totals.total
      ? await this.rounds.list(filter, { limit: pageSize, offset: (pageNo - 1) * pageSize })
      : [];
    return {
      ...pageOf(
        rows.map((row) => ({
          roundId: row.round_id,
          gameName: row.names ? localisedName(row.names, language) : row.game_code,
          gameCode: row.game_code,
          gameType: row.game_type,
          vendor: row.vassalage,
          stake: toSafeNumber(row.stake),
          payout: toSafeNumber(row.payout),
          profit: toSafeNumber(row.payout - row.stake),
          status: roundStatuses[row.status],
          openedAt: isoOf(row.opened_at),
          closedAt: iso(row.closed_at),
        })),
        pageNo,
        pageSize,
        totals.total,
      ),
      currency,
      totals: {
        stake: toSafeNumber(totals.stake),
        payout: toSafeNumber(totals.payout),
        profit: toSafeNumber(totals.payout - totals.stake),
      },
    };
  }

  async depositsOf(memberId: string, scope: string | null, pageNo: number, pageSize: number) {
    const player = await this.players.scoped(memberId, scope);
    const { rows, total } = await this.payments.memberDepositPage(
      BigInt(player.id),
      (pageNo - 1) * pageSize,
      pageSize,
    );
    const content: PlayerDeposit[] = rows.map((row) => ({
      orderNo: row.order_no,
      channel: row.channel,
      amount: toSafeNumber(row.amount),
      currency: row.currency,
      status: row.status,
      createdAt: isoOf(row.created_at),
      settledAt: iso(row.settled_at),
    }));
    return pageOf(content, pageNo, pageSize, total);
  }

  async withdrawalsOf(memberId: string, scope: string | null, pageNo: number, pageSize: number) {
    const player = await this.players.scoped(memberId, scope);
    const { rows, total } = await this.payments.withdrawalPage(
      { memberId: BigInt(player.id) },
      (pageNo - 1) * pageSize,
      pageSize,
    );
    const content: PlayerWithdrawal[] = rows.map((row) => ({
      withdrawalNo: row.withdrawal_no,
      channel: row.channel,
      account: maskAccount(row.account_type, row.account_value),
      amount: toSafeNumber(row.amount),
      currency: row.currency,
      status: row.status,
      confirmation: row.confirmation,
      payoutFailed: row.status === 'approved' && row.payout_failed_at !== null,
      reason: row.reason,
      createdAt: isoOf(row.created_at),
      decidedAt: iso(row.decided_at),
      paidAt: iso(row.paid_at),
    }));
    return pageOf(content, pageNo, pageSize, total);
  }
}
