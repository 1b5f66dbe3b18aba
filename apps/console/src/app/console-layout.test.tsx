import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, operatorWith, renderConsole } from '../test/render-console';

const emptyPage = { value: { content: [], pageNum: 1, totalPages: 0, total: 0 } };
const noFigures = { value: { merchants: [] } };

async function menuLinks() {
  const menu = await screen.findByRole('navigation', { name: 'Console' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('console menu', () => {
  it('lists only the screens a support operator may open', async () => {
    fakeServer({ 'GET /ops/console/me': { value: operatorWith(['support']) } });
    renderConsole('/');

    expect(await menuLinks()).toEqual(['Home', 'Players', 'Withdrawals', 'Deposits']);
    expect(await screen.findByRole('heading', { name: 'Welcome, ana' })).toBeTruthy();
  });

  it('lists every screen for an administrator, the dashboard first', async () => {
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['admin']) },
      'GET /ops/console/dashboard': noFigures,
    });
    renderConsole('/');

    expect(await menuLinks()).toEqual([
      'Dashboard',
      'Players',
      'Adjustments',
      'Withdrawals',
      'Deposits',
      'Reports',
      // The content screens are in the Content group, closed until opened (content-pages.test.tsx).
      'Games and vendors',
      'Merchant settings',
      'Payment channels',
      'Operators',
      'Audit log',
    ]);
    expect(screen.getByRole('button', { name: 'Content' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows players, adjustments, dashboard and reports only with their permissions', async () => {
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance']) },
      'GET /ops/console/dashboard': noFigures,
    });
    const finance = renderConsole('/');
    expect(await menuLinks()).toEqual([
      'Dashboard',
      'Players',
      'Adjustments',
      'Withdrawals',
      'Deposits',
      'Reports',
      'Payment channels',
    ]);
    finance.unmount();

    // Risk reads the reports and players but may not adjust balances.
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['risk']) },
      'GET /ops/console/dashboard': noFigures,
    });
    const risk = renderConsole('/');
    expect(await menuLinks()).toEqual([
      'Dashboard',
      'Players',
      'Withdrawals',
      'Deposits',
      'Reports',
      'Audit log',
    ]);
    risk.unmount();

    // Content has none of them, only the content screens (their group open: it is all they have).
    fakeServer({ 'GET /ops/console/me': { value: operatorWith(['content']) } });
    renderConsole('/');
    expect(await menuLinks()).toEqual([
      'Home',
      'Banners',
      'Notices',
      'Promotions',
      'Help centre',
      'Maintenance page',
    ]);
  });

  it('says "No access" on a screen the roles do not allow, without asking the server for it', async () => {
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['support']) },
      'GET /ops/console/operators': emptyPage,
      'GET /ops/console/adjustments': emptyPage,
    });
    const operators = renderConsole('/operators');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
    operators.unmount();

    renderConsole('/adjustments');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
    expect(server.callsTo('GET /ops/console/operators')).toHaveLength(0);
    expect(server.callsTo('GET /ops/console/adjustments')).toHaveLength(0);
  });

  it('shows a not-found page for an unknown address', async () => {
    fakeServer({ 'GET /ops/console/me': { value: operatorWith(['support']) } });
    renderConsole('/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
