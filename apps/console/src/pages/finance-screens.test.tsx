import type {
  OperatorDeposit,
  OperatorDepositDetail,
  WithdrawalRisk,
} from '@sorte/shared/contracts/payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OperatorWithdrawal } from '../features/withdrawals/api/withdrawals';
import { fakeServer, operatorWith, renderConsole } from '../test/render-console';

const ORDER = 'DAAAAAAAAAAAAAAA1';
const WITHDRAWAL = 'WAAAAAAAAAAAAAAA9';

function deposit(overrides: Partial<OperatorDepositDetail> = {}): OperatorDepositDetail {
  return {
    orderId: ORDER,
    memberId: '42',
    username: 'player42',
    merchantCode: 'BR',
    channel: 'PIX',
    provider: 'sandbox',
    amount: 8_000,
    currency: 'BRL',
    status: 'expired',
    providerReference: 'sbx_abcdefgh',
    reference: ORDER,
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-11-20T10:30:00.000Z',
    settledAt: '2026-11-20T10:30:00.000Z',
    creditedBy: null,
    manualCreditPending: false,
    events: [
      {
        id: '1',
        eventId: 'evt_late_paid_1',
        type: 'payment.paid',
        outcome: 'order_not_pending',
        receivedAt: '2026-11-20T10:35:00.000Z',
      },
    ],
    manualCredits: [],
    ...overrides,
  };
}
const pendingCredit = (requestedBy: string) => ({
  id: '5',
  status: 'pending' as const,
  reason: 'PSP statement line 42',
  requestedBy,
  requestedAt: '2026-11-20T11:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
});
const page = <T,>(rows: T[]) => ({ value: { content: rows, pageNum: 1, totalPages: 1, total: rows.length } });
const row = ({ events: _e, manualCredits: _m, ...rest }: OperatorDepositDetail): OperatorDeposit => rest;

