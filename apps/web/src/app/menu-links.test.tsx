import type { ConsolidatedInfo } from '@sorte/shared/contracts/agent-contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentMenu } from '../features/agent-centre/menu';
import { memberMenu } from '../features/member/member-menu';
import { bonusMenuTarget } from '../features/navigation/build-menu';
import { memberPaths } from '../features/session/member-paths';
import { reloadSession } from '../lib/session-store';
import { memberInfo, mockApi, settingsRoutes } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { routes } from './routes';

/**
 * No menu entry may lead to "Page not found": every link of the side menu, the account menu, the
 * member centre, the agent centre and the footer must land on a route of the router, not on its
 * catch-all. Entries for features that do not exist yet are left out, not linked ahead of them.
 */
function resolvesToPage(href: string): boolean {
  const pathname = new URL(href, 'http://site.example').pathname;
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.[matches.length - 1]?.route;
  return Boolean(leaf) && leaf?.path !== '*';
}

/** The site's own links (not outside addresses, not in-page anchors) inside an element. */
const internalLinks = (root: HTMLElement) =>
  within(root)
    .queryAllByRole('link')
    .concat(within(root).queryAllByRole('menuitem'))
    .map((link) => link.getAttribute('href'))
    .filter((href): href is string => Boolean(href?.startsWith('/')));

const deadLinks = (hrefs: Iterable<string>) => [...new Set(hrefs)].filter((href) => !resolvesToPage(href));

const frameRoutes = {
  'GET /wps/relay/vendorSorting': {
    value: [
      {
        gameType: 'RNG',
        vendors: [{ vassalage: 'SORTE', name: 'Sorte', logoUrl: null, maintenance: false }],
      },
      {
        gameType: 'CRASH',
        vendors: [{ vassalage: 'SORTE', name: 'Sorte', logoUrl: null, maintenance: false }],
      },
    ],
  },
};

function setWide(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function signedInAs(info: Partial<typeof memberInfo>) {
  sessionStorage.setItem('token', 'tok-1');
  reloadSession();
  mockApi({
    ...frameRoutes,
    ...settingsRoutes,
    'GET /wps/member/info': { value: { ...memberInfo, ...info } },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('menu links', () => {
  it('tells a real page from the catch-all', () => {
    expect(resolvesToPage('/member/deposit')).toBe(true);
    expect(resolvesToPage('/agentHome/links')).toBe(true);
    expect(resolvesToPage('/member/referral')).toBe(false);
    expect(resolvesToPage('/member/reward-center')).toBe(false);
  });

  it('every entry of the menus defined as data leads to a route', () => {
    const everyContract = { dividend: 1, dailysalreqtype: 1, contracthoursalreq: 1, realtimesalreqtype: 1 };
    const hrefs = [
      ...Object.values(memberPaths),
      ...memberMenu.map((entry) => entry.to),
      ...agentMenu(everyContract as unknown as ConsolidatedInfo).map((item) => `/agentHome/${item.id}`),
      bonusMenuTarget,
    ];
    expect(deadLinks(hrefs)).toEqual([]);
  });

  for (const who of [
    { name: 'a member', info: {} },
    { name: 'an agent', info: { type: 1, isAgent: true } },
  ]) {
    it(`every link ${who.name} sees in the side menu, account menu and footer leads to a page`, async () => {
      setWide(true);
      signedInAs(who.info);
      const user = userEvent.setup();
      await renderApp('/');
      const rail = await screen.findByRole('complementary', { name: 'Side menu' });
      await screen.findByText('maria');
      await user.click(screen.getByRole('button', { name: /^Account menu/ }));
      const accountMenu = screen.getByRole('menu', { name: 'Account menu' });
      const footer = await screen.findByRole('contentinfo');
      const seen = [...internalLinks(rail), ...internalLinks(accountMenu), ...internalLinks(footer)];
      expect(seen).toContain('/member/messages');
      expect(deadLinks(seen)).toEqual([]);
      // Invite friends only where there is something to invite with: the agent's links.
      const invite = within(rail).queryByRole('link', { name: 'Invite friends' });
      expect(invite?.getAttribute('href') ?? null).toBe(who.info.isAgent ? '/agentHome/links' : null);
      expect(within(accountMenu).queryByRole('menuitem', { name: 'Reward centre' })).toBeNull();
    });
  }

  it('every link of the member centre leads to a page', async () => {
    setWide(true);
    signedInAs({});
    await renderApp('/member');
    const nav = await screen.findByRole('navigation', { name: /member centre/i });
    const seen = internalLinks(nav);
    expect(seen.length).toBeGreaterThan(5);
    expect(deadLinks(seen)).toEqual([]);
  });

  it('a guest sees no link that leads nowhere', async () => {
    setWide(true);
    mockApi({ ...frameRoutes, ...settingsRoutes });
    await renderApp('/');
    const rail = await screen.findByRole('complementary', { name: 'Side menu' });
    const footer = await screen.findByRole('contentinfo');
    const seen = [...internalLinks(rail), ...internalLinks(footer)];
    expect(deadLinks(seen)).toEqual([]);
    expect(within(rail).queryByRole('link', { name: 'Invite friends' })).toBeNull();
  });
});
