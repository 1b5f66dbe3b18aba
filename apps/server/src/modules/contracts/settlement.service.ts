import { type Currency, merchantByCode } from '@sorte/shared';
import type { ContractKind, ContractTerms } from '@sorte/shared/contracts/agent-contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { LedgerService } from '../ledger/ledger.service';
import { nextPeriod, type Period, type PeriodKind, periodAt, periodKindOf, periodsDue } from './periods';
import type { SettleableContract, SettlementRepository, SettlementRow } from './settlement.repository';
import { contractEarning, type TeamFigures } from './settlement-math';

/**
 * Where a team's figures for a period come from (the agents module's rollups). Plain numbers in,
 * so the arithmetic stays pure. `null`: no figures for this kind of period yet; the period waits.
 */
export type TeamFiguresSource = {
  /** Whether it has figures for this kind of period at all (else its contracts are not looked at). */
  supports(kind: PeriodKind): boolean;
  /** Called as each run starts: a source may keep figures in memory for the run's duration only. */
  beginRun?(): void;
  figures(
    agentId: bigint,
    period: Period,
    minBetAmount: number,
    timeZone: string,
  ): Promise<TeamFigures | null>;
};

export type SettlementLedger = Pick<LedgerService, 'cashAccountOf' | 'houseAccountFor' | 'transfer'>;

/** The ledger transfer kind of a contract payment. */
export const CONTRACT_PAYMENT_KIND = 'contract_payment';

/**
 * How long an upline has to process a payable before it is paid automatically when its balance
 * allows (DECISIONS: "past the merchant's deadline"): merchant_settings.contract_deadline_minutes,
 * 24 hours after the period ends unless the merchant set otherwise; read at the start of each run.
 */
export const DEFAULT_UPLINE_DEADLINE_MS = 24 * 3_600_000;

/** At most this many periods per contract per run: a long stop catches up over several runs, in order. */
const MAX_PERIODS_PER_RUN = 2_000;

/** Contracts settled at once on PostgreSQL (an upline's payable that finds its balance short while
 * the house pays it in parallel is paid by the same run's sweep of owed payables). */
const SETTLEMENT_CONCURRENCY = 8;

/** Any fixed number: the same in every instance, distinct from the migration lock. */
const SETTLEMENT_LOCK_KEY = 7_320_226;

export type RunReport = { contracts: number; settled: number; paid: number; owed: number; skipped: boolean };

export const paymentKey = (row: Pick<SettlementRow, 'contract_id' | 'period_key' | 'kind'>) =>
  `contract:${row.contract_id}:${row.period_key}:${row.kind}`;

/**
 * The settlement run: for every contract, each period that has ended since the last one settled,
 * oldest first, becomes one payable (exactly once: unique per contract and period) paid by one
 * ledger transfer keyed `contract:<id>:<period>:<kind>`. A run killed anywhere redoes nothing: the
 * next one finds the payables made and the transfers posted, and carries on from there.
 */
/** The run in progress per database: in-process exclusion (PGlite is one process's database). */
const runs = new WeakMap<Database, Promise<RunReport>>();

export class SettlementService {
  constructor(
    private readonly db: Database,
    private readonly repository: SettlementRepository,
    private readonly ledger: SettlementLedger,
    private readonly source: TeamFiguresSource,
    private readonly options: {
      clock?: () => Date;
      /** A period settles this long after it ends, once the figures have caught up with it. */
      settleDelayMs?: number;
    } = {},
  ) {}

  /**
   * One run, by one instance at a time: a PostgreSQL advisory lock across instances (a second one
   * skips), and in-process on PGlite (a second call while one runs gets that run's report).
   */
  runDue(): Promise<RunReport> {
    const running = runs.get(this.db);
    if (running) return running;
    const run = this.locked(() => this.settleAll()).finally(() => runs.delete(this.db));
    runs.set(this.db, run);
    return run;
  }

