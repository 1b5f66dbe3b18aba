import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadSession } from '../lib/session-store';
import { gameCard } from '../test/game-cards';
import { memberInfo, mockApi, settingsRoutes } from '../test/mock-api';
import { renderApp } from '../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const reels = gameCard({
  nodeId: 2,
  gameType: 'RNG',
  displayName: 'Fortune Reels',
  gameName: 'Fortune Reels',
  isHot: 1,
});
const sevens = gameCard({
  nodeId: 3,
  gameType: 'RNG',
  displayName: 'Lucky Sevens',
  gameName: 'Lucky Sevens',
});
const crash = gameCard({ nodeId: 1, gameType: 'CRASH', displayName: 'Crash', gameName: 'Crash', isHot: 1 });
const mines = gameCard({
  nodeId: 6,
  gameType: 'BONUS',
  vassalage: 'BGS',
  displayName: 'Mines',
  gameName: 'Mines',
  isHot: 1,
});

const page = (content: unknown[]) => ({ content, pageNum: 1, totalPages: 1, total: content.length });

const lobby = {
  'GET /wps/relay/vendorSorting': {
    value: [
      {
        gameType: 'RNG',
        vendors: [{ vassalage: 'SORTE', name: 'Sorte Originals', logoUrl: null, maintenance: false }],
      },
      {
        gameType: 'CRASH',
        vendors: [{ vassalage: 'SORTE', name: 'Sorte Originals', logoUrl: null, maintenance: false }],
      },
      {
        gameType: 'BONUS',
        vendors: [{ vassalage: 'BGS', name: 'Bonus Games', logoUrl: null, maintenance: false }],
      },
    ],
  },
  'GET /wps/relay/hotGames': { value: [reels, crash, mines] },
  'GET /wps/relay/gameVendor': {
    value: [
      { title: 'RNG', cards: { SORTE: [reels, sevens] }, gameClassify: [] },
      { title: 'CRASH', cards: { SORTE: [crash] }, gameClassify: [] },
      { title: 'BONUS', cards: { BGS: [mines] }, gameClassify: [] },
    ],
  },
  'GET /wps/relay/banners': { value: [] },
  'GET /wps/relay/winnerBoard': { value: [] },
  'GET /wps/relay/announcements': { value: { banners: [], player: [], popup: [], promotion: [], help: [] } },
  'GET /wps/relay/gameList': { value: page([mines]) },
};

function signedIn(routes: Record<string, unknown>, info: Partial<typeof memberInfo> = {}) {
  sessionStorage.setItem('token', 'tok-1');
  reloadSession();
  return mockApi({
    ...settingsRoutes,
    ...lobby,
    'GET /wps/member/info': { value: { ...memberInfo, ...info } },
    'GET /wps/relay/favorites': { value: { ...page([]), ids: [] } },
    'GET /wps/relay/recentGames': { value: page([]) },
    ...(routes as Record<string, never>),
  });
}

/** The first render loads the lazy page and several reads: allow it time on a busy machine. */
const slow = { timeout: 5000 };
const slotsSection = () => screen.findByRole('region', { name: 'Slots' }, slow);

