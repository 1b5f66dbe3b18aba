import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeInterfaceLanguage } from '../../lib/i18n';
import { reloadSession } from '../../lib/session-store';
import { memberInfo, mockApi, settingsRoutes } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeInterfaceLanguage('EN');
});

const languageCalls = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((call) => call.path === '/wps/member/language');

describe('language picker', () => {
  it('lists every interface language, the ones without texts of their own in a group that says so', async () => {
    mockApi({});
    await renderApp('/helpmc');
    const select = await screen.findByLabelText('Language');
    const options = within(select).getAllByRole('option');
    expect(options).toHaveLength(28);
    expect(options.slice(0, 4).map((o) => o.getAttribute('value'))).toEqual(['EN', 'PT', 'ES', 'BN']);
    const others = within(select).getByRole('group', { name: 'Other languages (texts in English)' });
    expect(within(others).getByRole('option', { name: 'Français' })).toBeTruthy();
    expect(within(others).queryByRole('option', { name: 'Português' })).toBeNull();
  });

  it('does not tell the server when a guest changes language', async () => {
    const calls = mockApi({ 'PUT /wps/member/language': { value: null } });
    await renderApp('/helpmc');
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'PT');
    await screen.findByRole('navigation', { name: 'Tipos de jogo' });
    expect(languageCalls(calls)).toEqual([]);
  });

  it("informs the server of a signed-in member's choice, including languages shown in English", async () => {
    sessionStorage.setItem('token', 'tok-1');
    reloadSession();
    const calls = mockApi({
      ...settingsRoutes,
      'GET /wps/member/info': { value: memberInfo },
      'PUT /wps/member/language': { value: null },
    });
    await renderApp('/helpmc');
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'ES');
    await vi.waitFor(() => expect(languageCalls(calls)).toHaveLength(1));
    await userEvent.selectOptions(await screen.findByLabelText('Idioma'), 'FR');
    await vi.waitFor(() => expect(languageCalls(calls)).toHaveLength(2));
    const [first, second] = languageCalls(calls);
    expect(first).toMatchObject({ method: 'PUT', body: { language: 'ES' } });
    expect(first?.headers.authorization).toBe('Bearer tok-1');
    expect(second).toMatchObject({ method: 'PUT', body: { language: 'FR' } });
    expect(localStorage.getItem('lang')).toBe('FR');
  });
});
