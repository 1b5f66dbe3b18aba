import type { Connection } from '../../db/client';

export type LinkStatsRow = { domain: string | null; registrations: number; first_depositors: number };

/** The SQL of the agent's invitation links: the merchant's domains and who joined through each. */
export class LinksRepository {
  constructor(private readonly db: Connection) {}

  /** The merchant's player-facing domains (main site and mirrors, then any other configured domain). */
  async domainsOf(merchantCode: string): Promise<string[]> {
    const rows = await this.db.query<{ domain: string }>(
      `select domain from (
         select domain, sort, 0 as source from domain_routes
          where merchant_code = $1 and purpose in ('MAIN', 'MIRROR')
         union all
         select domain, 0, 1 from merchant_domains d
          where merchant_code = $1 and not exists (select 1 from domain_routes r where r.domain = d.domain)
       ) all_domains
       order by source, sort, domain`,
      [merchantCode],
    );
    return rows.map((row) => row.domain);
  }

  /** The agent's direct downlines per signup domain (null: no recorded link), and their first depositors. */
  statsOf(agentId: bigint): Promise<LinkStatsRow[]> {
    return this.db.query<LinkStatsRow>(
      `select s.domain, count(*)::int as registrations,
              (count(*) filter (where coalesce(a.first_deposit, false)))::int as first_depositors
         from members m
         left join member_signup_domains s on s.member_id = m.id
         left join agent_member_periods a on a.member_id = m.id and a.period = 'A'
        where m.upline_id = $1
        group by s.domain`,
      [agentId],
    );
  }

  /** Records the domain a newly registered member used, once (a retried hook changes nothing). */
  async recordSignup(merchantCode: string, usernameKey: string, domain: string): Promise<void> {
    await this.db.query(
      `insert into member_signup_domains (member_id, domain)
       select id, $3 from members where merchant_code = $1 and username_key = $2 and upline_id is not null
       on conflict (member_id) do nothing`,
      [merchantCode, usernameKey, domain],
    );
  }
}