// Guests' house-game tiles carry a Demo button too (free play): twice the buttons for the role
// queries below, over 5 s on a busy machine.
describe('lobby home', { timeout: 20_000 }, () => {
  it('shows HOT and the spec sections with their games, and "more games" goes to the category', async () => {
    mockApi({ ...settingsRoutes, ...lobby });
    await renderApp('/');
    const slots = await slotsSection();
    expect(within(slots).getByRole('button', { name: 'Play Fortune Reels' })).toBeTruthy();
    expect(within(slots).getByRole('button', { name: 'Play Lucky Sevens' })).toBeTruthy();
    // Slots (RNG) tiles have no 'play now'; crash tiles do.
    expect(within(slots).queryByText('Play now')).toBeNull();
    const crashSection = screen.getByRole('region', { name: 'Crash' });
    expect(within(crashSection).getByText('Play now')).toBeTruthy();
    expect(
      within(crashSection)
        .getByRole('link', { name: /More games/ })
        .getAttribute('href'),
    ).toBe('/crash');
    // Bonus games are not a home section (spec section 2), but hot ones are in HOT.
    expect(screen.queryByRole('region', { name: 'Bonus games' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Hot games' })).toBeTruthy();
    expect(screen.getAllByText('Hot').length).toBeGreaterThan(0);
  });

  it('opens the login popup when a guest starts a game or presses a heart, and calls nothing', async () => {
    const calls = mockApi({ ...settingsRoutes, ...lobby });
    const user = userEvent.setup();
    await renderApp('/');
    const slots = await slotsSection();
    await user.click(within(slots).getByRole('button', { name: 'Play Lucky Sevens' }));
    const login = await screen.findByRole('dialog', { name: 'Login' });
    await user.click(within(login).getByRole('button', { name: 'Close' }));
    await user.click(within(slots).getByRole('button', { name: 'Favourite: Lucky Sevens' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeTruthy();
    expect(calls.some((c) => c.path.includes('launchGame') || c.path.includes('favorites'))).toBe(false);
  });

  it('marks a favourite for a member, sending the game, its vendor and type', async () => {
    const calls = signedIn({ 'POST /wps/relay/favorites': { value: { ids: [3] } } });
    const user = userEvent.setup();
    await renderApp('/');
    const slots = await slotsSection();
    const heart = within(slots).getByRole('button', { name: 'Favourite: Lucky Sevens' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await user.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/wps/relay/favorites')?.body).toEqual({
      nodeId: 3,
      vendor: 'SORTE',
      gameType: 'RNG',
    });
  });

  it("shows the server's message when a game is in maintenance, with other games to try", async () => {
    signedIn({
      'GET /wps/game/launchGame': { status: 503, code: 'GAME_MAINTENANCE', message: 'Game maintenance' },
    });
    const user = userEvent.setup();
    await renderApp('/');
    const slots = await slotsSection();
    await user.click(within(slots).getByRole('button', { name: 'Play Lucky Sevens' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Lucky Sevens' });
    expect(within(alert).getByText('Game maintenance')).toBeTruthy();
    expect(within(alert).getByText('Why not try one of these?')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Play Fortune Reels' })).toBeTruthy();
  });

  it('opens the game in a popup frame, and closes it', async () => {
    const calls = signedIn({
      'GET /wps/game/launchGame': {
        value: { url: 'https://studio.example/play/1', vassalage: 'SORTE', gameCode: 'x' },
      },
    });
    const user = userEvent.setup();
    await renderApp('/');
    const slots = await slotsSection();
    await user.click(within(slots).getByRole('button', { name: 'Play Lucky Sevens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lucky Sevens' });
    const frame = (await within(dialog).findByTitle('Lucky Sevens')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://studio.example/play/1');
    expect(calls.some((c) => c.path === '/wps/game/launchGame')).toBe(true);
    // One header: the house frame draws its own (back, name, balance), so the popup adds none.
    expect(dialog.querySelector('header')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    // Its back button asks the lobby to close the popup; a message from anywhere else is ignored.
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'sorte:close' }, source: window }));
    expect(screen.getByRole('dialog', { name: 'Lucky Sevens' })).toBeTruthy();
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'sorte:close' }, source: frame.contentWindow }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Lucky Sevens' })).toBeNull());
  });

  it("keeps the popup's header with its close button for another vendor's game", async () => {
    signedIn({
      'GET /wps/game/launchGame': {
        value: { url: 'https://vendor.example/play/1', vassalage: 'PG', gameCode: 'x' },
      },
    });
    const user = userEvent.setup();
    await renderApp('/');
    const slots = await slotsSection();
    await user.click(within(slots).getByRole('button', { name: 'Play Lucky Sevens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lucky Sevens' });
    await within(dialog).findByTitle('Lucky Sevens');
    expect(within(dialog).getByRole('heading', { name: 'Lucky Sevens' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Lucky Sevens' })).toBeNull();
  });

  it('asks a free-play member to register first when the game is for real money', async () => {
    signedIn(
      {
        'GET /wps/game/launchGame': {
          status: 403,
          code: 'TRIAL_NOT_ALLOWED',
          message: 'Register an account first',
        },
      },
      { type: 4, isTrial: true },
    );
    const user = userEvent.setup();
    await renderApp('/');
    const slots = await slotsSection();
    await user.click(within(slots).getByRole('button', { name: 'Play Lucky Sevens' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Free play account' });
    expect(within(prompt).getByText('Register an account first')).toBeTruthy();
  });
});

describe('vendor cards', () => {
  it("opens a popup with the vendor's games for a card of kind VASSALAGE", async () => {
    const table = gameCard({
      nodeId: 40,
      gameType: 'LIVE',
      vassalage: 'EVO',
      isGame: 'VASSALAGE',
      displayName: 'Evolution lobby',
      gameName: 'Evolution lobby',
      vendorName: 'Evolution',
    });
    const roulette = gameCard({
      nodeId: 41,
      gameType: 'LIVE',
      vassalage: 'EVO',
      displayName: 'Lightning Roulette',
    });
    const calls = mockApi({
      ...settingsRoutes,
      ...lobby,
      'GET /wps/relay/gameVendor': { value: [{ title: 'LIVE', cards: { EVO: [table] }, gameClassify: [] }] },
      'GET /wps/relay/gameList': { value: page([roulette]) },
    });
    const user = userEvent.setup();
    await renderApp('/');
    const live = await screen.findByRole('region', { name: 'Live casino' }, slow);
    await user.click(within(live).getByRole('button', { name: 'See the games of Evolution lobby' }));
    const dialog = await screen.findByRole('dialog', { name: 'Evolution' });
    expect(await within(dialog).findByRole('button', { name: 'Play Lightning Roulette' })).toBeTruthy();
    const url = String(
      vi.mocked(fetch).mock.calls.find(([input]) => String(input).includes('gameList'))?.[0],
    );
    expect(new URL(url, 'http://x').searchParams.get('vassalage')).toBe('EVO');
    expect(new URL(url, 'http://x').searchParams.get('gameType')).toBe('LIVE');
    expect(calls.some((c) => c.path.includes('launchGame'))).toBe(false);
  });
});

describe('game list pages', () => {
  it('reads /rng?vassalage=WW as the bonus games', async () => {
    const calls = mockApi({ ...settingsRoutes, ...lobby });
    await renderApp('/rng?vassalage=WW');
    expect(await screen.findByRole('heading', { name: 'Bonus games', level: 1 }, slow)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Play Mines' })).toBeTruthy();
    const list = calls.find((c) => c.path === '/wps/relay/gameList');
    expect(list).toBeTruthy();
    const fetchMock = vi.mocked(fetch);
    const url = String(fetchMock.mock.calls.find(([input]) => String(input).includes('gameList'))?.[0]);
    expect(new URL(url, 'http://x').searchParams.get('gameType')).toBe('BONUS');
    expect(new URL(url, 'http://x').searchParams.get('vassalage')).toBeNull();
  });

  it('shows a friendly empty state for a game centre without vendors', async () => {
    mockApi({ ...settingsRoutes, ...lobby });
    await renderApp('/sports');
    expect(await screen.findByText('Sports is coming soon', {}, slow)).toBeTruthy();
  });

  it('asks a guest to log in on /favorite', async () => {
    mockApi({ ...settingsRoutes, ...lobby });
    await renderApp('/favorite');
    expect(await screen.findByRole('dialog', { name: 'Login' }, slow)).toBeTruthy();
    expect(screen.getByText('Log in to see your games')).toBeTruthy();
  });
});
