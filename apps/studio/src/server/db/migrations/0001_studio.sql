-- The studio's own tables (apps/studio never shares the platform's database): player sessions,
-- provably-fair seed pairs, rounds with their state machine, the outbox of wallet calls, and the
-- crash game's hash chains and games.

-- An opaque studio session per game launch: only the SHA-256 of the token is kept.
create table studio_sessions (
  token_hash text primary key,
  -- The platform's opaque player id (authenticate's answer) and the player's currency.
  player_id text not null,
  currency char(3) not null,
  game_code text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now()
);
create index studio_sessions_player on studio_sessions (player_id);
create index studio_sessions_used on studio_sessions (last_used_at);

-- Seed pairs: one active pair per player. The server seed stays secret until the pair is rotated;
-- its SHA-256 is shown before any bet. next_nonce is taken by each bet in the statement that
-- creates the round, so a nonce is never used twice.
create table player_seeds (
  id bigserial primary key,
  player_id text not null,
  server_seed text not null,
  server_seed_hash text not null,
  client_seed text not null,
  next_nonce integer not null default 0 check (next_nonce >= 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  revealed_at timestamptz
);
create unique index player_seeds_active on player_seeds (player_id) where active;
create index player_seeds_player on player_seeds (player_id, id desc);

-- One round per bet. State machine:
--   open             the bet is being (or was) sent; its answer has not been read
--   bet_acknowledged the platform took the stake
--   settled          the win (0 for a loss) was acknowledged: the round is closed on both sides
--   refunded         the rollback was acknowledged (a bet whose answer was lost, an aborted game)
--   rejected         the platform refused the bet (no money moved)
-- payout not null: the result is decided and a win call is in the outbox; refund_reason not null:
-- a rollback is in the outbox. Round and call are always written in one transaction.
create table rounds (
  id text primary key,
  player_id text not null,
  currency char(3) not null,
  game_code text not null,
  request_id text,
  stake bigint not null check (stake > 0),
  state text not null default 'open'
    check (state in ('open', 'bet_acknowledged', 'settled', 'refunded', 'rejected')),
  seed_id bigint,
  nonce integer,
  crash_game_id bigint,
  -- What the player chose (target, direction, rows, mines, auto cash-out...).
  params jsonb not null default '{}',
  -- The public result (for history and verification).
  outcome jsonb,
  -- What must stay hidden until the round ends (mine positions).
  secret jsonb,
  payout bigint check (payout >= 0),
  multiplier_bp bigint,
  refund_reason text,
  -- The player's balance in the last wallet answer about this round.
  balance bigint,
  -- The wallet status that refused the bet (state rejected).
  reject_status text,
  -- The answer given to the player, for a repeat of the same request id.
  reply jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  closed_at timestamptz,
  unique (player_id, request_id)
);
create index rounds_player on rounds (player_id, created_at desc);
create index rounds_unclosed on rounds (state) where state in ('open', 'bet_acknowledged');
create index rounds_crash_game on rounds (crash_game_id) where crash_game_id is not null;
-- One mines round in play per player.
create unique index rounds_one_mines_in_play on rounds (player_id)
  where game_code = 'mines' and state in ('open', 'bet_acknowledged') and payout is null and refund_reason is null;

-- The outbox of wallet calls. The studio owns every transaction id ({roundId}:bet|win|rollback) and
-- the exact body, so a retry can only ever find the first call, never repeat its effect. Bets are
-- sent once (a lost answer is rolled back); wins and rollbacks are retried until acknowledged.
create table wallet_calls (
  transaction_id text primary key,
  round_id text not null,
  action text not null check (action in ('bet', 'win', 'rollback')),
  body text not null,
  state text not null default 'pending' check (state in ('pending', 'done', 'abandoned')),
  attempts integer not null default 0,
  -- Status of the last answer, or what went wrong on the way (TIMEOUT, NETWORK, HTTP 500, SIGNATURE).
  last_status text,
  answer text,
  next_attempt_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  done_at timestamptz
);
create index wallet_calls_due on wallet_calls (next_attempt_at) where state = 'pending';
create index wallet_calls_round on wallet_calls (round_id);

-- Crash: a SHA-256 hash chain generated from a secret seed and played in reverse. The terminating
-- hash and the salt are published before the chain's first game.
create table crash_chains (
  id serial primary key,
  seed text not null,
  terminating_hash text not null,
  salt text not null,
  length integer not null check (length > 0),
  -- gameId of the chain's game 1: game number = gameId − first_game_id + 1.
  first_game_id bigint not null,
  created_at timestamptz not null default now()
);

create table crash_games (
  id bigint primary key,
  chain_id integer not null references crash_chains (id),
  game_number integer not null,
  hash text not null,
  -- Hundredths (235 = 2.35x); secret until the game has crashed.
  crash_point bigint not null,
  state text not null check (state in ('betting', 'running', 'crashed', 'aborted')),
  created_at timestamptz not null default now(),
  started_at timestamptz,
  ended_at timestamptz,
  unique (chain_id, game_number)
);
create index crash_games_crashed on crash_games (id desc) where state = 'crashed';
