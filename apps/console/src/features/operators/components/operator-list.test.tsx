import type { OperatorUser } from '@sorte/shared/contracts/console';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, operatorWith, renderConsole } from '../../../test/render-console';

const bruno: OperatorUser = {
  id: '2',
  username: 'bruno',
  roles: ['support'],
  merchantCode: 'BR',
  totpEnrolled: true,
  disabled: false,
  createdAt: '2026-11-01T09:00:00.000Z',
  lastSignInAt: null,
};
const page = (rows: OperatorUser[]) => ({
  value: { content: rows, pageNum: 1, totalPages: 1, total: rows.length },
});

describe('operator users', () => {
  it('creates a user and shows the initial password once', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['admin']) },
      'GET /ops/console/operators': page([bruno]),
      'POST /ops/console/operators': ({ body }) => ({
        value: {
          operator: {
            ...bruno,
            id: '3',
            username: (body as { username: string }).username,
            totpEnrolled: false,
          },
          initialPassword: 'tP9-x7Qm-44aL',
        },
      }),
    });
    renderConsole('/operators');
    expect(await screen.findByText('bruno')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New operator' }));
    const dialog = await screen.findByRole('dialog', { name: 'New operator user' });
    await user.type(within(dialog).getByLabelText(/Username/), 'Carla!');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText(/Use 3 to 32 lower-case letters/)).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one role.')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/operators')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/Username/));
    await user.type(within(dialog).getByLabelText(/Username/), 'carla');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Finance' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const created = await screen.findByRole('dialog', { name: 'Operator carla created' });
    expect(within(created).getByTestId('initial-password').textContent).toBe('tP9-x7Qm-44aL');
    expect(within(created).getByText(/set up two-step verification/)).toBeTruthy();
    expect(server.callsTo('POST /ops/console/operators')[0]?.body).toEqual({
      username: 'carla',
      roles: ['finance'],
      merchantCode: null,
    });

    await user.click(within(created).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'New operator' }));
    expect(await screen.findByRole('dialog', { name: 'New operator user' })).toBeTruthy();
    expect(screen.queryByTestId('initial-password')).toBeNull();
  });

  it('asks before disabling a user', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['admin']) },
      'GET /ops/console/operators': page([bruno]),
      'PATCH /ops/console/operators/2': { value: { ...bruno, disabled: true } },
    });
    renderConsole('/operators');

    await user.click(await screen.findByRole('button', { name: 'Disable bruno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable bruno?' });
    expect(server.callsTo('PATCH /ops/console/operators/2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Operator bruno disabled.')).toBeTruthy();
    expect(server.callsTo('PATCH /ops/console/operators/2')[0]?.body).toEqual({ disabled: true });
  });
});
