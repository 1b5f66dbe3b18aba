import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeInterfaceLanguage } from '../lib/i18n';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';

// The page is a lazy chunk: compile it once up front, so each test waits for the page, not the runner.
beforeAll(() => import('./app-download-page'));

afterEach(async () => {
  vi.unstubAllGlobals();
  if (i18next.isInitialized) await changeInterfaceLanguage('EN');
});

const resources = {
  'GET /wps/system/resources': {
    value: [{ type: 'APP_ANDROID', url: 'https://sorte.example/app/sorte.apk', label: 'App for Android' }],
  },
};

/** Chrome's install offer, as a page sees it. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt'), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('app download page', () => {
  it('shows the installation steps for Android and iPhone, the store app and a QR code of itself', async () => {
    mockApi(resources);
    await renderApp('/app');
    expect(await screen.findByRole('heading', { level: 1, name: 'Get the app' })).toBeTruthy();
    const android = screen
      .getByRole('heading', { name: 'Android (Chrome)' })
      .closest('section') as HTMLElement;
    expect(
      within(android)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Open this page in Chrome.',
      'Tap the menu (⋮) at the top right.',
      'Tap “Install app” or “Add to home screen”.',
      'Confirm with “Install”. The Sorte icon appears on your home screen.',
    ]);
    const ios = screen
      .getByRole('heading', { name: 'iPhone and iPad (Safari)' })
      .closest('section') as HTMLElement;
    expect(within(ios).getByText('Scroll down and tap “Add to Home Screen”.')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'App for Android' })).getAttribute('href')).toBe(
      'https://sorte.example/app/sorte.apk',
    );
    expect(await screen.findByRole('img', { name: 'QR code for this page' })).toBeTruthy();
    // No install offer from this browser: no button that would do nothing.
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
  });

  it('puts the iPhone steps first for a code scanned for iOS, in the language it carries', async () => {
    mockApi({});
    await renderApp('/app?lang=PT&os=ios');
    // The Portuguese catalog loads first (its own chunk).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Baixe o app' }, { timeout: 4000 }),
    ).toBeTruthy();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles.indexOf('iPhone e iPad (Safari)')).toBeLessThan(titles.indexOf('Android (Chrome)'));
  });

  it('offers the install button when the browser can install, and says when it is installed', async () => {
    const user = userEvent.setup();
    mockApi({});
    await renderApp('/app');
    await screen.findByRole('heading', { level: 1, name: 'Get the app' });
    const offer = offerInstall('accepted');
    await user.click(await screen.findByRole('button', { name: 'Install the app' }));
    expect(offer.prompt).toHaveBeenCalledOnce();
    expect((await screen.findByRole('status')).textContent).toBe(
      'The app is installed. Open it from your home screen.',
    );
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
  });
});
