import type { GameType, LobbyState } from '@sorte/shared';
import type { Connection } from '../../db/client';
import { merchantEnabled, merchantIsHot, merchantSort } from './games.repository';

export type ConsoleGameRow = {
  node_id: number;
  vassalage: string;
  vendor_name: string;
  game_type: GameType;
  game_code: string;
  names: Record<string, string>;
  icon_url: string;
  enabled: boolean;
  is_hot: boolean;
  sort: number;
  lobby: LobbyState;
  maintenance: boolean;
};

export type ConsoleGameFilter = {
  vassalage?: string;
  gameType?: GameType;
  enabled?: boolean;
  hot?: boolean;
  /** A LIKE pattern, already escaped and wrapped in %. */
  namePattern?: string;
};

export type VendorRow = {
  vassalage: string;
  name: string;
  game_types: GameType[];
  logo_url: string | null;
  enabled: boolean;
  maintenance: boolean;
  games: number;
};

export type MenuEntryRow = {
  game_type: GameType;
  vassalage: string;
  name: string;
  enabled: boolean;
  maintenance: boolean;
  has_games: boolean;
};

export type MergedGameSetting = { enabled?: boolean; hot?: boolean; sort?: number };

/**
 * Every catalogue game as one merchant sees it ($1): its switches (the merchant's override, else the
 * catalogue's) and why it is or is not in the merchant's lobby.
 */
const merchantCatalogue = `from games g
  join game_vendors v on v.vassalage = g.vassalage
  left join merchant_vendor_sorting s
    on s.merchant_code = $1 and s.vassalage = g.vassalage and s.game_type = g.game_type
  left join merchant_games mg on mg.merchant_code = $1 and mg.node_id = g.node_id`;

const consoleGameColumns = `g.node_id, g.vassalage, v.name as vendor_name, g.game_type, g.game_code, g.names,
  g.icon_url, ${merchantEnabled} as enabled, ${merchantIsHot} as is_hot, ${merchantSort} as sort,
  v.maintenance,
  case when not g.enabled then 'withdrawn'
       when not coalesce(mg.enabled, true) then 'off'
       when not v.enabled then 'vendorOff'
       when s.vassalage is null or not (g.game_type = any (v.game_types)) then 'notListed'
       else 'shown' end as lobby`;

/** The lobby's order first (listed vendors in menu order), then the rest by vendor and type. */
const consoleOrder = `order by s.sort nulls last, v.sort, g.vassalage, g.game_type, ${merchantSort}, g.node_id`;

function consoleFilter(merchantCode: string, filter: ConsoleGameFilter) {
  const params: unknown[] = [merchantCode];
  const clauses: string[] = [];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (filter.vassalage) add((p) => `g.vassalage = ${p}`, filter.vassalage);
  if (filter.gameType) add((p) => `g.game_type = ${p}`, filter.gameType);
  if (filter.enabled !== undefined) add((p) => `${merchantEnabled} = ${p}::boolean`, filter.enabled);
  if (filter.hot !== undefined) add((p) => `${merchantIsHot} = ${p}::boolean`, filter.hot);
  if (filter.namePattern)
    add(
      (p) =>
        `(g.game_code ilike ${p} escape '\\' or exists (select 1 from jsonb_each_text(g.names) n where n.value ilike ${p} escape '\\'))`,
      filter.namePattern,
    );
  return { where: clauses.length ? ` where ${clauses.join(' and ')}` : '', params };
}

/** SQL of the console's games and vendors screen. Returns rows only. */
export class GamesOpsRepository {
  constructor(private readonly db: Connection) {}

  async countGames(merchantCode: string, filter: ConsoleGameFilter): Promise<number> {
    const { where, params } = consoleFilter(merchantCode, filter);
    const [row] = await this.db.query<{ n: bigint }>(
      `select count(*) as n ${merchantCatalogue}${where}`,
      params,
    );
    return Number(row?.n ?? 0n);
  }

  async listGames(
    merchantCode: string,
    filter: ConsoleGameFilter,
    paging: { limit: number; offset: number },
  ): Promise<ConsoleGameRow[]> {
    const { where, params } = consoleFilter(merchantCode, filter);
    params.push(paging.limit, paging.offset);
    return this.db.query<ConsoleGameRow>(
      `select ${consoleGameColumns} ${merchantCatalogue}${where} ${consoleOrder}
       limit $${params.length - 1} offset $${params.length}`,
      params,
    );
  }

  async findGame(merchantCode: string, nodeId: number): Promise<ConsoleGameRow | undefined> {
    return (
      await this.db.query<ConsoleGameRow>(
        `select ${consoleGameColumns} ${merchantCatalogue} where g.node_id = $2`,
        [merchantCode, nodeId],
      )
    )[0];
  }

