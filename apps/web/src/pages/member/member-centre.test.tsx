import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../features/realtime/fake-web-socket';
import { reloadSession } from '../../lib/session-store';
import { gameCard } from '../../test/game-cards';
import { memberInfo, mockApi, settingsRoutes } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

// Lazy routes and several answers per page: under a busy parallel run, allow more than 1 s.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000 });

beforeEach(() => vi.stubGlobal('WebSocket', FakeWebSocket));
afterEach(() => vi.unstubAllGlobals());

const brCode =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865405100.005802BR5913SORTE6008BRASILIA62070503***6304ABCD';

const pixOrder = {
  orderId: 'DABCDEFGHJKLMNPQR',
  channel: 'PIX',
  amount: 10000,
  currency: 'BRL',
  status: 'pending',
  payload: { kind: 'pix', brCode },
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  createdAt: new Date().toISOString(),
  settledAt: null,
};

const withdrawal = {
  withdrawalId: 'WABCDEFGHJKLMNPQR',
  channel: 'PIX',
  accountType: 'EMAIL',
  maskedAccount: 'an***@exemplo.com',
  holderName: 'Ana Souza',
  amount: 2000,
  currency: 'BRL',
  status: 'paid',
  reason: null,
  confirmation: null,
  receivedAmount: null,
  remainderAmount: null,
  confirmDeadline: new Date(Date.now() + 30 * 60_000).toISOString(),
  allowedConfirmations: ['received', 'partial', 'not_received'],
  proofCount: 0,
  createdAt: new Date().toISOString(),
  decidedAt: new Date().toISOString(),
  paidAt: new Date().toISOString(),
};

const page = { pageNum: 1, totalPages: 1, total: 0 };

function signedIn(routes: Parameters<typeof mockApi>[0] = {}, info: Partial<typeof memberInfo> = {}) {
  sessionStorage.setItem('token', 'tok-1');
  reloadSession();
  return mockApi({
    ...settingsRoutes,
    'GET /wps/member/info': { value: { ...memberInfo, ...info } },
    'GET /wps/relay/merchantWallet': { value: { isSingle: true } },
    'GET /wps/relay/unreadMessageCount': { value: { count: 2 } },
    'GET /wps/v2/wallets/balance': {
      value: { balance: 123456, bonus: 500, locked: 0, currency: 'BRL', currencySymbol: 'R$' },
    },
    ...routes,
  });
}

