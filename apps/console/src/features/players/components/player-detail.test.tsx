import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { playerDetail } from '../../../test/player-fixtures';
import { fakeServer, operatorWith, renderConsole } from '../../../test/render-console';

describe('player detail', () => {
  it('opens from its address with the profile, balances in the currency, sessions and shared addresses', async () => {
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['support']) },
      'GET /ops/console/players/42': { value: playerDetail() },
    });
    renderConsole('/players/42');

    expect(await screen.findByRole('heading', { name: 'player42' })).toBeTruthy();
    const balances = screen.getByRole('region', { name: 'Balances' });
    expect(within(balances).getByText('R$1,234.56')).toBeTruthy();
    expect(within(balances).getByText('R$50.00')).toBeTruthy();
    expect(screen.getByText('agent7')).toBeTruthy();

    const addresses = screen.getByRole('region', { name: 'Known addresses' });
    expect(within(addresses).getByText('Shared with 3 other players')).toBeTruthy();
    expect(within(addresses).getByText('Only this player')).toBeTruthy();
    expect(
      within(addresses).getByRole('link', { name: 'Show the players of 203.0.113.7' }).getAttribute('href'),
    ).toBe('/console/players?q=203.0.113.7');

    const sessions = screen.getByRole('region', { name: 'Latest sessions' });
    const rows = within(sessions).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('Active')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Ended')).toBeTruthy();

    // Support may block but not adjust balances.
    expect(screen.getByRole('button', { name: 'Block' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adjust balance' })).toBeNull();
  });

  it('will not block without a reason, posts the reason given and shows who blocked and why', async () => {
    const user = userEvent.setup();
    let player = playerDetail();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['support']) },
      'GET /ops/console/players/42': () => ({ value: player }),
      'POST /ops/console/players/42/block': ({ body }) => {
        player = playerDetail({
          blocked: true,
          block: { at: '2026-11-26T11:00:00.000Z', by: 'ana', reason: (body as { reason: string }).reason },
          sessions: [],
        });
        return { value: player };
      },
    });
    renderConsole('/players/42');

    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block player42?' });
    expect(within(dialog).getByText(/signed out at once on every device and cannot sign in/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('Give a reason (1 to 256 characters).')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/players/42/block')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/Reason/));
    await user.type(within(dialog).getByLabelText(/Reason/), 'Chargeback fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText('player42 is blocked and signed out.')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/players/42/block')[0]?.body).toEqual({
      reason: 'Chargeback fraud',
    });
    expect(await screen.findByText(/Blocked by ana on/)).toBeTruthy();
    expect(screen.getByText('Chargeback fraud')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeTruthy();
  });

  it('asks before unblocking and before ending the sessions', async () => {
    const user = userEvent.setup();
    const blocked = playerDetail({
      blocked: true,
      block: { at: '2026-11-26T11:00:00.000Z', by: 'ana', reason: 'Fraud' },
    });
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['risk']) },
      'GET /ops/console/players/42': { value: blocked },
      'POST /ops/console/players/42/unblock': { value: playerDetail() },
      'POST /ops/console/players/42/sessions/end': {
        value: playerDetail({ sessions: playerDetail().sessions.map((s) => ({ ...s, active: false })) }),
      },
    });
    renderConsole('/players/42');

    await user.click(await screen.findByRole('button', { name: 'Unblock' }));
    const unblock = await screen.findByRole('dialog', { name: 'Unblock player42?' });
    expect(server.callsTo('POST /ops/console/players/42/unblock')).toHaveLength(0);
    await user.click(within(unblock).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('player42 is unblocked.')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/players/42/unblock')).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: 'End sessions' }));
    const end = await screen.findByRole('dialog', { name: 'End the sessions of player42?' });
    expect(server.callsTo('POST /ops/console/players/42/sessions/end')).toHaveLength(0);
    await user.click(within(end).getByRole('button', { name: 'End sessions' }));
    expect(await screen.findByText('The sessions of player42 have ended.')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/players/42/sessions/end')).toHaveLength(1);
  });

  it('shows the server message when the player cannot be read', async () => {
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['support']) },
      'GET /ops/console/players/999': { status: 404, code: 'NOT_FOUND', message: 'Player not found' },
    });
    renderConsole('/players/999');
    expect(await screen.findByText('Player not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