  /** Whether the catalogue still offers the game (a merchant cannot turn on a withdrawn one). */
  async isInCatalogue(nodeId: number): Promise<boolean | undefined> {
    const [row] = await this.db.query<{ enabled: boolean }>('select enabled from games where node_id = $1', [
      nodeId,
    ]);
    return row?.enabled;
  }

  /** Sets the merchant's switches for the game; what is not given keeps its value. */
  async setGame(merchantCode: string, nodeId: number, change: MergedGameSetting): Promise<void> {
    await this.db.query(
      `insert into merchant_games (merchant_code, node_id, enabled, is_hot, sort)
       values ($1, $2, $3::boolean, $4::boolean, $5::integer)
       on conflict (merchant_code, node_id) do update set
         enabled = coalesce(excluded.enabled, merchant_games.enabled),
         is_hot = coalesce(excluded.is_hot, merchant_games.is_hot),
         sort = coalesce(excluded.sort, merchant_games.sort)`,
      [merchantCode, nodeId, change.enabled ?? null, change.hot ?? null, change.sort ?? null],
    );
  }

  /** The games of one vendor and type in the merchant's order: where a game moves among them. */
  async listGroup(merchantCode: string, vassalage: string, gameType: GameType): Promise<number[]> {
    const rows = await this.db.query<{ node_id: number }>(
      `select g.node_id from games g
       left join merchant_games mg on mg.merchant_code = $1 and mg.node_id = g.node_id
       where g.vassalage = $2 and g.game_type = $3
       order by ${merchantSort}, g.node_id`,
      [merchantCode, vassalage, gameType],
    );
    return rows.map((r) => r.node_id);
  }

  /** Gives the games these places for the merchant, in one statement. */
  async setSorts(merchantCode: string, nodeIds: number[], sorts: number[]): Promise<void> {
    await this.db.query(
      `insert into merchant_games (merchant_code, node_id, sort)
       select $1, t.node_id, t.sort from unnest($2::integer[], $3::integer[]) as t(node_id, sort)
       on conflict (merchant_code, node_id) do update set sort = excluded.sort`,
      [merchantCode, nodeIds, sorts],
    );
  }

  // --- vendors ---

  async listVendors(): Promise<VendorRow[]> {
    return this.db.query<VendorRow>(
      `select v.vassalage, v.name, v.game_types, v.logo_url, v.enabled, v.maintenance,
         (select count(*)::int from games g where g.vassalage = v.vassalage) as games
       from game_vendors v order by v.sort, v.vassalage`,
    );
  }

  async updateVendor(
    vassalage: string,
    change: { enabled?: boolean; maintenance?: boolean },
  ): Promise<boolean> {
    const rows = await this.db.query(
      `update game_vendors set enabled = coalesce($2::boolean, enabled),
         maintenance = coalesce($3::boolean, maintenance)
       where vassalage = $1 returning 1`,
      [vassalage, change.enabled ?? null, change.maintenance ?? null],
    );
    return rows.length > 0;
  }

  // --- the vendor sorting list (menu) ---

  async listMenuEntries(merchantCode: string): Promise<MenuEntryRow[]> {
    return this.db.query<MenuEntryRow>(
      `select s.game_type, s.vassalage, v.name, v.enabled, v.maintenance,
         exists (select 1 from games g
                 left join merchant_games mg on mg.merchant_code = s.merchant_code and mg.node_id = g.node_id
                 where g.vassalage = s.vassalage and g.game_type = s.game_type and ${merchantEnabled}) as has_games
       from merchant_vendor_sorting s join game_vendors v on v.vassalage = s.vassalage
       where s.merchant_code = $1
       order by s.sort, v.sort, s.vassalage`,
      [merchantCode],
    );
  }

  /**
   * Replaces the merchant's list in one statement: the entries get places 10, 20, … in their order,
   * and rows left out go. The two parts touch different rows, so they cannot collide.
   */
  async replaceMenu(
    merchantCode: string,
    entries: { gameType: GameType; vassalage: string }[],
  ): Promise<void> {
    await this.db.query(
      `with wanted as (
         select * from unnest($2::text[], $3::text[], $4::integer[]) as w(game_type, vassalage, sort)),
       gone as (
         delete from merchant_vendor_sorting s
          where s.merchant_code = $1
            and not exists (select 1 from wanted w where w.game_type = s.game_type and w.vassalage = s.vassalage))
       insert into merchant_vendor_sorting (merchant_code, game_type, vassalage, sort)
       select $1, w.game_type, w.vassalage, w.sort from wanted w
       on conflict (merchant_code, game_type, vassalage) do update set sort = excluded.sort`,
      [
        merchantCode,
        entries.map((e) => e.gameType),
        entries.map((e) => e.vassalage),
        entries.map((_, i) => (i + 1) * 10),
      ],
    );
  }
}