describe('deposits screen', () => {
  it('filters from the address and the toolbar, shows an order states and asks for a manual credit', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance']) },
      'GET /ops/payments/deposits': page([row(deposit())]),
      [`GET /ops/payments/deposits/${ORDER}`]: { value: deposit() },
      [`POST /ops/payments/deposits/${ORDER}/manual-credits`]: {
        value: deposit({ manualCreditPending: true, manualCredits: [pendingCredit('ana')] }),
      },
    });
    renderConsole('/deposits?status=expired&channel=PIX');

    const line = (await screen.findByText('player42')).closest('tr') as HTMLElement;
    expect(within(line).getByText('R$80.00')).toBeTruthy();
    expect(within(line).getByText('Expired')).toBeTruthy();
    const first = server.callsTo('GET /ops/payments/deposits')[0]?.url.searchParams;
    expect([first?.get('status'), first?.get('channel'), first?.get('username')]).toEqual([
      'expired',
      'PIX',
      null,
    ]);

    await user.type(screen.getByLabelText('Player'), 'Player42');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-11-20' } });
    await waitFor(() => {
      const last = server.callsTo('GET /ops/payments/deposits').at(-1)?.url.searchParams;
      expect(last?.get('username')).toBe('Player42');
      expect(last?.get('from')).toBe(new Date('2026-11-20T00:00:00').toISOString());
    });
    fireEvent.change(screen.getByLabelText('Created to'), { target: { value: '2026-11-19' } });
    expect(await screen.findByText('Not before the first day')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Details' }));
    const drawer = await screen.findByRole('dialog', { name: `Deposit ${ORDER}` });
    expect(await within(drawer).findByText('Provider: payment.paid')).toBeTruthy();
    expect(within(drawer).getByText('The platform: order_not_pending')).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'Credit manually' }));
    const ask = await screen.findByRole('dialog', { name: 'Credit this order manually?' });
    await user.click(within(ask).getByRole('button', { name: 'Ask to credit R$80.00' }));
    expect(await within(ask).findByText('Say what shows it was paid (3 to 256 characters).')).toBeTruthy();
    expect(server.callsTo(`POST /ops/payments/deposits/${ORDER}/manual-credits`)).toHaveLength(0);
    await user.type(within(ask).getByLabelText(/Evidence/), 'PSP statement line 42');
    await user.click(within(ask).getByRole('button', { name: 'Ask to credit R$80.00' }));
    expect(
      await screen.findByText(`Deposit ${ORDER}: manual credit asked. Another operator must approve it.`),
    ).toBeTruthy();
    const sent = server.callsTo(`POST /ops/payments/deposits/${ORDER}/manual-credits`)[0]?.body as {
      reason: string;
      requestId: string;
    };
    expect(sent.reason).toBe('PSP statement line 42');
    expect(sent.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('lets only another operator approve a manual credit, and hides credits from support', async () => {
    const user = userEvent.setup();
    const waiting = deposit({ manualCreditPending: true, manualCredits: [pendingCredit('bob')] });
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance'], 'ana') },
      'GET /ops/payments/deposits': page([row(waiting)]),
      [`GET /ops/payments/deposits/${ORDER}`]: { value: waiting },
      [`POST /ops/payments/deposits/${ORDER}/manual-credits/5/approve`]: {
        value: deposit({ status: 'paid', creditedBy: 'manual' }),
      },
    });
    const view = renderConsole('/deposits?awaiting=1');
    expect(await screen.findByText('Waiting for approval', { selector: 'span' })).toBeTruthy();
    expect(server.callsTo('GET /ops/payments/deposits')[0]?.url.searchParams.get('manualCredit')).toBe(
      'pending',
    );
    await user.click(screen.getByRole('button', { name: 'Details' }));
    const drawer = await screen.findByRole('dialog', { name: `Deposit ${ORDER}` });
    await user.click(await within(drawer).findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve this manual credit?' });
    expect(within(confirm).getByText('Asked by bob:')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Credit R$80.00' }));
    expect(await screen.findByText(`Deposit ${ORDER}: R$80.00 credited.`)).toBeTruthy();
    expect(server.callsTo(`POST /ops/payments/deposits/${ORDER}/manual-credits/5/approve`)).toHaveLength(1);
    view.unmount();

    const mine = deposit({ manualCreditPending: true, manualCredits: [pendingCredit('ana')] });
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance'], 'ana') },
      'GET /ops/payments/deposits': page([row(mine)]),
      [`GET /ops/payments/deposits/${ORDER}`]: { value: mine },
    });
    const own = renderConsole('/deposits');
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    const ownDrawer = await screen.findByRole('dialog', { name: `Deposit ${ORDER}` });
    expect((await within(ownDrawer).findByRole('button', { name: 'Approve' })).hasAttribute('disabled')).toBe(
      true,
    );
    own.unmount();

    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['support']) },
      'GET /ops/payments/deposits': page([row(deposit())]),
      [`GET /ops/payments/deposits/${ORDER}`]: { value: deposit() },
    });
    renderConsole('/deposits');
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    const readOnly = await screen.findByRole('dialog', { name: `Deposit ${ORDER}` });
    expect(await within(readOnly).findByText('Provider: payment.paid')).toBeTruthy();
    expect(within(readOnly).queryByRole('button', { name: 'Credit manually' })).toBeNull();
  });
});

