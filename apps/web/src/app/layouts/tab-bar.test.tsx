import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadSession } from '../../lib/session-store';
import { memberInfo, mockApi, settingsRoutes } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { renderUi } from '../../test/render-ui';
import { activeTab, TabBar } from './tab-bar';

const sorte = { vassalage: 'SORTE', name: 'Sorte', logoUrl: null, maintenance: false };
const menuRoutes = {
  'GET /wps/relay/vendorSorting': {
    value: [
      { gameType: 'RNG', vendors: [sorte] },
      { gameType: 'CRASH', vendors: [sorte] },
    ],
  },
};

/** A phone (below 768 px) or a desktop, as the layout's media queries see it. */
function setPhone(isPhone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isPhone ? query.includes('max-width') : query.includes('min-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  reloadSession();
});

// The lobby's first screen and the lazily loaded login popup take a while on a busy machine.
const slow = { timeout: 5000 };
const tabBar = () => screen.findByRole('navigation', { name: 'Main sections' }, slow);

describe('bottom tab bar', { timeout: 20_000 }, () => {
  it('shows home, games, deposit, promotions and account on a phone, with home marked', async () => {
    setPhone(true);
    mockApi({ ...settingsRoutes, ...menuRoutes });
    await renderApp('/');
    const bar = await tabBar();
    await within(bar).findByRole('link', { name: 'Games' }, slow);
    const names = within(bar)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['Home', 'Games', 'Deposit', 'Promotions', 'Account']);
    expect(within(bar).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    // Games is the menu's first category.
    expect(within(bar).getByRole('link', { name: 'Games' }).getAttribute('href')).toBe('/rng');
  });

  it('is not there on a desktop, where the header and side menu carry the navigation', async () => {
    setPhone(false);
    mockApi({ ...settingsRoutes, ...menuRoutes });
    await renderApp('/');
    await screen.findByRole('navigation', { name: 'Game types' });
    expect(screen.queryByRole('navigation', { name: 'Main sections' })).toBeNull();
  });

  it('opens the login popup for a guest who taps deposit or account', async () => {
    setPhone(true);
    mockApi({ ...settingsRoutes, ...menuRoutes });
    const { router } = await renderApp('/promotions');
    const bar = await tabBar();
    expect(within(bar).getByRole('link', { name: 'Promotions' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(bar).getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByRole('dialog', { name: 'Login' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/promotions');
  });

  it('takes a member to the deposit page and the member centre, marking where they are', async () => {
    setPhone(true);
    sessionStorage.setItem('token', 'tok-1');
    reloadSession();
    mockApi({ ...settingsRoutes, ...menuRoutes, 'GET /wps/member/info': { value: memberInfo } });
    const { router } = await renderApp('/rng');
    const bar = await tabBar();
    const games = await within(bar).findByRole('link', { name: 'Games' }, slow);
    expect(games.getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(bar).getByRole('link', { name: 'Deposit' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/member/deposit'), slow);
    const after = await tabBar();
    await vi.waitFor(
      () =>
        expect(within(after).getByRole('link', { name: 'Deposit' }).getAttribute('aria-current')).toBe(
          'page',
        ),
      slow,
    );
    expect(within(after).getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/member');
  });

  it('marks one tab per page: deposit before account, any game category as games', () => {
    const games = ['/rng', '/crash', '/rng?vassalage=WW'];
    expect(activeTab('/member/deposit', games)).toBe('deposit');
    expect(activeTab('/member/security', games)).toBe('account');
    expect(activeTab('/Crash/', games)).toBe('games');
    expect(activeTab('/help', games)).toBeUndefined();
  });

  it('leaves the games tab out while the menu has no category', async () => {
    await renderUi(<TabBar gamesTo={undefined} gamePaths={[]} isLoggedIn={false} onLogin={() => {}} />);
    const names = within(await tabBar())
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['Home', 'Deposit', 'Promotions', 'Account']);
  });
});
