import { dayIn, defaultMerchant } from '@sorte/shared';
import type { FastifyInstance } from 'fastify';
import type { Connection } from '../db/client';
import { DEMO_AGENT_USERNAME } from './demo-agent';
import type { Seeder } from './seeders';

/** The demo agent's team: three levels, agents among them (they sign in with the demo agent's password). */
const team: ReadonlyArray<{
  username: string;
  upline: string;
  type: number;
  ageDays: number;
  invite?: string;
}> = [
  { username: 'ag1lucas', upline: DEMO_AGENT_USERNAME, type: 1, ageDays: 89, invite: 'LUCAS2026' },
  { username: 'ag1marta', upline: DEMO_AGENT_USERNAME, type: 2, ageDays: 86, invite: 'MARTA2026' },
  { username: 'mb1ana', upline: DEMO_AGENT_USERNAME, type: 0, ageDays: 84 },
  { username: 'mb1bruno', upline: DEMO_AGENT_USERNAME, type: 0, ageDays: 71 },
  { username: 'mb1carla', upline: DEMO_AGENT_USERNAME, type: 0, ageDays: 52 },
  { username: 'mb1davi', upline: DEMO_AGENT_USERNAME, type: 0, ageDays: 12 },
  { username: 'ag2nina', upline: 'ag1lucas', type: 1, ageDays: 80, invite: 'NINA2026' },
  { username: 'mb2otto', upline: 'ag1lucas', type: 0, ageDays: 77 },
  { username: 'mb2paula', upline: 'ag1lucas', type: 0, ageDays: 63 },
  { username: 'mb2rafa', upline: 'ag1lucas', type: 0, ageDays: 41 },
  { username: 'mb2sara', upline: 'ag1lucas', type: 0, ageDays: 30 },
  { username: 'mb2tiago', upline: 'ag1lucas', type: 0, ageDays: 8 },
  { username: 'mb2ugo', upline: 'ag1marta', type: 0, ageDays: 74 },
  { username: 'mb2vera', upline: 'ag1marta', type: 0, ageDays: 45 },
  { username: 'mb2wagner', upline: 'ag1marta', type: 0, ageDays: 19 },
  { username: 'mb3xena', upline: 'ag2nina', type: 0, ageDays: 66 },
  { username: 'mb3yuri', upline: 'ag2nina', type: 0, ageDays: 38 },
  { username: 'mb3zeca', upline: 'ag2nina', type: 0, ageDays: 23 },
  { username: 'mb3alice', upline: 'ag2nina', type: 0, ageDays: 5 },
];
const HISTORY_DAYS = 90;
const KEY = 'seed:demo-agent-team';

/** Members of each level, in order (an upline is always inserted before its downlines). */
const levels = [DEMO_AGENT_USERNAME, 'ag1lucas', 'ag1marta', 'ag2nina'].map((upline) =>
  team.filter((m) => m.upline === upline),
);

/**
 * The demo agent's team with 90 days of history, so the agent centre shows real figures after
 * `npm start`. Members are inserted under the agent (member_tree follows by trigger); their past
 * rounds (vendor_rounds, closed) and deposits and withdrawals are generated set-based for the days
 * before today, straight into the rollups as the catch-up job would have summed them. Money: each
 * member's history nets to a balance that the ledger pays in as one adjustment (a kind the rollups
 * do not count), so balances agree with the history; today's deposits are real ledger deposits,
 * counted by the catch-up like any other.
 */
export const demoAgentTeamSeeder: Seeder = {
  name: 'demo-agent-team',
  async run(app) {
    const merchant = defaultMerchant;
    const timeZone = merchant.timeZone;
    const today = dayIn(new Date(), timeZone);
    const [agent] = await app.db.query<{ id: bigint }>(
      'select id from members where merchant_code = $1 and username_key = $2',
      [merchant.merchantCode, DEMO_AGENT_USERNAME],
    );
    if (!agent) throw new Error('the demo agent is missing: demo-agent runs first');
    const [exists] = await app.db.query(
      'select 1 from members where merchant_code = $1 and username_key = $2',
      [merchant.merchantCode, 'ag1lucas'],
    );
    if (!exists)
      await app.db.withConnection(async (connection) => {
        await connection.exec('begin');
        try {
          await insertTeam(connection, merchant.merchantCode);
          await generateHistory(connection, agent.id, today, timeZone);
          await connection.exec('commit');
        } catch (error) {
          await connection.exec('rollback');
          throw error;
        }
      });
    await payBalances(app, agent.id, today);
    await depositToday(app);
    await app.agents.rollups.catchUp();
  },
};

