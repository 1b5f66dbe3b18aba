import { createHash } from 'node:crypto';
import {
  addDays,
  type Currency,
  dayIn,
  type GameType,
  type Merchant,
  merchants,
  startOfDayIn,
} from '@sorte/shared';
import type { FastifyInstance } from 'fastify';
import type { SessionMember } from '../modules/auth/auth.service';
import { hashPassword } from '../modules/auth/passwords';
import { newPublicId } from '../modules/payments/payment-rules';
import { PaymentsRepository } from '../modules/payments/payments.repository';
import { HOUSE_WALLET_VENDOR, signVendorBody } from '../modules/vendors/seamless-wallet.service';
import { DEMO_PASSWORD } from './demo-member';
import type { Seeder } from './seeders';

/**
 * 90 days of play at all three merchants, so the console's dashboard and reports (and the players'
 * own records) have something to show after `npm start`: players registering, depositing, playing
 * the house games, winning, withdrawing.
 *
 * The money moves through the real paths, in the order it would have: deposit orders paid through
 * the payments service's webhook handler (signed as the sandbox signs), bets and wins through the
 * seamless wallet (signed as the studio signs), withdrawals locked by the payments repository's
 * function (what the withdrawals service calls once the payment password is checked) and decided by
 * the operators' service. Then the business tables' timestamps are moved to the planned times
 * (members, deposit orders, withdrawals, vendor transactions and rounds, the players' messages) and
 * the dashboard's days are recomputed from them. The ledger's own rows keep the time they were
 * written (they are append-only: nothing may change them), so what reads the ledger (a player's
 * account record, the agents' rollups) sees all of this money as moved today.
 *
 * Deterministic (a seeded random stream), so a rerun plans the same players. It runs once: when its
 * players exist it only recomputes the dashboard's days.
 */
export const DEMO_HISTORY_DAYS = 90;
/** Players per merchant: a few hundred in all, a few thousand rounds. */
const PLAYERS_PER_MERCHANT = 90;
const SEED = 0x50_27_e0;

type Money = {
  channel: string;
  /** Deposit amounts players choose from (minor units), the smaller ones more often. */
  deposits: number[];
  /** Stakes (minor units). */
  stakes: number[];
  withdrawMin: number;
  /** Withdrawals are whole multiples of this. */
  unit: number;
  payee: (n: number) => { type: string; value: string };
  names: string[];
  ipPrefix: string;
};

const money: Record<string, Money> = {
  BR: {
    channel: 'PIX',
    deposits: [2_000, 3_000, 5_000, 5_000, 10_000, 20_000, 50_000],
    stakes: [100, 200, 500, 1_000, 2_000, 5_000],
    withdrawMin: 2_000,
    unit: 1_000,
    payee: (n) => ({ type: 'EVP', value: evpKey(n) }),
    names: ['lucas', 'ana', 'pedro', 'julia', 'rafa', 'bia', 'thiago', 'camila', 'joao', 'leticia'],
    ipPrefix: '198.51.100.',
  },
  MX: {
    channel: 'SPEI',
    deposits: [10_000, 20_000, 20_000, 50_000, 100_000, 200_000],
    stakes: [1_000, 2_000, 5_000, 10_000, 20_000],
    withdrawMin: 10_000,
    unit: 10_000,
    payee: (n) => ({ type: 'CLABE', value: clabe(n) }),
    names: ['diego', 'sofia', 'carlos', 'valeria', 'mateo', 'ximena', 'luis', 'fernanda', 'jorge', 'paola'],
    ipPrefix: '203.0.113.',
  },
  BD: {
    channel: 'BKASH',
    deposits: [20_000, 50_000, 50_000, 100_000, 200_000, 500_000],
    stakes: [1_000, 2_000, 5_000, 10_000, 20_000, 50_000],
    withdrawMin: 50_000,
    unit: 10_000,
    payee: (n) => ({ type: 'WALLET', value: `017${String(10_000_000 + n * 7_919).slice(-8)}` }),
    names: ['rahim', 'nusrat', 'arif', 'tania', 'sakib', 'farhana', 'imran', 'mitu', 'tanvir', 'sadia'],
    ipPrefix: '192.0.2.',
  },
};

