/** Shapes of the studio API (apps/studio/API.md). Amounts are whole minor units. */

export const gameCodes = [
  'crash',
  'fortune-reels',
  'lucky-sevens',
  'dice',
  'limbo',
  'mines',
  'plinko',
] as const;
export type GameCode = (typeof gameCodes)[number];

export function isGameCode(value: string): value is GameCode {
  return (gameCodes as readonly string[]).includes(value);
}

export type Fairness = { serverSeedHash: string; clientSeed: string; nonce: number };

export type SessionInfo = {
  session: string;
  playerId: string;
  currency: string;
  balance: number;
  gameCode: string;
  fairness: Fairness;
  /** Optional table limits; the frame falls back to its defaults. */
  limits?: { min: number; max: number };
};

export type RevealedSeeds = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** Null when no bet was made on the pair. */
  lastNonce: number | null;
  betCount?: number;
};

export type RotateAnswer = { revealed: RevealedSeeds; next: Fairness };

export type HistoryRow = {
  roundId: string;
  gameCode: string;
  stake: number;
  payout: number;
  /** The paid multiplier: 0 on a loss. */
  multiplierBp: number;
  outcome: unknown;
  /** What the player chose (direction and target, rows and risk, mines). */
  params?: unknown;
  /** Null for crash rounds, which use the shared hash chain instead of per-player seeds. */
  serverSeedHash: string | null;
  clientSeed: string | null;
  nonce: number | null;
  serverSeed: string | null;
  state?: 'settled' | 'bet_acknowledged' | string;
  createdAt: string;
};
