import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInGame } from '../test/game-harness';
import { AmountControls } from './amount-controls';
import { useBetAmount } from './bet-amount';

function Controls() {
  const bet = useBetAmount();
  return (
    <>
      <AmountControls bet={bet} />
      <output data-testid="minor">{String(bet.amount)}</output>
    </>
  );
}

describe('bet amount controls', () => {
  it('halves, doubles and jumps to the minimum and the maximum the balance allows', async () => {
    const user = userEvent.setup();
    renderInGame(<Controls />, { balance: 2_500 });
    const input = screen.getByLabelText('Bet amount');
    expect(input).toHaveProperty('value', '1.00');
    await user.click(screen.getByRole('button', { name: 'Double the bet' }));
    await user.click(screen.getByRole('button', { name: 'Double the bet' }));
    expect(input).toHaveProperty('value', '4.00');
    await user.click(screen.getByRole('button', { name: 'Halve the bet' }));
    expect(input).toHaveProperty('value', '2.00');
    await user.click(screen.getByRole('button', { name: 'Max' }));
    await user.click(screen.getByRole('button', { name: 'Use R$ 25.00' }));
    expect(input).toHaveProperty('value', '25.00');
    await user.click(screen.getByRole('button', { name: 'Min' }));
    expect(input).toHaveProperty('value', '1.00');
  });

  it('asks before a max bet, saying it is the whole balance, and changes nothing when cancelled', async () => {
    const user = userEvent.setup();
    renderInGame(<Controls />, { balance: 2_500 });
    const input = screen.getByLabelText('Bet amount');
    await user.click(screen.getByRole('button', { name: 'Max' }));
    const question = screen.getByRole('alertdialog', { name: 'Bet the maximum?' });
    expect(question.textContent).toContain('R$ 25.00 is your whole balance.');
    // Nothing is staked by the tap itself.
    expect(input).toHaveProperty('value', '1.00');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(input).toHaveProperty('value', '1.00');
    await user.click(screen.getByRole('button', { name: 'Max' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(input).toHaveProperty('value', '1.00');
    await user.click(screen.getByRole('button', { name: 'Max' }));
    await user.click(screen.getByRole('button', { name: 'Use R$ 25.00' }));
    expect(input).toHaveProperty('value', '25.00');
  });

  it('names the table maximum when the balance is larger', async () => {
    const user = userEvent.setup();
    renderInGame(<Controls />, { balance: 500_000 });
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'R$ 1,000.00 is the largest bet of this table.',
    );
  });

  it('says why a typed amount cannot be bet', async () => {
    const user = userEvent.setup();
    renderInGame(<Controls />, { balance: 2_500 });
    const input = screen.getByLabelText('Bet amount');
    await user.clear(input);
    await user.type(input, '0.50');
    expect(screen.getByRole('alert').textContent).toBe('The smallest bet is R$ 1.00');
    await user.clear(input);
    await user.type(input, '30');
    expect(screen.getByRole('alert').textContent).toBe('Not enough balance for this bet');
    await user.clear(input);
    await user.type(input, '1,5');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('minor').textContent).toBe('150');
    await user.clear(input);
    await user.type(input, 'abc');
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount such as 1.50');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