describe('withdrawals: risk facts and disputes', () => {
  const disputed: OperatorWithdrawal = {
    withdrawalId: WITHDRAWAL,
    channel: 'PIX',
    accountType: 'EMAIL',
    maskedAccount: 'an***@exemplo.com',
    holderName: 'Ana Souza',
    amount: 10_000,
    currency: 'BRL',
    status: 'paid',
    reason: null,
    confirmation: 'partial',
    receivedAmount: 6_000,
    remainderAmount: 4_000,
    confirmDeadline: null,
    allowedConfirmations: ['all_received'],
    proofCount: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: '2026-11-20T10:05:00.000Z',
    paidAt: '2026-11-20T10:05:01.000Z',
    memberId: '42',
    username: 'player42',
    merchantCode: 'BR',
    payoutFailed: false,
    payoutError: null,
    payeeAccountId: '7',
    accountValue: 'ana@exemplo.com',
    operator: 'bob',
    providerReference: 'sbx_payout1',
    proofs: [{ id: '3', contentType: 'image/png', sizeBytes: 2048, createdAt: '2026-11-20T10:20:00.000Z' }],
    dispute: {
      state: 'open',
      amount: 4_000,
      reason: null,
      operator: null,
      resolvedAt: null,
      payoutReference: null,
      paidAt: null,
      payoutError: null,
      payoutFailed: false,
    },
    riskAlerts: ['shared_payee'],
  };
  const risk: WithdrawalRisk = {
    withdrawalId: WITHDRAWAL,
    currency: 'BRL',
    deposits: { count: 2, total: 20_000 },
    withdrawals: { count: 0, total: 0 },
    withdrawRatio: 0.5,
    lastDeposit: { amount: 15_000, at: '2026-11-19T10:00:00.000Z' },
    turnoverSinceLastDeposit: 3_000,
    sharedPayee: { players: 1, usernames: ['bob77'] },
    sharedIp: { players: 0, addresses: 0 },
    alerts: ['low_turnover', 'shared_payee'],
  };

  it('lists open disputes with their alerts, shows the risk facts and pays the missing amount again', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance']) },
      'GET /ops/payments/withdrawals': page([disputed]),
      [`GET /ops/payments/withdrawals/${WITHDRAWAL}`]: { value: disputed },
      [`GET /ops/payments/withdrawals/${WITHDRAWAL}/risk`]: { value: risk },
      [`POST /ops/payments/withdrawals/${WITHDRAWAL}/dispute`]: {
        value: { ...disputed, dispute: { ...disputed.dispute, state: 'resent' } },
      },
    });
    renderConsole('/withdrawals?status=disputed');

    const line = (await screen.findByText('player42')).closest('tr') as HTMLElement;
    expect(within(line).getByText('Disputed')).toBeTruthy();
    expect(within(line).getByText('Shared payee')).toBeTruthy();
    const query = server.callsTo('GET /ops/payments/withdrawals')[0]?.url.searchParams;
    expect([query?.get('dispute'), query?.get('status')]).toEqual(['open', null]);

    await user.click(within(line).getByRole('button', { name: 'Details' }));
    const drawer = await screen.findByRole('dialog', { name: `Withdrawal ${WITHDRAWAL}` });
    expect(await within(drawer).findByText('1 other player: bob77')).toBeTruthy();
    expect(within(drawer).getByText('R$30.00 (last deposit R$150.00)')).toBeTruthy();
    expect(within(drawer).getByText('Little play')).toBeTruthy();
    expect(within(drawer).getByText('R$40.00')).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'Pay again' }));
    const confirm = await screen.findByRole('dialog', { name: 'Pay the missing amount again?' });
    await user.click(within(confirm).getByRole('button', { name: 'Pay R$40.00' }));
    expect(await within(confirm).findByText('Give a reason (1 to 256 characters).')).toBeTruthy();
    await user.type(within(confirm).getByLabelText(/Reason/), 'Bank confirms only R$ 60 arrived');
    await user.click(within(confirm).getByRole('button', { name: 'Pay R$40.00' }));
    expect(
      await screen.findByText(`Withdrawal ${WITHDRAWAL}: the missing amount was paid again.`),
    ).toBeTruthy();
    expect(server.callsTo(`POST /ops/payments/withdrawals/${WITHDRAWAL}/dispute`)[0]?.body).toEqual({
      resolution: 'resent',
      reason: 'Bank confirms only R$ 60 arrived',
    });
  });
});
