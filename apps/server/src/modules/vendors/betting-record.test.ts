import { addDays, dayIn, startOfDayIn } from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { fund, launch, registerMember, seedHouseCatalogue, vendorClient } from './test-vendor-client';

let t: TestApp;
let call: ReturnType<typeof vendorClient>;
const SAO_PAULO = 'America/Sao_Paulo';

type Member = { token: string; id: bigint; playerId: string };
let ana: Member;
let bruno: Member;
let rahim: Member;

async function player(username: string, merchantCode: string, currency: string): Promise<Member> {
  const member = await registerMember(t.app, username, merchantCode);
  await fund(t.app, member.id, 100_000n, currency as 'BRL');
  const auth = await call('authenticate', { token: (await launch(t.app, member.token, 'crash')).token });
  expect(auth.json.status, auth.raw).toBe('OK');
  return { ...member, playerId: auth.json.playerId as string };
}

let seq = 0;
async function play(
  m: Member,
  roundId: string,
  gameCode: string,
  stake: number,
  outcome: { win?: number; ended?: boolean; rollback?: boolean },
  currency = 'BRL',
) {
  const betId = `${roundId}-bet-${++seq}`;
  const base = { playerId: m.playerId, roundId, gameCode, currency };
  expect((await call('bet', { ...base, transactionId: betId, amount: stake })).json.status).toBe('OK');
  if (outcome.rollback) {
    const res = await call('rollback', {
      transactionId: `${roundId}-rb`,
      playerId: m.playerId,
      roundId,
      refTransactionId: betId,
    });
    expect(res.json.status).toBe('OK');
  }
  if (outcome.win !== undefined) {
    const res = await call('win', {
      ...base,
      transactionId: `${roundId}-win-${++seq}`,
      amount: outcome.win,
      roundEnded: outcome.ended ?? true,
    });
    expect(res.json.status).toBe('OK');
  }
}

/** Moves a round's opening (and closing) to another instant, as if it had been played then. */
const openedAt = (roundId: string, at: Date) =>
  t.db.query(
    'update vendor_rounds set opened_at = $2::timestamptz, closed_at = case when closed_at is null then null else $2::timestamptz end where round_id = $1',
    [roundId, at],
  );

