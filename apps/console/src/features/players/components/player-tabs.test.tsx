import type { PlayerStatement } from '@sorte/shared/contracts/console';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageOf, playerDetail } from '../../../test/player-fixtures';
import { fakeServer, operatorWith, renderConsole } from '../../../test/render-console';

const entry = (id: string, amount: number, balanceAfter: number, type: 'deposit' | 'bet' = 'deposit') => ({
  entryId: id,
  transferId: `9${id}`,
  type,
  kind: type === 'bet' ? 'vendor_bet' : 'deposit',
  amount,
  balanceAfter,
  createdAt: '2026-11-26T10:00:00.000Z',
});
const statement = (entries: PlayerStatement['entries'], nextBeforeId: string | null, account = 'cash') => ({
  value: { account, currency: 'BRL', entries, nextBeforeId },
});

describe('player tabs', () => {
  it('pages the statement by position, newest first with the balance after each movement, per account', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['support']) },
      'GET /ops/console/players/42': { value: playerDetail() },
      'GET /ops/console/players/42/statement': ({ url }) => {
        if (url.searchParams.get('account') === 'bonus') return statement([], null, 'bonus');
        return url.searchParams.get('beforeId') === '7'
          ? statement([entry('5', 20_000, 20_000)], null)
          : statement([entry('8', -1_500, 23_500, 'bet'), entry('7', 5_000, 25_000)], '7');
      },
    });
    renderConsole('/players/42?tab=statement');

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('Bet')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('-R$15.00')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('R$235.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('R$200.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);
    expect(server.callsTo('GET /ops/console/players/42/statement').at(-1)?.url.search).toContain(
      'beforeId=7',
    );

    await user.click(screen.getByRole('radio', { name: 'Bonus' }));
    expect(await screen.findByText('No movements on this account.')).toBeTruthy();
  });

  it('shows rounds with totals, and deposits then withdrawals with their state', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['support']) },
      'GET /ops/console/players/42': { value: playerDetail() },
      'GET /ops/console/players/42/rounds': {
        value: {
          ...pageOf([
            {
              roundId: 'r-1',
              gameName: 'Crash',
              gameCode: 'crash',
              gameType: 'ORIGINALS',
              vendor: 'SORTE',
              stake: 1_000,
              payout: 2_500,
              profit: 1_500,
              status: 'CLOSED',
              openedAt: '2026-11-26T10:00:00.000Z',
              closedAt: '2026-11-26T10:00:05.000Z',
            },
          ]).value,
          currency: 'BRL',
          totals: { stake: 1_000, payout: 2_500, profit: 1_500 },
        },
      },
      'GET /ops/console/players/42/deposits': pageOf([
        {
          orderNo: 'D123',
          channel: 'PIX',
          amount: 20_000,
          currency: 'BRL',
          status: 'paid',
          createdAt: '2026-11-25T10:00:00.000Z',
          settledAt: '2026-11-25T10:01:00.000Z',
        },
      ]),
      'GET /ops/console/players/42/withdrawals': pageOf([
        {
          withdrawalNo: 'W9',
          channel: 'PIX',
          account: '***.982.247-**',
          amount: 3_000,
          currency: 'BRL',
          status: 'approved',
          confirmation: null,
          payoutFailed: true,
          reason: null,
          createdAt: '2026-11-26T09:00:00.000Z',
          decidedAt: '2026-11-26T09:05:00.000Z',
          paidAt: null,
        },
      ]),
    });
    renderConsole('/players/42?tab=rounds');

    expect(
      await screen.findByText('All rounds: bets R$10.00 · wins R$25.00 · player result R$15.00'),
    ).toBeTruthy();
    expect(screen.getByText('Crash')).toBeTruthy();
    expect(screen.getByText('SORTE')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Deposits and withdrawals' }));
    expect(await screen.findByText('D123')).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Withdrawals' }));
    expect(await screen.findByText('***.982.247-**')).toBeTruthy();
    expect(screen.getByText('Payout failed')).toBeTruthy();
  });

  it('adds a note for operators with players.notes; others only read them', async () => {
    const user = userEvent.setup();
    const notes = [
      { id: '1', body: 'Called about a deposit.', author: 'bruno', createdAt: '2026-11-25T10:00:00.000Z' },
    ];
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['support']) },
      'GET /ops/console/players/42': { value: playerDetail() },
      'GET /ops/console/players/42/notes': () => pageOf(notes),
      'POST /ops/console/players/42/notes': ({ body }) => {
        const note = {
          id: '2',
          body: (body as { body: string }).body,
          author: 'ana',
          createdAt: '2026-11-26T10:00:00.000Z',
        };
        notes.unshift(note);
        return { value: note };
      },
    });
    const view = renderConsole('/players/42?tab=notes');

    expect(await screen.findByText('Called about a deposit.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write the note (1 to 2000 characters).')).toBeTruthy();
    await user.type(screen.getByLabelText('New note'), 'Sent the receipt to finance.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added.')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/players/42/notes')[0]?.body).toEqual({
      body: 'Sent the receipt to finance.',
    });
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByText('Sent the receipt to finance.')).toBeTruthy();
    view.unmount();

    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['agent_manager']) },
      'GET /ops/console/players/42': { value: playerDetail() },
      'GET /ops/console/players/42/notes': pageOf(notes),
    });
    renderConsole('/players/42?tab=notes');
    expect(await screen.findByText('Called about a deposit.')).toBeTruthy();
    expect(screen.queryByLabelText('New note')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
  });

  it('asks before sending a password reset, sends it by the chosen channel and says where; none without a channel', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['support']) },
      'GET /ops/console/players/42': { value: playerDetail() },
      'GET /ops/console/players/43': {
        value: playerDetail({ id: '43', username: 'nomail', email: null, mobile: null }),
      },
      'POST /ops/console/players/42/password-reset': ({ body }) => ({
        value: { channel: (body as { channel: string }).channel, sentTo: '*******7777' },
      }),
    });
    const view = renderConsole('/players/42');

    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send player42 a password reset?' });
    expect(within(dialog).getByText(/you never see or choose one/)).toBeTruthy();
    expect(server.callsTo('POST /ops/console/players/42/password-reset')).toHaveLength(0);
    await user.click(within(dialog).getByRole('radio', { name: /^SMS/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send reset' }));
    expect(await screen.findByText('Reset code texted to *******7777.')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/players/42/password-reset')[0]?.body).toEqual({
      channel: 'sms',
    });

    await view.router.navigate('/players/43');
    await screen.findByRole('heading', { name: 'nomail' });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const none = await screen.findByRole('dialog', { name: 'Send nomail a password reset?' });
    expect(within(none).getByText(/no e-mail address or mobile number/)).toBeTruthy();
    expect(within(none).queryByRole('button', { name: 'Send reset' })).toBeNull();
  });

  it('moves a player under another agent after a confirmation with a reason, showing a refusal', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['agent_manager']) },
      'GET /ops/console/players/42': { value: playerDetail() },
      'POST /ops/console/players/42/upline': ({ body }) => {
        if (refuse) {
          refuse = false;
          return { status: 400, code: 'VALIDATION_FAILED', message: 'uplineUsername: bob is not an agent' };
        }
        return {
          value: playerDetail({ uplineUsername: (body as { uplineUsername: string }).uplineUsername }),
        };
      },
    });
    renderConsole('/players/42');

    // The agent manager may move players but not block them.
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Change upline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move player42 under another agent?' });
    expect(within(dialog).getByText('Now under: agent7')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/New upline/), 'bob');
    await user.click(within(dialog).getByRole('button', { name: 'Move player' }));
    expect(await within(dialog).findByText('Give a reason (3 to 256 characters).')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/players/42/upline')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Asked by the agent');
    await user.click(within(dialog).getByRole('button', { name: 'Move player' }));
    expect(await within(dialog).findByText('uplineUsername: bob is not an agent')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(/New upline/));
    await user.type(within(dialog).getByLabelText(/New upline/), 'agent9');
    await user.click(within(dialog).getByRole('button', { name: 'Move player' }));
    expect(await screen.findByText('player42 is now under agent9.')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/players/42/upline')[1]?.body).toEqual({
      uplineUsername: 'agent9',
      reason: 'Asked by the agent',
    });
    expect(await screen.findByText('agent9')).toBeTruthy();
  });
});
