import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageOf, playerSummary } from '../../../test/player-fixtures';
import { fakeServer, operatorWith, renderConsole } from '../../../test/render-console';

describe('players list', () => {
  it('searches with q, shows the players found and opens one', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['support']) },
      'GET /ops/console/players': ({ url }) =>
        pageOf(
          url.searchParams.get('q') === '203.0.113.7'
            ? [playerSummary(), playerSummary({ id: '43', username: 'twin43', blocked: true })]
            : [],
        ),
    });
    const { router } = renderConsole('/players');

    const search = await screen.findByRole('searchbox', { name: 'Search' });
    expect(search.getAttribute('placeholder')).toBe(
      'Id, username, mobile, e-mail, IP address or payee account',
    );
    expect(await screen.findByText('No players yet.')).toBeTruthy();

    await user.type(search, ' 203.0.113.7 {Enter}');
    const row = (await screen.findByText('player42')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Active')).toBeTruthy();
    const twin = screen.getByText('twin43').closest('tr') as HTMLElement;
    expect(within(twin).getByText('Blocked')).toBeTruthy();
    expect(server.callsTo('GET /ops/console/players').at(-1)?.url.searchParams.get('q')).toBe('203.0.113.7');

    await user.click(within(row).getByRole('link', { name: 'Open player player42' }));
    expect(router.state.location.pathname).toBe('/console/players/42');
  });

  it('narrows to blocked players with the state filter', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['support']) },
      'GET /ops/console/players': ({ url }) =>
        pageOf(url.searchParams.get('status') === 'blocked' ? [playerSummary({ blocked: true })] : []),
    });
    renderConsole('/players');

    await screen.findByText('No players yet.');
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Blocked' }));
    expect(await screen.findByText('player42')).toBeTruthy();
    expect(server.callsTo('GET /ops/console/players').at(-1)?.url.searchParams.get('status')).toBe('blocked');
  });
});
