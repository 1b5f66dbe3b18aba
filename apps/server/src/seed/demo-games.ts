import { BONUS_VENDOR, type GameType, HOUSE_VENDOR, type Merchant, merchants } from '@sorte/shared';
import type { FastifyInstance } from 'fastify';
import { maskCustomerName } from '../modules/games/games.service';
import type { Seeder } from './seeders';

type SeedVendor = { vassalage: string; name: string; gameTypes: GameType[]; logoUrl: string; sort: number };
type SeedGame = {
  vassalage: string;
  gameType: GameType;
  gameCode: string;
  names: { EN: string; PT: string; ES: string; BN: string };
  gameClassify: string;
  isHot: boolean;
  sort: number;
};

const vendors: SeedVendor[] = [
  {
    vassalage: HOUSE_VENDOR,
    name: 'Sorte Originals',
    gameTypes: ['CRASH', 'RNG'],
    logoUrl: '/art/vendors/sorte.svg',
    sort: 1,
  },
  {
    vassalage: BONUS_VENDOR,
    name: 'Bonus Games',
    gameTypes: ['BONUS'],
    logoUrl: '/art/vendors/bgs.svg',
    sort: 2,
  },
];

/**
 * The catalogue the studio makes playable: only games we build ourselves (DECISIONS.md: a category
 * appears only when a vendor provides games in it). Art lives in apps/web/public/art/games.
 */
export const houseGames: SeedGame[] = [
  {
    vassalage: HOUSE_VENDOR,
    gameType: 'CRASH',
    gameCode: 'crash',
    names: { EN: 'Crash', PT: 'Crash', ES: 'Crash', BN: 'ক্র্যাশ' },
    gameClassify: 'crash',
    isHot: true,
    sort: 1,
  },
  {
    vassalage: HOUSE_VENDOR,
    gameType: 'RNG',
    gameCode: 'fortune-reels',
    names: { EN: 'Fortune Reels', PT: 'Rolos da Fortuna', ES: 'Carretes de la Fortuna', BN: 'ফরচুন রিলস' },
    gameClassify: 'video-slots',
    isHot: true,
    sort: 1,
  },
  {
    vassalage: HOUSE_VENDOR,
    gameType: 'RNG',
    gameCode: 'lucky-sevens',
    names: { EN: 'Lucky Sevens', PT: 'Setes da Sorte', ES: 'Sietes de la Suerte', BN: 'লাকি সেভেনস' },
    gameClassify: 'classic-slots',
    isHot: false,
    sort: 2,
  },
  {
    vassalage: BONUS_VENDOR,
    gameType: 'BONUS',
    gameCode: 'dice',
    names: { EN: 'Dice', PT: 'Dados', ES: 'Dados', BN: 'ডাইস' },
    gameClassify: 'dice',
    isHot: false,
    sort: 1,
  },
  {
    vassalage: BONUS_VENDOR,
    gameType: 'BONUS',
    gameCode: 'limbo',
    names: { EN: 'Limbo', PT: 'Limbo', ES: 'Limbo', BN: 'লিম্বো' },
    gameClassify: 'dice',
    isHot: false,
    sort: 2,
  },
  {
    vassalage: BONUS_VENDOR,
    gameType: 'BONUS',
    gameCode: 'mines',
    names: { EN: 'Mines', PT: 'Minas', ES: 'Minas', BN: 'মাইনস' },
    gameClassify: 'board',
    isHot: true,
    sort: 3,
  },
  {
    vassalage: BONUS_VENDOR,
    gameType: 'BONUS',
    gameCode: 'plinko',
    names: { EN: 'Plinko', PT: 'Plinko', ES: 'Plinko', BN: 'প্লিংকো' },
    gameClassify: 'board',
    isHot: true,
    sort: 4,
  },
];

export const artUrlOf = (gameCode: string) => `/art/games/${gameCode}.svg`;

/** Each merchant's menu: [gameType, vendor] in order. Brazil leads with slots, the others with crash. */
const menus: Record<string, [GameType, string][]> = {
  BR: [
    ['RNG', HOUSE_VENDOR],
    ['CRASH', HOUSE_VENDOR],
    ['BONUS', BONUS_VENDOR],
  ],
  MX: [
    ['CRASH', HOUSE_VENDOR],
    ['RNG', HOUSE_VENDOR],
    ['BONUS', BONUS_VENDOR],
  ],
  BD: [
    ['CRASH', HOUSE_VENDOR],
    ['BONUS', BONUS_VENDOR],
    ['RNG', HOUSE_VENDOR],
  ],
};

