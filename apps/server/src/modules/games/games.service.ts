import {
  type FavoritesQuery,
  type GameCard,
  type GameListQuery,
  type GamePage,
  type GameType,
  type GameVendorLane,
  gameTypes,
  type LaunchGameValue,
  type Merchant,
  type MessageLanguage,
  memberTypes,
  merchantByCode,
  PLAY_MONEY_CURRENCY,
  type RecentGamesQuery,
  type VendorSortingEntry,
  type Winner,
  type WinnerBoardQuery,
} from '@sorte/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { TtlCache } from '../../lib/ttl-cache';
import type { SessionMember } from '../auth/auth.service';
import type { GameLauncherRegistry } from './game-launcher';
import type { CatalogueFilter, GameRow, GamesRepository } from './games.repository';

/** Lobby reads are the same for every visitor of a merchant: kept this long per instance. */
export const LOBBY_CACHE_MS = 30_000;
/** A lane holds every offered game of its type; this only guards against a runaway catalogue. */
const MAX_LANE_GAMES = 5_000;
const MAX_HOT_GAMES = 100;

/** Spec section 7: the hot games list is "trimmed to 12 when over 10". */
export function trimHotGames<T>(games: readonly T[]): T[] {
  return games.length > 10 ? games.slice(0, 12) : [...games];
}

/**
 * The language game names are shown in: the call's `language` ("PT", "pt-BR") when given, else the
 * caller's message language. Names missing in it fall back to EN.
 */
export function nameLanguageOf(requested: string | undefined, fallback: MessageLanguage): string {
  const base = requested?.trim().split(/[-_]/)[0]?.toUpperCase();
  return base || fallback;
}

export function localisedName(names: Record<string, string>, language: string): string {
  return names[language] || names.EN || Object.values(names)[0] || '';
}

/**
 * The winners board never shows a whole username: the first two characters, three asterisks and the
 * last two ("maria2024" → "ma***24"); short names keep only their first character.
 */
