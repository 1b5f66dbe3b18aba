import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addDays,
  type ChannelReportRow,
  type CohortReportRow,
  type DailyReportRow,
  type DashboardMerchant,
  dayIn,
  type GameReport,
  type GameReportRow,
  merchantByCode,
  merchants,
} from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { demoGamesSeeder } from '../../seed/demo-games';
import { DEMO_HISTORY_DAYS, demoHistorySeeder } from '../../seed/demo-history';
import { DEMO_PASSWORD } from '../../seed/demo-member';
import { runSeeders } from '../../seed/run-seeders';
import { verifyLedger } from '../ledger/ledger-verify';
import {
  bindPix,
  depositPaid,
  newMember,
  PAYMENT_PASSWORD,
  type TestMember,
} from '../payments/payments-test-kit';
import {
  betBody,
  launch,
  rollbackBody,
  seedHouseCatalogue,
  vendorClient,
  winBody,
} from '../vendors/test-vendor-client';
import { consoleKit } from './console-test-kit';

/**
 * The console's dashboard and daily reports (issue 15): figures per merchant and day from the
 * rollups, today against yesterday, scoped to an operator's merchant.
 */
const ROOT_KEY = 'root-operator-key-for-dashboard-tests-01';
let t: TestApp;
let kit: ReturnType<typeof consoleKit>;
let call: ReturnType<typeof vendorClient>;

beforeAll(async () => {
  t = await buildTestApp({
    operatorApiKey: ROOT_KEY,
    dataDir: mkdtempSync(join(tmpdir(), 'sorte-dashboard-')),
    houseStudio: true,
    houseShards: 4,
  });
  await seedHouseCatalogue(t.app);
  kit = consoleKit(t.app, ROOT_KEY);
  call = vendorClient(t.app, { vendor: 'SORTE', secret: t.app.seamlessWallet.houseVendor().secret });
});
afterAll(() => t.app.close());

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

/** A member at the wallet: launched into crash and authenticated, as the studio does. */
async function atTheTable(member: TestMember): Promise<string> {
  const auth = await call('authenticate', { token: (await launch(t.app, member.token, 'crash')).token });
  expect(auth.json.status, auth.raw).toBe('OK');
  return auth.json.playerId as string;
}

let ids = 0;
/** One round: a bet, and a win when `win` is given. */
async function playRound(
  playerId: string,
  stake: number,
  win: number | null,
  currency = 'BRL',
  gameCode = 'crash',
) {
  const round = `round-${++ids}`;
  const bet = await call('bet', { ...betBody({ playerId }, `bet-${ids}`, round, stake), currency, gameCode });
  expect(bet.json.status, bet.raw).toBe('OK');
  if (win !== null) {
    const won = await call('win', { ...winBody({ playerId }, `win-${ids}`, round, win), currency, gameCode });
    expect(won.json.status, won.raw).toBe('OK');
  }
  return { round, betId: `bet-${ids}` };
}