/** Usernames that look like each market's players; only their masked form is stored. */
const playerNames: Record<string, string[]> = {
  BR: [
    'marcos',
    'juliana',
    'rafael',
    'beatriz',
    'lucas',
    'camila',
    'thiago',
    'larissa',
    'gabriel',
    'fernanda',
  ],
  MX: ['alejandro', 'guadalupe', 'jose', 'mariana', 'diego', 'ximena', 'luis', 'valeria', 'jorge', 'daniela'],
  BD: ['rahim', 'nusrat', 'tanvir', 'farhana', 'sabbir', 'ayesha', 'rakib', 'sumaiya', 'imran', 'jannat'],
};
/** Typical stakes in whole currency units (BRL, MXN, BDT are priced very differently). */
const stakes: Record<string, number[]> = {
  BR: [1, 2, 5, 10, 20, 50, 100],
  MX: [5, 10, 20, 50, 100, 200, 500],
  BD: [10, 20, 50, 100, 200, 500, 1000],
};
/** Winning multipliers each game can pay. */
const multipliers: Record<string, number[]> = {
  crash: [2.15, 3.4, 5.8, 12.5, 24.7, 58.3, 121.9],
  'fortune-reels': [8, 15, 25, 40, 75, 150, 420],
  'lucky-sevens': [5, 10, 20, 50, 100, 250],
  dice: [1.98, 3.96, 9.9, 19.8, 49.5, 99],
  limbo: [2, 5, 10, 25, 100, 500, 1000],
  mines: [2.47, 4.95, 8.25, 16.5, 33, 75.9],
  plinko: [3, 9, 13, 26, 130, 420],
};
const WINNERS_PER_MERCHANT = 36;

/** A small deterministic generator (mulberry32), so every fresh database gets the same board. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

async function seedWinners(app: FastifyInstance, merchant: Merchant, nodeIds: Map<string, number>) {
  const [existing] = await app.db.query<{ n: bigint }>(
    'select count(*) as n from game_winners where merchant_code = $1',
    [merchant.merchantCode],
  );
  if ((existing?.n ?? 0n) > 0n) return;
  const code = merchant.merchantCode;
  const random = randomFrom(code.charCodeAt(0) * 31 + code.charCodeAt(1));
  const now = Date.now();
  for (let i = 0; i < WINNERS_PER_MERCHANT; i++) {
    const game = pick(random, houseGames);
    const username = `${pick(random, playerNames[code] ?? ['player'])}${10 + Math.floor(random() * 89)}`;
    const stakeMinor = pick(random, stakes[code] ?? [1]) * 100;
    const winMinor = Math.round(stakeMinor * pick(random, multipliers[game.gameCode] ?? [2]));
    const wonAt = new Date(now - Math.floor(random() * 7 * 24 * 3_600_000));
    await app.db.query(
      `insert into game_winners (merchant_code, customer_name, win_amount, node_id, won_at)
       values ($1, $2, $3, $4, $5)`,
      [code, maskCustomerName(username), BigInt(winMinor), nodeIds.get(game.gameCode), wonAt],
    );
  }
}

/** The in-house catalogue, each merchant's menu, and a winners board per merchant. Idempotent. */
export const demoGamesSeeder: Seeder = {
  name: 'demo-games',
  async run(app) {
    for (const vendor of vendors) {
      await app.db.query(
        `insert into game_vendors (vassalage, name, game_types, logo_url, sort)
         values ($1, $2, $3, $4, $5)
         on conflict (vassalage) do update
           set name = excluded.name, game_types = excluded.game_types, logo_url = excluded.logo_url,
               sort = excluded.sort`,
        [vendor.vassalage, vendor.name, vendor.gameTypes, vendor.logoUrl, vendor.sort],
      );
    }
    const nodeIds = new Map<string, number>();
    for (const game of houseGames) {
      const art = artUrlOf(game.gameCode);
      const [row] = await app.db.query<{ node_id: number }>(
        `insert into games (vassalage, game_type, game_code, names, icon_url, lager_icon, is_hot, game_classify, sort)
         values ($1, $2, $3, $4, $5, $5, $6, $7, $8)
         on conflict (vassalage, game_code) do update
           set game_type = excluded.game_type, names = excluded.names, icon_url = excluded.icon_url,
               lager_icon = excluded.lager_icon, is_hot = excluded.is_hot,
               game_classify = excluded.game_classify, sort = excluded.sort
         returning node_id`,
        [
          game.vassalage,
          game.gameType,
          game.gameCode,
          JSON.stringify(game.names),
          art,
          game.isHot,
          game.gameClassify,
          game.sort,
        ],
      );
      if (row) nodeIds.set(game.gameCode, row.node_id);
    }
    for (const merchant of merchants) {
      const menu = menus[merchant.merchantCode] ?? [];
      for (const [index, [gameType, vassalage]] of menu.entries()) {
        await app.db.query(
          `insert into merchant_vendor_sorting (merchant_code, game_type, vassalage, sort)
           values ($1, $2, $3, $4)
           on conflict (merchant_code, game_type, vassalage) do update set sort = excluded.sort`,
          [merchant.merchantCode, gameType, vassalage, (index + 1) * 10],
        );
      }
      await seedWinners(app, merchant, nodeIds);
    }
    app.games.clearLobbyCache();
  },
};
