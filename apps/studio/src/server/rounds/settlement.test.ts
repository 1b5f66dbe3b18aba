import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeWallet } from '../test/fake-wallet';
import { client, openSession, startStudio, studioStorage, type TestStudio, waitFor } from '../test/helpers';
import { betTransactionId, newRoundId } from './ids';
import type { RoundRow } from './settlement';

const roundOf = (studio: TestStudio, id: string) => studio.studio.settlement.findRound(id);

describe('wallet failures', () => {
  const wallet = new FakeWallet();
  let studio: TestStudio;

  beforeAll(async () => {
    await wallet.start();
    studio = await startStudio(wallet);
  });
  afterEach(() => wallet.clearFaults());
  afterAll(async () => {
    await studio.close();
    await wallet.stop();
  });

  it('rolls back a bet whose answer was lost, refunding it exactly once', async () => {
    const { playerId, call } = await openSession(studio, wallet, 'dice');
    wallet.inject('bet', 'drop');
    const refundsBefore = wallet.applied.refunds;
    const res = await call('POST', '/api/dice/bet', {
      amount: 1000,
      direction: 'over',
      target: 5000,
      requestId: 'lost-1',
    });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe('BET_NOT_CONFIRMED');
    // The platform took the stake (the answer was lost on the way back) and gave it back.
    expect(wallet.balanceOf(playerId)).toBe(100_000n);
    expect(wallet.applied.refunds - refundsBefore).toBe(1);

    // The frame repeats the request: no second bet, the same verdict.
    const again = await call('POST', '/api/dice/bet', {
      amount: 1000,
      direction: 'over',
      target: 5000,
      requestId: 'lost-1',
    });
    expect(again.body.error?.code).toBe('BET_NOT_CONFIRMED');
    const [round] = await studio.studio.db.query<RoundRow>('select * from rounds where request_id = $1', [
      'lost-1',
    ]);
    expect(round?.state).toBe('refunded');
    expect(wallet.received.filter((r) => r.action === 'bet' && r.body.roundId === round?.id)).toHaveLength(1);
    expect(wallet.balanceOf(playerId)).toBe(100_000n);
    expect(wallet.applied.refunds - refundsBefore).toBe(1);
  });

  it('rolls back a bet that timed out, and keeps retrying the rollback until it is acknowledged', async () => {
    const { playerId, call } = await openSession(studio, wallet, 'limbo');
    wallet.inject('bet', { delayMs: 2500 });
    wallet.inject('rollback', 'fail', 3);
    wallet.inject('rollback', 'drop', 1);
    const res = await call('POST', '/api/limbo/bet', { amount: 500, target: 200, requestId: 'slow-1' });
    expect(res.body.error?.code).toBe('BET_NOT_CONFIRMED');
    const [round] = await studio.studio.db.query<RoundRow>('select * from rounds where request_id = $1', [
      'slow-1',
    ]);
    const settled = await waitFor(
      async () => {
        const r = await roundOf(studio, round?.id as string);
        return r?.state === 'refunded' ? r : null;
      },
      10_000,
      'the refund',
    );
    expect(settled.refund_reason).toMatch(/TIMEOUT/);
    expect(wallet.balanceOf(playerId)).toBe(100_000n);
    const rollbacks = wallet.received.filter((r) => r.action === 'rollback' && r.body.roundId === round?.id);
    expect(rollbacks.length).toBeGreaterThanOrEqual(5);
    // Every retry is the same transaction: one id, one body.
    expect(new Set(rollbacks.map((r) => JSON.stringify(r.body))).size).toBe(1);
  });

  it('tombstones a bet that never reached the wallet, so it can never be taken later', async () => {
    const { playerId, call } = await openSession(studio, wallet, 'dice');
    wallet.inject('bet', 'fail');
    const tombstones = wallet.applied.tombstones;
    const res = await call('POST', '/api/dice/bet', { amount: 1000, direction: 'under', target: 5000 });
    expect(res.body.error?.code).toBe('BET_NOT_CONFIRMED');
    expect(wallet.applied.tombstones - tombstones).toBe(1);
    expect(wallet.balanceOf(playerId)).toBe(100_000n);
  });

  it('retries a win until the wallet acknowledges it, paying it once', async () => {
    const { playerId, call } = await openSession(studio, wallet, 'plinko');
    // Every plinko bucket pays something, so this round always has a real win to deliver.
    wallet.inject('win', 'drop', 2);
    wallet.inject('win', 'fail', 2);
    const winsBefore = wallet.applied.wins;
    const res = await call('POST', '/api/plinko/bet', {
      amount: 1000,
      rows: 8,
      risk: 'low',
      requestId: 'win-1',
    });
    expect(res.status).toBe(200);
    const payout = BigInt(res.body.payout as number);
    expect(payout).toBeGreaterThan(0n);
    const round = await waitFor(
      async () => {
        const r = await roundOf(studio, res.body.roundId as string);
        return r?.state === 'settled' ? r : null;
      },
      10_000,
      'the win',
    );
    expect(round.payout).toBe(payout);
    expect(wallet.balanceOf(playerId)).toBe(100_000n - 1000n + payout);
    // Two answers were lost after the win was applied: the repeats found it and moved nothing.
    expect(wallet.applied.wins - winsBefore).toBe(1);
    expect(
      wallet.received.filter((r) => r.action === 'win' && r.body.roundId === round.id).length,
    ).toBeGreaterThanOrEqual(5);
  });

  it('answers a repeated request id with the first answer and bets once', async () => {
    const { call } = await openSession(studio, wallet, 'dice');
    const body = { amount: 300, direction: 'over', target: 2000, requestId: 'same-1' };
    const first = await call('POST', '/api/dice/bet', body);
    const second = await call('POST', '/api/dice/bet', body);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(
      wallet.received.filter((r) => r.action === 'bet' && r.body.roundId === first.body.roundId),
    ).toHaveLength(1);
  });

  it('refuses a request id already used for another game of the same player, betting nothing more', async () => {
    const { playerId, call } = await openSession(studio, wallet, 'dice');
    const body = { amount: 300, direction: 'over', target: 2000, requestId: 'same-2' };
    const first = await call('POST', '/api/dice/bet', body);
    expect(first.status).toBe(200);
    const { token } = wallet.launch(0n, playerId);
    const opened = await client(studio.url)('POST', '/api/session', { token, gameCode: 'limbo' });
    const limbo = client(studio.url, opened.body.session as string);
    const other = await limbo('POST', '/api/limbo/bet', { amount: 300, target: 200, requestId: 'same-2' });
    expect(other.status).toBe(409);
    expect(other.body.error?.code).toBe('DUPLICATE_REQUEST');
    expect(wallet.received.filter((r) => r.action === 'bet' && r.body.playerId === playerId)).toHaveLength(1);
  });

  it('refuses a bet the wallet cannot cover and closes its round as rejected', async () => {
    const { playerId, call } = await openSession(studio, wallet, 'dice', 500n);
    const res = await call('POST', '/api/dice/bet', {
      amount: 1000,
      direction: 'over',
      target: 5000,
      requestId: 'poor-1',
    });
    expect(res.status).toBe(402);
    expect(res.body.error?.code).toBe('INSUFFICIENT_FUNDS');
    const [round] = await studio.studio.db.query<RoundRow>('select * from rounds where request_id = $1', [
      'poor-1',
    ]);
    expect(round?.state).toBe('rejected');
    expect(wallet.balanceOf(playerId)).toBe(500n);
  });

  it('validates bets with clear 4xx answers', async () => {
    const { call } = await openSession(studio, wallet, 'dice');
    expect(
      (await call('POST', '/api/dice/bet', { amount: 50, direction: 'over', target: 5000 })).body.error?.code,
    ).toBe('BET_LIMIT');
    const bad = await call('POST', '/api/plinko/bet', { amount: 1000, rows: 20, risk: 'low' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('INVALID_REQUEST');
    expect(bad.body.error?.message).toMatch(/rows/);
    expect(
      (await call('POST', '/api/dice/bet', { amount: 1000, direction: 'over', target: 100 })).body.error
        ?.code,
    ).toBe('INVALID_TARGET');
    const anonymous = await client(studio.url)('GET', '/api/balance');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.code).toBe('SESSION_REQUIRED');
    const expiredToken = await client(studio.url)('POST', '/api/session', {
      token: 'x'.repeat(32),
      gameCode: 'dice',
    });
    expect(expiredToken.status).toBe(401);
    expect(expiredToken.body.error?.code).toBe('INVALID_LAUNCH_TOKEN');
  });

  it('takes many concurrent bets of one player without reusing a nonce', async () => {
    const { playerId, call } = await openSession(studio, wallet, 'dice', 1_000_000n);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call('POST', '/api/dice/bet', {
          amount: 100,
          direction: 'over',
          target: 5000,
          requestId: `many-${i}`,
        }),
      ),
    );
    // On a loaded machine a wallet answer may exceed the timeout: such a bet is refunded, never lost.
    expect(answers.every((a) => a.status === 200 || a.body.error?.code === 'BET_NOT_CONFIRMED')).toBe(true);
    const rounds = await studio.studio.db.query<{ nonce: number; seed_id: bigint }>(
      "select nonce, seed_id from rounds where request_id like 'many-%'",
    );
    expect(rounds).toHaveLength(40);
    expect(new Set(rounds.map((r) => `${r.seed_id}:${r.nonce}`)).size).toBe(40);
    const net = answers
      .filter((a) => a.status === 200)
      .reduce((sum, a) => sum + BigInt(a.body.payout as number) - 100n, 0n);
    await waitFor(
      async () => (await studio.studio.settlement.pendingCount()) === 0,
      20_000,
      'all wins and refunds',
    );
    expect(wallet.balanceOf(playerId)).toBe(1_000_000n + net);
  });
});

