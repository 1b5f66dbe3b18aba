import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWithFirstCrashesBetween, TEST_SALT } from './test/chains';
import { client, crashSocket, repoRoot, type ServerProcess, spawnServer, tempDir } from './test/helpers';

/**
 * End to end against the real platform: `apps/server/src/main.ts` in its own process (embedded
 * PGlite under a temporary DATA_DIR, demo data seeded, the studio embedded under /studio as
 * `npm start` runs it). The test plays as the seeded demo member through the platform's own
 * launch flow and checks the platform's balance after every round, then the betting record, then
 * the ledger verifier on the stopped platform's database.
 */
describe('studio against the real platform', () => {
  const dataDir = tempDir('platform');
  // Quick crash games (1.01×–2.00×) so the test never waits long for the next betting phase.
  const { seed, crashPoints } = seedWithFirstCrashesBetween(12, 101, 200);
  let platform: ServerProcess | null = null;
  let origin = '';
  let memberToken = '';

  const wps = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${origin}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(memberToken ? { authorization: `Bearer ${memberToken}` } : {}),
        ...init.headers,
      },
    });
    const body = (await res.json()) as { success: boolean; value: Record<string, unknown> };
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.value;
  };
  const platformBalance = async () => Number((await wps('/wps/v2/wallets/balance')).balance);
  const nodeIds = new Map<string, number>();

  /** The member opens a game the way the site does: launch URL, then the frame's session call. */
  async function play(gameCode: string) {
    const launched = await wps(`/wps/game/launchGame?game=${nodeIds.get(gameCode)}`);
    const url = new URL(launched.url as string, origin);
    expect(url.pathname).toBe(`/studio/play/${gameCode}`);
    const token = url.searchParams.get('token') as string;
    const res = await client(`${origin}/studio`)('POST', '/api/session', { token, gameCode });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return {
      call: client(`${origin}/studio`, res.body.session as string),
      session: res.body.session as string,
      opened: res.body,
    };
  }

  beforeAll(async () => {
    platform = await spawnServer('apps/server/src/main.ts', {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SERVE_WEB: 'false',
      SEED_DEMO: 'true',
      // The demo member and games; not the 90 days of other players' history nothing here reads.
      SEED_DEMO_HISTORY: 'false',
      HOUSE_STUDIO: 'true',
      STUDIO_URL: '/studio',
      HOUSE_VENDOR_SECRET: randomBytes(32).toString('base64url'),
      STUDIO_WEB_DIST_DIR: join(dataDir, 'no-frames'),
      CRASH_CHAIN_SEED: seed,
      CRASH_SALT: TEST_SALT,
      CRASH_CHAIN_LENGTH: '200',
      CRASH_BETTING_MS: '3000',
      CRASH_COOLDOWN_MS: '500',
      // A busy test machine stalls every process: that is no load for this platform to shed.
      LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      LOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
    });
    origin = platform.origin;
    memberToken = (
      await wps('/wps/session/login', {
        method: 'POST',
        body: JSON.stringify({ username: 'demo', password: 'sorte-demo-2026' }),
      })
    ).token as string;
    for (const gameType of ['BONUS', 'RNG', 'CRASH']) {
      const page = await wps(`/wps/relay/gameList?gameType=${gameType}&pageSize=50`);
      for (const game of page.content as { gameCode: string; nodeId: number; vassalage: string }[])
        if (['SORTE', 'BGS'].includes(game.vassalage)) nodeIds.set(game.gameCode, game.nodeId);
    }
  }, 180_000);

  afterAll(async () => {
    await platform?.kill().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('plays dice, mines, both slots and a crash round, the platform balance following every round', async () => {
    let expected = await platformBalance();
    expect(expected).toBe(100_000);

    const dice = await play('dice');
    expect(dice.opened).toMatchObject({ currency: 'BRL', balance: expected, gameCode: 'dice' });
    for (const target of [5000, 2500]) {
      const bet = await dice.call('POST', '/api/dice/bet', { amount: 1000, direction: 'over', target });
      expect(bet.status, JSON.stringify(bet.body)).toBe(200);
      expected += (bet.body.payout as number) - 1000;
      expect(bet.body.balance).toBe(expected);
      expect(await platformBalance()).toBe(expected);
    }

    const mines = await play('mines');
    const start = await mines.call('POST', '/api/mines/start', { amount: 2000, mines: 3 });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expected -= 2000;
    expect(start.body.balance).toBe(expected);
    expect(await platformBalance()).toBe(expected);
    // Two safe picks, then cash out (or the round ends on a mine).
    let minesPayout = 0;
    let safePicks = 0;
    for (let tile = 0; tile < 25 && safePicks < 2; tile++) {
      const pick = await mines.call('POST', '/api/mines/reveal', { roundId: start.body.roundId, tile });
      expect(pick.status).toBe(200);
      if (!pick.body.safe) break;
      safePicks++;
    }
    if (safePicks === 2) {
      const cashout = await mines.call('POST', '/api/mines/cashout', { roundId: start.body.roundId });
      expect(cashout.status).toBe(200);
      minesPayout = cashout.body.payout as number;
      expect(cashout.body.mines).toHaveLength(3);
    }
    expected += minesPayout;
    expect(await platformBalance()).toBe(expected);

    for (const gameCode of ['fortune-reels', 'lucky-sevens']) {
      const slot = await play(gameCode);
      const spun = await slot.call('POST', `/api/slots/${gameCode}/spin`, { amount: 1000 });
      expect(spun.status, JSON.stringify(spun.body)).toBe(200);
      expected += (spun.body.payout as number) - 1000;
      expect(spun.body.balance).toBe(expected);
      expect(await platformBalance()).toBe(expected);
    }

    const crash = await play('crash');
    const socket = await crashSocket(`${origin}/studio`);
    socket.send({ type: 'auth', session: crash.session });
    const snapshot = await socket.next((m) => m.type === 'snapshot');
    const betting =
      snapshot.phase === 'betting' && (snapshot.bettingEndsInMs as number) > 1000
        ? snapshot
        : await socket.next((m) => m.type === 'betting', 30_000);
    const gameId = betting.gameId as number;
    socket.send({ type: 'bet', amount: 1000, autoCashout: 150 });
    const accepted = await socket.next((m) => m.type === 'bet_accepted' || m.type === 'error');
    expect(accepted).toMatchObject({ type: 'bet_accepted', gameId });
    expected -= 1000;
    expect(accepted.balance).toBe(expected);
    expect(await platformBalance()).toBe(expected);
    const crashed = await socket.next((m) => m.type === 'crashed' && m.gameId === gameId, 30_000, 0);
    const crashPoint = crashPoints[gameId - 1] as number;
    expect(crashed.crashPoint).toBe(crashPoint);
    if (crashPoint >= 150) {
      const cashed = await socket.next((m) => m.type === 'cashed_out', 5000, 0);
      expect(cashed).toMatchObject({ at: 150, payout: 1500 });
      expected += 1500;
    }
    socket.close();
    // The loss (a win of 0) or the cash-out closes the round on the platform.
    const record = async () =>
      (await wps('/wps/relay/bettingRecord?pageSize=50')).content as {
        gameCode: string;
        status: string;
        stake: number;
        payout: number;
      }[];
    let rounds = await record();
    for (let i = 0; i < 50 && rounds.some((r) => r.status === 'OPEN'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rounds = await record();
    }
    expect(await platformBalance()).toBe(expected);
    expect(rounds.map((r) => r.gameCode).sort()).toEqual(
      ['crash', 'dice', 'dice', 'fortune-reels', 'lucky-sevens', 'mines'].sort(),
    );
    expect(rounds.every((r) => r.status === 'CLOSED')).toBe(true);
    expect(rounds.reduce((sum, r) => sum + r.payout - r.stake, 0)).toBe(expected - 100_000);

    // The studio's own history agrees with the platform's record.
    const history = await dice.call('GET', '/api/history?limit=50');
    expect((history.body as unknown as unknown[]).length).toBe(6);
  });

  it('leaves a ledger that verifies once the platform has stopped', async () => {
    expect(await platform?.stop()).toBe(0);
    platform = null;
    const run = spawnSync('npm', ['run', 'ledger:verify'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/ledger ok/i);
  });
});
