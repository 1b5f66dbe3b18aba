import type { GameType } from '@sorte/shared';
import type { FastifyInstance } from 'fastify';
import { demoGamesSeeder } from '../../seed/demo-games';

/**
 * Test fixtures on top of the seeded in-house catalogue (never used outside tests):
 * - ALPHA: 25 RNG slots ("Alpha 1".."Alpha 25", PT names only besides EN), odd ones 'video-slots',
 *   even ones 'megaways', the first 10 hot; offered in BR (after SORTE) and MX, not in BD.
 * - GHOST (LIVE, no games), SLEEPY (FISH, only a disabled game), OFFLINE (disabled vendor, PVP):
 *   listed in BR's menu but empty, so hidden.
 * - MAINT: a CRASH vendor in maintenance, offered in BR.
 */
export async function seedTestCatalogue(app: FastifyInstance): Promise<void> {
  await demoGamesSeeder.run(app);
  const vendor = (vassalage: string, types: GameType[], extra = '') =>
    app.db.query(
      `insert into game_vendors (vassalage, name, game_types, logo_url, sort, maintenance, enabled)
       values ($1, $2, $3, $4, 5, ${extra.includes('maintenance') ? 'true' : 'false'}, ${extra.includes('disabled') ? 'false' : 'true'})`,
      [
        vassalage,
        `${vassalage[0]}${vassalage.slice(1).toLowerCase()} Studio`,
        types,
        `/art/vendors/${vassalage}.svg`,
      ],
    );
  const game = (vassalage: string, type: GameType, code: string, options: Partial<GameOptions> = {}) =>
    app.db.query(
      `insert into games (vassalage, game_type, game_code, names, icon_url, is_hot, game_classify, sort, enabled)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        vassalage,
        type,
        code,
        JSON.stringify(options.names ?? { EN: code }),
        `/art/games/${code}.svg`,
        options.isHot ?? false,
        options.gameClassify ?? null,
        options.sort ?? 0,
        options.enabled ?? true,
      ],
    );
  const sorting = (merchantCode: string, type: GameType, vassalage: string, sort: number) =>
    app.db.query(
      'insert into merchant_vendor_sorting (merchant_code, game_type, vassalage, sort) values ($1, $2, $3, $4)',
      [merchantCode, type, vassalage, sort],
    );

  await vendor('ALPHA', ['RNG']);
  for (let n = 1; n <= 25; n++) {
    await game('ALPHA', 'RNG', `alpha-${String(n).padStart(2, '0')}`, {
      names: { EN: `Alpha ${n}`, PT: `Alfa ${n}` },
      gameClassify: n % 2 ? 'video-slots' : 'megaways',
      isHot: n <= 10,
      sort: n,
    });
  }
  await sorting('BR', 'RNG', 'ALPHA', 15);
  await sorting('MX', 'RNG', 'ALPHA', 25);

  await vendor('GHOST', ['LIVE']);
  await sorting('BR', 'LIVE', 'GHOST', 1);
  await vendor('SLEEPY', ['FISH']);
  await game('SLEEPY', 'FISH', 'sleepy-fish', { enabled: false });
  await sorting('BR', 'FISH', 'SLEEPY', 2);
  await vendor('OFFLINE', ['PVP'], 'disabled');
  await game('OFFLINE', 'PVP', 'offline-poker');
  await sorting('BR', 'PVP', 'OFFLINE', 3);
  await vendor('MAINT', ['CRASH'], 'maintenance');
  await game('MAINT', 'CRASH', 'maint-crash', { names: { EN: 'Rocket' } });
  await sorting('BR', 'CRASH', 'MAINT', 21);

  app.games.clearLobbyCache();
}

type GameOptions = {
  names: Record<string, string>;
  isHot: boolean;
  gameClassify: string;
  sort: number;
  enabled: boolean;
};

/** The nodeId of a game by its code. */
export async function nodeIdOf(app: FastifyInstance, gameCode: string): Promise<number> {
  const [row] = await app.db.query<{ node_id: number }>('select node_id from games where game_code = $1', [
    gameCode,
  ]);
  if (!row) throw new Error(`no game ${gameCode}`);
  return row.node_id;
}
