import type {
  ConsoleGame,
  ConsoleVendor,
  ConsoleVendorSorting,
  ConsoleVendorSortingEntry,
  GameType,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import { pageOf } from '../payments/payment-rules';
import { localisedName } from './games.service';
import type {
  ConsoleGameFilter,
  ConsoleGameRow,
  GamesOpsRepository,
  VendorRow,
} from './games-ops.repository';

type MerchantCode = ConsoleGame['merchantCode'];

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const gameOf = (merchantCode: MerchantCode, row: ConsoleGameRow): ConsoleGame => ({
  nodeId: row.node_id,
  merchantCode,
  vassalage: row.vassalage,
  vendorName: row.vendor_name,
  gameType: row.game_type,
  gameCode: row.game_code,
  name: localisedName(row.names, 'EN'),
  iconUrl: row.icon_url,
  enabled: row.enabled,
  hot: row.is_hot,
  sort: row.sort,
  lobby: row.lobby,
  maintenance: row.maintenance,
});

const vendorOf = (row: VendorRow): ConsoleVendor => ({
  vassalage: row.vassalage,
  name: row.name,
  gameTypes: row.game_types,
  logoUrl: row.logo_url,
  enabled: row.enabled,
  maintenance: row.maintenance,
  games: row.games,
});

/**
 * The console's games and vendors: each merchant's switches and order over the shared catalogue,
 * vendors on and off and in maintenance, and each merchant's vendor sorting list (the menu). Every
 * change drops the lobby's cached answers (`onLobbyChange`), so the site's next read shows it.
 */
export class GamesOpsService {
  constructor(
    private readonly repository: GamesOpsRepository,
    private readonly onLobbyChange: () => void,
  ) {}

  async listGames(
    merchantCode: MerchantCode,
    query: ConsoleGameFilter & { q?: string },
    pageNo: number,
    pageSize: number,
  ) {
    const filter: ConsoleGameFilter = {
      vassalage: query.vassalage,
      gameType: query.gameType,
      enabled: query.enabled,
      hot: query.hot,
      namePattern: query.q ? `%${escapeLike(query.q)}%` : undefined,
    };
    const total = await this.repository.countGames(merchantCode, filter);
    const rows = await this.repository.listGames(merchantCode, filter, {
      limit: pageSize,
      offset: (pageNo - 1) * pageSize,
    });
    return pageOf(
      rows.map((row) => gameOf(merchantCode, row)),
      pageNo,
      pageSize,
      total,
    );
  }

  async game(merchantCode: MerchantCode, nodeId: number): Promise<ConsoleGame> {
    const row = await this.repository.findGame(merchantCode, nodeId);
    if (!row) throw new AppError(404, 'GAME_NOT_FOUND');
    return gameOf(merchantCode, row);
  }

  /** Turns the game on or off, hot or not, or gives it a place, for one merchant. */
  async updateGame(
    merchantCode: MerchantCode,
    nodeId: number,
    change: { enabled?: boolean; hot?: boolean; sort?: number },
  ): Promise<ConsoleGame> {
    const inCatalogue = await this.repository.isInCatalogue(nodeId);
    if (inCatalogue === undefined) throw new AppError(404, 'GAME_NOT_FOUND');
    // Turning on a game the catalogue has withdrawn would change nothing the site shows.
    if (change.enabled === true && !inCatalogue)
      throw AppError.field('enabled', 'console-settings:gameWithdrawn');
    await this.repository.setGame(merchantCode, nodeId, change);
    this.onLobbyChange();
    return this.game(merchantCode, nodeId);
  }

  /**
   * One place up or down among the games of its vendor and type (the order the lobby shows them
   * in). The group is numbered again 10, 20, … for the merchant, so equal places from the catalogue
   * never make a move do nothing. At the end of its group it stays where it is.
   */
  async moveGame(merchantCode: MerchantCode, nodeId: number, direction: 'up' | 'down'): Promise<ConsoleGame> {
    const game = await this.game(merchantCode, nodeId);
    const group = await this.repository.listGroup(merchantCode, game.vassalage, game.gameType);
    const from = group.indexOf(nodeId);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to >= 0 && to < group.length) {
      [group[from], group[to]] = [group[to] as number, group[from] as number];
      await this.repository.setSorts(
        merchantCode,
        group,
        group.map((_, i) => (i + 1) * 10),
      );
      this.onLobbyChange();
    }
    return this.game(merchantCode, nodeId);
  }

  // --- vendors ---

  async vendors(): Promise<ConsoleVendor[]> {
    return (await this.repository.listVendors()).map(vendorOf);
  }

  async vendor(vassalage: string): Promise<ConsoleVendor> {
    const found = (await this.vendors()).find((v) => v.vassalage === vassalage);
    if (!found) throw new AppError(404, 'NOT_FOUND');
    return found;
  }

  /** On or off, in maintenance or not: for every merchant at once. */
  async updateVendor(
    vassalage: string,
    change: { enabled?: boolean; maintenance?: boolean },
  ): Promise<ConsoleVendor> {
    if (!(await this.repository.updateVendor(vassalage, change))) throw new AppError(404, 'NOT_FOUND');
    this.onLobbyChange();
    return this.vendor(vassalage);
  }

  // --- the vendor sorting list (menu) ---

  async menu(merchantCode: MerchantCode): Promise<ConsoleVendorSorting> {
    const [entries, vendors] = await Promise.all([
      this.repository.listMenuEntries(merchantCode),
      this.repository.listVendors(),
    ]);
    const listed = new Set(entries.map((e) => `${e.game_type}:${e.vassalage}`));
    return {
      merchantCode,
      entries: entries.map((e) => ({
        gameType: e.game_type,
        vassalage: e.vassalage,
        name: e.name,
        enabled: e.enabled,
        maintenance: e.maintenance,
        hasGames: e.has_games,
      })),
      available: vendors.flatMap((v) =>
        v.game_types
          .filter((type) => !listed.has(`${type}:${v.vassalage}`))
          .map((type) => ({ gameType: type, vassalage: v.vassalage, name: v.name })),
      ),
    };
  }

  /**
   * The merchant's whole menu in its new order. Each entry names a known vendor in a category it
   * declares, once; a bad one is refused naming its place in the list, and nothing is written.
   */
  async saveMenu(
    merchantCode: MerchantCode,
    entries: ConsoleVendorSortingEntry[],
  ): Promise<ConsoleVendorSorting> {
    const declared = new Map<string, GameType[]>(
      (await this.repository.listVendors()).map((v) => [v.vassalage, v.game_types]),
    );
    const seen = new Set<string>();
    for (const [index, entry] of entries.entries()) {
      const field = `entries.${index}`;
      const types = declared.get(entry.vassalage);
      if (!types)
        throw AppError.field(field, 'console-settings:unknownVendor', { vassalage: entry.vassalage });
      if (!types.includes(entry.gameType))
        throw AppError.field(field, 'console-settings:vendorTypeUndeclared', entry);
      const key = `${entry.gameType}:${entry.vassalage}`;
      if (seen.has(key)) throw AppError.field(field, 'console-settings:duplicateEntry', entry);
      seen.add(key);
    }
    await this.repository.replaceMenu(merchantCode, entries);
    this.onLobbyChange();
    return this.menu(merchantCode);
  }
}
