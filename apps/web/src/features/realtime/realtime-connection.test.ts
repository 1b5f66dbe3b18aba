import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from './fake-web-socket';
import { backoffMs, openRealtimeConnection, socketUrl } from './realtime-connection';
import type { RealtimeEvent } from './realtime-events';

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const open = (overrides: Partial<Parameters<typeof openRealtimeConnection>[0]> = {}) => {
  const events: RealtimeEvent[] = [];
  const ended = vi.fn();
  const ready = vi.fn();
  const close = openRealtimeConnection({
    token: 'tok-1',
    url: 'ws://test/ws',
    onEvent: (e) => events.push(e),
    onSessionEnded: ended,
    onReady: ready,
    createSocket: (url) => new FakeWebSocket(url) as unknown as WebSocket,
    random: () => 0.5,
    ...overrides,
  });
  return { events, ended, ready, close };
};

describe('the live connection', () => {
  it('uses ws:// or wss:// as the page does, on the same host', () => {
    expect(socketUrl({ protocol: 'https:', host: 'sorte.example' })).toBe('wss://sorte.example/ws');
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws');
  });

  it('presents the token as its first message, then passes known events on and drops the rest', () => {
    const { events, ready } = open();
    const socket = FakeWebSocket.latest();
    socket.open();
    expect(socket.sent).toEqual([JSON.stringify({ type: 'auth', token: 'tok-1' })]);
    socket.receive({ type: 'ready' });
    expect(ready).toHaveBeenCalledWith(false);
    socket.receive({ type: 'balance', balance: 105000, bonus: 0, currency: 'BRL' });
    socket.receive({ type: 'unread', count: 2 });
    socket.receive({ type: 'balance', balance: 'lots' });
    socket.receive({ type: 'something-new', x: 1 });
    expect(events).toEqual([
      { type: 'balance', balance: 105000, bonus: 0, currency: 'BRL' },
      { type: 'unread', count: 2 },
    ]);
  });

  it('reconnects after a drop with growing waits, and says it reconnected', () => {
    const { ready } = open();
    FakeWebSocket.latest().drop();
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = FakeWebSocket.latest();
    third.open();
    third.receive({ type: 'ready' });
    expect(ready).toHaveBeenLastCalledWith(false);
    third.drop();
    vi.advanceTimersByTime(1000);
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().receive({ type: 'ready' });
    expect(ready).toHaveBeenLastCalledWith(true);
    expect(backoffMs(10, () => 0.5)).toBe(30_000);
  });

  it('ends the session on close code 4401 and does not reconnect', () => {
    const { ended } = open();
    FakeWebSocket.latest().drop(4401);
    expect(ended).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('closes for good when asked, without reconnecting', () => {
    const { close } = open();
    const socket = FakeWebSocket.latest();
    socket.open();
    close();
    expect(socket.readyState).toBe(socket.CLOSED);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
