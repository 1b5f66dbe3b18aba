import type { ContractTerms } from '@sorte/shared/contracts/agent-contracts';
import type { Connection } from '../../db/client';

/** A contract that may have periods to settle (active, or ended after having been active). */
export type SettleableContract = {
  id: bigint;
  merchant_code: string;
  upline_id: bigint | null;
  downline_id: bigint;
  terms: ContractTerms;
  decided_at: Date;
  ended_at: Date | null;
  /**
   * The contract of the same downline and kind this one followed (ended at or before this one was
   * accepted: replaced, or ended by the cascade), and its last payable; null when none.
   */
  prior_upline_id: bigint | null;
  prior_terms: ContractTerms | null;
  prior_ended_at: Date | null;
  prior_last_end: Date | null;
  prior_carry_out: bigint | null;
};

export type SettlementRow = {
  id: bigint;
  contract_id: bigint;
  kind: string;
  period_key: string;
  period_start: Date;
  period_end: Date;
  payer_id: bigint | null;
  payee_id: bigint;
  currency: string;
  amount: bigint;
  carry_out: bigint;
  details: Record<string, unknown>;
  status: 'owed' | 'paid' | 'nothing';
  transfer_id: bigint | null;
  settled_at: Date;
  paid_at: Date | null;
};

const selectSettlement = `
  select s.id, s.contract_id, c.kind, s.period_key, s.period_start, s.period_end, s.payer_id, s.payee_id,
         s.currency, s.amount, s.carry_out, s.details, s.status, s.transfer_id, s.settled_at, s.paid_at
    from contract_settlements s join agent_contracts c on c.id = s.contract_id`;

/** The SQL of settlements: payables per contract and period. */
export class SettlementRepository {
  constructor(private readonly db: Connection) {}

  /**
   * Contracts with periods possibly due: active ones, and ended ones (after having been active) whose
   * last settled period ends before they did.
   */
  settleable(): Promise<SettleableContract[]> {
    return this.db.query<SettleableContract>(
      `select c.id, c.merchant_code, c.upline_id, c.downline_id, c.terms, c.decided_at, c.ended_at,
              p.upline_id as prior_upline_id, p.terms as prior_terms, p.ended_at as prior_ended_at,
              ps.period_end as prior_last_end, ps.carry_out as prior_carry_out
         from agent_contracts c
         left join lateral (
           select q.id, q.upline_id, q.terms, q.ended_at from agent_contracts q
            where q.downline_id = c.downline_id and q.kind = c.kind and q.id <> c.id
              and q.status = 'terminated' and q.end_reason <> 'withdrawn' and q.decided_at is not null
              and q.ended_at <= c.decided_at
            order by q.ended_at desc limit 1) p on true
         left join lateral (
           select s.period_end, s.carry_out from contract_settlements s
            where s.contract_id = p.id order by s.period_end desc limit 1) ps on true
        where c.decided_at is not null
          and (c.status = 'active'
               or (c.status = 'terminated' and c.end_reason <> 'withdrawn'
                   and c.ended_at > coalesce((select max(s.period_end) from contract_settlements s
                                               where s.contract_id = c.id), c.decided_at)))
        order by c.id`,
    );
  }

  async last(contractId: bigint): Promise<SettlementRow | undefined> {
    const [row] = await this.db.query<SettlementRow>(
      `${selectSettlement} where s.contract_id = $1 order by s.period_end desc limit 1`,
      [contractId],
    );
    return row;
  }

