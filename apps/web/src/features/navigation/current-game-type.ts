import { useLocation } from 'react-router';
import { BONUS_VASSALAGE_ALIAS, gameTypeRoutes, type MenuEntry } from './build-menu';

export type MenuKey = MenuEntry['key'];

const homePaths = new Set(['/', '/index', '/index.html', '/home', '/help']);
const byPath = new Map(Object.entries(gameTypeRoutes).map(([type, path]) => [path, type as MenuKey]));

/**
 * The menu entry the address belongs to, or null on pages outside the menu (member centre, help
 * centre…). The RNG list with vassalage WW is the bonus games (spec: BGS jumps to RNG with WW).
 */
export function activeMenuKey(pathname: string, search = ''): MenuKey | null {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  if (homePaths.has(path)) return 'HOME';
  if (path === '/promotions') return 'PROMOTIONS';
  const vassalage = new URLSearchParams(search).get('vassalage') ?? '';
  if (path === '/rng' && vassalage.toUpperCase() === BONUS_VASSALAGE_ALIAS) return 'BONUS';
  return byPath.get(path) ?? null;
}

/**
 * The current game type and vendor (spec section 4: game type defaults to HOME, vassalage empty),
 * read from the address so a reload, a shared link and the back button all agree with the menu.
 */
export function useCurrentGameType(): { gameType: MenuKey; vassalage: string; activeKey: MenuKey | null } {
  const { pathname, search } = useLocation();
  const activeKey = activeMenuKey(pathname, search);
  const vassalage = new URLSearchParams(search).get('vassalage') ?? '';
  return {
    activeKey,
    gameType: activeKey ?? 'HOME',
    vassalage: activeKey === 'BONUS' ? '' : vassalage,
  };
}
