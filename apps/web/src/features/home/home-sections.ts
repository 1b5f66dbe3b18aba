import type { GameCard, GameVendorLane } from '@sorte/shared';

/**
 * The game sections of the home page (spec section 2), in order after HOT. ESPORTS, LOTT and
 * COCKFIGHT are hidden on home (as are FAV and the types the spec does not list).
 */
export const HOME_SECTION_TYPES = ['RNG', 'CRASH', 'LIVE', 'FISH', 'PVP', 'SPORTS'] as const;
export const HIDDEN_ON_HOME = ['ESPORTS', 'LOTT', 'COCKFIGHT', 'FAV'] as const;
/** Spec section 9: home sections cap at 12 items. */
export const HOME_SECTION_CAP = 12;
/** Spec section 9: the HOT carousel shows arrows above 7 games. */
export const HOT_ARROWS_ABOVE = 7;

export type HomeSection = {
  /** A game type, or RECENT. */
  type: string;
  cards: GameCard[];
  /** Where 'more games' goes: the category page (crash → /crash), recent → /recent. */
  morePath: string;
};

/** A lane's cards in the merchant's vendor order (the keys of `cards` come in that order). */
export function laneCards(lane: GameVendorLane): GameCard[] {
  return Object.values(lane.cards).flat();
}

export const hasHotArrows = (count: number) => count > HOT_ARROWS_ABOVE;

/**
 * Which sections the home shows: RECENT first when the member is logged in and has played, then the
 * spec's categories that have games, each capped at 12. Empty sections are left out.
 */
export function homeSections({
  lanes,
  recent,
  isLoggedIn,
}: {
  lanes: readonly GameVendorLane[];
  recent: readonly GameCard[] | undefined;
  isLoggedIn: boolean;
}): HomeSection[] {
  const sections: HomeSection[] = [];
  if (isLoggedIn && recent && recent.length > 0) {
    sections.push({ type: 'RECENT', cards: recent.slice(0, HOME_SECTION_CAP), morePath: '/recent' });
  }
  for (const type of HOME_SECTION_TYPES) {
    const lane = lanes.find((entry) => entry.title === type);
    if (!lane) continue;
    const cards = laneCards(lane).slice(0, HOME_SECTION_CAP);
    if (cards.length === 0) continue;
    sections.push({ type, cards, morePath: `/${type.toLowerCase()}` });
  }
  return sections;
}
