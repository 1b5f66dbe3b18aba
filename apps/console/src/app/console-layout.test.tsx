import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, operatorWith, renderConsole } from '../test/render-console';

const emptyPage = { value: { content: [], pageNum: 1, totalPages: 0, total: 0 } };

describe('console menu', () => {
  it('lists only the screens a support operator may open', async () => {
    fakeServer({ 'GET /ops/console/me': { value: operatorWith(['support']) } });
    renderConsole('/');

    const menu = await screen.findByRole('navigation', { name: 'Console' });
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Home', 'Withdrawals']);
    expect(await screen.findByRole('heading', { name: 'Welcome, ana' })).toBeTruthy();
  });

  it('lists withdrawals, operators and the audit log for an administrator', async () => {
    fakeServer({ 'GET /ops/console/me': { value: operatorWith(['admin']) } });
    renderConsole('/');

    const menu = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Withdrawals', 'Operators', 'Audit log']);
  });

  it('says "No access" on a screen the roles do not allow, without asking the server for it', async () => {
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['support']) },
      'GET /ops/console/operators': emptyPage,
    });
    renderConsole('/operators');

    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
    expect(server.callsTo('GET /ops/console/operators')).toHaveLength(0);
  });

  it('shows a not-found page for an unknown address', async () => {
    fakeServer({ 'GET /ops/console/me': { value: operatorWith(['support']) } });
    renderConsole('/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