async function insertTeam(db: Connection, merchantCode: string) {
  for (const level of levels) {
    await db.query(
      `insert into members (merchant_code, username, username_key, password_hash, type, nickname, upline_id,
                            invite_code, first_login, created_at)
       select $1, u.username, lower(u.username), a.password_hash, u.type, initcap(substr(u.username, 4)), up.id,
              u.invite, false, now() - make_interval(days => u.age_days, hours => u.age_days % 7)
         from unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::int[])
                as u(username, upline, type, invite, age_days)
         join members up on up.merchant_code = $1 and up.username_key = u.upline
        cross join (select password_hash from members where merchant_code = $1 and username_key = $7) a`,
      [
        merchantCode,
        level.map((m) => m.username),
        level.map((m) => m.upline),
        level.map((m) => m.type),
        level.map((m) => m.invite ?? null),
        level.map((m) => m.ageDays),
        DEMO_AGENT_USERNAME,
      ],
    );
  }
}

/**
 * Rounds, deposits and withdrawals of the team for every day before today since each member
 * joined, and the rollups they make. Every member deposits on the day they join (first depositors)
 * and is topped up there so their history never goes below R$ 10.00.
 */
async function generateHistory(db: Connection, agentId: bigint, today: string, timeZone: string) {
  const params = [agentId.toString(), today, timeZone, HISTORY_DAYS];
  await db.query(
    `create temp table seed_rounds on commit drop as
     with team as (
       select t.member_id, (m.created_at at time zone $3)::date as joined_day
         from member_tree t join members m on m.id = t.member_id
        where t.ancestor_id = $1 and t.depth > 0),
     days as (
       select team.member_id, d::date as day
         from team, generate_series($2::date - $4::int, $2::date - 1, interval '1 day') d
        where d::date >= team.joined_day and random() < 0.5),
     rounds as (select member_id, day, generate_series(1, 1 + floor(random() * 6)::int) as seq from days),
     catalogue as (select array_agg(node_id order by node_id) as nodes from games where enabled),
     picked as (
       select r.*, c.nodes[1 + floor(random() * array_length(c.nodes, 1))::int] as node_id,
              (50 + floor(random() * 1950))::bigint as stake, random() as luck, random() as multiplier,
              floor(random() * 86000)::int as second
         from rounds r, catalogue c)
     select p.member_id, p.day, p.seq, g.node_id, g.vassalage, g.game_code, g.game_type, p.stake,
            case when p.luck < 0.42 then (p.stake * (1 + p.multiplier * 2.5))::bigint else 0 end as payout,
            (p.day + make_interval(secs => p.second))::timestamp at time zone $3 as opened_at
       from picked p join games g on g.node_id = p.node_id`,
    params,
  );
  await db.exec(
    `insert into vendor_rounds (vendor_code, round_id, member_id, player_id, node_id, vassalage, game_code, game_type,
                                currency, stake, payout, bet_count, win_count, status, opened_at, closed_at)
     select 'SORTE', 'seed-' || member_id || '-' || day || '-' || seq, member_id, 'seed-' || member_id, node_id,
            vassalage, game_code, game_type, 'BRL', stake, payout, 1, case when payout > 0 then 1 else 0 end,
            'closed', opened_at, opened_at + interval '20 seconds'
       from seed_rounds`,
  );
  // Money per member and day: a deposit on the joining day, then on about one day in eight.
  await db.query(
    `create temp table seed_days on commit drop as
     with team as (
       select t.member_id, greatest((m.created_at at time zone $3)::date, $2::date - $4::int) as joined_day
         from member_tree t join members m on m.id = t.member_id
        where t.ancestor_id = $1 and t.depth > 0),
     deposits as (
       select team.member_id, d::date as day, (20 + floor(random() * 280))::bigint * 100 as amount
         from team, generate_series($2::date - $4::int, $2::date - 1, interval '1 day') d
        where d::date = team.joined_day or (d::date > team.joined_day and random() < 0.12)),
     play as (
       select member_id, day, sum(stake)::bigint as bets, sum(payout)::bigint as wins, count(*)::int as rounds
         from seed_rounds group by 1, 2)
     select coalesce(p.member_id, d.member_id) as member_id, coalesce(p.day, d.day) as day,
            coalesce(p.bets, 0)::bigint as bets, coalesce(p.wins, 0)::bigint as wins,
            coalesce(p.rounds, 0) as rounds, coalesce(d.amount, 0)::bigint as deposits,
            case when d.amount is null then 0 else 1 end as deposit_count,
            0::bigint as withdrawals, 0 as withdrawal_count, coalesce(d.day = t.joined_day, false) as first_deposit
       from play p
       full join deposits d on d.member_id = p.member_id and d.day = p.day
       left join team t on t.member_id = coalesce(p.member_id, d.member_id)`,
    params,
  );
  await db.exec(
    `with net as (select member_id, sum(deposits - bets + wins) as net from seed_days group by 1)
     update seed_days s set deposits = s.deposits + (1000 - net.net)
       from net where net.member_id = s.member_id and s.first_deposit and net.net < 1000`,
  );
  // A third of the members cashed out 40% of what they had, two days ago.
  await db.query(
    `with net as (select member_id, sum(deposits - bets + wins) as net from seed_days group by 1)
     insert into seed_days (member_id, day, bets, wins, rounds, deposits, deposit_count, withdrawals,
                            withdrawal_count, first_deposit)
     select member_id, $1::date - 2, 0, 0, 0, 0, 0, (net * 0.4)::bigint / 100 * 100, 1, false
       from net where member_id % 3 = 0 and net > 10000`,
    [today],
  );
  await db.exec(
    `create temp table seed_periods on commit drop as
     select member_id, p.period, case p.period when 'D' then day when 'W' then date_trunc('week', day)::date
                                                when 'M' then date_trunc('month', day)::date
                                                else date '2000-01-01' end as period_start,
            sum(bets)::bigint as bets, sum(wins)::bigint as wins, sum(rounds)::int as rounds,
            sum(deposits)::bigint as deposits, sum(deposit_count)::int as deposit_count,
            sum(withdrawals)::bigint as withdrawals, sum(withdrawal_count)::int as withdrawal_count,
            bool_or(first_deposit) as first_deposit
       from seed_days, (values ('D'), ('W'), ('M'), ('A')) as p(period)
      group by 1, 2, 3`,
  );
  await db.exec(
    `insert into agent_member_periods as r (member_id, period, period_start, bets, valid_turnover, wins, bet_count,
                                            rounds, deposits, deposit_count, withdrawals, withdrawal_count,
                                            first_deposit)
     select member_id, period, period_start, bets, bets, wins, rounds, rounds, deposits, deposit_count, withdrawals,
            withdrawal_count, first_deposit
       from seed_periods
     on conflict (member_id, period, period_start) do update set
       bets = r.bets + excluded.bets, valid_turnover = r.valid_turnover + excluded.valid_turnover,
       wins = r.wins + excluded.wins, bet_count = r.bet_count + excluded.bet_count,
       rounds = r.rounds + excluded.rounds, deposits = r.deposits + excluded.deposits,
       deposit_count = r.deposit_count + excluded.deposit_count, withdrawals = r.withdrawals + excluded.withdrawals,
       withdrawal_count = r.withdrawal_count + excluded.withdrawal_count,
       first_deposit = r.first_deposit or excluded.first_deposit`,
  );
  await db.exec(
    `insert into agent_member_game_days as r (member_id, day, game_type, bets, valid_turnover, wins, bet_count, rounds)
     select member_id, day, game_type, sum(stake), sum(stake), sum(payout), count(*), count(*)
       from seed_rounds group by 1, 2, 3
     on conflict (member_id, day, game_type) do update set
       bets = r.bets + excluded.bets, valid_turnover = r.valid_turnover + excluded.valid_turnover,
       wins = r.wins + excluded.wins, bet_count = r.bet_count + excluded.bet_count, rounds = r.rounds + excluded.rounds`,
  );
  // Team rows: every upline of each member (the demo agent and the agents between).
  await db.exec(
    `insert into agent_team_periods as r (agent_id, period, period_start, bets, valid_turnover, wins, bet_count,
                                          rounds, deposits, deposit_count, withdrawals, withdrawal_count,
                                          active_members, first_depositors)
     select t.ancestor_id, p.period, p.period_start, sum(p.bets), sum(p.bets), sum(p.wins), sum(p.rounds),
            sum(p.rounds), sum(p.deposits), sum(p.deposit_count), sum(p.withdrawals), sum(p.withdrawal_count),
            count(*) filter (where p.bets > 0), count(*) filter (where p.first_deposit)
       from seed_periods p join member_tree t on t.member_id = p.member_id and t.depth > 0
      where p.period <> 'A'
      group by 1, 2, 3
     on conflict (agent_id, period, period_start) do update set
       bets = r.bets + excluded.bets, valid_turnover = r.valid_turnover + excluded.valid_turnover,
       wins = r.wins + excluded.wins, bet_count = r.bet_count + excluded.bet_count,
       rounds = r.rounds + excluded.rounds, deposits = r.deposits + excluded.deposits,
       deposit_count = r.deposit_count + excluded.deposit_count, withdrawals = r.withdrawals + excluded.withdrawals,
       withdrawal_count = r.withdrawal_count + excluded.withdrawal_count,
       active_members = r.active_members + excluded.active_members,
       first_depositors = r.first_depositors + excluded.first_depositors`,
  );
}