  private async locked(run: () => Promise<RunReport>): Promise<RunReport> {
    if (this.db.kind !== 'postgres') return run();
    // The lock lives on one pooled connection for the whole run; the run's queries use others.
    return this.db.withConnection(async (conn) => {
      const [got] = await conn.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
        SETTLEMENT_LOCK_KEY,
      ]);
      if (!got?.ok) return { contracts: 0, settled: 0, paid: 0, owed: 0, skipped: true };
      try {
        return await run();
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [SETTLEMENT_LOCK_KEY]);
      }
    });
  }

  private async settleAll(): Promise<RunReport> {
    const now = new Date(
      (this.options.clock?.() ?? new Date()).getTime() - (this.options.settleDelayMs ?? 0),
    );
    const report: RunReport = { contracts: 0, settled: 0, paid: 0, owed: 0, skipped: false };
    this.source.beginRun?.();
    // Contracts are independent (each one's periods stay in order): on PostgreSQL several settle at
    // once over the pool; PGlite runs one statement at a time anyway.
    const contracts = await this.repository.settleable();
    report.contracts = contracts.length;
    const deadlines = await this.repository.uplineDeadlines();
    let next = 0;
    const width = this.db.kind === 'postgres' ? SETTLEMENT_CONCURRENCY : 1;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < contracts.length) {
          const contract = contracts[next++] as SettleableContract;
          const deadlineMs = deadlines.get(contract.merchant_code) ?? DEFAULT_UPLINE_DEADLINE_MS;
          await this.settleContract(contract, now, deadlineMs, report);
        }
      }),
    );
    // Payables still owed from earlier runs: the house's (a run stopped between the payable and its
    // transfer) and uplines' past their merchant's deadline, paid now when the upline's balance allows.
    for (const row of await this.repository.owedPastDeadline(now)) {
      if (await this.tryPay(row)) report.paid++;
    }
    return report;
  }

  private async settleContract(
    contract: SettleableContract,
    now: Date,
    uplineDeadlineMs: number,
    report: RunReport,
  ) {
    const { timeZone, currency } = merchantByCode(contract.merchant_code);
    const kind = periodKindOf(contract.terms);
    if (!this.source.supports(kind)) return;
    const last = await this.repository.last(contract.id);
    const lastPeriod = last ? periodAt(kind, new Date(last.period_start), timeZone) : null;
    let since = new Date(contract.decided_at);
    let carry = last?.carry_out ?? 0n;
    if (!last && contract.prior_ended_at && contract.prior_terms) {
      const follow = followPrior(contract, kind, timeZone);
      // The prior contract has not settled its last period yet: this one waits for the next run.
      if (!follow) return;
      since = follow.since;
      carry = follow.carry;
    }
    // An ended contract still settles the period it ended in, once that period is over.
    const until = contract.ended_at
      ? new Date(Math.min(now.getTime(), periodAt(kind, new Date(contract.ended_at), timeZone).end.getTime()))
      : now;
    const due = periodsDue(kind, timeZone, until, since, lastPeriod, MAX_PERIODS_PER_RUN);
    for (const period of due) {
      const figures = await this.source.figures(
        contract.downline_id,
        period,
        contract.terms.minBetAmount,
        timeZone,
      );
      if (!figures) break;
      const earning = contractEarning(contract.terms, figures, carry);
      const row = await this.repository.insertOnce({
        contractId: contract.id,
        kind: contract.terms.kind,
        periodKey: period.key,
        periodStart: period.start,
        periodEnd: period.end,
        payerId: contract.upline_id,
        payeeId: contract.downline_id,
        currency,
        amount: earning.amount,
        carryOut: earning.carryOut,
        details: {
          figures: Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, v.toString()])),
          gross: earning.gross.toString(),
          fee: earning.fee.toString(),
          rateBp: earning.rateBp,
          tier: earning.tier,
          qualified: earning.qualified,
        },
      });
      report.settled++;
      carry = row.carry_out;
      // The house pays at once; an upline first gets until its deadline to process the payable.
      if (row.status === 'owed') {
        const payNow =
          row.payer_id === null || now.getTime() - new Date(row.period_end).getTime() >= uplineDeadlineMs;
        if (payNow && (await this.tryPay(row))) report.paid++;
        else report.owed++;
      }
    }
  }

  /** Pays a payable; false when the upline's balance does not allow it (it stays owed). */
  private async tryPay(row: SettlementRow): Promise<boolean> {
    try {
      await this.pay(row);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') return false;
      throw error;
    }
  }

  private async pay(row: SettlementRow): Promise<void> {
    const currency = row.currency as Currency;
    const key = paymentKey(row);
    const posted = await this.ledger.transfer({
      idempotencyKey: key,
      debitAccountId:
        row.payer_id === null
          ? this.ledger.houseAccountFor(currency, key)
          : await this.ledger.cashAccountOf(row.payer_id, currency),
      creditAccountId: await this.ledger.cashAccountOf(row.payee_id, currency),
      amount: row.amount,
      currency,
      kind: CONTRACT_PAYMENT_KIND,
      metadata: { contractId: row.contract_id.toString(), period: row.period_key, contractKind: row.kind },
    });
    await this.repository.markPaid(row.id, posted.transferId);
  }

  /** The upline processes a payable it owes (spec section 7: dividend request / daily salary process). */
  async process(callerId: bigint, settlementId: bigint, kind: ContractKind): Promise<SettlementRow> {
    const row = await this.repository.byId(settlementId);
    if (!row || row.payer_id !== callerId || row.kind !== kind) throw new AppError(404, 'NOT_FOUND');
    if (row.status !== 'owed') throw new AppError(409, 'CONTRACT_NOT_OPEN');
    await this.pay(row);
    return (await this.repository.byId(settlementId)) as SettlementRow;
  }

  /** A member's settlements of one kind, as payee (income) and as payer (owed to downlines). */
  ofMember(memberId: bigint, kind: ContractKind, limit = 100): Promise<SettlementRow[]> {
    return this.repository.ofMember(memberId, kind, limit);
  }

  /** Operator: sets a merchant's upline deadline in minutes; false for an unknown merchant. */
  setUplineDeadline(merchantCode: string, minutes: number): Promise<boolean> {
    return this.repository.setUplineDeadline(merchantCode, minutes);
  }

  /** Operator: one period's payables (the contracts' figures and what each paid or owes). */
  ofPeriod(periodKey: string, kind: ContractKind | null): Promise<SettlementRow[]> {
    return this.repository.ofPeriod(periodKey, kind, 5_000);
  }
}

