import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adjustment, pageOf } from '../../../test/player-fixtures';
import { fakeServer, operatorWith, renderConsole } from '../../../test/render-console';

describe('adjustments list', () => {
  it('disables Approve on the operator’s own request and says another operator must approve', async () => {
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance'], 'bruno') },
      'GET /ops/console/adjustments': pageOf([
        adjustment(),
        adjustment({ id: '8', username: 'player9', memberId: '9', requestedBy: 'carla' }),
      ]),
    });
    renderConsole('/adjustments');

    const own = (await screen.findByText('player42')).closest('tr') as HTMLElement;
    const approveOwn = within(own).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(approveOwn.disabled).toBe(true);
    expect(approveOwn.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(approveOwn.getAttribute('aria-describedby') as string)?.textContent).toBe(
      'You asked for this adjustment: another operator must approve it.',
    );
    // Rejecting (withdrawing) one's own request stays possible.
    expect((within(own).getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(false);

    const other = screen.getByText('player9').closest('tr') as HTMLElement;
    expect((within(other).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('approves after a confirmation naming player, direction and amount, and shows a FOUR_EYES_REQUIRED refusal', async () => {
    const user = userEvent.setup();
    let isRefused = true;
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance'], 'carla') },
      'GET /ops/console/adjustments': pageOf([adjustment()]),
      'POST /ops/console/adjustments/7/approve': () =>
        isRefused
          ? {
              status: 409,
              code: 'FOUR_EYES_REQUIRED',
              message: 'Another operator must approve an adjustment you asked for.',
            }
          : { value: adjustment({ status: 'applied', decidedBy: 'carla' }) },
    });
    renderConsole('/adjustments');

    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this adjustment?' });
    expect(
      within(dialog).getByText('Credit R$1,500.00 to the Cash balance of player42. The money moves at once.'),
    ).toBeTruthy();
    expect(server.callsTo('POST /ops/console/adjustments/7/approve')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Approve R$1,500.00' }));
    expect(
      await within(dialog).findByText('Another operator must approve an adjustment you asked for.'),
    ).toBeTruthy();

    isRefused = false;
    await user.click(within(dialog).getByRole('button', { name: 'Approve R$1,500.00' }));
    expect(await screen.findByText('Adjustment 7 approved and applied.')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/adjustments/7/approve')[1]?.body).toBeUndefined();
  });

  it('will not reject without a reason, and sends the reason given', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['admin'], 'carla') },
      'GET /ops/console/adjustments': pageOf([adjustment({ direction: 'debit', account: 'bonus' })]),
      'POST /ops/console/adjustments/7/reject': { value: adjustment({ status: 'rejected' }) },
    });
    renderConsole('/adjustments');

    const row = (await screen.findByText('player42')).closest('tr') as HTMLElement;
    expect(within(row).getByText('−R$1,500.00')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this adjustment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give a reason (1 to 256 characters).')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/adjustments/7/reject')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Not agreed with the player');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Adjustment 7 rejected.')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/adjustments/7/reject')[0]?.body).toEqual({
      reason: 'Not agreed with the player',
    });
  });

  it('lists every status by default, the waiting ones first, and filters by status', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance'], 'carla') },
      'GET /ops/console/adjustments': ({ url }) =>
        pageOf(url.searchParams.get('status') === 'applied' ? [adjustment({ status: 'applied' })] : []),
    });
    renderConsole('/adjustments');

    expect(await screen.findByText('No adjustments yet.')).toBeTruthy();
    expect(server.callsTo('GET /ops/console/adjustments')[0]?.url.searchParams.has('status')).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Applied' }));
    expect(await screen.findByText('player42')).toBeTruthy();
    expect(server.callsTo('GET /ops/console/adjustments').at(-1)?.url.searchParams.get('status')).toBe(
      'applied',
    );
  });
});
