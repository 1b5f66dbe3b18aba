import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadSession } from '../../lib/session-store';
import { memberInfo, mockApi, settingsRoutes } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const consolidated = {
  dividend: 0,
  divtypereq: '',
  dailysalreqtype: 1,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  info: { isAgent: true, pendingOffers: 0, hasUpline: false },
};

const figures = {
  newRegistrations: 2,
  firstDepositors: 1,
  activeMembers: 5,
  deposits: 10_000,
  depositCount: 1,
  withdrawals: 0,
  withdrawalCount: 0,
  validTurnover: 123_456,
  wins: 100_000,
  bonus: 0,
  rounds: 40,
  netProfitLoss: -23_456,
};

const overview = {
  teamSize: { direct: 6, total: 19 },
  today: figures,
  yesterday: { ...figures, activeMembers: 3 },
  thisWeek: figures,
  thisMonth: figures,
  range: { ...figures, startDate: '2026-11-01', endDate: '2026-11-25' },
  teamGrowth: [
    { date: '2026-11-24', teamSize: 18, newRegistrations: 1 },
    { date: '2026-11-25', teamSize: 19, newRegistrations: 1 },
  ],
  dailyTurnover: [
    { date: '2026-11-24', validTurnover: 5000, netProfitLoss: -100 },
    { date: '2026-11-25', validTurnover: 7000, netProfitLoss: 200 },
  ],
  currency: 'BRL',
  timeZone: 'America/Sao_Paulo',
  todayDate: '2026-11-25',
};

function signedInAgent(routes: Record<string, unknown> = {}) {
  sessionStorage.setItem('token', 'tok-1');
  reloadSession();
  return mockApi({
    ...settingsRoutes,
    'GET /wps/member/info': { value: { ...memberInfo, nickname: 'boss', type: 1, isAgent: true } },
    'GET /wps/member/info/funds/consolidated': { value: consolidated },
    'GET /wps/agent/team/overview': { value: overview },
    ...(routes as Parameters<typeof mockApi>[0]),
  });
}

