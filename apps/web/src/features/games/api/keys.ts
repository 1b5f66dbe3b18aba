/** Query keys of the games feature: lobby reads per language, member reads per session token. */
export const gameKeys = {
  vendorSorting: (lang: string) => ['games', 'vendorSorting', lang] as const,
  hot: (lang: string) => ['games', 'hot', lang] as const,
  lanes: (lang: string) => ['games', 'lanes', lang] as const,
  list: (lang: string, filter: object) => ['games', 'list', lang, filter] as const,
  favorites: (token: string | null) => ['games', 'favorites', token] as const,
  favoriteIds: (token: string | null, lang: string) => ['games', 'favorites', token, 'ids', lang] as const,
  favoritePages: (token: string | null, lang: string, gameType: string) =>
    ['games', 'favorites', token, 'pages', lang, gameType] as const,
  recent: (token: string | null, lang: string) => ['games', 'recent', token, lang] as const,
};
