import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gameCard } from '../../../test/game-cards';
import { renderUi } from '../../../test/render-ui';
import { HotGames } from './hot-games';

const cards = (count: number) => Array.from({ length: count }, () => gameCard({ isHot: 1 }));

describe('HOT carousel', () => {
  it('has no arrows with 7 games', async () => {
    await renderUi(
      <HotGames cards={cards(7)} renderTile={(c) => <p>{c.displayName}</p>} header={<h2>Hot</h2>} />,
    );
    expect(await screen.findAllByRole('group', { name: /of 7/ })).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
  });

  it('shows arrows above 7 games', async () => {
    await renderUi(
      <HotGames cards={cards(8)} renderTile={(c) => <p>{c.displayName}</p>} header={<h2>Hot</h2>} />,
    );
    expect(await screen.findAllByRole('group', { name: /of 8/ })).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy();
  });

  it('shows nothing without hot games', async () => {
    const { container } = await renderUi(
      <HotGames cards={[]} renderTile={(c) => <p>{c.displayName}</p>} header={<h2>Hot</h2>} />,
    );
    expect(container.querySelector('[data-section="HOT"]')).toBeNull();
  });
});