describe('agent centre', () => {
  it('opens on the team overview, with the menu the consolidated info allows', async () => {
    const user = userEvent.setup();
    signedInAgent();
    await renderApp('/agentHome');
    expect(await screen.findByRole('heading', { level: 1, name: 'Team overview' })).toBeTruthy();
    expect((await screen.findAllByText('19')).length).toBeGreaterThan(0);
    const nav = screen.getAllByRole('navigation', { name: 'Agent centre menu' })[0] as HTMLElement;
    expect(await within(nav).findByRole('link', { name: 'Daily salary' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Hourly salary' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Team overview' }).getAttribute('aria-current')).toBe(
      'page',
    );
    // Yesterday's figures under their tab.
    await user.click(screen.getByRole('tab', { name: 'Yesterday' }));
    const active = document.querySelector('[data-figure="activeMembers"] strong');
    expect(active?.textContent).toBe('3');
  });

  it("names the merchant's time zone in the header as people say it, not by its raw id", async () => {
    signedInAgent();
    await renderApp('/agentHome');
    // The agent centre's texts load on first use: the first page may take a moment on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Team overview' }, { timeout: 5_000 }),
    ).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(header.textContent).not.toContain('America/Sao_Paulo');
    expect(header.textContent).toMatch(/Brasilia Standard Time \(GMT-3\)/);
  }, 15_000);

  it('registers a downline agent with a contract and shows the password to hand over', async () => {
    const user = userEvent.setup();
    const calls = signedInAgent({
      'POST /wps/agent/register': {
        value: {
          id: '99',
          username: 'newagt01',
          nickname: 'newagt01',
          type: 1,
          initialPassword: 'sorte1234',
          inviteCode: 'ABCD2345',
          contractId: '5',
        },
      },
    });
    await renderApp('/agentHome/register');
    await screen.findByRole('heading', { level: 1, name: 'Register centre' });
    await user.type(screen.getByLabelText('Username', { selector: 'input' }), 'newagt01');
    await user.click(screen.getByText('Offer a contract now'));
    await user.type(screen.getByLabelText('Rate (%)', { selector: 'input' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    // A rate that is not a number is named before anything is sent.
    expect(await screen.findByText('Enter a number')).toBeTruthy();
    expect(calls.some((c) => c.path === '/wps/agent/register')).toBe(false);

    await user.clear(screen.getByLabelText('Rate (%)', { selector: 'input' }));
    await user.type(screen.getByLabelText('Rate (%)', { selector: 'input' }), '0.5');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('newagt01 is in your team')).toBeTruthy();
    expect(screen.getByText('sorte1234')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/wps/agent/register');
    expect(sent?.body).toEqual({
      username: 'newagt01',
      type: 1,
      contract: {
        kind: 'dailySalary',
        minBetAmount: 0,
        minActiveMembers: 0,
        feeRateBp: 0,
        tiers: [{ minTurnover: 0, minActiveMembers: 0, rateBp: 50 }],
      },
    });
  });

  it('says why the server refused an account', async () => {
    const user = userEvent.setup();
    signedInAgent({
      'POST /wps/agent/register': {
        status: 409,
        code: 'USERNAME_TAKEN',
        message: 'This username is already registered.',
      },
    });
    await renderApp('/agentHome/register');
    await user.type(await screen.findByLabelText('Username', { selector: 'input' }), 'taken01');
    await user.selectOptions(screen.getByLabelText('Account type', { selector: 'select' }), '0');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This username is already registered.')).toBeTruthy();
  });

  it('pages the settlements and pays an owed period only after the agent confirms', async () => {
    const user = userEvent.setup();
    // 25 days, newest first: the newest is owed to a downline, the rest were paid to me.
    const settlements = Array.from({ length: 25 }, (_, i) => {
      const day = `2026-11-${String(25 - i).padStart(2, '0')}`;
      return {
        id: String(100 + i),
        contractId: '7',
        kind: 'dailySalary',
        periodKey: day,
        periodStart: `${day}T03:00:00.000Z`,
        periodEnd: `${day}T03:00:00.000Z`,
        payerId: i === 0 ? '1' : null,
        payeeId: i === 0 ? '42' : '1',
        incoming: i !== 0,
        currency: 'BRL',
        amount: 1_250,
        carryOut: 0,
        status: i === 0 ? 'owed' : 'paid',
        settledAt: `${day}T03:01:00.000Z`,
        paidAt: i === 0 ? null : `${day}T03:01:00.000Z`,
      };
    });
    const calls = signedInAgent({
      'POST /wps/relay/contracts/dailySalary/settlements': { value: { content: settlements } },
      'POST /wps/relay/contracts/dividend/settlements': { value: { content: [] } },
      'POST /wps/relay/contracts/dailySalary/process': { value: { ...settlements[0], status: 'paid' } },
    });
    await renderApp('/agentHome/income');
    await screen.findByRole('heading', { level: 1, name: 'My income' });
    const tab = screen.queryByRole('tab', { name: 'Daily salary' });
    if (tab) await user.click(tab);
    // 20 rows a page: the oldest five periods are on page 2.
    expect(await screen.findByRole('cell', { name: '2026-11-25' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: '2026-11-01' })).toBeNull();
    await user.click(within(screen.getByRole('navigation', { name: 'Settlement pages' })).getByText('2'));
    expect(await screen.findByRole('cell', { name: '2026-11-01' })).toBeTruthy();
    await user.click(within(screen.getByRole('navigation', { name: 'Settlement pages' })).getByText('1'));

    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pay this period?' });
    // Nothing is paid until the agent confirms.
    expect(calls.some((c) => c.path.endsWith('/process'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await screen.findByRole('heading', { level: 1, name: 'My income' });
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const paid = calls.find((c) => c.path === '/wps/relay/contracts/dailySalary/process');
    expect(paid?.body).toEqual({ settlementId: '100' });
  });

  it('sends members who are not agents to the agent login', async () => {
    sessionStorage.setItem('token', 'tok-1');
    reloadSession();
    mockApi({ ...settingsRoutes, 'GET /wps/member/info': { value: memberInfo } });
    await renderApp('/agentHome/team');
    expect(await screen.findByRole('heading', { name: 'Agent login' })).toBeTruthy();
  });
});
