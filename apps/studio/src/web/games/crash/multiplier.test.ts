import { describe, expect, it } from 'vitest';
import { CrashStore } from './crash-store';
import { elapsedFor, hundredthsAt, syncStart, toHundredths } from './multiplier';

describe('crash multiplier from elapsed time', () => {
  it('is floor(100 · e^(0.00006 · ms)) / 100: 1.00× at the start, 2× after about 11.55 s', () => {
    expect(hundredthsAt(0)).toBe(100);
    expect(hundredthsAt(1000)).toBe(106); // e^0.06 = 1.0618…
    expect(hundredthsAt(11_552)).toBe(199);
    expect(hundredthsAt(11_553)).toBe(200); // ln 2 / 0.00006 = 11552.45 ms
    expect(hundredthsAt(60_000)).toBe(3659); // e^3.6 = 36.598…
    expect(hundredthsAt(-50)).toBe(100);
  });

  it('inverts: the time a multiplier is reached', () => {
    for (const h of [101, 150, 200, 1000, 123_456]) {
      expect(hundredthsAt(Math.ceil(elapsedFor(h)) + 1)).toBeGreaterThanOrEqual(h);
      expect(hundredthsAt(Math.floor(elapsedFor(h)) - 1)).toBeLessThan(h);
    }
  });

  it('keeps the start time steady through jitter and snaps when this clock ran ahead', () => {
    // Tick at local 1000 says 400 ms elapsed → start 600.
    expect(syncStart(null, 1000, 400)).toBe(600);
    // A later tick arriving 40 ms late does not move it (smooth curve)…
    expect(syncStart(600, 1140, 500)).toBe(600);
    // …a faster one (earlier start) does…
    expect(syncStart(600, 1090, 500)).toBe(590);
    // …and a tab that slept 2 s snaps to the server's time.
    expect(syncStart(600, 3500, 700)).toBe(2800);
  });

  it('accepts hundredths and plain multipliers alike', () => {
    expect(toHundredths(235)).toBe(235);
    expect(toHundredths(2.35)).toBe(235);
    expect(toHundredths('2')).toBeNull();
  });
});

describe('crash table state', () => {
  const events = () => ({ balances: [] as number[], errors: [] as string[], rounds: 0 });
  function store() {
    const seen = events();
    const sut = new CrashStore(
      'session',
      {
        balance: (b) => seen.balances.push(b),
        error: (code) => seen.errors.push(code),
        roundOver: () => {
          seen.rounds += 1;
        },
      },
      'ws://127.0.0.1:1/none',
    );
    return { sut, seen };
  }

  it('follows a round: betting, running with cash-outs, crashed into the history', () => {
    const { sut } = store();
    sut.receive({
      type: 'snapshot',
      phase: 'betting',
      gameId: 7,
      bettingEndsInMs: 3000,
      players: [],
      history: [],
    });
    expect(sut.getState().phase).toBe('betting');
    sut.receive({ type: 'bet_placed', player: 'ab***cd', amount: 500 });
    sut.receive({ type: 'started', gameId: 7 });
    sut.receive({ type: 'tick', elapsedMs: 300, cashouts: [{ player: 'ab***cd', at: 150 }] });
    expect(sut.getState().players).toEqual([{ player: 'ab***cd', amount: 500, cashedOutAt: 150 }]);
    sut.receive({ type: 'crashed', gameId: 7, crashPoint: 312, hash: 'a'.repeat(64) });
    const state = sut.getState();
    expect(state.phase).toBe('crashed');
    expect(state.crashPoint).toBe(312);
    expect(state.history[0]).toEqual({ gameId: '7', crashPoint: 312, hash: 'a'.repeat(64) });
  });

  it("restores the player's own bet from a snapshot after a reload", () => {
    const { sut } = store();
    sut.receive({
      type: 'snapshot',
      phase: 'running',
      gameId: 9,
      elapsedMs: 2000,
      players: [{ playerId: 'me***', amount: 1000 }],
      history: [{ gameId: 8, crashPoint: 140 }],
      me: { amount: 1000, autoCashout: null, cashedOutAt: null },
    });
    const state = sut.getState();
    expect(state.players[0]?.player).toBe('me***');
    expect(state.myBet).toMatchObject({ amount: 1000, status: 'accepted', gameId: '9' });
  });

  it('pays out a cash-out and marks an uncashed bet lost when the round crashes', () => {
    const { sut, seen } = store();
    sut.receive({
      type: 'snapshot',
      phase: 'running',
      gameId: 3,
      elapsedMs: 100,
      players: [],
      history: [],
      me: { amount: 200 },
    });
    sut.receive({ type: 'cashed_out', gameId: 3, at: 180, payout: 360, balance: 10_360 });
    expect(sut.getState().myBet).toMatchObject({ status: 'cashed', cashedOutAt: 180, payout: 360 });
    expect(seen.balances).toEqual([10_360]);
    expect(seen.rounds).toBe(1);

    const other = store();
    other.sut.receive({
      type: 'snapshot',
      phase: 'running',
      gameId: 4,
      elapsedMs: 100,
      players: [],
      history: [],
      me: { amount: 200 },
    });
    other.sut.receive({ type: 'crashed', gameId: 4, crashPoint: 101, hash: 'b'.repeat(64) });
    expect(other.sut.getState().myBet?.status).toBe('lost');
  });
});
