import { act, configure, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, reloadSession } from '../../lib/session-store';
import { memberInfo, mockApi, settingsRoutes } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { FakeWebSocket } from './fake-web-socket';
import type { RealtimeEvent } from './realtime-events';
import { useRealtimeEvent } from './use-realtime-event';

// Lazy routes and several answers per page: under a busy parallel run, allow more than 1 s.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000 });

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

function signedIn(info: Partial<typeof memberInfo> = {}) {
  sessionStorage.setItem('token', 'tok-1');
  reloadSession();
  mockApi({ ...settingsRoutes, 'GET /wps/member/info': { value: { ...memberInfo, ...info } } });
}

async function connected() {
  await eventually(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeWebSocket.latest();
  act(() => {
    socket.open();
    socket.receive({ type: 'ready' });
  });
  return socket;
}

describe('live updates in the header', () => {
  it('shows a new balance from the socket without a reload, and a toast for a credited deposit', async () => {
    signedIn();
    await renderApp('/');
    const balance = await screen.findByTestId('balance');
    await eventually(() => expect(balance.textContent).toBe('R$ 1,234.56'));
    const socket = await connected();
    expect(JSON.parse(socket.sent[0] as string)).toEqual({ type: 'auth', token: 'tok-1' });

    act(() => socket.receive({ type: 'balance', balance: 128456, bonus: 0, currency: 'BRL' }));
    await eventually(() => expect(balance.textContent).toBe('R$ 1,284.56'));

    act(() =>
      socket.receive({ type: 'deposit', orderId: 'DABCDEFGHJKLMNPQR', status: 'paid', cashBalance: 133456 }),
    );
    await eventually(() => expect(balance.textContent).toBe('R$ 1,334.56'));
    expect(await screen.findByText('Deposit credited to your balance')).toBeTruthy();
  });

  it('puts the unread count on the account menu as it changes', async () => {
    signedIn();
    await renderApp('/');
    await screen.findByText('maria');
    const socket = await connected();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    act(() => socket.receive({ type: 'unread', count: 3 }));
    expect((await screen.findByTestId('unread-badge')).textContent).toContain('3');
    act(() => socket.receive({ type: 'unread', count: 0 }));
    await eventually(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
  });

  it('drops the session when the server closes with 4401', async () => {
    signedIn();
    await renderApp('/');
    const socket = await connected();
    act(() => socket.drop(4401));
    expect(getSession().token).toBeNull();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it("follows a free-play member's play money live, and only play money", async () => {
    signedIn({ isTrial: true, type: 4, balance: 100000, currency: 'FUN', currencySymbol: 'FUN' });
    await renderApp('/');
    const balance = await screen.findByTestId('balance');
    await eventually(() => expect(balance.textContent).toBe('FUN 1,000.00'));
    const socket = await connected();
    act(() => socket.receive({ type: 'balance', balance: 99750, bonus: 0, currency: 'FUN' }));
    await eventually(() => expect(balance.textContent).toBe('FUN 997.50'));
    // Another currency's balance is not the one this header shows.
    act(() => socket.receive({ type: 'balance', balance: 5, bonus: 0, currency: 'BRL' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(balance.textContent).toBe('FUN 997.50');
  });
});

function Listener({ onEvent }: { onEvent: (event: RealtimeEvent) => void }) {
  useRealtimeEvent(onEvent);
  return null;
}

describe('the live event hook', () => {
  it('hands every event on the bus to a mounted component, and stops when it unmounts', async () => {
    signedIn();
    const seen: RealtimeEvent[] = [];
    await renderApp('/');
    const listener = render(<Listener onEvent={(event) => seen.push(event)} />);
    const socket = await connected();
    act(() => socket.receive({ type: 'withdrawal', withdrawalId: 'WABCDEFGHJKLMNPQR', status: 'approved' }));
    expect(seen).toEqual([{ type: 'withdrawal', withdrawalId: 'WABCDEFGHJKLMNPQR', status: 'approved' }]);
    listener.unmount();
    act(() => socket.receive({ type: 'unread', count: 1 }));
    expect(seen).toHaveLength(1);
  });
});
