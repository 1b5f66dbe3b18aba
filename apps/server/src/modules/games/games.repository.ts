import type { GameType } from '@sorte/shared';
import type { Connection } from '../../db/client';

export type GameRow = {
  node_id: number;
  vassalage: string;
  game_type: GameType;
  game_code: string;
  names: Record<string, string>;
  icon_url: string;
  lager_icon: string | null;
  is_hot: boolean;
  game_classify: string | null;
  is_game: 'GAME' | 'VASSALAGE';
  vendor_name: string;
  vendor_logo_url: string | null;
  maintenance: boolean;
  is_real_money: boolean;
};

export type MenuRow = {
  game_type: GameType;
  vassalage: string;
  name: string;
  logo_url: string | null;
  maintenance: boolean;
};

export type WinnerRow = {
  customer_name: string;
  win_amount: bigint;
  won_at: Date;
  node_id: number;
  names: Record<string, string>;
  icon_url: string;
};

export type CatalogueFilter = {
  gameType?: GameType;
  vassalage?: string;
  gameClassify?: string;
  /** A LIKE pattern (already escaped and wrapped in %), matched against names and the game code. */
  namePattern?: string;
  isHot?: boolean;
};

export type Paging = { limit: number; offset: number };

/** A game's hot flag and place as its merchant sees them (merchant_games, alias mg, overrides). */
export const merchantIsHot = 'coalesce(mg.is_hot, g.is_hot)';
export const merchantSort = 'coalesce(mg.sort, g.sort)';
/** Enabled in the catalogue and not turned off by the merchant. */
export const merchantEnabled = '(g.enabled and coalesce(mg.enabled, true))';

const gameColumns = `g.node_id, g.vassalage, g.game_type, g.game_code, g.names, g.icon_url, g.lager_icon,
  ${merchantIsHot} as is_hot, g.game_classify, g.is_game, v.name as vendor_name, v.logo_url as vendor_logo_url,
  v.maintenance, v.is_real_money`;

/**
 * The games a merchant offers: games enabled in the catalogue and for the merchant, of enabled
 * vendors, in a type the vendor declares and the merchant lists the vendor for. `$1` is the merchant
 * code; `extraJoin` adds a join before the conditions. Ordered by the merchant's vendor sort, then
 * the game's place for the merchant.
 */
const offeredGamesFrom = (extraJoin = '') => `from games g
  join game_vendors v on v.vassalage = g.vassalage and v.enabled and g.game_type = any (v.game_types)
  join merchant_vendor_sorting s
    on s.merchant_code = $1 and s.vassalage = g.vassalage and s.game_type = g.game_type
  left join merchant_games mg on mg.merchant_code = $1 and mg.node_id = g.node_id
  ${extraJoin}
  where ${merchantEnabled}`;
const offeredGames = offeredGamesFrom();
const catalogueOrder = `order by s.sort, v.sort, ${merchantSort}, g.node_id`;

/** Adds the optional catalogue filters after `$1`, returning the SQL and its parameters. */
function filterClause(merchantCode: string, filter: CatalogueFilter) {
  const params: unknown[] = [merchantCode];
  const clauses: string[] = [];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (filter.gameType) add((p) => `g.game_type = ${p}`, filter.gameType);
  if (filter.vassalage) add((p) => `g.vassalage = ${p}`, filter.vassalage);
  if (filter.gameClassify) add((p) => `g.game_classify = ${p}`, filter.gameClassify);
  if (filter.isHot) clauses.push(merchantIsHot);
  if (filter.namePattern)
    add(
      (p) =>
        `(g.game_code ilike ${p} escape '\\' or exists (select 1 from jsonb_each_text(g.names) n where n.value ilike ${p} escape '\\'))`,
      filter.namePattern,
    );
  return { where: clauses.map((c) => ` and ${c}`).join(''), params };
}

/** SQL for the catalogue, the menu, favourites, recent games and winners. Returns rows only. */
export class GamesRepository {
  constructor(private readonly db: Connection) {}

  async listMenu(merchantCode: string): Promise<MenuRow[]> {
    return this.db.query<MenuRow>(
      `select s.game_type, s.vassalage, v.name, v.logo_url, v.maintenance
       from merchant_vendor_sorting s
       join game_vendors v on v.vassalage = s.vassalage and v.enabled and s.game_type = any (v.game_types)
       where s.merchant_code = $1
         and exists (select 1 from games g
                     left join merchant_games mg on mg.merchant_code = s.merchant_code and mg.node_id = g.node_id
                     where g.vassalage = s.vassalage and g.game_type = s.game_type and ${merchantEnabled})
       order by s.sort, v.sort, s.vassalage`,
      [merchantCode],
    );
  }

