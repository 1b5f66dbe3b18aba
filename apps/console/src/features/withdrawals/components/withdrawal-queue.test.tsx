import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captureDownloads, fakeServer, operatorWith, renderConsole } from '../../../test/render-console';
import type { OperatorWithdrawal } from '../api/withdrawals';

function withdrawal(overrides: Partial<OperatorWithdrawal> = {}): OperatorWithdrawal {
  return {
    withdrawalId: 'WAAAAAAAAAAAAAAA1',
    channel: 'PIX',
    accountType: 'CPF',
    maskedAccount: '***.456.789-**',
    holderName: 'Silva, "Ana"',
    amount: 12_050,
    currency: 'BRL',
    status: 'locked',
    reason: null,
    confirmation: null,
    receivedAmount: null,
    remainderAmount: null,
    confirmDeadline: null,
    allowedConfirmations: [],
    proofCount: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    paidAt: null,
    memberId: '42',
    username: 'player42',
    merchantCode: 'BR',
    payeeAccountId: '7',
    accountValue: '123.456.789-00',
    operator: null,
    providerReference: null,
    proofs: [],
    payoutFailed: false,
    payoutError: null,
    dispute: null,
    riskAlerts: [],
    ...overrides,
  };
}

const page = (rows: OperatorWithdrawal[]) => ({
  value: { content: rows, pageNum: 1, totalPages: 1, total: rows.length },
});

