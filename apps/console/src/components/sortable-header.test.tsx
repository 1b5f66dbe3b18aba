import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeMediaQueryList } from '../test/media-query';
import { pageOf, playerSummary } from '../test/player-fixtures';
import { fakeServer, operatorWith, renderConsole } from '../test/render-console';

/** The `sort` the list's latest call sent (null: none). */
const lastSort = (server: ReturnType<typeof fakeServer>, key: string) =>
  server.callsTo(key).at(-1)?.url.searchParams.get('sort') ?? null;

describe('sorting the console lists', () => {
  it('orders players by a column header, by mouse or keyboard, in the address from page 1', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['support']) },
      'GET /ops/console/players': pageOf([playerSummary()]),
    });
    const { router } = renderConsole('/players?page=3&status=blocked');
    const registered = await screen.findByRole('columnheader', { name: 'Registered' });
    expect(registered.getAttribute('aria-sort')).toBeNull();
    expect(lastSort(server, 'GET /ops/console/players')).toBeNull();

    await user.click(within(registered).getByRole('button', { name: 'Registered' }));
    await waitFor(() => expect(lastSort(server, 'GET /ops/console/players')).toBe('createdAt:desc'));
    expect(registered.getAttribute('aria-sort')).toBe('descending');
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('sort')).toBe('createdAt:desc');
    expect(search.get('page')).toBeNull();
    expect(search.get('status')).toBe('blocked');

    // The same header again, from the keyboard: the other way.
    within(registered).getByRole('button').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(registered.getAttribute('aria-sort')).toBe('ascending'));
    expect(lastSort(server, 'GET /ops/console/players')).toBe('createdAt:asc');

    // Another column takes over; the first loses its aria-sort.
    const username = screen.getByRole('columnheader', { name: 'Username' });
    await user.click(within(username).getByRole('button'));
    await waitFor(() => expect(lastSort(server, 'GET /ops/console/players')).toBe('username:asc'));
    expect(username.getAttribute('aria-sort')).toBe('ascending');
    expect(registered.getAttribute('aria-sort')).toBeNull();
  });

  it('shows the audit log newest first and turns it oldest first', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['risk']) },
      'GET /ops/console/audit': pageOf([
        {
          id: '7',
          at: '2026-11-26T10:00:00.000Z',
          actor: 'ana',
          roles: ['admin'],
          ip: '203.0.113.7',
          merchant: null,
          action: 'POST /ops/console/operators',
          target: null,
          detail: null,
          status: 200,
        },
      ]),
    });
    renderConsole('/audit');
    const when = await screen.findByRole('columnheader', { name: 'When' });
    expect(when.getAttribute('aria-sort')).toBe('descending');
    await user.click(within(when).getByRole('button'));
    await waitFor(() => expect(lastSort(server, 'GET /ops/console/audit')).toBe('at:asc'));
    expect(when.getAttribute('aria-sort')).toBe('ascending');
  });

  it('offers a "Sort by" select on a phone, back to the queue order too', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      fakeMediaQueryList(query, query.includes('max-width')),
    );
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance']) },
      'GET /ops/payments/withdrawals': pageOf([]),
    });
    const { router } = renderConsole('/withdrawals');
    const select = await screen.findByRole('combobox', { name: 'Sort by' });
    expect((select as HTMLInputElement).value).toBe('Queue: waiting first, oldest first');

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Amount: largest first' }));
    await waitFor(() => expect(lastSort(server, 'GET /ops/payments/withdrawals')).toBe('amount:desc'));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('amount:desc');

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Queue: waiting first, oldest first' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toBeNull());
    expect((select as HTMLInputElement).value).toBe('Queue: waiting first, oldest first');
  });
});
