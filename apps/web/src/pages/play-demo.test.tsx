import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gameCard } from '../test/game-cards';
import { memberInfo, mockApi, settingsRoutes, whitelabel } from '../test/mock-api';
import { renderApp } from '../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const dice = gameCard({
  nodeId: 7,
  gameType: 'CRASH',
  vassalage: 'SORTE',
  displayName: 'Dice',
  gameName: 'Dice',
});
const other = gameCard({
  nodeId: 8,
  gameType: 'CRASH',
  vassalage: 'ACME',
  displayName: 'Aviator',
  gameName: 'Aviator',
});
const page = (content: unknown[]) => ({ content, pageNum: 1, totalPages: 1, total: content.length });
const vendor = (vassalage: string) => ({ vassalage, name: vassalage, logoUrl: null, maintenance: false });
const lobby = {
  'GET /wps/relay/vendorSorting': {
    value: [{ gameType: 'CRASH', vendors: [vendor('SORTE'), vendor('ACME')] }],
  },
  'GET /wps/relay/hotGames': { value: [] },
  'GET /wps/relay/gameVendor': {
    value: [{ title: 'CRASH', cards: { SORTE: [dice], ACME: [other] }, gameClassify: [] }],
  },
  'GET /wps/relay/banners': { value: [] },
  'GET /wps/relay/winnerBoard': { value: [] },
  'GET /wps/relay/announcements': { value: { banners: [], player: [], popup: [], promotion: [], help: [] } },
  'GET /wps/relay/favorites': { value: { ...page([]), ids: [] } },
  'GET /wps/relay/recentGames': { value: page([]) },
};
const slow = { timeout: 8000 };

describe('a guest’s demo of a house game', () => {
  it('opens a free-play account and the game with play money; other vendors have no demo', async () => {
    const calls = mockApi({
      ...settingsRoutes,
      ...lobby,
      'POST /wps/session/login/freeplay': {
        value: { token: 'trial-1', firstTimeLogin: true, passwordExpired: false },
      },
      'GET /wps/member/info': {
        value: {
          ...memberInfo,
          type: 4,
          isTrial: true,
          balance: 100_000,
          currency: 'FUN',
          currencySymbol: 'FUN',
        },
      },
      'GET /wps/game/launchGame': {
        value: { url: 'https://studio.example/play/dice', vassalage: 'SORTE', gameCode: 'dice' },
      },
    });
    const user = userEvent.setup();
    await renderApp('/');
    const section = await screen.findByRole('region', { name: 'Crash' }, slow);
    expect(within(section).queryByRole('button', { name: 'Demo: play Aviator with play money' })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Demo: play Dice with play money' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dice' }, slow);
    const frame = (await within(dialog).findByTitle('Dice')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://studio.example/play/dice');
    const freePlay = calls.findIndex((c) => c.path === '/wps/session/login/freeplay');
    const launch = calls.findIndex((c) => c.path === '/wps/game/launchGame');
    expect(freePlay).toBeGreaterThanOrEqual(0);
    expect(launch).toBeGreaterThan(freePlay);
    expect(calls[launch]?.headers.authorization).toBe('Bearer trial-1');
    // Signed in as the free-play account: its balance is marked as play money.
    expect((await screen.findByTestId('play-money-badge', {}, slow)).textContent).toBe('Play money');
  }, 30_000);

  it('is not offered where the merchant has no free play', async () => {
    mockApi({
      ...settingsRoutes,
      ...lobby,
      'GET /wps/system/whitelabel': { value: { ...whitelabel, FREEPLAY: false } },
    });
    await renderApp('/');
    const section = await screen.findByRole('region', { name: 'Crash' }, slow);
    expect(within(section).getByRole('button', { name: /^Play Dice/ })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Demo: play Dice with play money' })).toBeNull();
  }, 30_000);
});
