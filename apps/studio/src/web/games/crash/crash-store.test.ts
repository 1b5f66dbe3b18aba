import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrashStore } from './crash-store';

/** A WebSocket stand-in: the test opens, feeds and closes it; what the store sends is kept. */
class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.();
  }

  open() {
    this.readyState = 1;
    this.onopen?.();
  }

  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1] as FakeSocket;
const betting = {
  type: 'snapshot',
  phase: 'betting',
  gameId: 7,
  bettingEndsInMs: 4000,
  players: [],
  history: [],
};

describe('crash store: a bet whose answer is lost', () => {
  const errors: string[] = [];
  let store: CrashStore;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    errors.length = 0;
    vi.stubGlobal('WebSocket', FakeSocket);
    store = new CrashStore(
      'session-1',
      { balance: () => {}, error: (code) => errors.push(code), roundOver: () => {} },
      'ws://studio.test/studio/crash/ws',
      20_000,
    );
    store.connect();
    latest().open();
    latest().receive({ ...betting, me: null });
  });
  afterEach(() => {
    store.close();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** The bet goes out, then the connection drops before its answer and comes back while it is on its way. */
  function betThenReconnect() {
    store.bet(100, null);
    expect(latest().sent.at(-1)).toMatchObject({ type: 'bet', amount: 100 });
    latest().close();
    vi.advanceTimersByTime(500);
    latest().open();
    expect(latest().sent.at(-1)).toEqual({ type: 'auth', session: 'session-1' });
    latest().receive({ ...betting, me: null });
    expect(store.getState().myBet?.status).toBe('pending');
  }

  it('is looked up again and shows the bet the studio took, which the player can then cash out', () => {
    betThenReconnect();
    const before = FakeSocket.all.length;
    vi.advanceTimersByTime(20_000);
    // A fresh connection, whose snapshot has the bet: no more "Placing…", Cash out once it runs.
    expect(FakeSocket.all.length).toBe(before + 1);
    latest().open();
    latest().receive({ ...betting, me: { amount: 100, autoCashout: null } });
    expect(store.getState().myBet).toMatchObject({ status: 'accepted', amount: 100, gameId: '7' });
    latest().receive({ type: 'started', gameId: 7 });
    expect(store.getState()).toMatchObject({ phase: 'running', myBet: { status: 'accepted' } });
    expect(errors).toEqual([]);
  });

  it('is dropped with a notice when the studio did not take it, and the Bet button comes back', () => {
    betThenReconnect();
    vi.advanceTimersByTime(20_000);
    latest().open();
    latest().receive({ ...betting, me: null });
    expect(store.getState().myBet).toBeNull();
    expect(errors).toEqual(['BET_NOT_CONFIRMED']);
  });

  it('is not looked up again when its answer came in time', () => {
    store.bet(100, null);
    latest().receive({ type: 'bet_accepted', gameId: 7, balance: 900 });
    const sockets = FakeSocket.all.length;
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all.length).toBe(sockets);
    expect(store.getState().myBet?.status).toBe('accepted');
  });
});