const payees = new Map<bigint, string>();
async function withdrawal(member: TestMember, amount: number): Promise<string> {
  if (!payees.has(member.id)) {
    const bound = await bindPix(t.app, member);
    expect(bound.statusCode, bound.body).toBe(200);
    payees.set(member.id, bound.json().value.id);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/relay/withdraw',
    headers: member.headers,
    payload: {
      payeeAccountId: payees.get(member.id),
      amount,
      paymentPassword: PAYMENT_PASSWORD,
      requestId: randomUUID(),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.withdrawalId as string;
}

/** Moves everything a member did so far to the same time yesterday (as if it happened then). */
async function moveToYesterday(memberId: bigint) {
  const id = memberId.toString();
  await t.db.query("update members set created_at = created_at - interval '1 day' where id = $1", [id]);
  await t.db.query(
    `update deposit_orders set created_at = created_at - interval '1 day', settled_at = settled_at - interval '1 day'
      where member_id = $1`,
    [id],
  );
  await t.db.query(
    "update vendor_transactions set created_at = created_at - interval '1 day' where member_id = $1",
    [id],
  );
}

const brazil = (dashboard: { merchants: DashboardMerchant[] }) =>
  dashboard.merchants.find((m) => m.merchantCode === 'BR') as DashboardMerchant;

describe('the console dashboard', () => {
  it("shows today's and yesterday's registrations, deposits, withdrawals, bets, wins and players", async () => {
    // Yesterday: Carla registered, deposited R$ 300.00 and lost a R$ 20.00 bet.
    const carla = await newMember(t.app, 'BR');
    await depositPaid(t.app, carla, 30_000);
    await playRound(await atTheTable(carla), 2_000, null);
    await moveToYesterday(carla.id);

    // Today: Ana and Bia register. Ana deposits twice, bets R$ 100.00 (wins R$ 250.00) and
    // R$ 50.00 (loses), and withdraws R$ 100.00 (approved) and R$ 50.00 (still waiting).
    const ana = await newMember(t.app, 'BR');
    const bia = await newMember(t.app, 'BR');
    await depositPaid(t.app, ana, 50_000);
    await depositPaid(t.app, ana, 20_000);
    const anaAtTable = await atTheTable(ana);
    await playRound(anaAtTable, 10_000, 25_000);
    await playRound(anaAtTable, 5_000, 0);
    // Bia's only bet is rolled back: no bet, no stake, not an active player.
    await depositPaid(t.app, bia, 10_000);
    const biaAtTable = await atTheTable(bia);
    const { round, betId } = await playRound(biaAtTable, 3_000, null);
    const rolledBack = await call(
      'rollback',
      rollbackBody({ playerId: biaAtTable }, `rb-${betId}`, round, betId),
    );
    expect(rolledBack.json.status, rolledBack.raw).toBe('OK');
    const approved = await withdrawal(ana, 10_000);
    const decided = await t.app.inject({
      method: 'POST',
      url: `/ops/payments/withdrawals/${approved}/approve`,
      headers: { 'x-operator-key': ROOT_KEY },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await withdrawal(ana, 5_000);

    await t.app.consoleDashboard.refresh();
    const finance = await kit.operatorWith(['finance']);
    const res = await get('/ops/console/dashboard', finance.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const br = brazil(res.json().value);
    const today = dayIn(new Date(), 'America/Sao_Paulo');
    expect(br).toMatchObject({ currency: 'BRL', timeZone: 'America/Sao_Paulo' });
    expect(br.today).toEqual({
      day: today,
      registrations: 2,
      firstDeposits: 2,
      depositCount: 3,
      depositAmount: 80_000,
      withdrawalCount: 1,
      withdrawalAmount: 10_000,
      betCount: 2,
      stakeAmount: 15_000,
      winAmount: 25_000,
      ggr: -10_000,
      bonusAmount: 0,
      ngr: -10_000,
      activePlayers: 1,
    });
    expect(br.yesterday).toEqual({
      day: addDays(today, -1),
      registrations: 1,
      firstDeposits: 1,
      depositCount: 1,
      depositAmount: 30_000,
      withdrawalCount: 0,
      withdrawalAmount: 0,
      betCount: 1,
      stakeAmount: 2_000,
      winAmount: 0,
      ggr: 2_000,
      bonusAmount: 0,
      ngr: 2_000,
      activePlayers: 1,
    });
    expect(br.pendingWithdrawals).toEqual({ count: 1, amount: 5_000 });
    expect(br.series).toHaveLength(30);
    expect(br.series.at(-1)).toEqual(br.today);
    expect(br.series.at(-2)).toEqual(br.yesterday);
    expect(br.series[0]?.day).toBe(addDays(today, -29));
    expect(br.refreshedAt).not.toBeNull();

    // The daily report has the same two days.
    const report = await get(
      `/ops/console/reports/daily?from=${addDays(today, -1)}&to=${today}&merchantCode=BR`,
      finance.cookie,
    );
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().value.rows).toEqual([
      { ...br.yesterday, merchantCode: 'BR', currency: 'BRL' },
      { ...br.today, merchantCode: 'BR', currency: 'BRL' },
    ]);
  });

  it('keeps today current: a refresh recomputes the day with what happened since', async () => {
    const finance = await kit.operatorWith(['finance']);
    await t.app.consoleDashboard.refresh();
    const before = brazil((await get('/ops/console/dashboard?merchantCode=BR', finance.cookie)).json().value);
    const dani = await newMember(t.app, 'BR');
    await depositPaid(t.app, dani, 15_000);
    await t.app.consoleDashboard.refresh();
    await t.app.consoleDashboard.refresh();
    const after = brazil((await get('/ops/console/dashboard?merchantCode=BR', finance.cookie)).json().value);
    expect(after.today.registrations).toBe(before.today.registrations + 1);
    expect(after.today.depositAmount).toBe(before.today.depositAmount + 15_000);
    expect(after.yesterday).toEqual(before.yesterday);
  });

  it("shows a merchant-limited operator only their merchant's figures", async () => {
    const mexican = await newMember(t.app, 'MX');
    await depositPaid(t.app, mexican, 45_000, 'SPEI');
    await playRound(await atTheTable(mexican), 10_000, 30_000, 'MXN');
    await t.app.consoleDashboard.refresh();

    const everyone = await kit.operatorWith(['risk']);
    const all = (await get('/ops/console/dashboard', everyone.cookie)).json().value;
    expect(all.merchants.map((m: DashboardMerchant) => m.merchantCode)).toEqual(['BR', 'MX', 'BD']);
    const onlyMx = (await get('/ops/console/dashboard?merchantCode=MX', everyone.cookie)).json().value;
    expect(onlyMx.merchants).toHaveLength(1);
    expect(onlyMx.merchants[0]).toMatchObject({
      merchantCode: 'MX',
      currency: 'MXN',
      today: {
        registrations: 1,
        depositAmount: 45_000,
        stakeAmount: 10_000,
        winAmount: 30_000,
        ggr: -20_000,
      },
    });

    const mxFinance = await kit.operatorWith(['finance'], 'MX');
    for (const url of ['/ops/console/dashboard', '/ops/console/dashboard?merchantCode=BR']) {
      const res = await get(url, mxFinance.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value.merchants.map((m: DashboardMerchant) => m.merchantCode)).toEqual(['MX']);
    }
    const today = dayIn(new Date(), merchantByCode('MX').timeZone);
    const report = await get(
      `/ops/console/reports/daily?from=${addDays(today, -6)}&to=${today}&merchantCode=BR`,
      mxFinance.cookie,
    );
    expect(report.statusCode, report.body).toBe(200);
    const rows = report.json().value.rows as Array<{ merchantCode: string; day: string }>;
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((r) => r.merchantCode))).toEqual(new Set(['MX']));

    const support = await kit.operatorWith(['support']);
    expect((await get('/ops/console/dashboard', support.cookie)).statusCode).toBe(403);
  });

  it('counts bonuses granted to players against NGR', async () => {
    const eva = await newMember(t.app, 'BD');
    const { bonus } = await t.app.ledger.openAccounts(eva.id.toString(), 'BDT');
    const key = `test:bonus:${eva.id}`;
    await t.app.ledger.transfer({
      idempotencyKey: key,
      debitAccountId: t.app.ledger.houseAccountFor('BDT', key),
      creditAccountId: bonus,
      amount: 12_000n,
      currency: 'BDT',
      kind: 'bonus_welcome',
    });
    // Bonuses are summed by the agents' rollups from the ledger; the dashboard reads their days.
    await t.app.agents.rollups.catchUp();
    await t.app.consoleDashboard.refresh();
    const risk = await kit.operatorWith(['risk']);
    const bd = (await get('/ops/console/dashboard?merchantCode=BD', risk.cookie)).json().value.merchants[0];
    expect(bd.today).toMatchObject({ bonusAmount: 12_000, ggr: 0, ngr: -12_000 });
  });

  it('refuses a bad date range with 400 naming the field', async () => {
    const finance = await kit.operatorWith(['finance']);
    const cases: Array<[string, string]> = [
      ['from=2026-03-10&to=2026-03-01', 'to'],
      ['from=2025-01-01&to=2026-01-02', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=abc&to=2026-03-01', 'from'],
      ['from=2026-03-01&to=20261301', 'to'],
      ['from=2026-03-01', 'to'],
      ['from=2026-03-01&to=2026-03-02&merchantCode=XX', 'merchantCode'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/ops/console/reports/daily?${query}`, finance.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().value.field, query).toBe(field);
    }
    const year = await get('/ops/console/reports/daily?from=2025-01-01&to=2026-01-01', finance.cookie);
    expect(year.statusCode, year.body).toBe(200);
  });
});

type Figures = { rounds: number; betCount: number; stakeAmount: number; winAmount: number; ggr: number };
const figuresOf = (row: Partial<Figures> | undefined): Figures => ({
  rounds: row?.rounds ?? 0,
  betCount: row?.betCount ?? 0,
  stakeAmount: row?.stakeAmount ?? 0,
  winAmount: row?.winAmount ?? 0,
  ggr: row?.ggr ?? 0,
});
const minus = (a: Figures, b: Figures) =>
  Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v - b[k as keyof Figures]]));
const sumOf = <Row>(rows: Row[], field: keyof Row) => rows.reduce((n, r) => n + Number(r[field]), 0);

describe('the console reports per game, channel and cohort', () => {
  const today = () => dayIn(new Date(), 'America/Sao_Paulo');

  it('shows GGR per game and vendor from the rounds played, in step with new rounds', async () => {
    const finance = await kit.operatorWith(['finance']);
    const day = today();
    const games = async (groupBy = 'game') => {
      const res = await get(
        `/ops/console/reports/games?from=${day}&to=${day}&merchantCode=BR&groupBy=${groupBy}`,
        finance.cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as GameReport;
    };
    const game = (report: GameReport, code: string) =>
      figuresOf(report.rows.find((r) => r.gameCode === code));
    await t.app.consoleDashboard.refresh();
    const before = await games();

    const gil = await newMember(t.app, 'BR');
    await depositPaid(t.app, gil, 50_000);
    const atTable = await atTheTable(gil);
    await playRound(atTable, 4_000, 10_000, 'BRL', 'dice');
    await playRound(atTable, 1_000, 0, 'BRL', 'dice');
    await playRound(atTable, 2_500, null, 'BRL', 'crash');
    await t.app.consoleDashboard.refresh();
    const after = await games();
    expect(minus(game(after, 'dice'), game(before, 'dice'))).toEqual({
      rounds: 2,
      betCount: 2,
      stakeAmount: 5_000,
      winAmount: 10_000,
      ggr: -5_000,
    });
    expect(minus(game(after, 'crash'), game(before, 'crash'))).toEqual({
      rounds: 1,
      betCount: 1,
      stakeAmount: 2_500,
      winAmount: 0,
      ggr: 2_500,
    });
    const dice = after.rows.find((r) => r.gameCode === 'dice') as GameReportRow;
    expect(dice).toMatchObject({ merchantCode: 'BR', currency: 'BRL', gameName: 'Dice' });

    // The games add up to the daily report's day, and the totals carry its bonuses and NGR.
    const daily = (
      await get(`/ops/console/reports/daily?from=${day}&to=${day}&merchantCode=BR`, finance.cookie)
    ).json().value.rows[0] as DailyReportRow;
    expect(sumOf(after.rows, 'stakeAmount')).toBe(daily.stakeAmount);
    expect(sumOf(after.rows, 'ggr')).toBe(daily.ggr);
    expect(after.totals).toEqual([
      {
        merchantCode: 'BR',
        currency: 'BRL',
        rounds: sumOf(after.rows, 'rounds'),
        betCount: daily.betCount,
        stakeAmount: daily.stakeAmount,
        winAmount: daily.winAmount,
        ggr: daily.ggr,
        bonusAmount: daily.bonusAmount,
        ngr: daily.ngr,
      },
    ]);

    // Per vendor: one row per catalogue vendor, the sum of its games.
    const vendors = await games('vendor');
    const ofDiceVendor = vendors.rows.find((r) => r.vendor === dice.vendor);
    expect(ofDiceVendor).toMatchObject({ gameCode: null, gameName: null });
    expect(ofDiceVendor?.stakeAmount).toBe(
      sumOf(
        after.rows.filter((r) => r.vendor === dice.vendor),
        'stakeAmount',
      ),
    );

    // A new round reaches the report at the next refresh.
    await playRound(atTable, 500, 0, 'BRL', 'dice');
    await t.app.consoleDashboard.refresh();
    expect(minus(game(await games(), 'dice'), game(after, 'dice'))).toMatchObject({
      rounds: 1,
      stakeAmount: 500,
    });
  });

  it('shows deposits and withdrawals per channel, only of their own merchant to a limited operator', async () => {
    const finance = await kit.operatorWith(['finance']);
    const day = today();
    const channels = async (cookie: string, query = '') => {
      const res = await get(
        `/ops/console/reports/channels?from=${addDays(day, -1)}&to=${day}${query}`,
        cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.rows as ChannelReportRow[];
    };
    const channel = (rows: ChannelReportRow[], code: string) =>
      rows.find((r) => r.channel === code) ?? {
        depositCount: 0,
        depositAmount: 0,
        withdrawalCount: 0,
        withdrawalAmount: 0,
        netAmount: 0,
      };
    await t.app.consoleDashboard.refresh();
    const before = await channels(finance.cookie);

    const hana = await newMember(t.app, 'BR');
    await depositPaid(t.app, hana, 12_000);
    await depositPaid(t.app, hana, 8_000);
    const approved = await withdrawal(hana, 5_000);
    const decided = await t.app.inject({
      method: 'POST',
      url: `/ops/payments/withdrawals/${approved}/approve`,
      headers: { 'x-operator-key': ROOT_KEY },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await depositPaid(t.app, await newMember(t.app, 'MX'), 30_000, 'SPEI');
    await t.app.consoleDashboard.refresh();

    const after = await channels(finance.cookie);
    const change = (code: string) => {
      const [a, b] = [channel(after, code), channel(before, code)];
      return {
        depositCount: a.depositCount - b.depositCount,
        depositAmount: a.depositAmount - b.depositAmount,
        withdrawalCount: a.withdrawalCount - b.withdrawalCount,
        withdrawalAmount: a.withdrawalAmount - b.withdrawalAmount,
        netAmount: a.netAmount - b.netAmount,
      };
    };
    expect(change('PIX')).toEqual({
      depositCount: 2,
      depositAmount: 20_000,
      withdrawalCount: 1,
      withdrawalAmount: 5_000,
      netAmount: 15_000,
    });
    expect(change('SPEI')).toMatchObject({ depositCount: 1, depositAmount: 30_000, withdrawalCount: 0 });
    expect(after.map((r) => r.merchantCode)).toEqual(
      [...after.map((r) => r.merchantCode)].sort(
        (a, b) => ['BR', 'MX', 'BD'].indexOf(a) - ['BR', 'MX', 'BD'].indexOf(b),
      ),
    );
    // The channels of a merchant add up to its daily report.
    const daily = (
      await get(
        `/ops/console/reports/daily?from=${addDays(day, -1)}&to=${day}&merchantCode=BR`,
        finance.cookie,
      )
    ).json().value.rows as DailyReportRow[];
    const brazil = after.filter((r) => r.merchantCode === 'BR');
    expect(sumOf(brazil, 'depositAmount')).toBe(sumOf(daily, 'depositAmount'));
    expect(sumOf(brazil, 'withdrawalAmount')).toBe(sumOf(daily, 'withdrawalAmount'));

    const mxFinance = await kit.operatorWith(['finance'], 'MX');
    for (const query of ['', '&merchantCode=BR']) {
      const rows = await channels(mxFinance.cookie, query);
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.merchantCode))).toEqual(new Set(['MX']));
    }
    // Mexico's own day: from 03:00 to 06:00 UTC it is already tomorrow in São Paulo but not there.
    const mexicanDay = dayIn(new Date(), merchantByCode('MX').timeZone);
    const games = await get(
      `/ops/console/reports/games?from=${mexicanDay}&to=${mexicanDay}&merchantCode=BR`,
      mxFinance.cookie,
    );
    expect(new Set(games.json().value.rows.map((r: GameReportRow) => r.merchantCode))).toEqual(
      new Set(['MX']),
    );
  });

  it('follows a cohort from registration to first deposit and play in its first week', async () => {
    const risk = await kit.operatorWith(['risk']);
    const day = today();
    const cohortDay = addDays(day, -10);
    // Ivo deposits and plays; Jo only registers. Both registered 10 days ago, Ivo played on day 5.
    const ivo = await newMember(t.app, 'BR');
    const jo = await newMember(t.app, 'BR');
    await depositPaid(t.app, ivo, 10_000);
    await playRound(await atTheTable(ivo), 1_000, null);
    const ago = (days: number) => `interval '${days} days'`;
    await t.db.query(`update members set created_at = created_at - ${ago(10)} where id = any($1::bigint[])`, [
      [ivo.id.toString(), jo.id.toString()],
    ]);
    await t.db.query(
      `update deposit_orders set created_at = created_at - ${ago(10)}, settled_at = settled_at - ${ago(10)}
        where member_id = $1`,
      [ivo.id.toString()],
    );
    await t.db.query(`update vendor_rounds set opened_at = opened_at - ${ago(5)} where member_id = $1`, [
      ivo.id.toString(),
    ]);
    await t.db.query(
      `update vendor_transactions set created_at = created_at - ${ago(5)} where member_id = $1`,
      [ivo.id.toString()],
    );
    await t.app.consoleDashboard.refresh({ from: addDays(day, -12) });

    const cohorts = async (period: string) => {
      const res = await get(
        `/ops/console/reports/cohorts?from=${cohortDay}&to=${cohortDay}&merchantCode=BR&period=${period}`,
        risk.cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.rows as CohortReportRow[];
    };
    const expected = {
      merchantCode: 'BR',
      firstDay: cohortDay,
      lastDay: cohortDay,
      registrations: 2,
      firstDeposits: 1,
      eligibleDay7: 2,
      activeDay7: 1,
      // Day 30 is still to come.
      eligibleDay30: 0,
      activeDay30: 0,
    };
    expect(await cohorts('day')).toEqual([{ ...expected, cohort: cohortDay }]);
    const monday = addDays(cohortDay, -((new Date(`${cohortDay}T00:00:00Z`).getUTCDay() + 6) % 7));
    expect(await cohorts('week')).toEqual([{ ...expected, cohort: monday }]);
    // The every-30-seconds refresh (yesterday and today) keeps the cohort's first week as it was.
    await t.app.consoleDashboard.refresh();
    expect(await cohorts('day')).toEqual([{ ...expected, cohort: cohortDay }]);
  });

  it('refuses bad ranges and groupings with 400 naming the field, and operators without reports.read', async () => {
    const finance = await kit.operatorWith(['finance']);
    const cases: Array<[string, string]> = [
      ['from=2026-03-10&to=2026-03-01', 'to'],
      ['from=2025-01-01&to=2026-01-02', 'to'],
      ['from=abc&to=2026-03-01', 'from'],
      ['from=0000-01-01&to=0000-01-02', 'from'],
      ['from=2026-03-01', 'to'],
    ];
    for (const report of ['games', 'channels', 'cohorts']) {
      for (const [query, field] of cases) {
        const res = await get(`/ops/console/reports/${report}?${query}`, finance.cookie);
        expect(res.statusCode, `${report}?${query}`).toBe(400);
        expect(res.json().value.field, `${report}?${query}`).toBe(field);
      }
    }
    const grouped = await get(
      '/ops/console/reports/games?from=2026-03-01&to=2026-03-02&groupBy=player',
      finance.cookie,
    );
    expect([grouped.statusCode, grouped.json().value.field]).toEqual([400, 'groupBy']);
    const period = await get(
      '/ops/console/reports/cohorts?from=2026-03-01&to=2026-03-02&period=month',
      finance.cookie,
    );
    expect([period.statusCode, period.json().value.field]).toEqual([400, 'period']);

    const support = await kit.operatorWith(['support']);
    for (const report of ['games', 'channels', 'cohorts'])
      expect(
        (await get(`/ops/console/reports/${report}?from=2026-03-01&to=2026-03-02`, support.cookie))
          .statusCode,
      ).toBe(403);
  });
});

describe('the demo history seeder', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await buildTestApp({
      operatorApiKey: ROOT_KEY,
      dataDir: mkdtempSync(join(tmpdir(), 'sorte-demo-history-')),
      houseStudio: true,
    });
    await runSeeders(s.app, [demoGamesSeeder, demoHistorySeeder]);
  }, 180_000);
  afterAll(() => s.app.close());

  it('gives every merchant 90 days of figures that its orders, withdrawals and rounds back', async () => {
    const admin = await consoleKit(s.app, ROOT_KEY).operatorWith(['admin']);
    const todays = merchants.map((m) => dayIn(new Date(), m.timeZone)).sort();
    const from = addDays(todays[0] as string, -DEMO_HISTORY_DAYS);
    const res = await s.app.inject({
      url: `/ops/console/reports/daily?from=${from}&to=${todays.at(-1)}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().value.rows as DailyReportRow[];
    for (const merchant of merchants) {
      const own = rows.filter((r) => r.merchantCode === merchant.merchantCode);
      const sum = (field: keyof DailyReportRow) => own.reduce((n, r) => n + Number(r[field]), 0);
      // Play on most of the 90 days, people joining over the whole period.
      expect(own.filter((r) => r.betCount > 0).length).toBeGreaterThan(60);
      expect(own.filter((r) => r.registrations > 0).length).toBeGreaterThan(30);
      expect(own.some((r) => r.day < addDays(from, 10) && r.registrations > 0)).toBe(true);
      expect(sum('withdrawalCount')).toBeGreaterThan(10);
      expect(sum('ggr')).toBeGreaterThan(0);
      // Every figure is what the base tables hold.
      const [base] = await s.db.query<{
        deposits: bigint;
        withdrawals: bigint;
        members: number;
        stakes: bigint;
      }>(
        `select (select sum(amount) from deposit_orders where status = 'paid' and merchant_code = $1) as deposits,
                (select sum(amount) from withdrawals where status in ('approved', 'paid') and merchant_code = $1)
                  as withdrawals,
                (select count(*)::int from members where merchant_code = $1) as members,
                (select sum(r.stake) from vendor_rounds r join members m on m.id = r.member_id
                  where m.merchant_code = $1) as stakes`,
        [merchant.merchantCode],
      );
      expect(sum('depositAmount')).toBe(Number(base?.deposits));
      expect(sum('withdrawalAmount')).toBe(Number(base?.withdrawals));
      expect(sum('registrations')).toBe(base?.members);
      expect(sum('stakeAmount')).toBe(Number(base?.stakes));
    }
    // The reports per game, channel and cohort are alive too, and add up to the same figures.
    const report = async (name: string) => {
      const answer = await s.app.inject({
        url: `/ops/console/reports/${name}?from=${from}&to=${todays.at(-1)}`,
        headers: { cookie: admin.cookie },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().value.rows;
    };
    const [games, channels, cohorts] = [
      await report('games'),
      await report('channels'),
      await report('cohorts'),
    ];
    for (const merchant of merchants) {
      const own = <Row extends { merchantCode: string }>(list: Row[]) =>
        list.filter((r) => r.merchantCode === merchant.merchantCode);
      const daily = own(rows);
      expect(own<GameReportRow>(games).length).toBeGreaterThan(3);
      expect(sumOf(own<GameReportRow>(games), 'stakeAmount')).toBe(sumOf(daily, 'stakeAmount'));
      expect(sumOf(own<GameReportRow>(games), 'ggr')).toBe(sumOf(daily, 'ggr'));
      expect(sumOf(own<ChannelReportRow>(channels), 'depositAmount')).toBe(sumOf(daily, 'depositAmount'));
      expect(sumOf(own<ChannelReportRow>(channels), 'withdrawalAmount')).toBe(
        sumOf(daily, 'withdrawalAmount'),
      );
      const cohortRows = own<CohortReportRow>(cohorts);
      expect(sumOf(cohortRows, 'registrations')).toBe(sumOf(daily, 'registrations'));
      expect(sumOf(cohortRows, 'firstDeposits')).toBeGreaterThan(0);
      expect(sumOf(cohortRows, 'activeDay7')).toBeGreaterThan(0);
      expect(sumOf(cohortRows, 'activeDay30')).toBeGreaterThan(0);
    }
    const dashboard = await s.app.inject({
      url: '/ops/console/dashboard',
      headers: { cookie: admin.cookie },
    });
    for (const m of dashboard.json().value.merchants as DashboardMerchant[]) {
      expect(m.series.filter((d) => d.activePlayers > 0).length).toBeGreaterThan(20);
      // Some withdrawals wait for an operator after any first start (the queue is never empty).
      expect(m.pendingWithdrawals.count).toBeGreaterThan(0);
    }
    expect((await verifyLedger(s.db)).breaches).toEqual([]);
    // The players sign in with the demo password.
    const [player] = await s.db.query<{ username: string; merchant_code: string }>(
      "select username, merchant_code from members where merchant_code = 'MX' order by id limit 1",
    );
    const login = await s.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: player?.username, password: DEMO_PASSWORD },
      headers: { merchantCode: 'MX' },
      remoteAddress: '10.93.0.1',
    });
    expect(login.statusCode, login.body).toBe(200);
  });
});
