import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInGame } from '../../test/game-harness';
import { PlayersList } from './players-list';

describe("crash: this round's players", () => {
  it('says a bet queued during a running round joins the next one, beside "Players 0"', () => {
    renderInGame(<PlayersList players={[]} queuedForNextRound />, { game: 'crash' });
    expect(screen.getByRole('heading', { name: 'Players 0' })).toBeTruthy();
    expect(screen.getByText('Your bet joins the next round: it is not in this one.')).toBeTruthy();
  });

  it('counts the bets of this round and says nothing of a next one when none is queued', () => {
    renderInGame(
      <PlayersList
        players={[
          { player: 'p***1', amount: 500 },
          { player: 'p***2', amount: 1000, cashedOutAt: 150 },
        ]}
      />,
      { game: 'crash' },
    );
    expect(screen.getByRole('heading', { name: 'Players 2' })).toBeTruthy();
    expect(screen.queryByText(/joins the next round/)).toBeNull();
  });

  it("shows each bet in its own currency and totals only the viewer's", () => {
    renderInGame(
      <PlayersList
        players={[
          { player: 'p***1', amount: 500, currency: 'BRL' },
          { player: 'p***2', amount: 100_000, currency: 'FUN' },
          { player: 'p***3', amount: 20_000, currency: 'BDT', cashedOutAt: 200 },
        ]}
      />,
      { game: 'crash' },
    );
    expect(screen.getByRole('heading', { name: 'Players 3' })).toBeTruthy();
    expect(screen.getByText('FUN 1,000.00')).toBeTruthy();
    expect(screen.getByText('৳ 200.00')).toBeTruthy();
    expect(screen.getByText('৳ 400.00')).toBeTruthy();
    // The viewer plays in BRL: the total is R$ 5.00, not R$ 1,205.00.
    expect(screen.getAllByText('R$ 5.00')).toHaveLength(2);
  });
});
