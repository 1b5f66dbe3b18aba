import {
  classicSpin,
  commitServerSeed,
  minePositions,
  minesMultiplierBp,
  payoutBp,
  payoutHundredths,
  playAsync,
  playDice,
  playLimbo,
  playPlinko,
  spin,
  videoPayout,
} from '@sorte/fair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryItem } from '../games/games.service';
import { FakeWallet } from '../test/fake-wallet';
import { client, startStudio, type TestStudio } from '../test/helpers';

describe('provably fair games', () => {
  const wallet = new FakeWallet();
  let studio: TestStudio;
  const playerId = 'fairPlayer01';

  beforeAll(async () => {
    await wallet.start();
    studio = await startStudio(wallet);
  });
  afterAll(async () => {
    await studio.close();
    await wallet.stop();
  });

  async function sessionFor(gameCode: string) {
    const { token } = wallet.launch(10_000_000n, playerId);
    const res = await client(studio.url)('POST', '/api/session', { token, gameCode });
    expect(res.status).toBe(200);
    return { res, call: client(studio.url, res.body.session as string) };
  }

  /** Plays a mines round to its end: reveals tiles in order and cashes out after two safe ones. */
  async function playMines(call: ReturnType<typeof client>, mines: number) {
    const start = await call('POST', '/api/mines/start', { amount: 1000, mines });
    expect(start.status).toBe(200);
    const roundId = start.body.roundId as string;
    for (let tile = 0; tile < 25; tile++) {
      const pick = await call('POST', '/api/mines/reveal', { roundId, tile });
      expect(pick.status).toBe(200);
      if (!pick.body.safe) {
        expect(pick.body.payout).toBe(0);
        expect(pick.body.mines).toContain(tile);
        return { roundId, payout: 0 };
      }
      expect(pick.body.multiplierBp).toBe(minesMultiplierBp(mines, (pick.body.revealed as number[]).length));
      if ((pick.body.revealed as number[]).length === 2) {
        const again = await call('POST', '/api/mines/reveal', { roundId, tile });
        expect(again.body.error?.code).toBe('TILE_REVEALED');
        const cashout = await call('POST', '/api/mines/cashout', { roundId });
        expect(cashout.status).toBe(200);
        expect(cashout.body.payout).toBe(Number(payoutBp(1000n, minesMultiplierBp(mines, 2))));
        expect(cashout.body.mines).toHaveLength(mines);
        return { roundId, payout: cashout.body.payout as number };
      }
    }
    throw new Error('mines round did not end');
  }

  it('commits to the server seed, reveals it on rotation, and every recorded outcome recomputes with packages/fair', async () => {
    const { res: opened, call } = await sessionFor('dice');
    const commitment = (opened.body.fairness as { serverSeedHash: string }).serverSeedHash;
    const startBalance = wallet.balanceOf(playerId);
    let net = 0n;
    const bet = async (path: string, body: object) => {
      const r = await call('POST', path, { amount: 1000, ...body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      net += BigInt(r.body.payout as number) - 1000n;
      return r;
    };
    for (let i = 0; i < 4; i++) {
      await bet('/api/dice/bet', { direction: i % 2 ? 'over' : 'under', target: 4000 + i * 500 });
      await bet('/api/limbo/bet', { target: 150 + i * 50 });
      await bet('/api/plinko/bet', { rows: 8 + i * 2, risk: (['low', 'medium', 'high', 'low'] as const)[i] });
      await bet('/api/slots/fortune-reels/spin', {});
      await bet('/api/slots/lucky-sevens/spin', {});
    }
    for (const mines of [3, 12]) net += BigInt((await playMines(call, mines)).payout) - 1000n;
    const spin0 = await call('POST', '/api/slots/fortune-reels/spin', { amount: 1000 });
    expect(spin0.body).toHaveProperty('window');
    expect((spin0.body.window as string[][]).length).toBe(5);
    net += BigInt(spin0.body.payout as number) - 1000n;

    expect(wallet.balanceOf(playerId)).toBe(startBalance + net);

    const before = await call('GET', '/api/fairness');
    expect(before.body).toEqual({ serverSeedHash: commitment, clientSeed: expect.any(String), nonce: 23 });
    const hidden = (await call('GET', '/api/history?limit=100')).body as unknown as HistoryItem[];
    expect(hidden).toHaveLength(23);
    expect(hidden.every((h) => h.serverSeed === null && h.serverSeedHash === commitment)).toBe(true);

    const rotated = await call('POST', '/api/fairness/rotate', { clientSeed: 'my-own-seed' });
    expect(rotated.status).toBe(200);
    const revealed = rotated.body.revealed as {
      serverSeed: string;
      serverSeedHash: string;
      lastNonce: number;
    };
    expect(revealed.serverSeedHash).toBe(commitment);
    expect(await commitServerSeed(revealed.serverSeed)).toBe(commitment);
    expect(revealed.lastNonce).toBe(22);
    expect(rotated.body.next).toEqual({
      serverSeedHash: expect.any(String),
      clientSeed: 'my-own-seed',
      nonce: 0,
    });
    expect((rotated.body.next as { serverSeedHash: string }).serverSeedHash).not.toBe(commitment);

    const history = (await call('GET', '/api/history?limit=100')).body as unknown as HistoryItem[];
    expect(history).toHaveLength(23);
    const games = new Set<string>();
    for (const h of history) {
      expect(h.serverSeed).toBe(revealed.serverSeed);
      const seeds = {
        serverSeed: h.serverSeed as string,
        clientSeed: h.clientSeed as string,
        nonce: h.nonce as number,
      };
      const stake = BigInt(h.stake);
      const o = h.outcome as Record<string, unknown>;
      const p = (h as unknown as { params: Record<string, unknown> }).params;
      games.add(h.gameCode);
      switch (h.gameCode) {
        case 'dice': {
          const r = await playAsync(seeds, (s) =>
            playDice(s, p.direction as 'over' | 'under', p.target as number),
          );
          expect(o).toMatchObject({ roll: r.roll, win: r.win });
          expect(h.payout).toBe(Number(r.win ? payoutBp(stake, r.multiplierBp) : 0n));
          break;
        }
        case 'limbo': {
          const r = await playAsync(seeds, (s) => playLimbo(s, p.target as number));
          expect(o).toMatchObject({ result: r.result, win: r.win });
          expect(h.payout).toBe(Number(r.win ? payoutHundredths(stake, r.multiplierHundredths) : 0n));
          break;
        }
        case 'plinko': {
          const r = await playAsync(seeds, (s) => playPlinko(s, p.rows as number, p.risk as 'low'));
          expect(o).toMatchObject({ path: r.path, bucket: r.bucket });
          expect(h.payout).toBe(Number(payoutBp(stake, r.multiplierBp)));
          break;
        }
        case 'fortune-reels': {
          const r = await playAsync(seeds, (s) => spin(s));
          expect(o.window).toEqual(r.base.window);
          expect(o.totalUnits).toBe(r.totalUnits);
          expect((o.freeSpins as unknown[]).length).toBe(r.freeSpins.length);
          expect(h.payout).toBe(Number(videoPayout(stake, r.totalUnits)));
          break;
        }
        case 'lucky-sevens': {
          const r = await playAsync(seeds, (s) => classicSpin(s));
          expect(o.window).toEqual(r.window);
          expect(h.payout).toBe(Number(stake * BigInt(r.multiplier)));
          break;
        }
        case 'mines': {
          const mines = await playAsync(seeds, (s) => minePositions(s, p.mines as number));
          expect(o.mines).toEqual(mines);
          const revealed = o.revealed as number[];
          const hit = revealed.some((t) => mines.includes(t)) || o.hit !== undefined;
          if (!hit)
            expect(h.payout).toBe(
              Number(payoutBp(stake, minesMultiplierBp(p.mines as number, revealed.length))),
            );
          else expect(h.payout).toBe(0);
          break;
        }
      }
    }
    expect(games).toEqual(new Set(['dice', 'limbo', 'plinko', 'fortune-reels', 'lucky-sevens', 'mines']));

    // New bets use the new pair from nonce 0.
    const next = await call('POST', '/api/dice/bet', { amount: 1000, direction: 'over', target: 5000 });
    expect(next.body.nonce).toBe(0);
  });

  it('plays the next nonce of the pair even when another studio instance took nonces meanwhile', async () => {
    const { call } = await sessionFor('dice');
    const bet = (requestId: string) =>
      call('POST', '/api/dice/bet', { amount: 100, direction: 'over', target: 5000, requestId });
    const first = await bet('other-instance-1');
    expect(first.status).toBe(200);
    // Another instance on the same database plays two bets of this player (its nonces).
    await studio.studio.db.query(
      'update player_seeds set next_nonce = next_nonce + 2 where player_id = $1 and active',
      [playerId],
    );
    const second = await bet('other-instance-2');
    expect(second.status).toBe(200);
    expect(second.body.nonce).toBe((first.body.nonce as number) + 3);
    const [pair] = await studio.studio.db.query<{ next_nonce: number }>(
      'select next_nonce from player_seeds where player_id = $1 and active',
      [playerId],
    );
    expect(pair?.next_nonce).toBe((second.body.nonce as number) + 1);
  });

  it('keeps one mines round in play across reloads and refuses to rotate seeds under it', async () => {
    const { call } = await sessionFor('mines');
    const start = await call('POST', '/api/mines/start', { amount: 1000, mines: 1 });
    expect(start.status).toBe(200);
    const second = await call('POST', '/api/mines/start', { amount: 1000, mines: 1 });
    expect(second.body.error?.code).toBe('MINES_ROUND_OPEN');

    // A reload: a new session of the same player finds the round.
    const { call: reloaded } = await sessionFor('mines');
    const open = await reloaded('GET', '/api/mines/open');
    expect(open.body).toMatchObject({ roundId: start.body.roundId, mines: 1, revealed: [], amount: 1000 });
    expect((await reloaded('POST', '/api/fairness/rotate', {})).body.error?.code).toBe('ROUND_IN_PLAY');
    expect(
      (await reloaded('POST', '/api/mines/cashout', { roundId: start.body.roundId })).body.error?.code,
    ).toBe('NO_PICKS');

    let ended = false;
    for (let tile = 0; tile < 25 && !ended; tile++) {
      const pick = await reloaded('POST', '/api/mines/reveal', { roundId: start.body.roundId, tile });
      ended = pick.body.ended as boolean;
      if (!ended && tile >= 1) {
        await reloaded('POST', '/api/mines/cashout', { roundId: start.body.roundId });
        ended = true;
      }
    }
    expect((await reloaded('GET', '/api/mines/open')).body).toBeNull();
    expect((await reloaded('POST', '/api/fairness/rotate', {})).status).toBe(200);
  });
});
