import type { GameCard, GameType } from '@sorte/shared';

let nextId = 100;

/** A game card as the server sends it, for tests. */
export function gameCard(overrides: Partial<GameCard> = {}): GameCard {
  const nodeId = overrides.nodeId ?? nextId++;
  const gameType: GameType = overrides.gameType ?? 'RNG';
  return {
    nodeId,
    vassalage: 'SORTE',
    gameType,
    gameName: `Game ${nodeId}`,
    displayName: `Game ${nodeId}`,
    iconUrl: `/art/games/${nodeId}.svg`,
    showIcon: `/art/games/${nodeId}.svg`,
    lagerIcon: `/art/games/${nodeId}.svg`,
    cardId: `SORTE_${nodeId}`,
    gameCode: `game-${nodeId}`,
    gameClassify: null,
    isHot: 0,
    isGame: 'GAME',
    vendorName: 'Sorte Originals',
    vendorLogoUrl: '/art/vendors/sorte.svg',
    maintenance: false,
    ...overrides,
  };
}
