import type { Connection } from '../../db/client';

/** The raw figures behind a withdrawal's risk facts (see withdrawal-risk.service.ts). */
export type RiskFactsRow = {
  id: bigint;
  deposit_count: bigint;
  deposit_total: bigint;
  last_deposit_at: Date | null;
  last_deposit_amount: bigint | null;
  withdrawal_count: bigint;
  withdrawal_total: bigint;
  turnover: bigint;
  payee_players: bigint;
  payee_usernames: string[] | null;
  ip_players: bigint;
  ip_addresses: bigint;
};

/** Usernames of players sharing a payee account listed in the facts (their count is exact). */
export const SHARED_PAYEE_USERNAMES = 20;

/**
 * The risk facts of several withdrawals in one statement: one lateral join per figure, each an index
 * range of the withdrawal's member (deposit_orders_member, withdrawals_member, vendor_rounds_member)
 * or of the account and addresses they used (payee_accounts_value_lookup, member_known_ips_ip_lookup,
 * 0049). Other players are counted within the withdrawal's merchant only: a merchant-scoped operator
 * reads nothing of another merchant's players.
 */
export class WithdrawalRiskRepository {
  constructor(private readonly db: Connection) {}

  facts(withdrawalIds: readonly bigint[]): Promise<RiskFactsRow[]> {
    if (withdrawalIds.length === 0) return Promise.resolve([]);
    return this.db.query<RiskFactsRow>(
      `select w.id, d.deposit_count, d.deposit_total, d.last_deposit_at, d.last_deposit_amount,
              o.withdrawal_count, o.withdrawal_total, t.turnover,
              p.payee_players, p.payee_usernames, i.ip_players, i.ip_addresses
         from withdrawals w
         cross join lateral (
           select count(*) as deposit_count, coalesce(sum(x.amount), 0)::bigint as deposit_total,
                  max(x.settled_at) as last_deposit_at,
                  (array_agg(x.amount order by x.settled_at desc, x.id desc))[1] as last_deposit_amount
             from deposit_orders x
            where x.member_id = w.member_id and x.status = 'paid' and x.currency = w.currency) d
         cross join lateral (
           select count(*) as withdrawal_count, coalesce(sum(x.amount), 0)::bigint as withdrawal_total
             from withdrawals x
            where x.member_id = w.member_id and x.id <> w.id and x.status in ('approved', 'paid')
              and x.currency = w.currency) o
         cross join lateral (
           select coalesce(sum(r.stake), 0)::bigint as turnover
             from vendor_rounds r
            where r.member_id = w.member_id and r.currency = w.currency
              and r.opened_at >= coalesce(d.last_deposit_at, '-infinity'::timestamptz)) t
         cross join lateral (
           select count(*) as payee_players,
                  (array_agg(s.username order by s.username))[1:${SHARED_PAYEE_USERNAMES}] as payee_usernames
             from (select distinct m.username
                     from payee_accounts a join members m on m.id = a.member_id
                    where a.account_value = w.account_value and a.channel = w.channel
                      and a.member_id <> w.member_id and m.merchant_code = w.merchant_code) s) p
         cross join lateral (
           select count(distinct o2.member_id) as ip_players, count(distinct k.ip) as ip_addresses
             from member_known_ips k
             join member_known_ips o2 on o2.ip = k.ip and o2.member_id <> k.member_id
             join members m on m.id = o2.member_id and m.merchant_code = w.merchant_code
            where k.member_id = w.member_id) i
        where w.id = any($1::bigint[])`,
      [withdrawalIds.map(String)],
    );
  }
}
