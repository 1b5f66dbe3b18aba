import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from '../components/ui/scroll-to-top';
import { changeInterfaceLanguage, initI18n } from '../lib/i18n';
import { reloadSession } from '../lib/session-store';
import { memberInfo, mockApi, settingsRoutes } from '../test/mock-api';
import { renderApp } from '../test/render-app';

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  if (i18next.isInitialized) await changeInterfaceLanguage('EN');
});

describe('frame routes', () => {
  it.each(['/lottery', '/seaLottery', '/vnLottery'])(
    'sends a visitor without a token from %s to /login',
    async (path) => {
      mockApi(settingsRoutes);
      const { router } = await renderApp(`${path}?gameCode=VN1`);
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(await screen.findByRole('dialog', { name: 'Login' })).toBeTruthy();
    },
  );

  it('shows a signed-in member the lottery page (coming soon) with the game asked for', async () => {
    sessionStorage.setItem('token', 'tok-1');
    reloadSession();
    mockApi({ ...settingsRoutes, 'GET /wps/member/info': { value: memberInfo } });
    await renderApp('/vnLottery?gameCode=VN1');
    expect(await screen.findByRole('heading', { name: 'Vietnam lottery' })).toBeTruthy();
    expect(screen.getByText('Coming soon')).toBeTruthy();
    expect(screen.getByText('VN1')).toBeTruthy();
  });

  it('scrolls /help#term to the terms in the footer', async () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    mockApi({});
    await renderApp('/help#term');
    await vi.waitFor(() => expect(scrolled).toContain('term'));
  });

  it('scrolls to the top after a navigation without a hash', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    mockApi({});
    const { router } = await renderApp('/helpmc');
    await screen.findByRole('heading', { level: 1, name: 'Help centre' });
    scrollTo.mockClear();
    await router.navigate('/no-such-page');
    await vi.waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });
});

describe('scroll-to-top button', () => {
  it('appears after scrolling down and takes the page back to the top', async () => {
    const i18n = await initI18n();
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    render(
      <I18nextProvider i18n={i18n}>
        <ScrollToTop />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    Object.defineProperty(window, 'scrollY', { value: 900, configurable: true });
    fireEvent.scroll(window);
    const button = await screen.findByRole('button', { name: 'Back to top' });
    await userEvent.click(button);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    fireEvent.scroll(window);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull());
  });

  it('rises above the footer at the bottom of the page instead of covering its text', async () => {
    const i18n = await initI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <ScrollToTop />
        <footer>
          <p>Licensed and regulated</p>
        </footer>
      </I18nextProvider>,
    );
    const footer = document.querySelector('footer') as HTMLElement;
    // The page scrolled to its end: the footer's last 220 px are on screen.
    vi.spyOn(footer, 'getBoundingClientRect').mockReturnValue({
      top: window.innerHeight - 220,
    } as DOMRect);
    Object.defineProperty(window, 'scrollY', { value: 2000, configurable: true });
    fireEvent.scroll(window);
    const button = await screen.findByRole('button', { name: 'Back to top' });
    await vi.waitFor(() => expect(button.style.getPropertyValue('--footer-lift')).toBe('220px'));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
