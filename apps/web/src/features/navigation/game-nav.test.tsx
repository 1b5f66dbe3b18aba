import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeInterfaceLanguage } from '../../lib/i18n';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { activeMenuKey } from './current-game-type';

afterEach(async () => {
  vi.unstubAllGlobals();
  if (i18next.isInitialized) await changeInterfaceLanguage('EN');
});

const vendors = (names: string[]) =>
  names.map((name) => ({
    vassalage: name,
    name: `${name} Gaming`,
    logoUrl: null,
    maintenance: name === 'CQ9',
  }));
const sorting = {
  'GET /wps/relay/vendorSorting': {
    value: [
      { gameType: 'LIVE', vendors: vendors(['EVO', 'EZUGI']) },
      {
        gameType: 'RNG',
        vendors: vendors(['PG', 'JDB', 'CQ9', 'FC', 'JL', 'PT', 'EG2', 'SORTE', 'A1', 'A2', 'A3']),
      },
      { gameType: 'FISH', vendors: vendors(['JDB']) },
      { gameType: 'BONUS', vendors: vendors(['BGS']) },
    ],
  },
};

describe('current game type', () => {
  it('reads the menu entry from the address, with HOME for the home paths and BONUS for RNG with WW', () => {
    expect(activeMenuKey('/')).toBe('HOME');
    expect(activeMenuKey('/help')).toBe('HOME');
    expect(activeMenuKey('/rng', '?vassalage=PG')).toBe('RNG');
    expect(activeMenuKey('/rng', '?vassalage=WW')).toBe('BONUS');
    expect(activeMenuKey('/Live/')).toBe('LIVE');
    expect(activeMenuKey('/promotions')).toBe('PROMOTIONS');
    expect(activeMenuKey('/helpmc')).toBeNull();
  });
});

describe('game-type navigation', () => {
  it('lists the menu from the vendor sorting and marks the current category', async () => {
    mockApi(sorting);
    await renderApp('/rng?vassalage=PG');
    const nav = await screen.findByRole('navigation', { name: 'Game types' });
    await within(nav).findByRole('link', { name: 'Live casino' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Lobby', 'Live casino', 'Slots', 'Fishing', 'Bonus games', 'Promotions']);
    expect(within(nav).getByRole('link', { name: 'Slots' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Bonus games' }).getAttribute('href')).toBe(
      '/rng?vassalage=WW',
    );
    // Home and promotions have no vendors to show.
    expect(within(nav).queryByRole('button', { name: 'Lobby providers' })).toBeNull();
  });

  it('opens a large vendor drop-down above 10 vendors and goes to the filtered list for RNG', async () => {
    const user = userEvent.setup();
    mockApi(sorting);
    const { router } = await renderApp('/helpmc');
    const toggle = await screen.findByRole('button', { name: 'Slots providers' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Slots providers' });
    expect(panel.dataset.size).toBe('large');
    expect(within(panel).getByText('Providers · 11')).toBeTruthy();
    expect(
      within(within(panel).getByRole('link', { name: /CQ9 Gaming/ })).getByText('Maintenance'),
    ).toBeTruthy();
    await user.click(within(panel).getByRole('link', { name: 'PG Gaming' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?vassalage=PG'));
    expect(router.state.location.pathname).toBe('/rng');
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Slots providers' })).toBeNull());
  });

  it('sends FISH vendors to the fish list and other vendors to their game centre', async () => {
    const user = userEvent.setup();
    mockApi(sorting);
    await renderApp('/helpmc');
    await user.click(await screen.findByRole('button', { name: 'Fishing providers' }));
    const fish = screen.getByRole('region', { name: 'Fishing providers' });
    expect(fish.dataset.size).toBe('small');
    expect(within(fish).getByRole('link', { name: 'JDB Gaming' }).getAttribute('href')).toBe(
      '/fish?vassalage=JDB',
    );
    await user.click(screen.getByRole('button', { name: 'Live casino providers' }));
    expect(screen.queryByRole('region', { name: 'Fishing providers' })).toBeNull();
    const live = screen.getByRole('region', { name: 'Live casino providers' });
    expect(within(live).getByRole('link', { name: 'EVO Gaming' }).getAttribute('href')).toBe('/live');
    expect(within(live).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/live');
  });

  it('works from the keyboard: arrow down opens and focuses the first vendor, Escape closes', async () => {
    const user = userEvent.setup();
    mockApi(sorting);
    await renderApp('/helpmc');
    const toggle = await screen.findByRole('button', { name: 'Live casino providers' });
    toggle.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('EVO Gaming');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('EZUGI Gaming');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Live casino providers' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});