const record = (m: Member | null, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({
    url: `/wps/relay/bettingRecord${query}`,
    headers: { ...(m ? { authorization: `Bearer ${m.token}` } : {}), ...headers },
  });

const today = () => dayIn(new Date(), SAO_PAULO);
const roundIds = (page: { content: { roundId: string }[] }) => page.content.map((r) => r.roundId);

beforeAll(async () => {
  t = await buildTestApp({ houseStudio: true });
  await seedHouseCatalogue(t.app);
  call = vendorClient(t.app, { vendor: 'SORTE', secret: t.app.seamlessWallet.houseVendor().secret });
  ana = await player('anarecord', 'BR', 'BRL');
  bruno = await player('brunorecord', 'BR', 'BRL');
  rahim = await player('rahimrecord', 'BD', 'BDT');

  // Oldest first, so that "newest first" is visible in the order.
  await play(ana, 'ana-crash', 'crash', 1_000, { win: 2_500 });
  await play(ana, 'ana-mines', 'mines', 500, { win: 0 });
  await play(ana, 'ana-dice', 'dice', 700, { rollback: true });
  await play(ana, 'ana-reels', 'fortune-reels', 300, {});
  const now = Date.now();
  for (const [i, id] of ['ana-crash', 'ana-mines', 'ana-dice', 'ana-reels'].entries()) {
    await openedAt(id, new Date(now - (4 - i) * 60_000));
  }
  await play(bruno, 'bruno-crash', 'crash', 2_000, { win: 0 });
  await play(rahim, 'rahim-crash', 'crash', 5_000, { win: 10_000 }, 'BDT');
});
afterAll(() => t.app.close());

describe('GET /wps/relay/bettingRecord', () => {
  it('needs a login', async () => {
    const res = await record(null);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it("lists the member's rounds newest first with game, stake, payout, profit, status and times", async () => {
    const res = await record(ana);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json().value;
    expect(roundIds(page)).toEqual(['ana-reels', 'ana-dice', 'ana-mines', 'ana-crash']);
    expect(page).toMatchObject({
      pageNum: 1,
      totalPages: 1,
      total: 4,
      // Stakes 1,000 + 500 + 0 (refunded) + 300; payouts 2,500.
      totals: { stake: 1_800, payout: 2_500, profit: 700 },
      currency: 'BRL',
      startDate: addDays(today(), -6),
      endDate: today(),
      timeZone: SAO_PAULO,
    });
    const [reels, dice, mines, crash] = page.content;
    expect(crash).toMatchObject({
      gameName: 'Crash',
      gameType: 'CRASH',
      vassalage: 'SORTE',
      gameCode: 'crash',
      stake: 1_000,
      payout: 2_500,
      profit: 1_500,
      status: 'CLOSED',
    });
    expect(new Date(crash.openedAt).toISOString()).toBe(crash.openedAt);
    expect(crash.closedAt).not.toBeNull();
    expect(mines).toMatchObject({ vassalage: 'BGS', gameType: 'BONUS', stake: 500, payout: 0, profit: -500 });
    expect(dice).toMatchObject({ status: 'CANCELLED', stake: 0, payout: 0, profit: 0 });
    expect(reels).toMatchObject({
      gameName: 'Fortune Reels',
      status: 'OPEN',
      closedAt: null,
      gameType: 'RNG',
    });
  });

  it('names the games in the language asked for', async () => {
    const page = (await record(ana, '?language=PT')).json().value;
    expect(page.content[0].gameName).toBe('Rolos da Fortuna');
    const byHeader = (await record(ana, '', { lang: 'ES' })).json().value;
    expect(byHeader.content[0].gameName).toBe('Carretes de la Fortuna');
  });

  it('filters by game type, with totals over the filter', async () => {
    const bonus = (await record(ana, '?gameType=bonus')).json().value;
    expect(roundIds(bonus)).toEqual(['ana-dice', 'ana-mines']);
    expect(bonus.totals).toEqual({ stake: 500, payout: 0, profit: -500 });
    const live = (await record(ana, '?gameType=LIVE')).json().value;
    expect(live).toMatchObject({
      content: [],
      total: 0,
      totalPages: 0,
      totals: { stake: 0, payout: 0, profit: 0 },
    });
    expect((await record(ana, '?gameType=POKER')).statusCode).toBe(400);
  });

  it('pages the rounds while the totals cover them all', async () => {
    const second = (await record(ana, '?pageNo=2&pageSize=3')).json().value;
    expect(second).toMatchObject({ pageNum: 2, totalPages: 2, total: 4, totals: { stake: 1_800 } });
    expect(roundIds(second)).toEqual(['ana-crash']);
    expect((await record(ana, '?pageSize=101')).statusCode).toBe(400);
  });

  it("never shows one member another's rounds, whatever the query names", async () => {
    const own = (await record(bruno)).json().value;
    expect(roundIds(own)).toEqual(['bruno-crash']);
    const probing = await record(bruno, `?memberId=${ana.id}&playerId=${ana.playerId}&member=${ana.id}`);
    expect(probing.statusCode).toBe(200);
    expect(roundIds(probing.json().value)).toEqual(['bruno-crash']);
  });

  it("reads days in the member's merchant time zone and currency", async () => {
    const page = (await record(rahim)).json().value;
    expect(page).toMatchObject({
      currency: 'BDT',
      timeZone: 'Asia/Dhaka',
      totals: { stake: 5_000, payout: 10_000 },
    });
    expect(page.endDate).toBe(dayIn(new Date(), 'Asia/Dhaka'));
  });

  describe('dates', () => {
    beforeAll(async () => {
      const day = today();
      await play(ana, 'ana-old-10', 'crash', 100, { win: 0 });
      await openedAt(
        'ana-old-10',
        new Date(startOfDayIn(addDays(day, -10), SAO_PAULO).getTime() + 3_600_000),
      );
      await play(ana, 'ana-old-31', 'crash', 100, { win: 0 });
      await openedAt(
        'ana-old-31',
        new Date(startOfDayIn(addDays(day, -31), SAO_PAULO).getTime() + 3_600_000),
      );
      // One minute before midnight in São Paulo: yesterday there, though already today in UTC.
      await play(ana, 'ana-late-night', 'crash', 100, { win: 0 });
      await openedAt('ana-late-night', new Date(startOfDayIn(day, SAO_PAULO).getTime() - 60_000));
    });

    it('defaults to the last 7 days', async () => {
      const ids = roundIds((await record(ana)).json().value);
      expect(ids).toContain('ana-late-night');
      expect(ids).not.toContain('ana-old-10');
    });

    it('selects any range within the last 30 days, days cut at midnight in the merchant zone', async () => {
      const day = today();
      const month = (await record(ana, `?startDate=${addDays(day, -30)}&endDate=${day}`)).json().value;
      expect(roundIds(month)).toContain('ana-old-10');
      expect(roundIds(month)).not.toContain('ana-old-31');
      const yesterday = addDays(day, -1);
      expect(
        roundIds((await record(ana, `?startDate=${yesterday}&endDate=${yesterday}`)).json().value),
      ).toEqual(['ana-late-night']);
      expect(roundIds((await record(ana, `?startDate=${day}&endDate=${day}`)).json().value)).not.toContain(
        'ana-late-night',
      );
      const tenDays = addDays(day, -10);
      expect(roundIds((await record(ana, `?startDate=${tenDays}&endDate=${tenDays}`)).json().value)).toEqual([
        'ana-old-10',
      ]);
      // Only an end date: the 7 days up to it.
      expect(roundIds((await record(ana, `?endDate=${addDays(day, -8)}`)).json().value)).toEqual([
        'ana-old-10',
      ]);
    });

    it('refuses dates outside the last 30 days, a reversed range and malformed dates, naming the field', async () => {
      const day = today();
      const tooOld = await record(ana, `?startDate=${addDays(day, -31)}&endDate=${day}`);
      expect(tooOld.statusCode).toBe(400);
      expect(tooOld.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: `startDate: must not be before ${addDays(day, -30)}`,
        value: { field: 'startDate' },
      });
      const inPortuguese = await record(ana, `?startDate=${addDays(day, -31)}`, { lang: 'PT' });
      expect(inPortuguese.json().message).toBe(`startDate: não pode ser antes de ${addDays(day, -30)}`);

      const future = await record(ana, `?endDate=${addDays(day, 1)}`);
      expect(future.statusCode).toBe(400);
      expect(future.json()).toMatchObject({
        message: `endDate: must not be after ${day}`,
        value: { field: 'endDate' },
      });

      const reversed = await record(ana, `?startDate=${day}&endDate=${addDays(day, -1)}`);
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toMatchObject({
        message: `endDate: must not be before ${day}`,
        value: { field: 'endDate' },
      });

      for (const bad of ['2026-02-30', '2026-13-01', '20260101', 'yesterday']) {
        const res = await record(ana, `?startDate=${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().value.field).toBe('startDate');
      }
    });
  });
});
