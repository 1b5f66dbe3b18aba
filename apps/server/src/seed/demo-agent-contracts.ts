import { defaultMerchant } from '@sorte/shared';
import type { ContractTerms } from '@sorte/shared/contracts/agent-contracts';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../modules/contracts/contracts.service';
import { DEMO_AGENT_USERNAME } from './demo-agent';
import type { Seeder } from './seeders';

/** How far back the demo contracts were accepted: the team's seeded history is as long. */
const CONTRACT_AGE_DAYS = 90;

/** Daily salary: a rate on the team's valid turnover, higher from R$ 200.00 a day with 3 active members. */
const dailySalary = (baseBp: number, upperBp: number): ContractTerms => ({
  kind: 'dailySalary',
  minBetAmount: 0,
  minActiveMembers: 0,
  feeRateBp: 0,
  tiers: [
    { minTurnover: 0, minActiveMembers: 0, rateBp: baseBp },
    { minTurnover: 20_000, minActiveMembers: 3, rateBp: upperBp },
  ],
});

/** Monthly dividend: a share of the team's net loss, a negative month carried over. */
const dividend = (rateBp: number): ContractTerms => ({
  kind: 'dividend',
  period: 'M',
  minBetAmount: 0,
  minActiveMembers: 0,
  feeRateBp: 0,
  tiers: [{ minTurnover: 0, minActiveMembers: 0, rateBp }],
});

/**
 * Who gives whom what (level difference: each upline's rates are above the ones it gives).
 * `null` upline: the house (an operator-given contract of the top-level demo agent).
 */
const contracts: ReadonlyArray<{ upline: string | null; downline: string; terms: ContractTerms }> = [
  { upline: null, downline: DEMO_AGENT_USERNAME, terms: dailySalary(80, 120) },
  { upline: null, downline: DEMO_AGENT_USERNAME, terms: dividend(3_000) },
  { upline: DEMO_AGENT_USERNAME, downline: 'ag1lucas', terms: dailySalary(50, 80) },
  { upline: DEMO_AGENT_USERNAME, downline: 'ag1lucas', terms: dividend(2_000) },
  { upline: DEMO_AGENT_USERNAME, downline: 'ag1marta', terms: dailySalary(40, 60) },
  { upline: DEMO_AGENT_USERNAME, downline: 'ag1marta', terms: dividend(1_500) },
  { upline: 'ag1lucas', downline: 'ag2nina', terms: dailySalary(30, 50) },
  { upline: 'ag1lucas', downline: 'ag2nina', terms: dividend(1_000) },
];

/**
 * Contracts with a settled history, so "My income", the contract pages and the settlements show real
 * periods after `npm start`. The contracts are offered and accepted through the contracts service
 * (its rate cap applies), then dated back 90 days: the one thing the seed does by hand, since no
 * service makes a past acceptance. The settlement run then settles and pays the past periods from
 * the team's seeded rollups through the ledger, exactly as the scheduled run does: the house pays the
 * demo agent, the agents pay their downlines (past the deadline, paid when the balance allows).
 * A rerun finds the contracts and the run settles only periods that ended since.
 */
export const demoAgentContractsSeeder: Seeder = {
  name: 'demo-agent-contracts',
  async run(app) {
    const members = await parties(app);
    const top = members.get(DEMO_AGENT_USERNAME);
    if (!top) throw new Error('the demo agent is missing: demo-agent runs first');
    if (!members.has('ag2nina')) throw new Error('the demo team is missing: demo-agent-team runs first');
    const [given] = await app.db.query('select 1 from agent_contracts where downline_id = $1 limit 1', [
      top.id,
    ]);
    if (!given) await giveContracts(app, members);
    await app.contractSettlements.runDue();
  },
};

async function parties(app: FastifyInstance): Promise<Map<string, Caller>> {
  const usernames = [...new Set(contracts.flatMap((c) => [c.downline, c.upline ?? c.downline]))];
  const rows = await app.db.query<Caller & { username_key: string }>(
    `select id, type, merchant_code, upline_id, username_key from members
      where merchant_code = $1 and username_key = any($2::text[])`,
    [defaultMerchant.merchantCode, usernames],
  );
  return new Map(rows.map((row) => [row.username_key, row]));
}

async function giveContracts(app: FastifyInstance, members: Map<string, Caller>) {
  const party = (username: string) => members.get(username) as Caller;
  const ids: string[] = [];
  // In order: an upline accepts its own contract before it offers one of the same kind below.
  for (const { upline, downline, terms } of contracts) {
    const offer =
      upline === null
        ? await app.contracts.offerFromHouse('seed', party(downline).id, terms)
        : await app.contracts.offer(party(upline), party(downline).id, terms);
    await app.contracts.accept(party(downline), BigInt(offer.id), false);
    ids.push(offer.id);
  }
  await app.db.query(
    `update agent_contracts
        set offered_at = now() - make_interval(days => $2, hours => 1), decided_at = now() - make_interval(days => $2)
      where id = any($1::bigint[])`,
    [ids, CONTRACT_AGE_DAYS],
  );
}
