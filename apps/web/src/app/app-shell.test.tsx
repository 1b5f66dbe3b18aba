import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeInterfaceLanguage } from '../lib/i18n';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';

// Every read answers 404 (as a server without content does): the site opens, the frame stays empty.
beforeEach(() => {
  mockApi({});
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeInterfaceLanguage('EN');
  localStorage.clear();
});

/** The frame's own texts, so these checks do not depend on what the lobby page shows. */
const gameTypes = () => screen.findByRole('navigation', { name: /Game types|Tipos de jogo|Tipos de juego/ });

describe('app shell', () => {
  it('shows the header, the game-type navigation and the 18+ footer', async () => {
    await renderApp('/');
    const nav = await gameTypes();
    expect(within(nav).getByRole('link', { name: 'Lobby' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Sorte Home' })).toBeTruthy();
    // The footer renders in a task after the first screen (components/ui/next-task.tsx).
    expect(within(await screen.findByRole('contentinfo')).getByText('18+')).toBeTruthy();
  });

  it('shows a 404 page with a way back for an unknown route', async () => {
    const { router } = await renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the lobby' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('switches every visible text to Portuguese and remembers the choice', async () => {
    await renderApp('/');
    await gameTypes();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'PT');
    expect(await screen.findByRole('navigation', { name: 'Tipos de jogo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sorte Início' })).toBeTruthy();
    expect(await screen.findByText(/Somente maiores de 18 anos/)).toBeTruthy();
    expect(document.documentElement.lang).toBe('pt');
    expect(localStorage.getItem('lang')).toBe('PT');
    expect(localStorage.getItem('hisLang')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Idioma'), 'ES');
    expect(await screen.findByRole('navigation', { name: 'Tipos de juego' })).toBeTruthy();
    expect(localStorage.getItem('hisLang')).toBe('PT');
  });

  it('falls back to English texts for a language without a catalog, and sets the direction', async () => {
    await renderApp('/');
    await gameTypes();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'AR');
    await vi.waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(screen.getByRole('link', { name: 'Lobby' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Other languages (texts in English)' })).toBeTruthy();
  });

  it('ends in the language picked last when two are picked quickly', async () => {
    await renderApp('/');
    await gameTypes();
    await Promise.all([changeInterfaceLanguage('BN'), changeInterfaceLanguage('PT')]);
    expect(await screen.findByRole('navigation', { name: 'Tipos de jogo' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('pt');
  });

  it('toggles between dark and light themes and keeps the choice', async () => {
    await renderApp('/');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
  });
});