  /**
   * Records the period's payable once: a second run (or instance) finds the first one and gets it
   * back unchanged, whatever it computed itself.
   */
  async insertOnce(input: {
    contractId: bigint;
    kind: string;
    periodKey: string;
    periodStart: Date;
    periodEnd: Date;
    payerId: bigint | null;
    payeeId: bigint;
    currency: string;
    amount: bigint;
    carryOut: bigint;
    details: Record<string, unknown>;
  }): Promise<SettlementRow> {
    const [made] = await this.db.query<Omit<SettlementRow, 'kind'>>(
      `insert into contract_settlements (contract_id, period_key, period_start, period_end, payer_id, payee_id,
                                         currency, amount, carry_out, details, status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $8::bigint > 0 then 'owed' else 'nothing' end)
       on conflict (contract_id, period_key) do nothing
       returning id, contract_id, period_key, period_start, period_end, payer_id, payee_id, currency, amount,
                 carry_out, details, status, transfer_id, settled_at, paid_at`,
      [
        input.contractId,
        input.periodKey,
        input.periodStart,
        input.periodEnd,
        input.payerId,
        input.payeeId,
        input.currency,
        input.amount,
        input.carryOut,
        JSON.stringify(input.details),
      ],
    );
    if (made) return { ...made, kind: input.kind };
    return (await this.byKey(input.contractId, input.periodKey)) as SettlementRow;
  }

  async byKey(contractId: bigint, periodKey: string): Promise<SettlementRow | undefined> {
    const [row] = await this.db.query<SettlementRow>(
      `${selectSettlement} where s.contract_id = $1 and s.period_key = $2`,
      [contractId, periodKey],
    );
    return row;
  }

  async byId(id: bigint): Promise<SettlementRow | undefined> {
    const [row] = await this.db.query<SettlementRow>(`${selectSettlement} where s.id = $1`, [id]);
    return row;
  }

  /** Marks a payable paid by its transfer (a replayed transfer finds it already marked). */
  async markPaid(id: bigint, transferId: bigint): Promise<void> {
    await this.db.query(
      `update contract_settlements set status = 'paid', transfer_id = $2, paid_at = now()
        where id = $1 and status = 'owed'`,
      [id, transferId],
    );
  }

  /** Payables still owed at `now`: the house's, and uplines' past their merchant's deadline. */
  owedPastDeadline(now: Date): Promise<SettlementRow[]> {
    return this.db.query<SettlementRow>(
      `${selectSettlement} join merchant_settings m on m.merchant_code = c.merchant_code
        where s.status = 'owed'
          and (s.payer_id is null
               or s.period_end + make_interval(mins => m.contract_deadline_minutes) <= $1)
        order by s.period_end, s.id`,
      [now],
    );
  }

  /** Each merchant's upline deadline (DECISIONS "the merchant's deadline"), in ms. */
  async uplineDeadlines(): Promise<Map<string, number>> {
    const rows = await this.db.query<{ merchant_code: string; minutes: number }>(
      'select merchant_code, contract_deadline_minutes as minutes from merchant_settings',
    );
    return new Map(rows.map((r) => [r.merchant_code, Number(r.minutes) * 60_000]));
  }

  /** Sets a merchant's upline deadline; false when there is no such merchant. */
  async setUplineDeadline(merchantCode: string, minutes: number): Promise<boolean> {
    const rows = await this.db.query<{ merchant_code: string }>(
      `update merchant_settings set contract_deadline_minutes = $2 where merchant_code = $1
       returning merchant_code`,
      [merchantCode, minutes],
    );
    return rows.length > 0;
  }

  /** Settlements of one kind where the member is the payee or the payer, newest first. */
  ofMember(memberId: bigint, kind: string, limit: number): Promise<SettlementRow[]> {
    return this.db.query<SettlementRow>(
      `${selectSettlement} where (s.payee_id = $1 or s.payer_id = $1) and c.kind = $2
        order by s.period_end desc, s.id desc limit $3`,
      [memberId, kind, limit],
    );
  }

  /** Every contract's payable for one period key (the operator's report), at most `limit`. */
  ofPeriod(periodKey: string, kind: string | null, limit: number): Promise<SettlementRow[]> {
    return this.db.query<SettlementRow>(
      `${selectSettlement} where s.period_key = $1 and ($2::text is null or c.kind = $2) order by s.id limit $3`,
      [periodKey, kind, limit],
    );
  }
}
