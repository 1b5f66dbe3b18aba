import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeInterfaceLanguage } from '../../lib/i18n';
import { reloadSession } from '../../lib/session-store';
import { memberInfo, mockApi, settingsRoutes } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { appDownloadPath, bannerTarget, isGamePage } from './side-menu-rules';

afterEach(async () => {
  vi.unstubAllGlobals();
  if (i18next.isInitialized) await changeInterfaceLanguage('EN');
});

const vendor = (vassalage: string) => ({ vassalage, name: vassalage, logoUrl: null, maintenance: false });
const frameRoutes = {
  'GET /wps/relay/vendorSorting': {
    value: [
      { gameType: 'RNG', vendors: [vendor('SORTE')] },
      { gameType: 'CRASH', vendors: [vendor('SORTE')] },
      { gameType: 'BONUS', vendors: [vendor('BGS')] },
    ],
  },
  'GET /wps/system/resources': {
    value: [
      { type: 'APP_IOS', url: 'https://sorte.example/app/ios', label: 'App for iOS' },
      { type: 'APP_ANDROID', url: 'https://sorte.example/app/sorte.apk?ch=web', label: 'App for Android' },
    ],
  },
  'GET /wps/relay/banners': {
    value: [
      { id: 6, groupName: 'w_leftmenu', url: '/art/referral.svg', linkageType: 'PROMOTION', link: '3' },
    ],
  },
};

function signIn() {
  sessionStorage.setItem('token', 'tok-9');
  reloadSession();
  return { ...settingsRoutes, 'GET /wps/member/info': { value: memberInfo } };
}

/** Pretends the screen is wide (the desktop rail) or not (the phone drawer). */
function setWide(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('side menu rules', () => {
  it('treats the spec game pages as game pages, in any case', () => {
    for (const path of [
      '/seamless',
      '/lottert',
      '/vnlottery',
      '/seaLottery',
      '/vnLottery',
      '/lottery',
      '/seamless/',
    ]) {
      expect(isGamePage(path), path).toBe(true);
    }
    for (const path of ['/', '/rng', '/helpmc', '/lott', '/lotteryx'])
      expect(isGamePage(path), path).toBe(false);
  });

  it('leads app download codes to the app download page with the language and the phone', () => {
    expect(appDownloadPath('ios', 'PT')).toBe('/app?lang=PT&os=ios');
    expect(appDownloadPath('android', 'BN')).toBe('/app?lang=BN&os=android');
  });

  it('links a banner to its promotion, page or address, and never to a script', () => {
    expect(bannerTarget({ linkageType: 'PROMOTION', link: '3' })).toEqual({
      kind: 'route',
      to: '/promotions#3',
    });
    expect(bannerTarget({ linkageType: 'ROUTE', link: '/live' })).toEqual({ kind: 'route', to: '/live' });
    expect(bannerTarget({ linkageType: 'URL', link: 'https://x.example' })).toEqual({
      kind: 'url',
      href: 'https://x.example',
    });
    expect(bannerTarget({ linkageType: 'URL', link: 'javascript:alert(1)' })).toBeNull();
    expect(bannerTarget({ linkageType: 'NONE', link: null })).toBeNull();
  });
});

describe('side menu on a phone', () => {
  it('opens as a drawer with bonus, the game centre, the banner and app QR codes', async () => {
    const user = userEvent.setup();
    mockApi({ ...frameRoutes, ...signIn() });
    const { router } = await renderApp('/helpmc');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Side menu' });
    expect(within(drawer).getByRole('link', { name: 'Bonus' }).getAttribute('href')).toBe(
      '/rng?vassalage=WW',
    );
    // A member who is not an agent has nobody to invite with: no referral programme exists.
    expect(within(drawer).queryByRole('link', { name: 'Invite friends' })).toBeNull();
    const centre = within(drawer).getByRole('navigation', { name: 'Game centre' });
    expect(
      within(centre)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Lobby', 'Slots', 'Bonus games', 'Crash', 'Promotions']);
    expect(
      (await within(drawer).findByRole('link', { name: 'Open the featured offer' })).getAttribute('href'),
    ).toBe('/promotions#3');
    expect(await within(drawer).findByRole('img', { name: 'QR code for the iOS app' })).toBeTruthy();
    // The codes lead to the app download page, and never carry the session token.
    const links = within(drawer)
      .getAllByRole('link')
      .map((l) => l.getAttribute('href'))
      .filter((href) => href?.startsWith('/app'));
    expect(links).toEqual(['/app?lang=EN&os=ios', '/app?lang=EN&os=android']);
    expect(
      within(drawer)
        .getAllByRole('link')
        .some((l) => l.getAttribute('href')?.includes('tok-9')),
    ).toBe(false);
    // Choosing an entry goes there and closes the drawer.
    await user.click(within(centre).getByRole('link', { name: 'Crash' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/crash'));
    expect(screen.queryByRole('dialog', { name: 'Side menu' })).toBeNull();
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    const user = userEvent.setup();
    mockApi(frameRoutes);
    await renderApp('/helpmc');
    const button = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(button);
    expect(screen.getByRole('dialog', { name: 'Side menu' }).contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Side menu' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('offers invite friends to agents only, leading to their invitation links', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem('token', 'tok-9');
    reloadSession();
    mockApi({
      ...frameRoutes,
      ...settingsRoutes,
      'GET /wps/member/info': { value: { ...memberInfo, type: 1, isAgent: true } },
    });
    await renderApp('/helpmc');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Side menu' });
    const invite = await within(drawer).findByRole('link', { name: 'Invite friends' });
    expect(invite.getAttribute('href')).toBe('/agentHome/links');
  });

  it('is left out on game pages: no menu button', async () => {
    mockApi({ ...frameRoutes, ...signIn() });
    await renderApp('/vnLottery');
    expect(await screen.findByRole('heading', { name: 'Vietnam lottery' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Game types' })).toBeTruthy();
  });
});

describe('side menu on a wide screen', () => {
  it('is a rail beside the page that folds to icons and remembers it', async () => {
    setWide(true);
    const user = userEvent.setup();
    mockApi(frameRoutes);
    await renderApp('/helpmc');
    const rail = await screen.findByRole('complementary', { name: 'Side menu' });
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    await user.click(within(rail).getByRole('button', { name: 'Collapse side menu' }));
    expect(localStorage.getItem('sideMenuCollapsed')).toBe('1');
    // Folded, entries keep their names for screen readers and a tooltip for the mouse.
    expect(within(rail).getByRole('link', { name: 'Slots' }).getAttribute('title')).toBe('Slots');
    expect(within(rail).getByRole('button', { name: 'Expand side menu' })).toBeTruthy();
  });

  it('is left out on game pages', async () => {
    setWide(true);
    mockApi({ ...frameRoutes, ...signIn() });
    await renderApp('/seaLottery');
    expect(await screen.findByRole('heading', { name: 'Southeast Asia lottery' })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Side menu' })).toBeNull();
  });
});
