import type { DashboardMerchant, DayFigures } from '@sorte/shared/contracts/console-reports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, operatorWith, renderConsole } from '../../../test/render-console';

function day(date: string, overrides: Partial<DayFigures> = {}): DayFigures {
  return {
    day: date,
    registrations: 0,
    firstDeposits: 0,
    depositCount: 0,
    depositAmount: 0,
    withdrawalCount: 0,
    withdrawalAmount: 0,
    betCount: 0,
    stakeAmount: 0,
    winAmount: 0,
    ggr: 0,
    bonusAmount: 0,
    ngr: 0,
    activePlayers: 0,
    ...overrides,
  };
}

const today = day('2026-11-27', {
  registrations: 12,
  firstDeposits: 5,
  depositCount: 9,
  depositAmount: 450_000,
  withdrawalCount: 2,
  withdrawalAmount: 30_000,
  betCount: 1200,
  stakeAmount: 800_000,
  winAmount: 700_000,
  ggr: 100_000,
  bonusAmount: 10_000,
  ngr: 90_000,
  activePlayers: 40,
});
const yesterday = day('2026-11-26', {
  registrations: 8,
  firstDeposits: 5,
  depositCount: 10,
  depositAmount: 500_000,
  withdrawalCount: 0,
  withdrawalAmount: 0,
  betCount: 1000,
  ggr: -20_000,
  ngr: -25_000,
  activePlayers: 50,
});

function merchant(overrides: Partial<DashboardMerchant> = {}): DashboardMerchant {
  return {
    merchantCode: 'BR',
    currency: 'BRL',
    timeZone: 'America/Sao_Paulo',
    today,
    yesterday,
    pendingWithdrawals: { count: 3, amount: 75_000 },
    series: [yesterday, today],
    refreshedAt: '2026-11-27T12:00:00.000Z',
    ...overrides,
  };
}

const card = (name: string) => screen.getByRole('article', { name });

describe('dashboard', () => {
  it('is the home of an operator who reads the reports: today, yesterday and the change of each figure', async () => {
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance']) },
      'GET /ops/console/dashboard': { value: { merchants: [merchant()] } },
    });
    renderConsole('/');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Registrations' });

    const registrations = card('Registrations');
    expect(within(registrations).getByText('12')).toBeTruthy();
    expect(within(registrations).getByText('Yesterday: 8')).toBeTruthy();
    expect(within(registrations).getByLabelText('Change against yesterday: +50.0%')).toBeTruthy();

    const deposits = card('Deposits');
    expect(within(deposits).getByText('R$4,500.00')).toBeTruthy();
    expect(within(deposits).getByText('9 deposits')).toBeTruthy();
    expect(within(deposits).getByText('Yesterday: R$5,000.00 · 10 deposits')).toBeTruthy();
    expect(within(deposits).getByLabelText('Change against yesterday: -10.0%')).toBeTruthy();

    // From a loss to a gain reads as up, measured against the loss.
    expect(within(card('GGR')).getByText('R$1,000.00')).toBeTruthy();
    expect(within(card('GGR')).getByText('Yesterday: -R$200.00')).toBeTruthy();
    expect(within(card('GGR')).getByLabelText('Change against yesterday: +600.0%')).toBeTruthy();
    expect(within(card('First deposits')).getByLabelText('Change against yesterday: No change')).toBeTruthy();
    expect(within(card('Withdrawals')).getByLabelText('Change against yesterday: New')).toBeTruthy();
    expect(within(card('Active players')).getByLabelText('Change against yesterday: -20.0%')).toBeTruthy();

    const pending = card('Pending withdrawals');
    expect(within(pending).getByText('3')).toBeTruthy();
    expect(within(pending).getByText('R$750.00')).toBeTruthy();
    for (const name of ['Bets', 'NGR']) expect(card(name)).toBeTruthy();
  });

  it('switches between the merchants of the answer, each in its currency', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['admin']) },
      'GET /ops/console/dashboard': {
        value: {
          merchants: [
            merchant(),
            merchant({ merchantCode: 'MX', currency: 'MXN', timeZone: 'America/Mexico_City' }),
          ],
        },
      },
    });
    renderConsole('/');

    await screen.findByRole('article', { name: 'Deposits' });
    expect(within(card('Deposits')).getByText('R$4,500.00')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Mexico · MXN' }));
    expect(await within(card('Deposits')).findByText('MX$4,500.00')).toBeTruthy();
  });

  it('shows the server message and a retry when the figures cannot be read', async () => {
    const user = userEvent.setup();
    let isDown = true;
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['risk']) },
      'GET /ops/console/dashboard': () =>
        isDown ? { status: 403, message: 'Not allowed' } : { value: { merchants: [] } },
    });
    renderConsole('/');
    expect(await screen.findByText('Not allowed')).toBeTruthy();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No figures yet.')).toBeTruthy();
  });
});
