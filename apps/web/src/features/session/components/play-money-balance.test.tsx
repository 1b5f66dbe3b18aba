import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeInterfaceLanguage } from '../../../lib/i18n';
import { reloadSession } from '../../../lib/session-store';
import { memberInfo, mockApi, settingsRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeInterfaceLanguage('EN');
});

const trialInfo = { ...memberInfo, type: 4, isTrial: true, currency: 'FUN', currencySymbol: 'FUN' };

describe('a free-play account’s balance', () => {
  it('is marked as play money, tops up on request, and deposit still asks to register', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem('token', 'tok-1');
    reloadSession();
    let balance = 25_050;
    const calls = mockApi({
      ...settingsRoutes,
      'GET /wps/member/info': () => ({ value: { ...trialInfo, balance } }),
      'POST /wps/v2/wallets/playMoney/topUp': () => {
        const added = 100_000 - balance;
        balance = 100_000;
        return { value: { added, balance, topUpTo: 100_000, currency: 'FUN' } };
      },
    });
    await renderApp('/');
    const shown = await screen.findByTestId('balance', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect(shown.textContent).toBe('FUN 250.50'));
    expect(screen.getByTestId('play-money-badge').textContent).toBe('Play money');

    await user.click(screen.getByRole('button', { name: 'Top up play money to FUN 1,000.00' }));
    await vi.waitFor(() => expect(shown.textContent).toBe('FUN 1,000.00'));
    const topUps = calls.filter((c) => c.path === '/wps/v2/wallets/playMoney/topUp');
    expect(topUps).toHaveLength(1);
    expect((topUps[0]?.body as { requestId?: string } | undefined)?.requestId).toMatch(
      /^[A-Za-z0-9_-]{8,64}$/,
    );
    const full = screen.getByRole('button', { name: 'Play money is full (FUN 1,000.00 or more)' });
    expect((full as HTMLButtonElement).disabled).toBe(true);

    // Real money stays closed: deposit shows the register prompt, and nothing is sent for it.
    await user.click(screen.getByRole('link', { name: 'Deposit' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Free play account' });
    expect(within(prompt).getByText('Register an account first')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('deposit'))).toBe(false);
  }, 30_000);

  it('says so in Portuguese, with the Brazilian grouping', async () => {
    sessionStorage.setItem('token', 'tok-1');
    reloadSession();
    mockApi({ ...settingsRoutes, 'GET /wps/member/info': { value: { ...trialInfo, balance: 123_456 } } });
    await changeInterfaceLanguage('PT');
    await renderApp('/');
    const shown = await screen.findByTestId('balance', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect(shown.textContent).toBe('FUN 1.234,56'));
    expect(screen.getByTestId('play-money-badge').textContent).toBe('Dinheiro fictício');
    expect(
      screen.getByRole('button', { name: 'Dinheiro fictício completo (FUN 1.000,00 ou mais)' }),
    ).toBeTruthy();
  }, 30_000);
});