/** Each member's history nets to their balance: paid in by the ledger as one adjustment. */
async function payBalances(app: FastifyInstance, agentId: bigint, today: string) {
  const rows = await app.db.query<{ member_id: bigint; username: string; net: bigint }>(
    `select p.member_id, m.username,
            sum(p.deposits - p.withdrawals - p.valid_turnover + p.wins + p.bonuses)::bigint as net
       from member_tree t
       join agent_member_periods p on p.member_id = t.member_id and p.period = 'D' and p.period_start < $2::date
       join members m on m.id = p.member_id
      where t.ancestor_id = $1 and t.depth > 0
      group by 1, 2`,
    [agentId.toString(), today],
  );
  const currency = defaultMerchant.currency;
  for (const row of rows) {
    if (row.net <= 0n) continue;
    const { cash } = await app.ledger.openAccounts(row.member_id.toString(), currency);
    const key = `${KEY}:balance:${row.username}`;
    await app.ledger
      .transfer({
        idempotencyKey: key,
        debitAccountId: app.ledger.houseAccountFor(currency, key),
        creditAccountId: cash,
        amount: row.net,
        currency,
        kind: 'adjustment',
        metadata: { reason: 'demo history balance' },
      })
      .catch(ignorePaidBefore);
  }
}

/** A few deposits today, through the ledger: the catch-up counts them like any other. */
async function depositToday(app: FastifyInstance) {
  const currency = defaultMerchant.currency;
  const deposits: ReadonlyArray<[string, bigint]> = [
    ['mb1ana', 5_000n],
    ['mb2otto', 12_000n],
    ['mb3xena', 3_000n],
    ['mb2vera', 20_000n],
  ];
  for (const [username, amount] of deposits) {
    const [member] = await app.db.query<{ id: bigint }>(
      'select id from members where merchant_code = $1 and username_key = $2',
      [defaultMerchant.merchantCode, username],
    );
    if (!member) continue;
    const { cash } = await app.ledger.openAccounts(member.id.toString(), currency);
    const key = `${KEY}:today:${username}`;
    await app.ledger
      .transfer({
        idempotencyKey: key,
        debitAccountId: app.ledger.houseAccountFor(currency, key),
        creditAccountId: cash,
        amount,
        currency,
        kind: 'deposit',
        metadata: { orderId: `SEED-${username.toUpperCase()}` },
      })
      .catch(ignorePaidBefore);
  }
}

/** A rerun on a later day finds the transfer made before (with other sums): it stands. */
function ignorePaidBefore(error: unknown) {
  if ((error as { code?: string }).code !== 'IDEMPOTENCY_MISMATCH') throw error;
}
