/**
 * The game-type navigation of spec section 2, built from the server's vendor sorting list:
 * only known categories with at least one vendor appear; home comes first, then the categories in
 * the server's order, then promotions. The bonus entry goes just before crash, or after the other
 * categories when there is no crash.
 */

export type MenuGameType =
  | 'ELOTT'
  | 'LOTT'
  | 'LIVE'
  | 'SPORTS'
  | 'FISH'
  | 'RNG'
  | 'PVP'
  | 'ESPORTS'
  | 'COCKFIGHT'
  | 'CRASH'
  | 'BONUS';

/** A vendor of a menu category; `maintenance` vendors stay listed, marked as such. */
export type MenuVendor = { vassalage: string; name: string; logoUrl?: string | null; maintenance?: boolean };

export type MenuEntry = {
  /** HOME and PROMOTIONS are entries without a game type of their own. */
  key: 'HOME' | 'PROMOTIONS' | MenuGameType;
  /** Key of the label in the `common` catalogue (`menu.<key>`). */
  labelKey: string;
  /** Where choosing the entry goes. */
  to: string;
  vendors: ReadonlyArray<MenuVendor>;
};

export type VendorSortingEntry = {
  gameType: string;
  vendors: ReadonlyArray<MenuVendor>;
};

/** The spec's navigation table: game type → route. */
export const gameTypeRoutes: Record<MenuGameType, string> = {
  ELOTT: '/elott',
  LOTT: '/lott',
  LIVE: '/live',
  SPORTS: '/sports',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  ESPORTS: '/esports',
  COCKFIGHT: '/cockfight',
  CRASH: '/crash',
  BONUS: '/bonus',
};

/**
 * Spec section 2: "bonus-game (BGS) jumps to RNG with vassalage WW". The RNG list page reads
 * `vassalage=WW` as "the bonus games".
 */
export const BONUS_VASSALAGE_ALIAS = 'WW';
export const bonusMenuTarget = `/rng?vassalage=${BONUS_VASSALAGE_ALIAS}`;

const isMenuGameType = (type: string): type is MenuGameType => type in gameTypeRoutes;

export function buildMenu(sorting: readonly VendorSortingEntry[]): MenuEntry[] {
  const seen = new Set<string>();
  const categories: MenuEntry[] = [];
  for (const entry of sorting) {
    const type = entry.gameType.toUpperCase();
    if (!isMenuGameType(type) || seen.has(type) || entry.vendors.length === 0) continue;
    seen.add(type);
    categories.push({
      key: type,
      labelKey: `menu.${type}`,
      to: type === 'BONUS' ? bonusMenuTarget : gameTypeRoutes[type],
      vendors: entry.vendors,
    });
  }
  const bonusIndex = categories.findIndex((c) => c.key === 'BONUS');
  if (bonusIndex >= 0) {
    const [bonus] = categories.splice(bonusIndex, 1) as [MenuEntry];
    const crashIndex = categories.findIndex((c) => c.key === 'CRASH');
    categories.splice(crashIndex >= 0 ? crashIndex : categories.length, 0, bonus);
  }
  return [
    { key: 'HOME', labelKey: 'menu.HOME', to: '/', vendors: [] },
    ...categories,
    { key: 'PROMOTIONS', labelKey: 'menu.PROMOTIONS', to: '/promotions', vendors: [] },
  ];
}

/** Spec section 2: a vendor drop-down counts as large above 10 vendors. */
export const isLargeVendorMenu = (entry: MenuEntry) => entry.vendors.length > 10;

/**
 * Where choosing a vendor in the menu goes: FISH and RNG vendors open their list page filtered by
 * vendor; other vendors launch from their vendor card (null: the caller launches).
 */
export function vendorTarget(gameType: string, vassalage: string): string | null {
  const type = gameType.toUpperCase();
  if (type === 'FISH' || type === 'RNG')
    return `/${type.toLowerCase()}?vassalage=${encodeURIComponent(vassalage)}`;
  return null;
}

/**
 * Where a vendor of a menu entry leads: FISH and RNG vendors to their filtered list; the others to
 * the game centre page of their type, where the vendor card launches the game (spec section 2).
 */
export function vendorHref(entry: MenuEntry, vassalage: string): string {
  return vendorTarget(entry.key, vassalage) ?? entry.to;
}
