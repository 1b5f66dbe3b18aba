import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeInterfaceLanguage } from '../lib/i18n';
import { renderApp } from '../test/render-app';

afterEach(async () => {
  await changeInterfaceLanguage('EN');
  localStorage.clear();
});

describe('app shell', () => {
  it('shows the lobby with header and the 18+ footer', async () => {
    await renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Lobby' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(within(screen.getByRole('contentinfo')).getByText('18+')).toBeTruthy();
  });

  it('shows a 404 page with a way back for an unknown route', async () => {
    await renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the lobby' }));
    expect(await screen.findByRole('heading', { name: 'Lobby' })).toBeTruthy();
  });

  it('switches every visible text to Portuguese and remembers the choice', async () => {
    await renderApp('/');
    await screen.findByRole('heading', { name: 'Lobby' });
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'PT');
    expect(await screen.findByText('Ainda não há jogos aqui')).toBeTruthy();
    expect(screen.getByText(/Somente maiores de 18 anos/)).toBeTruthy();
    expect(document.documentElement.lang).toBe('pt');
    expect(localStorage.getItem('lang')).toBe('PT');
    expect(localStorage.getItem('hisLang')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Idioma'), 'ES');
    expect(await screen.findByText('Todavía no hay juegos aquí')).toBeTruthy();
    expect(localStorage.getItem('hisLang')).toBe('PT');
  });

  it('falls back to English texts for a language without a catalog, and sets the direction', async () => {
    await renderApp('/');
    await screen.findByRole('heading', { name: 'Lobby' });
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'AR');
    expect(await screen.findByText('No games here yet')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('ends in the language picked last when two are picked quickly', async () => {
    await renderApp('/');
    await screen.findByRole('heading', { name: 'Lobby' });
    await Promise.all([changeInterfaceLanguage('BN'), changeInterfaceLanguage('PT')]);
    expect(await screen.findByText('Ainda não há jogos aqui')).toBeTruthy();
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