  async countGames(merchantCode: string, filter: CatalogueFilter): Promise<number> {
    const { where, params } = filterClause(merchantCode, filter);
    const [row] = await this.db.query<{ n: bigint }>(`select count(*) as n ${offeredGames}${where}`, params);
    return Number(row?.n ?? 0n);
  }

  async listGames(merchantCode: string, filter: CatalogueFilter, paging: Paging): Promise<GameRow[]> {
    const { where, params } = filterClause(merchantCode, filter);
    params.push(paging.limit, paging.offset);
    return this.db.query<GameRow>(
      `select ${gameColumns} ${offeredGames}${where} ${catalogueOrder}
       limit $${params.length - 1} offset $${params.length}`,
      params,
    );
  }

  async findOfferedGame(merchantCode: string, nodeId: number): Promise<GameRow | undefined> {
    return (
      await this.db.query<GameRow>(`select ${gameColumns} ${offeredGames} and g.node_id = $2`, [
        merchantCode,
        nodeId,
      ])
    )[0];
  }

  async listVendorGameTypes(merchantCode: string, vassalage: string): Promise<GameType[]> {
    const rows = await this.db.query<{ game_type: GameType }>(
      `select distinct g.game_type ${offeredGames} and g.vassalage = $2`,
      [merchantCode, vassalage],
    );
    return rows.map((r) => r.game_type);
  }

  // --- favourites ---

  async addFavorite(memberId: bigint, nodeId: number): Promise<void> {
    await this.db.query(
      'insert into game_favorites (member_id, node_id) values ($1, $2) on conflict do nothing',
      [memberId, nodeId],
    );
  }

  async removeFavorite(memberId: bigint, nodeId: number): Promise<void> {
    await this.db.query('delete from game_favorites where member_id = $1 and node_id = $2', [
      memberId,
      nodeId,
    ]);
  }

  /** The member's favourites that the merchant still offers, newest first. */
  async listFavoriteIds(merchantCode: string, memberId: bigint): Promise<number[]> {
    const rows = await this.db.query<{ node_id: number }>(
      `select g.node_id ${memberGamesFrom('game_favorites')} order by m.created_at desc, g.node_id desc`,
      [merchantCode, memberId],
    );
    return rows.map((r) => r.node_id);
  }

  async countMemberGames(
    table: 'game_favorites' | 'recent_games',
    merchantCode: string,
    memberId: bigint,
    gameType: GameType | undefined,
  ): Promise<number> {
    const [row] = await this.db.query<{ n: bigint }>(
      `select count(*) as n ${memberGamesFrom(table)} and ($3::text is null or g.game_type = $3)`,
      [merchantCode, memberId, gameType ?? null],
    );
    return Number(row?.n ?? 0n);
  }

  /** Favourites newest-added first, recent games newest-played first. */
  async listMemberGames(
    table: 'game_favorites' | 'recent_games',
    merchantCode: string,
    memberId: bigint,
    gameType: GameType | undefined,
    paging: Paging,
  ): Promise<GameRow[]> {
    const newest = table === 'game_favorites' ? 'm.created_at' : 'm.last_played_at';
    return this.db.query<GameRow>(
      `select ${gameColumns} ${memberGamesFrom(table)} and ($3::text is null or g.game_type = $3)
       order by ${newest} desc, g.node_id desc limit $4 offset $5`,
      [merchantCode, memberId, gameType ?? null, paging.limit, paging.offset],
    );
  }

  // --- recent games ---

  async recordRecentGame(memberId: bigint, nodeId: number): Promise<void> {
    await this.db.query(
      `insert into recent_games (member_id, node_id) values ($1, $2)
       on conflict (member_id, node_id) do update set last_played_at = now()`,
      [memberId, nodeId],
    );
  }

  // --- winners ---

  async listWinners(
    merchantCode: string,
    gameType: GameType | undefined,
    limit: number,
  ): Promise<WinnerRow[]> {
    return this.db.query<WinnerRow>(
      `select w.customer_name, w.win_amount, w.won_at, g.node_id, g.names, g.icon_url
       from game_winners w join games g on g.node_id = w.node_id
       where w.merchant_code = $1 and ($2::text is null or g.game_type = $2)
       order by w.win_amount desc, w.won_at desc, w.id
       limit $3`,
      [merchantCode, gameType ?? null, limit],
    );
  }
}

/** Offered games joined with one member's rows of `table` (alias m); `$2` is the member id. */
function memberGamesFrom(table: 'game_favorites' | 'recent_games') {
  return offeredGamesFrom(`join ${table} m on m.node_id = g.node_id and m.member_id = $2`);
}
