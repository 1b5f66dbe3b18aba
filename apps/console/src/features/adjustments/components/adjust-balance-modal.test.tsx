import type { Adjustment } from '@sorte/shared/contracts/console';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adjustment, playerDetail } from '../../../test/player-fixtures';
import { type FakeServer, fakeServer, operatorWith, renderConsole } from '../../../test/render-console';

type Sent = Pick<Adjustment, 'direction' | 'account' | 'amount' | 'reason'> & { requestId: string };

function financeServer(answer: FakeServer[string]) {
  return fakeServer({
    'GET /ops/console/me': { value: operatorWith(['finance'], 'carla') },
    'GET /ops/console/players/42': { value: playerDetail() },
    'POST /ops/console/players/42/adjustments': answer,
  });
}

describe('adjust balance', () => {
  it('sends the typed amount as exact minor units: "1234.56" is 123456 and "0.1" is 10', async () => {
    const user = userEvent.setup();
    const server = financeServer(({ body }) => {
      const sent = body as Sent;
      return {
        value: adjustment({ ...sent, status: 'applied', needsSecondOperator: false, requestedBy: 'carla' }),
      };
    });
    renderConsole('/players/42');

    await user.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    let dialog = await screen.findByRole('dialog', { name: 'Adjust the balance of player42' });
    await user.type(within(dialog).getByLabelText(/Amount \(BRL\)/), '1234.56');
    expect(within(dialog).getByText('Adds R$1,234.56 to the Cash balance of player42.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Goodwill after an outage');
    await user.click(within(dialog).getByRole('button', { name: 'Credit R$1,234.56' }));

    expect(
      await within(dialog).findByText('R$1,234.56 was added to the Cash balance of player42.'),
    ).toBeTruthy();
    const first = server.callsTo('POST /ops/console/players/42/adjustments')[0]?.body as Sent;
    expect(first).toMatchObject({
      direction: 'credit',
      account: 'cash',
      amount: 123456,
      reason: 'Goodwill after an outage',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    // A new opening is a new request: a debit of bonus, 0.1 typed, and a new request id.
    await user.click(screen.getByRole('button', { name: 'Adjust balance' }));
    dialog = await screen.findByRole('dialog', { name: 'Adjust the balance of player42' });
    await user.click(within(dialog).getByRole('radio', { name: 'Debit' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Bonus' }));
    await user.type(within(dialog).getByLabelText(/Amount \(BRL\)/), '0.1');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Bonus given twice');
    await user.click(within(dialog).getByRole('button', { name: 'Debit R$0.10' }));
    expect(
      await within(dialog).findByText('R$0.10 was taken from the Bonus balance of player42.'),
    ).toBeTruthy();
    const second = server.callsTo('POST /ops/console/players/42/adjustments')[1]?.body as Sent;
    expect(second).toMatchObject({ direction: 'debit', account: 'bonus', amount: 10 });
    expect(second.requestId).not.toBe(first.requestId);
  });

  it('refuses an amount it cannot read or a short reason before asking the server', async () => {
    const user = userEvent.setup();
    const server = financeServer({ value: adjustment() });
    renderConsole('/players/42');

    await user.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust the balance of player42' });
    await user.type(within(dialog).getByLabelText(/Amount \(BRL\)/), '12.345');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(
      within(dialog).getByText('Enter an amount above zero with up to two decimals, like 150.00.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Give a reason (3 to 256 characters).')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/players/42/adjustments')).toHaveLength(0);
  });

  it('says when the adjustment waits for a second operator, and retries with the same request id', async () => {
    const user = userEvent.setup();
    let isDown = true;
    const server = financeServer(({ body }) =>
      isDown
        ? { status: 503, message: 'Service unavailable' }
        : {
            value: adjustment({
              ...(body as Sent),
              status: 'pending',
              needsSecondOperator: true,
              requestedBy: 'carla',
            }),
          },
    );
    renderConsole('/players/42');

    await user.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust the balance of player42' });
    await user.type(within(dialog).getByLabelText(/Amount \(BRL\)/), '1500');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'VIP compensation');
    await user.click(within(dialog).getByRole('button', { name: 'Credit R$1,500.00' }));
    expect(await within(dialog).findByText('Service unavailable')).toBeTruthy();

    isDown = false;
    await user.click(within(dialog).getByRole('button', { name: 'Credit R$1,500.00' }));
    expect(await within(dialog).findByText('Waiting for a second operator')).toBeTruthy();
    expect(within(dialog).getByText(/another operator must approve it in Adjustments/)).toBeTruthy();
    const [failed, retried] = server
      .callsTo('POST /ops/console/players/42/adjustments')
      .map((call) => call.body as Sent);
    expect(retried?.amount).toBe(150000);
    expect(retried?.requestId).toBe(failed?.requestId);
    expect(retried?.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