describe('recovery at start', () => {
  it('settles or refunds every round a stopped studio left open', async () => {
    const wallet = await new FakeWallet().start();
    const storage = await studioStorage('recovery');
    try {
      const first = await startStudio(wallet, storage.overrides);
      const a = await openSession(first, wallet, 'plinko');
      const b = await openSession(first, wallet, 'dice');

      // (1) A win the wallet will not take before the studio stops.
      wallet.inject('win', 'fail', Number.POSITIVE_INFINITY);
      const won = await a.call('POST', '/api/plinko/bet', {
        amount: 1000,
        rows: 8,
        risk: 'low',
        requestId: 'r-win',
      });
      expect(won.status).toBe(200);
      expect(won.body.settled).toBe(false);

      // (2) A bet whose answer was lost, and whose rollback does not get through either.
      wallet.inject('bet', 'drop');
      wallet.inject('rollback', 'fail', Number.POSITIVE_INFINITY);
      const lost = await b.call('POST', '/api/dice/bet', {
        amount: 700,
        direction: 'over',
        target: 5000,
        requestId: 'r-lost',
      });
      expect(lost.body.error?.code).toBe('BET_NOT_CONFIRMED');

      // (3) and (4): rounds written just before a crash — one never sent, one sent and applied by the
      // wallet but its answer never read.
      const db = first.studio.db;
      const settlement = first.studio.settlement;
      const unsent = await db.transaction((tx) =>
        settlement.insertRound(tx, {
          id: newRoundId(),
          playerId: b.playerId,
          currency: 'BRL',
          gameCode: 'dice',
          stake: 400n,
        }),
      );
      const unread = await db.transaction((tx) =>
        settlement.insertRound(tx, {
          id: newRoundId(),
          playerId: b.playerId,
          currency: 'BRL',
          gameCode: 'dice',
          stake: 600n,
        }),
      );
      const [call] = await db.query<{ body: string }>(
        'select body from wallet_calls where transaction_id = $1',
        [betTransactionId(unread.id)],
      );
      const sentBody = call?.body as string;
      await fetch(`${wallet.url}/vendor/SORTE/wallet/bet`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature': (await import('node:crypto'))
            .createHmac('sha256', wallet.secret)
            .update(sentBody)
            .digest('hex'),
        },
        body: sentBody,
      });
      // Taken so far: the lost bet (its rollback cannot get through) and the unread one.
      expect(wallet.balanceOf(b.playerId)).toBe(100_000n - 700n - 600n);
      await first.close();

      // The wallet is reachable again; a new studio process starts on the same data.
      wallet.clearFaults();
      const second = await startStudio(wallet, storage.overrides);
      try {
        await waitFor(async () => (await second.studio.settlement.pendingCount()) === 0, 10_000, 'recovery');
        const states = await second.studio.db.query<{ id: string; state: string; request_id: string | null }>(
          'select id, state, request_id from rounds',
        );
        const stateOf = (id: string) => states.find((s) => s.id === id)?.state;
        expect(states.find((s) => s.request_id === 'r-win')?.state).toBe('settled');
        expect(states.find((s) => s.request_id === 'r-lost')?.state).toBe('refunded');
        expect(stateOf(unsent.id)).toBe('refunded');
        expect(stateOf(unread.id)).toBe('refunded');
        expect(states.every((s) => ['settled', 'refunded', 'rejected'].includes(s.state))).toBe(true);
        expect(wallet.balanceOf(a.playerId)).toBe(100_000n - 1000n + BigInt(won.body.payout as number));
        expect(wallet.balanceOf(b.playerId)).toBe(100_000n);
        expect(wallet.openRounds()).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      await wallet.stop();
      await storage.cleanup();
    }
  });
});