/**
 * The house games and how they pay here: win probability and the multipliers of a win. About 89%
 * returned to players: with a few thousand rounds, luck alone moves a merchant's 90 days by several
 * points, and a demo whose house lost money over three months would look broken.
 */
const payouts: Record<string, { p: number; multipliers: number[] }> = {
  crash: { p: 0.43, multipliers: [1.3, 1.5, 1.8, 2, 2.2, 2.7, 3] },
  'fortune-reels': { p: 0.285, multipliers: [1.5, 2, 2, 3, 4, 6] },
  'lucky-sevens': { p: 0.285, multipliers: [1.2, 2, 2.5, 3, 4, 6] },
  dice: { p: 0.455, multipliers: [1.98] },
  limbo: { p: 0.38, multipliers: [1.5, 2, 2.5, 3.2] },
  mines: { p: 0.4, multipliers: [1.2, 1.6, 2, 2.4, 3.8] },
  plinko: { p: 0.475, multipliers: [0.5, 1.1, 1.5, 2, 2.3, 3.8] },
};

type HouseGame = {
  nodeId: number;
  vassalage: string;
  gameType: GameType;
  gameCode: string;
  gameName: string;
};

type Event =
  | { kind: 'deposit'; at: number; amount: number }
  | { kind: 'bet' | 'win'; at: number; round: string; tx: string; amount: number; gameCode: string }
  | { kind: 'withdraw'; at: number; amount: number; decidedAt: number | null; approve: boolean };

type PlannedPlayer = {
  merchant: Merchant;
  n: number;
  username: string;
  createdAt: number;
  ip: string;
  events: Event[];
};

