import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadSession } from '../lib/session-store';
import { gameCard } from '../test/game-cards';
import { memberInfo, mockApi, settingsRoutes } from '../test/mock-api';
import { renderApp } from '../test/render-app';

// The lobby, then the lazily loaded dialog: under a busy parallel run, allow more than 1 s.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  reloadSession();
});

const dice = gameCard({ nodeId: 5, gameType: 'BONUS', displayName: 'Dice', gameName: 'Dice' });
const diceSlot = gameCard({ nodeId: 9, gameType: 'RNG', displayName: 'Dice Reels', gameName: 'Dice Reels' });
const page = (content: unknown[]) => ({ content, pageNum: 1, totalPages: 1, total: content.length });

/** The game-list addresses the page asked for. */
const gameListUrls = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://site.example'))
    .filter((url) => url.pathname === '/wps/relay/gameList');

describe('home search', () => {
  it('finds games in every category from the lobby and names the category of each', async () => {
    mockApi({ ...settingsRoutes, 'GET /wps/relay/gameList': { value: page([dice, diceSlot]) } });
    await renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Search all games' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search all games' });
    // The field has the focus: typing goes straight in.
    await userEvent.keyboard('dice');
    expect(await within(dialog).findByText('2 games for “dice”')).toBeTruthy();
    const bonus = within(dialog).getByRole('button', { name: 'Dice (Sorte Originals), in Bonus games' });
    expect(within(bonus).getByText('Bonus games')).toBeTruthy();
    const slot = within(dialog).getByRole('button', { name: 'Dice Reels (Sorte Originals), in Slots' });
    expect(within(slot).getByText('Slots')).toBeTruthy();
    // One search over the whole catalogue: no category in the call.
    const searches = gameListUrls().filter((url) => url.searchParams.get('keyword') === 'dice');
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.every((url) => !url.searchParams.has('gameType'))).toBe(true);
  });

  it('says so when no category has the game, and opens a game found for a member', async () => {
    sessionStorage.setItem('token', 'tok-1');
    reloadSession();
    const calls = mockApi({
      ...settingsRoutes,
      'GET /wps/member/info': { value: memberInfo },
      'GET /wps/relay/gameList': () => {
        const last = gameListUrls().at(-1);
        return { value: page(last?.searchParams.get('keyword') === 'dice' ? [dice] : []) };
      },
      'GET /wps/game/launchGame': { value: { url: '/studio/dice', vassalage: 'SORTE', gameCode: 'dice' } },
    });
    await renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Search all games' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search all games' });
    await userEvent.keyboard('zzz');
    expect(await within(dialog).findByText('No games match “zzz”')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear search' }));
    await userEvent.keyboard('dice');
    await userEvent.click(await within(dialog).findByRole('button', { name: /^Dice \(/ }));
    // The search steps aside and the game opens as from its tile.
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/wps/game/launchGame')).toBe(true));
    expect(screen.queryByRole('dialog', { name: 'Search all games' })).toBeNull();
    const launch = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL(String(input), 'http://site.example'))
      .find((url) => url.pathname === '/wps/game/launchGame');
    expect(launch?.searchParams.get('game')).toBe('5');
  });

  it('does not load the search dialog until it is asked for', async () => {
    mockApi(settingsRoutes);
    await renderApp('/');
    await screen.findByRole('button', { name: 'Search all games' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(gameListUrls()).toEqual([]);
  });
});
