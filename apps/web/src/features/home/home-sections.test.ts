import type { GameCard, GameType, GameVendorLane } from '@sorte/shared';
import { describe, expect, it } from 'vitest';
import { HOME_SECTION_CAP, hasHotArrows, homeSections } from './home-sections';

let nextId = 1;
function card(gameType: GameType, vassalage = 'V1'): GameCard {
  const nodeId = nextId++;
  return {
    nodeId,
    vassalage,
    gameType,
    gameName: `Game ${nodeId}`,
    displayName: `Game ${nodeId}`,
    iconUrl: '/i.svg',
    showIcon: '/i.svg',
    lagerIcon: '/i.svg',
    cardId: `${vassalage}_${nodeId}`,
    gameCode: `g${nodeId}`,
    gameClassify: null,
    isHot: 0,
    isGame: 'GAME',
    vendorName: vassalage,
    vendorLogoUrl: null,
    maintenance: false,
  };
}
const many = (type: GameType, count: number, vassalage?: string) =>
  Array.from({ length: count }, () => card(type, vassalage));
const lane = (title: GameType, cards: Record<string, GameCard[]>): GameVendorLane => ({
  title,
  cards,
  gameClassify: [],
});

describe('home sections', () => {
  const lanes = [
    lane('LIVE', { L1: many('LIVE', 2) }),
    lane('RNG', { V1: many('RNG', 10, 'V1'), V2: many('RNG', 10, 'V2') }),
    lane('ESPORTS', { E1: many('ESPORTS', 3) }),
    lane('LOTT', { T1: many('LOTT', 3) }),
    lane('COCKFIGHT', { C1: many('COCKFIGHT', 3) }),
    lane('CRASH', { S: many('CRASH', 1) }),
    lane('FISH', { F1: [] }),
    lane('SPORTS', { S1: many('SPORTS', 1) }),
    lane('BONUS', { B: many('BONUS', 4) }),
  ];

  it("keeps the spec's order and hides e-sports, lottery, cockfight and empty sections", () => {
    const sections = homeSections({ lanes, recent: undefined, isLoggedIn: false });
    expect(sections.map((s) => s.type)).toEqual(['RNG', 'CRASH', 'LIVE', 'SPORTS']);
  });

  it('caps each section at 12, in vendor order, and links "more games" to the category page', () => {
    const [rng, crash] = homeSections({ lanes, recent: undefined, isLoggedIn: false });
    expect(rng?.cards).toHaveLength(HOME_SECTION_CAP);
    expect(rng?.cards.slice(0, 10).every((c) => c.vassalage === 'V1')).toBe(true);
    expect(rng?.cards[10]?.vassalage).toBe('V2');
    expect(rng?.morePath).toBe('/rng');
    expect(crash?.morePath).toBe('/crash');
  });

  it('shows RECENT first only when logged in and there are recent games', () => {
    const recent = many('RNG', 15);
    expect(homeSections({ lanes, recent, isLoggedIn: false })[0]?.type).toBe('RNG');
    expect(homeSections({ lanes, recent: [], isLoggedIn: true })[0]?.type).toBe('RNG');
    const [first] = homeSections({ lanes, recent, isLoggedIn: true });
    expect(first?.type).toBe('RECENT');
    expect(first?.cards).toHaveLength(12);
    expect(first?.morePath).toBe('/recent');
  });

  it('never shows favourites as a section', () => {
    const withFav = [...lanes, { ...lane('RNG', {}), title: 'FAV' as GameType }];
    expect(
      homeSections({ lanes: withFav, recent: undefined, isLoggedIn: true }).map((s) => s.type),
    ).not.toContain('FAV');
  });

  it('gives the HOT carousel arrows only above 7 games', () => {
    expect(hasHotArrows(7)).toBe(false);
    expect(hasHotArrows(8)).toBe(true);
  });
});
