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
});