/** mulberry32: a small seeded generator, so every run plans the same history. */
function randomStream(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const MINUTE = 60_000;

/** Plans every player's registration and money, in time order, ending before `now`. */
export function planHistory(now: number, playersPerMerchant = PLAYERS_PER_MERCHANT): PlannedPlayer[] {
  // Each player draws from a stream of their own: a player's history does not change with the
  // clock's time of day (only what would fall after now is left out).
  let random = randomStream(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  /** Smaller choices more often. */
  const pickLow = <T>(list: readonly T[]): T => list[Math.floor(random() ** 1.8 * list.length)] as T;
  const games = Object.keys(payouts);
  const players: PlannedPlayer[] = [];
  for (const merchant of merchants) {
    const m = money[merchant.merchantCode] as Money;
    const today = dayIn(new Date(now), merchant.timeZone);
    const at = (day: string, fromHour: number, toHour: number) =>
      startOfDayIn(day, merchant.timeZone).getTime() +
      Math.floor((fromHour + random() * (toHour - fromHour)) * 60 * MINUTE);
    for (let n = 1; n <= playersPerMerchant; n++) {
      random = randomStream(SEED + n * 7_919 + merchant.merchantCode.charCodeAt(1) * 104_729);
      // More players joined lately than at the start: a growing site.
      const daysAgo = Math.floor(DEMO_HISTORY_DAYS * random() ** 1.4);
      const joinDay = addDays(today, -daysAgo);
      const createdAt = Math.min(at(joinDay, 8, 23.5), now - Math.floor((5 + random() * 175) * MINUTE));
      // e.g. lucas007br: a name, the player's number, the merchant.
      const username = `${pick(m.names)}${String(n).padStart(3, '0')}${merchant.merchantCode.toLowerCase()}`;
      const player: PlannedPlayer = {
        merchant,
        n,
        username,
        createdAt,
        ip: `${m.ipPrefix}${1 + ((n * 37) % 250)}`,
        events: [],
      };
      players.push(player);
      // About one registration in four never deposits.
      if (random() < 0.26) continue;
      const engagement = 0.03 + 0.22 * random() ** 2;
      let balance = 0;
      let lastDeposit = 0;
      let rounds = 0;
      const deposit = (when: number) => {
        const amount = pickLow(m.deposits);
        player.events.push({ kind: 'deposit', at: when, amount });
        balance += amount;
        lastDeposit = amount;
      };
      let t = createdAt + Math.floor((2 + random() * 40) * MINUTE);
      if (t >= now) continue;
      deposit(t);
      for (let day = dayIn(new Date(t), merchant.timeZone); day <= today; day = addDays(day, 1)) {
        const isFirst = player.events.length === 1 && rounds === 0;
        if (!isFirst) {
          if (random() > engagement) continue;
          t = at(day, 9, 23.8);
        }
        if (t > now - 15 * MINUTE) break;
        // Most sessions start with a deposit when the balance is low, some with a top-up anyway.
        const smallest = m.stakes[0] as number;
        const isLow = balance < smallest * 10;
        if (isLow && random() < 0.25) continue;
        if (isLow || random() < 0.3) {
          t += MINUTE;
          deposit(t);
        }
        // One game a session, a few rounds at a stake the balance allows.
        const gameCode = pick(games);
        const affordable = m.stakes.filter((s) => s * 5 <= balance);
        const stake = affordable.length ? pickLow(affordable) : smallest;
        const count = 2 + Math.floor(random() * 6);
        for (let i = 0; i < count && balance >= stake; i++) {
          t += Math.floor((20 + random() * 100) * 1000);
          if (t > now - 2 * MINUTE) break;
          const round = `demo-${merchant.merchantCode}-${n}-${++rounds}`;
          player.events.push({ kind: 'bet', at: t, round, tx: `${round}-b`, amount: stake, gameCode });
          balance -= stake;
          const pays = payouts[gameCode] as { p: number; multipliers: number[] };
          const win = random() < pays.p ? Math.round(stake * pick(pays.multipliers)) : 0;
          t += Math.floor((5 + random() * 60) * 1000);
          player.events.push({ kind: 'win', at: t, round, tx: `${round}-w`, amount: win, gameCode });
          balance += win;
        }
        // Cashing out part of a good run.
        if (balance >= m.withdrawMin && balance > lastDeposit * 1.5 && random() < 0.3) {
          const amount = Math.floor((balance * 0.7) / m.unit) * m.unit;
          t += Math.floor((1 + random() * 10) * MINUTE);
          if (amount >= m.withdrawMin && t < now - MINUTE) {
            // Asked in the last hours: still waiting for an operator. Else decided some time later.
            const waiting = t > now - 8 * 60 * MINUTE;
            const decidedAt = waiting
              ? null
              : Math.min(t + Math.floor((15 + random() * 240) * MINUTE), now - MINUTE);
            const approve = waiting || random() > 0.08;
            player.events.push({ kind: 'withdraw', at: t, amount, decidedAt, approve });
            if (waiting || approve) balance -= amount;
          }
        }
      }
      // A few players (one in fifteen) cash out in the last hours whatever the dice said, so the
      // console's withdrawals queue has something waiting after any first start, not only on the
      // days the random stream happens to plan one.
      const last = player.events.at(-1);
      const hasWaiting = player.events.some((e) => e.kind === 'withdraw' && e.decidedAt === null);
      const amount = Math.floor((balance * 0.5) / m.unit) * m.unit;
      if (n % 15 === 0 && last && !hasWaiting && amount >= m.withdrawMin) {
        const asked = Math.max(last.at + MINUTE, now - Math.floor((30 + random() * 300) * MINUTE));
        if (asked < now - MINUTE) {
          player.events.push({ kind: 'withdraw', at: asked, amount, decidedAt: null, approve: true });
          balance -= amount;
        }
      }
    }
  }
  return players;
}

/** A PIX random key (EVP): a version 4 UUID, made from the player's number. */
function evpKey(n: number): string {
  const hex = createHash('sha256').update(`demo-history-evp-${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** An 18-digit CLABE with a valid check digit (weights 3, 7, 1). */
function clabe(n: number): string {
  const body = `0021800${String(1_000_000_000 + n * 104_729).slice(-10)}`;
  const sum = [...body].reduce((s, d, i) => s + ((Number(d) * ([3, 7, 1][i % 3] as number)) % 10), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export const demoHistorySeeder: Seeder = {
  name: 'demo-history',
  async run(app) {
    const now = Date.now();
    const players = planHistory(now);
    const first = players[0] as PlannedPlayer;
    // Written before (a run that stopped before it was recorded): its money stays as it is.
    const [done] = await app.db.query(
      'select 1 from members where merchant_code = $1 and username_key = $2',
      [first.merchant.merchantCode, first.username],
    );
    if (!done) await writeHistory(app, players);
    const earliest = merchants
      .map((m) => addDays(dayIn(new Date(now), m.timeZone), -DEMO_HISTORY_DAYS))
      .sort()[0];
    await app.consoleDashboard.refresh({ from: earliest as string });
  },
};

type SeededMember = { id: bigint; username: string; merchant: Merchant; cash: bigint; locked: bigint };

async function writeHistory(app: FastifyInstance, planned: PlannedPlayer[]): Promise<void> {
  const members = await insertPlayers(app, planned);
  // A name someone registered already is left out, with its history.
  const players = planned.filter((p) => members.has(p.username));
  const games = await houseGames(app);
  const wallet = app.seamlessWallet;
  const secret = wallet.houseVendor().secret;
  const payments = new PaymentsRepository(app.db);
  const walletCall = async (action: string, body: object) => {
    const raw = JSON.stringify(body);
    const reply = await wallet.handle({
      vendorCode: HOUSE_WALLET_VENDOR,
      action,
      rawBody: Buffer.from(raw),
      signature: signVendorBody(secret, raw),
    });
    const answer = JSON.parse(reply.body) as { status: string; playerId?: string };
    if (answer.status !== 'OK') throw new Error(`demo history: ${action} answered ${answer.status}`);
    return answer;
  };

  // Every player who plays is at the studio's table once: a launch token, then authenticate.
  const playerIds = new Map<bigint, string>();
  const crash = games.get('crash') as HouseGame;
  await Promise.all(
    players.map(async (p) => {
      const member = members.get(p.username) as SeededMember;
      if (!p.events.some((e) => e.kind === 'bet')) return;
      const token = await wallet.createLaunchToken(HOUSE_WALLET_VENDOR, {
        member: {
          id: member.id.toString(),
          username: p.username,
          merchantCode: p.merchant.merchantCode,
          currency: p.merchant.currency,
          isTrial: false,
        },
        game: crash,
        language: 'EN',
        returnUrl: '/',
      });
      playerIds.set(member.id, (await walletCall('authenticate', { token })).playerId as string);
    }),
  );

  const depositsAt: Array<[string, number]> = [];
  const withdrawalsAt: Array<[string, number, number | null]> = [];
  const payees = new Map<bigint, bigint>();
  const run = async (p: PlannedPlayer, event: Event) => {
    const member = members.get(p.username) as SeededMember;
    const m = money[p.merchant.merchantCode] as Money;
    switch (event.kind) {
      case 'deposit': {
        const order = await app.payments.deposits.createDeposit(sessionMemberOf(member), {
          channel: m.channel as 'PIX',
          amount: event.amount,
        });
        const { body, signature } = await app.paymentsSandbox.signedEvent(order.orderId, 'payment.paid');
        const answer = await app.payments.deposits.handleWebhook('sandbox', Buffer.from(body), {
          'x-sandbox-signature': signature,
        });
        if (answer.outcome !== 'credited') throw new Error(`demo history: deposit ${answer.outcome}`);
        depositsAt.push([order.orderId, event.at]);
        return;
      }
      case 'bet':
      case 'win': {
        const game = games.get(event.gameCode) as HouseGame;
        const body = {
          transactionId: event.tx,
          playerId: playerIds.get(member.id),
          roundId: event.round,
          gameCode: game.gameCode,
          amount: event.amount,
          currency: p.merchant.currency,
          ...(event.kind === 'win' ? { roundEnded: true } : {}),
        };
        await walletCall(event.kind, body);
        return;
      }
      case 'withdraw': {
        let payeeId = payees.get(member.id);
        if (payeeId === undefined) {
          const payee = await payments.insertPayee({
            memberId: member.id,
            channel: m.channel,
            ...m.payee(p.n),
            holderName: p.username,
            limit: 5,
          });
          if (typeof payee === 'string') throw new Error(`demo history: payee ${payee}`);
          payeeId = payee.id;
          payees.set(member.id, payeeId);
        }
        const withdrawalNo = newPublicId('W');
        await payments.lockWithdrawal({
          withdrawalNo,
          memberId: member.id,
          merchantCode: p.merchant.merchantCode,
          requestId: `demo-history-${event.at}`,
          payeeId,
          amount: BigInt(event.amount),
          currency: p.merchant.currency,
          provider: 'sandbox',
          cashAccountId: member.cash,
          lockedAccountId: member.locked,
        });
        if (event.decidedAt !== null) {
          if (event.approve) await app.payments.decisions.approve(withdrawalNo, 'demo');
          else
            await app.payments.decisions.reject(withdrawalNo, 'demo', 'The account holder does not match.');
        }
        withdrawalsAt.push([withdrawalNo, event.at, event.decidedAt]);
        return;
      }
    }
  };
  // Each player's events in their order; players side by side, so that the wallet's calls of one
  // step share batches (its group commit).
  const steps = Math.max(0, ...players.map((p) => p.events.length));
  for (let step = 0; step < steps; step++) {
    await Promise.all(
      players.flatMap((p) => {
        const event = p.events[step];
        return event ? [run(p, event)] : [];
      }),
    );
  }
  await backdate(app, players, depositsAt, withdrawalsAt);
}

/** The players, straight into members (no money): all sign in with the demo member's password. */
async function insertPlayers(
  app: FastifyInstance,
  players: PlannedPlayer[],
): Promise<Map<string, SeededMember>> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = await app.db.query<{ id: bigint; username: string; merchant_code: string }>(
    `insert into members (merchant_code, username, username_key, password_hash, first_login, registration_ip, created_at)
     select p.merchant_code, p.username, lower(p.username), $5, false, p.ip, p.created_at
       from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) as p(merchant_code, username, ip, created_at)
     on conflict (merchant_code, username_key) do nothing
     returning id, username, merchant_code`,
    [
      players.map((p) => p.merchant.merchantCode),
      players.map((p) => p.username),
      players.map((p) => p.ip),
      players.map((p) => new Date(p.createdAt)),
      passwordHash,
    ],
  );
  const byName = new Map(players.map((p) => [p.username, p]));
  const members = new Map<string, SeededMember>();
  for (const row of rows) {
    const player = byName.get(row.username) as PlannedPlayer;
    // Accounts for the players with money only (the others never deposited).
    const accounts =
      player.events.length > 0
        ? await app.ledger.openAccounts(row.id.toString(), player.merchant.currency as Currency)
        : { cash: 0n, locked: 0n };
    members.set(row.username, {
      id: row.id,
      username: row.username,
      merchant: player.merchant,
      cash: accounts.cash,
      locked: accounts.locked,
    });
  }
  return members;
}

async function houseGames(app: FastifyInstance): Promise<Map<string, HouseGame>> {
  const rows = await app.db.query<{
    node_id: number;
    vassalage: string;
    game_type: GameType;
    game_code: string;
    name: string;
  }>(
    `select node_id, vassalage, game_type, game_code, names->>'EN' as name from games
      where game_code = any($1::text[]) and enabled`,
    [Object.keys(payouts)],
  );
  return new Map(
    rows.map((r) => [
      r.game_code,
      {
        nodeId: r.node_id,
        vassalage: r.vassalage,
        gameType: r.game_type,
        gameCode: r.game_code,
        gameName: r.name,
      },
    ]),
  );
}

/** What the payments service needs of a member to take a deposit order (no session behind it). */
function sessionMemberOf(member: SeededMember): SessionMember {
  return {
    id: member.id,
    merchant_code: member.merchant.merchantCode,
    username: member.username,
    mobile: null,
    email: null,
    password_hash: '',
    type: 0,
    nickname: null,
    payee_name: null,
    invite_code: null,
    upline_id: null,
    first_login: false,
    must_change_password: false,
    password_changed_at: new Date(),
    created_at: new Date(),
    blocked: false,
    sessionTokenHash: '',
  };
}

/**
 * Moves the business rows to the planned times: deposit orders (and the sandbox's books of them),
 * withdrawals, the wallet's transactions and rounds. Ledger rows are not touched.
 */
async function backdate(
  app: FastifyInstance,
  players: PlannedPlayer[],
  deposits: Array<[string, number]>,
  withdrawals: Array<[string, number, number | null]>,
): Promise<void> {
  const at = (ms: number) => new Date(ms);
  await app.db.query(
    `update deposit_orders o set created_at = k.at - interval '2 minutes', settled_at = k.at,
            expires_at = k.at + interval '28 minutes'
       from unnest($1::text[], $2::timestamptz[]) as k(order_no, at) where o.order_no = k.order_no`,
    [deposits.map((d) => d[0]), deposits.map((d) => at(d[1]))],
  );
  await app.db.query(
    `update sandbox_payments s set status = 'paid', created_at = k.at - interval '2 minutes', updated_at = k.at
       from unnest($1::text[], $2::timestamptz[]) as k(order_no, at) where s.order_no = k.order_no`,
    [deposits.map((d) => d[0]), deposits.map((d) => at(d[1]))],
  );
  await app.db.query(
    `update payment_webhook_events e set received_at = k.at
       from unnest($1::text[], $2::timestamptz[]) as k(order_no, at) where e.order_no = k.order_no`,
    [deposits.map((d) => d[0]), deposits.map((d) => at(d[1]))],
  );
  await app.db.query(
    `update withdrawals w set created_at = k.at, decided_at = k.decided_at,
            paid_at = case when w.status = 'paid' then k.decided_at + interval '1 minute' end,
            confirm_deadline = case when w.status = 'paid' then k.decided_at + interval '31 minutes' end
       from unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) as k(withdrawal_no, at, decided_at)
      where w.withdrawal_no = k.withdrawal_no`,
    [
      withdrawals.map((w) => w[0]),
      withdrawals.map((w) => at(w[1])),
      withdrawals.map((w) => (w[2] ? at(w[2]) : null)),
    ],
  );
  // The messages the players got about them (kept with the order's or withdrawal's number): sent
  // then, and read, but for the last two days'.
  const told = [
    ...deposits,
    ...withdrawals.flatMap(([no, , decidedAt]) => (decidedAt ? [[no, decidedAt] as const] : [])),
  ];
  await app.db.query(
    `update member_messages m set created_at = k.at,
            read_at = case when k.at < now() - interval '2 days' then k.at + interval '1 hour' end
       from unnest($1::text[], $2::timestamptz[]) as k(ref, at) where m.params->>'orderId' = k.ref`,
    [told.map((d) => d[0]), told.map((d) => at(d[1]))],
  );
  const moves = players.flatMap((p) =>
    p.events.flatMap((e) => (e.kind === 'bet' || e.kind === 'win' ? [e] : [])),
  );
  await app.db.query(
    `update vendor_transactions v set created_at = k.at
       from unnest($1::text[], $2::timestamptz[]) as k(id, at)
      where v.vendor_code = $3 and v.transaction_id = k.id`,
    [moves.map((e) => e.tx), moves.map((e) => at(e.at)), HOUSE_WALLET_VENDOR],
  );
  const wins = moves.filter((e) => e.kind === 'win');
  const bets = new Map(moves.filter((e) => e.kind === 'bet').map((e) => [e.round, e.at]));
  await app.db.query(
    `update vendor_rounds r set opened_at = k.opened_at, closed_at = k.closed_at
       from unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) as k(round_id, opened_at, closed_at)
      where r.vendor_code = $4 and r.round_id = k.round_id`,
    [
      wins.map((e) => e.round),
      wins.map((e) => at(bets.get(e.round) as number)),
      wins.map((e) => at(e.at)),
      HOUSE_WALLET_VENDOR,
    ],
  );
}