/**
 * Where a contract that followed another of the same downline and kind starts (spec section 4: an
 * accepted offer replaces the active contract; DECISIONS: the cascade's new offer replaces the one
 * ended). An ended contract settles the whole period it ended in (the payee's work up to then is in
 * that period's figures), so the new one starts with the first of its periods beginning at or after
 * that period's end: a period is never paid twice. A dividend under the same payer also takes over
 * the negative balance the prior contract carried (DECISIONS: a negative period carries over to the
 * next; a new contract with the same party does not wipe the team's debt). Null: the prior contract
 * has not settled its last period yet.
 */
export function followPrior(
  contract: SettleableContract,
  kind: PeriodKind,
  timeZone: string,
): { since: Date; carry: bigint } | null {
  const priorKind = periodKindOf(contract.prior_terms as ContractTerms);
  const covered = periodAt(priorKind, new Date(contract.prior_ended_at as Date), timeZone).end;
  if (!contract.prior_last_end || new Date(contract.prior_last_end).getTime() < covered.getTime())
    return null;
  const decided = new Date(contract.decided_at);
  let first = periodAt(kind, decided.getTime() > covered.getTime() ? decided : covered, timeZone);
  if (first.start.getTime() < covered.getTime()) first = nextPeriod(first, timeZone);
  const samePayer = contract.prior_upline_id === contract.upline_id;
  const carry = contract.terms.kind === 'dividend' && samePayer ? BigInt(contract.prior_carry_out ?? 0) : 0n;
  return { since: first.start, carry };
}
