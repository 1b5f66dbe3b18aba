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

function signedInAs(info: Partial<typeof memberInfo> = {}) {
  sessionStorage.setItem('token', 'tok-1');
  reloadSession();
  return mockApi({
    ...settingsRoutes,
    'GET /wps/member/info': { value: { ...memberInfo, ...info } },
    'DELETE /wps/session/logout': { value: null },
  });
}

describe('header', () => {
  it('offers Login and Register to guests, and no balance', async () => {
    mockApi(settingsRoutes);
    await renderApp('/');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
    expect(screen.queryByTestId('balance')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeTruthy();
  });

  it('shows a member the balance with 2 decimals, deposit, withdraw and the account menu', async () => {
    signedInAs();
    await renderApp('/');
    const balance = await screen.findByTestId('balance');
    await vi.waitFor(() => expect(balance.textContent).toBe('R$ 1,234.56'));
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/member/deposit');
    expect(screen.getByRole('link', { name: 'Withdraw' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(balance.textContent).toBe('R$ ******');
    expect(balance.textContent).not.toContain('1,234');
    await userEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(balance.textContent).toBe('R$ 1,234.56');
  });

  it('lists the agent centre in the account menu for agents only, and moves with the keyboard', async () => {
    const user = userEvent.setup();
    signedInAs();
    const { unmount } = await renderApp('/');
    await screen.findByText('maria');
    screen.getByRole('button', { name: /^Account menu/ }).focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Account menu' });
    expect(document.activeElement?.textContent).toBe('Betting record');
    expect(within(menu).queryByRole('menuitem', { name: 'Agent centre' })).toBeNull();
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Sign out');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Account menu/ }));
    unmount();

    signedInAs({ type: 1, isAgent: true });
    await renderApp('/');
    await screen.findByText('maria');
    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    expect(screen.getByRole('menuitem', { name: 'Agent centre' }).getAttribute('href')).toBe('/agentHome');
  });

  it('asks before signing out, and on confirmation ends the session and keeps the merchant', async () => {
    const user = userEvent.setup();
    localStorage.setItem('merchantCode', 'BR');
    sessionStorage.setItem('merchantCode', 'BR');
    const calls = signedInAs();
    await renderApp('/');
    await screen.findByText('maria');
    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Sign out' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sessionStorage.getItem('token')).toBe('tok-1');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Sign out' })).getByRole('button', { name: 'Sign out' }),
    );
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.headers.authorization).toBe('Bearer tok-1');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('memberInfo')).toBeNull();
    expect(sessionStorage.getItem('merchantCode')).toBe('BR');
  });

  it('asks a free-play member to register before a deposit (in Portuguese too)', async () => {
    const user = userEvent.setup();
    signedInAs({ type: 4, isTrial: true });
    await changeInterfaceLanguage('PT');
    const { router } = await renderApp('/');
    await screen.findByText('maria');
    await user.click(await screen.findByRole('link', { name: 'Depositar' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Conta de jogo grátis' });
    expect(within(prompt).getByText('Registre uma conta primeiro')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    await user.click(within(prompt).getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByRole('dialog', { name: 'Cadastro' })).toBeTruthy();
  });

  it('shows the visitor as signed out when the server says the session is over (401)', async () => {
    sessionStorage.setItem('token', 'expired');
    reloadSession();
    mockApi({
      'GET /wps/member/info': { status: 401, code: 'UNAUTHORIZED', message: 'You are not logged in' },
    });
    await renderApp('/');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});