describe('member centre', () => {
  it('asks a guest to log in', async () => {
    mockApi(settingsRoutes);
    await renderApp('/member/deposit');
    expect(await screen.findByText('You are not logged in, please login')).toBeTruthy();
  });

  it('shows a trial member "Register an account first" instead of the page', async () => {
    signedIn({}, { isTrial: true, type: 4 });
    await renderApp('/member/withdraw');
    const prompt = await screen.findByRole('alertdialog', { name: 'Free play account' });
    expect(within(prompt).getByText('Register an account first')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Withdraw', level: 1 })).toBeNull();
  });

  it('lists its pages with the unread badge, and wallet transfer only when wallets are not single', async () => {
    signedIn();
    const { unmount } = await renderApp('/member');
    const nav = await screen.findByRole('navigation', { name: 'Member centre' });
    expect(
      within(nav)
        .getByRole('link', { name: /Deposit/ })
        .getAttribute('href'),
    ).toBe('/member/deposit');
    expect(
      within(nav)
        .getByRole('link', { name: /Account record/ })
        .getAttribute('href'),
    ).toBe('/member/transactionHistory');
    await eventually(() =>
      expect(within(nav).getByRole('link', { name: /Messages/ }).textContent).toContain('2'),
    );
    expect(within(nav).queryByRole('link', { name: /Wallet transfer/ })).toBeNull();
    expect(await screen.findByTestId('member-balance')).toBeTruthy();
    await eventually(() => expect(screen.getByTestId('member-balance').textContent).toBe('R$ 1,234.56'));
    // Hiding it in the header hides it here too (asterisks, spec section 1), and back.
    await userEvent.click(screen.getAllByRole('button', { name: 'Hide balance' })[0] as HTMLElement);
    await eventually(() => expect(screen.getByTestId('member-balance').textContent).toBe('R$ ******'));
    expect(screen.getByTestId('balance').textContent).toBe('R$ ******');
    await userEvent.click(screen.getAllByRole('button', { name: 'Show balance' })[1] as HTMLElement);
    await eventually(() => expect(screen.getByTestId('balance').textContent).toBe('R$ 1,234.56'));
    unmount();

    signedIn({ 'GET /wps/relay/merchantWallet': { value: { isSingle: false } } });
    await renderApp('/member');
    const nav2 = await screen.findByRole('navigation', { name: 'Member centre' });
    expect(await within(nav2).findByRole('link', { name: /Wallet transfer/ })).toBeTruthy();
  });

  it('keeps the favourites and recently played games of the member, from the server, in the centre', async () => {
    const dice = gameCard({ nodeId: 7, gameName: 'Dice', displayName: 'Dice' });
    const crash = gameCard({ nodeId: 8, gameName: 'Crash', displayName: 'Crash', gameType: 'CRASH' });
    const calls = signedIn({
      'GET /wps/relay/favorites': { value: { ...page, total: 1, content: [dice], ids: [7] } },
      'GET /wps/relay/recentGames': { value: { ...page, total: 2, content: [crash, dice] } },
    });
    const { router } = await renderApp('/member');
    const nav = await screen.findByRole('navigation', { name: 'Member centre' });
    const games = within(nav).getByRole('region', { name: 'My games' });
    expect(
      within(games)
        .getByRole('link', { name: /Favourites/ })
        .getAttribute('href'),
    ).toBe('/member/favorite');
    await userEvent.click(within(games).getByRole('link', { name: /Recently played/ }));
    await eventually(() => expect(router.state.location.pathname).toBe('/member/recent'));
    expect(await screen.findByRole('heading', { name: 'Recently played', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Crash')).toBeTruthy();
    expect(screen.getByText('Dice')).toBeTruthy();
    // Still inside the member centre: its menu beside the list, the current entry marked.
    expect(
      within(nav)
        .getByRole('link', { name: /Recently played/ })
        .getAttribute('aria-current'),
    ).toBe('page');

    await userEvent.click(within(nav).getByRole('link', { name: /Favourites/ }));
    expect(await screen.findByRole('heading', { name: 'Favourites', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Dice')).toBeTruthy();
    expect(calls.some((call) => call.path === '/wps/relay/favorites')).toBe(true);
  });
});

describe('deposit', () => {
  const channels = {
    'GET /wps/relay/deposit/channels': {
      value: {
        currency: 'BRL',
        channels: [{ code: 'PIX', currency: 'BRL', minAmount: 1000, maxAmount: 5_000_000, accountTypes: [] }],
      },
    },
    'GET /wps/relay/deposit/orders': { value: { ...page, content: [] } },
  };

  it('checks the amount against the channel, confirms, then shows the PIX QR code and copia e cola', async () => {
    const user = userEvent.setup();
    const calls = signedIn({
      ...channels,
      'POST /wps/relay/deposit': { value: pixOrder },
      'GET /wps/relay/deposit/orders/DABCDEFGHJKLMNPQR': { value: pixOrder },
    });
    await renderApp('/member/deposit');
    const amount = await screen.findByLabelText('Amount');
    expect(screen.getByText('From R$ 10.00 to R$ 50,000.00')).toBeTruthy();
    await user.type(amount, '9.99');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The minimum is R$ 10.00')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '50000.01');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The maximum is R$ 50,000.00')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'R$ 100.00' }));
    expect((amount as HTMLInputElement).value).toBe('100.00');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm deposit' });
    expect(within(confirm).getByText('R$ 100.00')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/wps/relay/deposit')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Create payment' }));

    expect(await screen.findByRole('img', { name: 'PIX QR code for R$ 100.00' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'PIX copia e cola' }).textContent).toBe(brCode);
    expect(screen.getByText(/Pay within (29|30):\d\d/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/wps/relay/deposit')?.body).toEqual({
      channel: 'PIX',
      amount: 10000,
    });
    // The server has no sandbox payer (404): no sandbox button.
    await eventually(() => expect(calls.some((c) => c.path.startsWith('/dev/sandbox-payments/'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Sandbox: simulate payment' })).toBeNull();
  });

  it('offers the clearly labelled sandbox payer when the development server has one', async () => {
    const user = userEvent.setup();
    const calls = signedIn({
      ...channels,
      'GET /wps/relay/deposit/orders/DABCDEFGHJKLMNPQR': { value: pixOrder },
      'POST /dev/sandbox-payments/DABCDEFGHJKLMNPQR/probe': { status: 400, code: 'VALIDATION_FAILED' },
      'POST /dev/sandbox-payments/DABCDEFGHJKLMNPQR/pay': { value: { webhookStatus: 200 } },
    });
    await renderApp('/member/deposit?order=DABCDEFGHJKLMNPQR');
    const pay = await screen.findByRole('button', { name: 'Sandbox: simulate payment' });
    await user.click(pay);
    await eventually(() =>
      expect(calls.some((c) => c.path === '/dev/sandbox-payments/DABCDEFGHJKLMNPQR/pay')).toBe(true),
    );
  });
});

describe('withdrawal confirmation page', () => {
  it('asks how much arrived for a partial receipt, shows the rest, and sends the proof as multipart', async () => {
    // Whatever the picker's filter, a person can still pick another file: the page must say no.
    const user = userEvent.setup({ applyAccept: false });
    const calls = signedIn({
      'GET /wps/relay/withdraw/orders/WABCDEFGHJKLMNPQR': { value: withdrawal },
      'POST /wps/relay/withdraw/orders/WABCDEFGHJKLMNPQR/confirmation': {
        value: {
          ...withdrawal,
          confirmation: 'partial',
          receivedAmount: 1500,
          remainderAmount: 500,
          allowedConfirmations: ['all_received'],
          proofCount: 1,
        },
      },
    });
    await renderApp('/member/withdrawals/WABCDEFGHJKLMNPQR');
    await screen.findByRole('heading', { name: 'Did you receive the money?' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose an answer')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /Not received/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Add at least one picture of your statement')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /Partly received/ }));
    await user.type(screen.getByLabelText('Amount received'), '15');
    expect(screen.getByText('R$ 5.00')).toBeTruthy();
    const proof = new File([new Uint8Array([137, 80, 78, 71])], 'statement.png', { type: 'image/png' });
    const pdf = new File(['%PDF'], 'statement.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Proof images'), [proof, pdf]);
    expect(await screen.findByText('statement.pdf: only PNG or JPG images')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send your answer' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    await eventually(() => expect(calls.some((c) => c.path.endsWith('/confirmation'))).toBe(true));
    const sent = calls.find((c) => c.path.endsWith('/confirmation'))?.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent.get('state')).toBe('partial');
    expect(sent.get('receivedAmount')).toBe('1500');
    expect((sent.getAll('proofs') as File[]).map((f) => f.name)).toEqual(['statement.png']);
    expect(await screen.findByText(/You received R\$ 15\.00; R\$ 5\.00 is still missing/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: /All received/ })).toBeTruthy();
  });
});

describe('payee accounts', () => {
  it('locks confirmed accounts, and checks a PIX key while it is typed', async () => {
    const user = userEvent.setup();
    const account = (id: string, status: 'bound' | 'confirmed') => ({
      id,
      channel: 'PIX',
      type: 'EMAIL',
      maskedValue: `a${id}***@exemplo.com`,
      holderName: 'Ana Souza',
      status,
      createdAt: new Date().toISOString(),
      confirmedAt: status === 'confirmed' ? new Date().toISOString() : null,
    });
    signedIn({
      'GET /wps/relay/withdraw/channels': {
        value: {
          currency: 'BRL',
          channels: [
            {
              code: 'PIX',
              currency: 'BRL',
              minAmount: 1000,
              maxAmount: 100000,
              accountTypes: ['CPF', 'EMAIL'],
            },
          ],
        },
      },
      'GET /wps/relay/payeeAccounts': {
        value: {
          accounts: [account('1', 'confirmed'), account('2', 'bound')],
          hasPaymentPassword: true,
          limit: 5,
        },
      },
      'GET /wps/relay/withdraw/orders': { value: { ...page, content: [] } },
    });
    await renderApp('/member/withdraw');
    const rowOf = async (text: string) =>
      (await screen.findAllByText(text)).map((e) => e.closest('li')).find(Boolean) as HTMLElement;
    const confirmed = await rowOf('a1***@exemplo.com');
    const bound = await rowOf('a2***@exemplo.com');
    expect(within(confirmed).queryByRole('button', { name: 'Change' })).toBeNull();
    expect(within(confirmed).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(confirmed).getByText(/can no longer be changed or removed/)).toBeTruthy();
    expect(within(bound).getByRole('button', { name: 'Change' })).toBeTruthy();
    expect(within(bound).getByRole('button', { name: 'Remove' })).toBeTruthy();

    // A bound account can be added to; the form checks the key while typing.
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payout account' });
    expect(within(dialog).queryByText(/become your payment password/)).toBeNull();
    await user.type(within(dialog).getByLabelText('CPF (PIX key)'), '529.982.247-24');
    expect(within(dialog).getByText('The CPF is not valid. Please check its digits.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('CPF (PIX key)'));
    await user.type(within(dialog).getByLabelText('CPF (PIX key)'), '529.982.247-25');
    expect(within(dialog).getByText('The format looks right')).toBeTruthy();
  });
});

describe('records', () => {
  const range = {
    currency: 'BRL',
    startDate: '2026-11-17',
    endDate: '2026-11-23',
    timeZone: 'America/Sao_Paulo',
  };

  it('sends money to the upline only after the confirmation with the six-digit payment password', async () => {
    const user = userEvent.setup();
    const calls = signedIn({
      'GET /wps/relay/payeeAccounts': { value: { accounts: [], hasPaymentPassword: true, limit: 5 } },
      'POST /wps/relay/transferToUpline': {
        value: { amount: 5000, from: { account: 'demo' }, to: { account: 'agent' } },
      },
    });
    await renderApp('/member/transferToUpline');
    const amount = await screen.findByLabelText('Amount', { selector: 'input' });
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm transfer to upline' });
    await user.type(within(dialog).getByLabelText('Payment password', { selector: 'input' }), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Enter the 6-digit payment password')).toBeTruthy();
    expect(calls.some((c) => c.path === '/wps/relay/transferToUpline')).toBe(false);
    await user.type(within(dialog).getByLabelText('Payment password', { selector: 'input' }), '456');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const sent = calls.find((c) => c.path === '/wps/relay/transferToUpline');
    expect(sent?.body).toMatchObject({
      amount: 5000,
      paymentPassword: '123456',
      requestId: expect.any(String),
    });
  });

  it('draws profit and loss per day and lists it by day and game type, with totals', async () => {
    const calls = signedIn({
      'GET /wps/relay/personalProfit': {
        value: {
          ...range,
          content: [
            { date: '2026-11-23', gameType: 'CRASH', stake: 5000, payout: 12000, profit: 7000, rounds: 3 },
            { date: '2026-11-21', gameType: 'RNG', stake: 4000, payout: 1000, profit: -3000, rounds: 8 },
          ],
          totals: { stake: 9000, payout: 13000, profit: 4000, rounds: 11 },
        },
      },
    });
    await renderApp('/member/personalProfit');
    const chart = await screen.findByRole('img', {
      name: /Profit and loss per day from 17\/11\/2026 to 23\/11\/2026/,
    });
    expect(chart.querySelectorAll('rect')).toHaveLength(7);
    expect(screen.getByText('+R$ 40.00')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Crash')).toBeTruthy();
    expect(within(table).getByText('-R$ 30.00')).toBeTruthy();
    expect(calls.find((c) => c.path === '/wps/relay/personalProfit')).toBeTruthy();
  });

  it('lists betting rounds with their result and the totals, and filters by game type', async () => {
    const user = userEvent.setup();
    signedIn({
      'GET /wps/relay/bettingRecord': {
        value: {
          ...range,
          content: [
            {
              roundId: '9',
              gameName: 'Crash',
              gameType: 'CRASH',
              vassalage: 'SORTE',
              gameCode: 'crash',
              stake: 1000,
              payout: 2500,
              profit: 1500,
              status: 'CLOSED',
              openedAt: '2026-11-23T12:00:00Z',
              closedAt: '2026-11-23T12:00:10Z',
            },
          ],
          pageNum: 1,
          totalPages: 1,
          total: 1,
          totals: { stake: 1000, payout: 2500, profit: 1500 },
        },
      },
    });
    await renderApp('/member/personalHistoryCopy');
    expect(await screen.findByText('Settled')).toBeTruthy();
    expect(screen.getAllByText('+R$ 15.00').length).toBe(2);
    await user.selectOptions(screen.getByLabelText('Game type'), 'CRASH');
    const urls = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    await eventually(() =>
      expect(
        urls().some((u) => u.startsWith('/wps/relay/bettingRecord?') && u.includes('gameType=CRASH')),
      ).toBe(true),
    );
    expect(urls().find((u) => u.startsWith('/wps/relay/bettingRecord?'))).toContain('startDate=');
  });
});

describe('payee accounts in Bangladesh', () => {
  it('offers bKash and Nagad wallet numbers once the channels arrive, with a live format hint', async () => {
    const user = userEvent.setup();
    signedIn(
      {
        'GET /wps/relay/withdraw/channels': {
          value: {
            currency: 'BDT',
            channels: [
              {
                code: 'BKASH',
                currency: 'BDT',
                minAmount: 50000,
                maxAmount: 2500000,
                accountTypes: ['WALLET'],
              },
              {
                code: 'NAGAD',
                currency: 'BDT',
                minAmount: 50000,
                maxAmount: 2500000,
                accountTypes: ['WALLET'],
              },
            ],
          },
        },
        'GET /wps/relay/payeeAccounts': { value: { accounts: [], hasPaymentPassword: false, limit: 5 } },
        'GET /wps/relay/withdraw/orders': { value: { ...page, content: [] } },
        'GET /wps/v2/wallets/balance': {
          value: { balance: 100000, bonus: 0, locked: 0, currency: 'BDT', currencySymbol: '৳' },
        },
      },
      { merchantCode: 'BD', currency: 'BDT', currencySymbol: '৳' },
    );
    await renderApp('/member/withdraw');
    await user.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payout account' });
    expect(within(dialog).getByRole('radio', { name: 'bKash' })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('radio', { name: 'Nagad' }));
    expect(within(dialog).getByText(/become your payment password/)).toBeTruthy();
    const number = within(dialog).getByLabelText('Wallet number');
    expect(within(dialog).getByText('11 digits starting with 01, e.g. 01712345678')).toBeTruthy();
    await user.type(number, '01712345678');
    expect(within(dialog).getByText('The format looks right')).toBeTruthy();
  });
});