describe('withdrawals queue', () => {
  it('opens on the pending withdrawals and approves one after a confirmation naming amount and member', async () => {
    const user = userEvent.setup();
    let status: OperatorWithdrawal['status'] = 'locked';
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance']) },
      'GET /ops/payments/withdrawals': ({ url }) =>
        page(url.searchParams.get('status') === 'locked' && status === 'locked' ? [withdrawal()] : []),
      'POST /ops/payments/withdrawals/WAAAAAAAAAAAAAAA1/approve': () => {
        status = 'paid';
        return { value: withdrawal({ status: 'paid' }) };
      },
    });
    renderConsole('/withdrawals');

    const row = (await screen.findByText('player42')).closest('tr') as HTMLElement;
    expect(within(row).getByText('R$120.50')).toBeTruthy();
    expect(server.callsTo('GET /ops/payments/withdrawals')[0]?.url.searchParams.get('status')).toBe('locked');

    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this withdrawal?' });
    expect(within(dialog).getByText(/Pay R\$120\.50 to player42 through PIX/)).toBeTruthy();
    expect(server.callsTo('POST /ops/payments/withdrawals/WAAAAAAAAAAAAAAA1/approve')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Approve R$120.50' }));
    expect(await screen.findByText('Withdrawal WAAAAAAAAAAAAAAA1 approved.')).toBeTruthy();
    expect(await screen.findByText('No withdrawals with this status.')).toBeTruthy();
    expect(
      server.callsTo('POST /ops/payments/withdrawals/WAAAAAAAAAAAAAAA1/approve')[0]?.body,
    ).toBeUndefined();
  });

  it('will not reject without a reason, and sends the reason given', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance']) },
      'GET /ops/payments/withdrawals': page([withdrawal()]),
      'POST /ops/payments/withdrawals/WAAAAAAAAAAAAAAA1/reject': {
        value: withdrawal({ status: 'rejected' }),
      },
    });
    renderConsole('/withdrawals');

    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this withdrawal?' });
    await user.type(within(dialog).getByLabelText(/Reason/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give a reason (1 to 256 characters).')).toBeTruthy();
    expect(server.callsTo('POST /ops/payments/withdrawals/WAAAAAAAAAAAAAAA1/reject')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/Reason/));
    await user.type(within(dialog).getByLabelText(/Reason/), 'Payee name does not match the account');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Withdrawal WAAAAAAAAAAAAAAA1 rejected.')).toBeTruthy();
    expect(server.callsTo('POST /ops/payments/withdrawals/WAAAAAAAAAAAAAAA1/reject')[0]?.body).toEqual({
      reason: 'Payee name does not match the account',
    });
  });

  it('offers a retry, and a return to the player, for an approved withdrawal whose payout was refused', async () => {
    const user = userEvent.setup();
    const refused = withdrawal({
      status: 'approved',
      payoutFailed: true,
      payoutError: 'refused by the payment provider',
    });
    const unknown = withdrawal({
      withdrawalId: 'WAAAAAAAAAAAAAAA2',
      username: 'player7',
      status: 'approved',
      payoutError: 'provider unreachable',
    });
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance']) },
      'GET /ops/payments/withdrawals': page([refused, unknown]),
      'POST /ops/payments/withdrawals/WAAAAAAAAAAAAAAA1/return': {
        value: { ...refused, status: 'rejected' },
      },
      'POST /ops/payments/withdrawals/WAAAAAAAAAAAAAAA2/approve': { value: { ...unknown, status: 'paid' } },
    });
    renderConsole('/withdrawals?status=approved');

    const refusedRow = (await screen.findByText('player42')).closest('tr') as HTMLElement;
    const unknownRow = screen.getByText('player7').closest('tr') as HTMLElement;
    expect(within(refusedRow).getByText('Payout failed')).toBeTruthy();
    // A payout whose fate is unknown may only be retried, never returned.
    expect(within(unknownRow).queryByRole('button', { name: 'Return to player' })).toBeNull();

    await user.click(within(unknownRow).getByRole('button', { name: 'Retry payout' }));
    const retry = await screen.findByRole('dialog', { name: 'Try the payout again?' });
    expect(within(retry).getByText(/provider unreachable/)).toBeTruthy();
    await user.click(within(retry).getByRole('button', { name: 'Retry R$120.50' }));
    expect(await screen.findByText('Withdrawal WAAAAAAAAAAAAAAA2: payout sent again.')).toBeTruthy();

    await user.click(within(refusedRow).getByRole('button', { name: 'Return to player' }));
    const giveBack = await screen.findByRole('dialog', { name: 'Return the money to the player?' });
    await user.click(within(giveBack).getByRole('button', { name: 'Return R$120.50' }));
    expect(await within(giveBack).findByText('Give a reason (1 to 256 characters).')).toBeTruthy();
    await user.type(within(giveBack).getByLabelText(/Reason/), 'Account closed at the bank');
    await user.click(within(giveBack).getByRole('button', { name: 'Return R$120.50' }));
    expect(
      await screen.findByText('Withdrawal WAAAAAAAAAAAAAAA1: money returned to the player.'),
    ).toBeTruthy();
    expect(server.callsTo('POST /ops/payments/withdrawals/WAAAAAAAAAAAAAAA1/return')[0]?.body).toEqual({
      reason: 'Account closed at the bank',
    });
  });

  it('shows a support operator the queue without the decision buttons', async () => {
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['support']) },
      'GET /ops/payments/withdrawals': page([withdrawal()]),
    });
    renderConsole('/withdrawals');
    expect(await screen.findByText('player42')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Details' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('shows the server message and a retry when the list cannot be read', async () => {
    const user = userEvent.setup();
    let isDown = true;
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance']) },
      'GET /ops/payments/withdrawals': () =>
        isDown ? { status: 503, message: 'Service unavailable' } : page([withdrawal()]),
    });
    renderConsole('/withdrawals');
    expect(await screen.findByText('Service unavailable', {}, { timeout: 5000 })).toBeTruthy();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('player42')).toBeTruthy();
  });

  it('exports the rows on screen as CSV, quoting names with commas and quotes', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance']) },
      'GET /ops/payments/withdrawals': page([withdrawal()]),
    });
    const { files, clicked, lines: csvLines } = captureDownloads();
    renderConsole('/withdrawals');

    await screen.findByText('player42');
    await user.click(screen.getByRole('button', { name: 'CSV export' }));

    await waitFor(() => expect(files).toHaveLength(1));
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('withdrawals-locked-page-1.csv');
    const lines = await csvLines(0);
    expect(lines[0]).toBe(
      'Withdrawal,Requested,Member,Member id,Merchant,Amount,Currency,Channel,Payee,Account,Status,Decided at,Decided by,Reason,Dispute,Risk',
    );
    expect(lines[1]).toBe(
      'WAAAAAAAAAAAAAAA1,2026-11-20T10:00:00.000Z,player42,42,BR,120.50,BRL,PIX,"Silva, ""Ana""",***.456.789-**,Pending,,,,,',
    );
  });
});