export function maskCustomerName(username: string): string {
  const name = username.trim();
  if (name.length <= 4) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}***${name.slice(-2)}`;
}

export function toCard(row: GameRow, language: string): GameCard {
  const name = localisedName(row.names, language);
  return {
    nodeId: row.node_id,
    vassalage: row.vassalage,
    gameType: row.game_type,
    gameName: name,
    displayName: name,
    iconUrl: row.icon_url,
    showIcon: row.icon_url,
    lagerIcon: row.lager_icon ?? row.icon_url,
    cardId: `${row.vassalage}_${row.game_code}`,
    gameCode: row.game_code,
    gameClassify: row.game_classify,
    isHot: row.is_hot ? 1 : 0,
    isGame: row.is_game,
    vendorName: row.vendor_name,
    vendorLogoUrl: row.vendor_logo_url,
    maintenance: row.maintenance,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A launch URL is an absolute http(s) address or a path on this site, nothing else. */
function isLaunchUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length === 0 || url.length > 4096) return false;
  if (/^\/(?![/\\])/.test(url)) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The games catalogue: the menu, lists, lanes and winners every visitor sees (cached per merchant and
 * language), a member's favourites and recent games, and launching a game through its vendor's
 * launcher.
 */
export class GamesService {
  private readonly lobby = new TtlCache<unknown>(LOBBY_CACHE_MS);

  constructor(
    private readonly repository: GamesRepository,
    private readonly launchers: GameLauncherRegistry,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Drops the cached lobby reads, e.g. after the catalogue changed. */
  clearLobbyCache(): void {
    this.lobby.clear();
  }

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.lobby.get(key, load) as Promise<T>;
  }

  /** The menu: categories with at least one vendor offering games, in the merchant's order. */
  vendorSorting(merchant: Merchant): Promise<VendorSortingEntry[]> {
    return this.cached(`menu:${merchant.merchantCode}`, async () => {
      const entries = new Map<GameType, VendorSortingEntry>();
      for (const row of await this.repository.listMenu(merchant.merchantCode)) {
        let entry = entries.get(row.game_type);
        if (!entry) {
          entry = { gameType: row.game_type, vendors: [] };
          entries.set(row.game_type, entry);
        }
        entry.vendors.push({
          vassalage: row.vassalage,
          name: row.name,
          logoUrl: row.logo_url,
          maintenance: row.maintenance,
        });
      }
      return [...entries.values()];
    });
  }

  gameList(merchant: Merchant, query: GameListQuery, language: string): Promise<GamePage> {
    const keyword = query.keyword?.trim();
    const filter: CatalogueFilter = {
      gameType: query.gameType,
      vassalage: query.vassalage,
      gameClassify: query.gameClassify,
      namePattern: keyword ? `%${escapeLike(keyword)}%` : undefined,
    };
    const key = `list:${merchant.merchantCode}:${language}:${query.pageNo}:${query.pageSize}:${JSON.stringify(filter)}`;
    return this.cached(key, async () => {
      const total = await this.repository.countGames(merchant.merchantCode, filter);
      const rows = await this.repository.listGames(merchant.merchantCode, filter, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return pageOf(rows, total, query.pageNo, query.pageSize, language);
    });
  }

  hotGames(merchant: Merchant, language: string): Promise<GameCard[]> {
    return this.cached(`hot:${merchant.merchantCode}:${language}`, async () => {
      const rows = await this.repository.listGames(
        merchant.merchantCode,
        { isHot: true },
        { limit: MAX_HOT_GAMES, offset: 0 },
      );
      return trimHotGames(rows).map((row) => toCard(row, language));
    });
  }

  /** One lane per menu category: each vendor's cards and the sub-categories (gameClassify) present. */
  gameVendorLanes(merchant: Merchant, language: string): Promise<GameVendorLane[]> {
    return this.cached(`lanes:${merchant.merchantCode}:${language}`, async () => {
      const menu = await this.vendorSorting(merchant);
      const rows = await this.repository.listGames(
        merchant.merchantCode,
        {},
        { limit: MAX_LANE_GAMES, offset: 0 },
      );
      const lanes = new Map<GameType, { lane: GameVendorLane; classify: Map<string, Set<string>> }>(
        menu.map((entry) => [
          entry.gameType,
          {
            lane: {
              title: entry.gameType,
              cards: Object.fromEntries(entry.vendors.map((v) => [v.vassalage, []])),
              gameClassify: [],
            },
            classify: new Map(),
          },
        ]),
      );
      for (const row of rows) {
        const lane = lanes.get(row.game_type);
        if (!lane) continue;
        const cards = lane.lane.cards[row.vassalage] ?? [];
        cards.push(toCard(row, language));
        lane.lane.cards[row.vassalage] = cards;
        if (row.game_classify) {
          const vendors = lane.classify.get(row.game_classify) ?? new Set<string>();
          vendors.add(row.vassalage);
          lane.classify.set(row.game_classify, vendors);
        }
      }
      return [...lanes.values()].map(({ lane, classify }) => ({
        ...lane,
        gameClassify: [...classify].map(([key, vendors]) => ({ key, vendors: [...vendors] })),
      }));
    });
  }

  vendorGameTypes(merchant: Merchant, vassalage: string): Promise<GameType[]> {
    return this.cached(`types:${merchant.merchantCode}:${vassalage}`, async () => {
      const types = new Set(await this.repository.listVendorGameTypes(merchant.merchantCode, vassalage));
      return gameTypesInSpecOrder(types);
    });
  }

  winnerBoard(merchant: Merchant, query: WinnerBoardQuery, language: string): Promise<Winner[]> {
    const gameType = query.gameCategory === 'ALL' ? undefined : query.gameCategory;
    const key = `winners:${merchant.merchantCode}:${language}:${query.gameCategory}:${query.limitNum}`;
    return this.cached(key, async () => {
      const rows = await this.repository.listWinners(merchant.merchantCode, gameType, query.limitNum);
      return rows.map((row) => ({
        customerName: row.customer_name,
        winAmount: Number(row.win_amount),
        currency: merchant.currency,
        nodeId: row.node_id,
        gameName: localisedName(row.names, language),
        iconUrl: row.icon_url,
        wonAt: new Date(row.won_at).toISOString(),
      }));
    });
  }

  // --- a member's own lists: never cached here, always the member's own rows ---

  async listFavorites(
    member: SessionMember,
    query: FavoritesQuery,
    language: string,
  ): Promise<GamePage & { ids: number[] }> {
    const page = await this.memberGamesPage(
      'game_favorites',
      member,
      query.gameType,
      query.pageNo,
      query.pageSize,
      language,
    );
    return { ...page, ids: await this.repository.listFavoriteIds(member.merchant_code, member.id) };
  }

  /** Adding a game already in the list keeps one. Answers every favourite id. */
  async addFavorite(member: SessionMember, nodeId: number): Promise<{ ids: number[] }> {
    const game = await this.repository.findOfferedGame(member.merchant_code, nodeId);
    if (!game) throw new AppError(404, 'GAME_NOT_FOUND');
    await this.repository.addFavorite(member.id, nodeId);
    return { ids: await this.repository.listFavoriteIds(member.merchant_code, member.id) };
  }

  /** Removing a game not in the list is not an error. Answers every favourite id. */
  async removeFavorite(member: SessionMember, nodeId: number): Promise<{ ids: number[] }> {
    await this.repository.removeFavorite(member.id, nodeId);
    return { ids: await this.repository.listFavoriteIds(member.merchant_code, member.id) };
  }

  recentGames(member: SessionMember, query: RecentGamesQuery, language: string): Promise<GamePage> {
    const pageNo = query.page ?? query.pageNo ?? 1;
    return this.memberGamesPage('recent_games', member, query.gameType, pageNo, query.pageSize, language);
  }

  private async memberGamesPage(
    table: 'game_favorites' | 'recent_games',
    member: SessionMember,
    gameType: GameType | undefined,
    pageNo: number,
    pageSize: number,
    language: string,
  ): Promise<GamePage> {
    const total = await this.repository.countMemberGames(table, member.merchant_code, member.id, gameType);
    const rows = await this.repository.listMemberGames(table, member.merchant_code, member.id, gameType, {
      limit: pageSize,
      offset: (pageNo - 1) * pageSize,
    });
    return pageOf(rows, total, pageNo, pageSize, language);
  }

  // --- launching ---

  /**
   * Opens a game for a member through its vendor's launcher and records it as their most recent
   * game. Unknown or not offered on the member's merchant: 404. Trial members play with play money
   * (FUN) at vendors whose launcher offers it (the house studio) and cannot open the others: 403. A vendor in maintenance, without a launcher, or whose launcher fails:
   * 503 GAME_MAINTENANCE (the client suggests other games of the same type).
   */
  async launch(
    member: SessionMember,
    input: { nodeId: number; language: MessageLanguage; returnUrl: string },
  ): Promise<LaunchGameValue> {
    const row = await this.repository.findOfferedGame(member.merchant_code, input.nodeId);
    if (!row) throw new AppError(404, 'GAME_NOT_FOUND');
    const isTrial = member.type === memberTypes.trial;
    const playsForFun = isTrial && this.launchers.offersPlayMoney(row.vassalage);
    if (isTrial && row.is_real_money && !playsForFun) throw new AppError(403, 'TRIAL_NOT_ALLOWED');
    const maintenance = () =>
      new AppError(503, 'GAME_MAINTENANCE', {}, { gameType: row.game_type, vassalage: row.vassalage });
    const launcher = row.maintenance ? undefined : this.launchers.get(row.vassalage);
    if (!launcher) throw maintenance();
    const merchant = merchantByCode(member.merchant_code);
    let url: string;
    try {
      url = await launcher.launch({
        member: {
          id: member.id.toString(),
          username: member.username,
          merchantCode: merchant.merchantCode,
          // A free-play member never plays in the merchant's currency (DECISIONS.md).
          currency: isTrial ? PLAY_MONEY_CURRENCY : merchant.currency,
          isTrial,
        },
        game: {
          nodeId: row.node_id,
          vassalage: row.vassalage,
          gameType: row.game_type,
          gameCode: row.game_code,
          gameName: localisedName(row.names, input.language),
        },
        language: input.language,
        returnUrl: input.returnUrl,
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.log.warn({ err: error, vassalage: row.vassalage, nodeId: row.node_id }, 'game launch failed');
      throw maintenance();
    }
    if (!isLaunchUrl(url)) {
      this.log.error({ vassalage: row.vassalage, nodeId: row.node_id }, 'launcher answered an unusable URL');
      throw maintenance();
    }
    await this.repository.recordRecentGame(member.id, row.node_id);
    return { url, vassalage: row.vassalage, gameCode: row.game_code };
  }
}

function pageOf(
  rows: GameRow[],
  total: number,
  pageNo: number,
  pageSize: number,
  language: string,
): GamePage {
  return {
    content: rows.map((row) => toCard(row, language)),
    pageNum: pageNo,
    totalPages: Math.ceil(total / pageSize),
    total,
  };
}

function gameTypesInSpecOrder(types: Set<GameType>): GameType[] {
  return gameTypes.filter((type) => types.has(type));
}
