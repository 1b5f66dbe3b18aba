import type { AuditEntry } from '@sorte/shared/contracts/console';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, operatorWith, renderConsole } from '../../../test/render-console';

const entry: AuditEntry = {
  id: '17',
  at: '2026-11-20T10:00:00.000Z',
  actor: 'alice',
  roles: ['admin'],
  ip: '10.0.0.9',
  merchant: null,
  action: 'POST /ops/console/operators',
  target: { operatorId: '3' },
  detail: { username: 'carla', roles: ['finance'] },
  status: 200,
};

describe('audit log', () => {
  it('filters by actor and action, and opens an entry with its detail as JSON', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['risk']) },
      'GET /ops/console/audit': ({ url }) => ({
        value:
          url.searchParams.get('actor') === 'nobody'
            ? { content: [], pageNum: 1, totalPages: 0, total: 0 }
            : { content: [entry], pageNum: 1, totalPages: 1, total: 1 },
      }),
    });
    renderConsole('/audit');

    await user.click(await screen.findByRole('button', { name: 'Open entry 17' }));
    const drawer = await screen.findByRole('dialog', { name: 'Audit entry 17' });
    expect(within(drawer).getByText(/"username": "carla"/)).toBeTruthy();
    expect(within(drawer).getByText(/"operatorId": "3"/)).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.type(screen.getByLabelText('Actor'), 'nobody');
    await user.type(screen.getByLabelText('Action contains'), 'withdrawals');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    const last = server.callsTo('GET /ops/console/audit').at(-1);
    expect(last?.url.searchParams.get('actor')).toBe('nobody');
    expect(last?.url.searchParams.get('action')).toBe('withdrawals');
  });
});
