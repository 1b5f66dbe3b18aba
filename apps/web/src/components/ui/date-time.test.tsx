import { formatTimeIn } from '@sorte/shared/date-time-format';
import { configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../features/realtime/fake-web-socket';
import { reloadSession } from '../../lib/session-store';
import { memberInfo, mockApi, settingsRoutes } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { formatDate, formatDateTime, formatTime } from './date-time';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });

beforeEach(() => vi.stubGlobal('WebSocket', FakeWebSocket));
afterEach(() => vi.unstubAllGlobals());

/** One deposit: 23:10 in UTC (the test machine's zone), 20:10 in São Paulo (the Brazil merchant's). */
const depositedAt = '2026-11-23T23:10:05.000Z';
const shownInBrazil = '23/11/2026 20:10';

const page = { pageNum: 1, totalPages: 1, total: 1 };

function signedIn() {
  localStorage.setItem('merchantCode', 'BR');
  sessionStorage.setItem('token', 'tok-1');
  reloadSession();
  mockApi({
    ...settingsRoutes,
    'GET /wps/member/info': { value: memberInfo },
    'GET /wps/relay/merchantWallet': { value: { isSingle: true } },
    'GET /wps/relay/unreadMessageCount': { value: { count: 1 } },
    'GET /wps/v2/wallets/balance': {
      value: { balance: 123456, bonus: 0, locked: 0, currency: 'BRL', currencySymbol: 'R$' },
    },
    'GET /wps/relay/deposit/channels': {
      value: {
        currency: 'BRL',
        channels: [{ code: 'PIX', currency: 'BRL', minAmount: 1000, maxAmount: 5_000_000, accountTypes: [] }],
      },
    },
    'GET /wps/relay/deposit/orders': {
      value: {
        ...page,
        content: [
          {
            orderId: 'DABCDEFGHJKLMNPQR',
            channel: 'PIX',
            amount: 10000,
            currency: 'BRL',
            status: 'paid',
            payload: { kind: 'pix', brCode: '000201' },
            expiresAt: depositedAt,
            createdAt: depositedAt,
            settledAt: depositedAt,
          },
        ],
      },
    },
    'GET /wps/relay/messages': {
      value: {
        ...page,
        unread: 1,
        content: [
          {
            id: '1',
            kind: 'deposit',
            title: 'Deposit received',
            body: 'R$ 100.00',
            time: depositedAt,
            read: false,
          },
        ],
      },
    },
    'POST /wps/relay/messages/read': { value: null },
    'GET /wps/relay/memberTransactionDetail': {
      value: {
        ...page,
        currency: 'BRL',
        startDate: '2026-11-17',
        endDate: '2026-11-23',
        timeZone: 'America/Sao_Paulo',
        content: [
          {
            id: '9',
            type: 'deposit',
            amount: 10000,
            balanceAfter: 123456,
            time: depositedAt,
            reference: 'DABC',
          },
        ],
      },
    },
  });
}

describe('times shown to players', () => {
  it('writes an instant in the merchant time zone, 24-hour, in every language', () => {
    localStorage.setItem('merchantCode', 'BR');
    expect(formatDateTime(depositedAt, 'EN')).toBe(shownInBrazil);
    expect(formatDateTime(depositedAt, 'PT')).toBe(shownInBrazil);
    expect(formatDateTime(depositedAt, 'ES')).toBe(shownInBrazil);
    // Bengali pages write Latin digits like every other screen (packages/shared/src/digits.ts).
    expect(formatDateTime(depositedAt, 'BN')).toBe(shownInBrazil);
    expect(formatDate(depositedAt, 'EN')).toBe('23/11/2026');
    localStorage.setItem('merchantCode', 'BD');
    expect(formatDateTime(depositedAt, 'EN')).toBe('24/11/2026 05:10');
    // The agent centre's ticking clock: 24-hour with seconds in Spanish and Bengali too ("5:10:05 a.m." before).
    expect(formatTime(new Date(depositedAt), 'ES')).toBe('05:10:05');
    expect(formatTime(new Date(depositedAt), 'BN')).toBe('05:10:05');
    // The game history's clock (the studio frame uses the same module): 24-hour, never "8:10 PM".
    expect(formatTimeIn(depositedAt, 'en', 'America/Sao_Paulo', { seconds: true })).toBe('20:10:05');
  });

  it('shows one deposit at the same time on the deposit page, in messages and in the account record', async () => {
    signedIn();
    const { unmount } = await renderApp('/member/deposit');
    expect(await screen.findByText(new RegExp(shownInBrazil))).toBeTruthy();
    expect(screen.queryByText(/23:10/)).toBeNull();
    unmount();

    signedIn();
    const messages = await renderApp('/member/messages');
    expect(await screen.findByText(shownInBrazil)).toBeTruthy();
    expect(screen.queryByText(/23:10/)).toBeNull();
    messages.unmount();

    signedIn();
    await renderApp('/member/transactionHistory');
    expect(await screen.findByText(shownInBrazil)).toBeTruthy();
    expect(screen.queryByText(/23:10/)).toBeNull();
  });
});
