-- Seamless wallet (DESIGN.md "Seamless-wallet protocol"): the vendors that may call
-- POST /vendor/{code}/wallet/{action}, one-time launch tokens, the vendor's view of a player, every
-- vendor transaction with the exact answer it got, and game rounds for the betting record.
--
-- Money moves only through ledger_post_transfer / ledger_reverse_transfer (0001_ledger.sql), called
-- from the vendor_wallet_* functions below in the same statement (hence the same transaction) that
-- writes the vendor transaction row: a crash can never leave one without the other.
--
-- Like the ledger, the hot tables (vendor_transactions, vendor_rounds) have no foreign keys: their
-- only writers are the functions below, which find the player and accounts before writing.

-- A member an operator has blocked may not open vendor sessions or bet (PLAYER_BLOCKED); wins and
-- refunds still reach them.
alter table members add column blocked boolean not null default false;

create table wallet_vendors (
  -- The code in the wallet URL (/vendor/{code}/wallet/...).
  code text primary key check (code ~ '^[A-Z0-9_]{2,32}$'),
  name text not null,
  -- The HMAC-SHA256 key the vendor signs with. It has to be usable to verify signatures, so it is
  -- stored as given (a hash would not do); no call ever answers it. Null: the secret lives in the
  -- server's configuration instead (the house studio: HOUSE_VENDOR_SECRET or
  -- DATA_DIR/keys/house-vendor-secret), so it never lands in the database or its backups.
  secret text check (secret is null or length(secret) >= 32),
  -- The catalogue vendors (game_vendors.vassalage) whose games this wallet vendor runs: the house
  -- studio runs both SORTE and BGS.
  catalogue_vendors text[] not null check (cardinality(catalogue_vendors) > 0),
  enabled boolean not null default true,
  created_at timestamptz not null default now()
);

-- What a launch hands the game: single use, valid about two minutes, stored only as a SHA-256 hash.
create table vendor_launch_tokens (
  token_hash text primary key,
  vendor_code text not null references wallet_vendors (code),
  member_id bigint not null references members (id),
  node_id integer not null references games (node_id) on delete cascade,
  currency char(3) not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index vendor_launch_tokens_member on vendor_launch_tokens (member_id, expires_at);

-- The vendor's view of a member: a stable opaque playerId per (vendor, member), and the session a
-- successful authenticate (re)starts. Bets need a live session; wins and rollbacks do not.
create table vendor_sessions (
  vendor_code text not null references wallet_vendors (code),
  player_id text not null,
  member_id bigint not null references members (id),
  currency char(3) not null,
  cash_account_id bigint not null,
  started_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  primary key (vendor_code, player_id),
  unique (vendor_code, member_id)
);

-- One row per vendor transaction id, whatever its outcome, kept at least 4 months (DESIGN.md).
-- A repeat finds this row and gets `response` back byte for byte. A rollback of a bet never seen
-- writes a 'tombstone' row under the bet's id, in the same key space, so the late bet finds the id
-- taken (and is refused) even when the two race.
create table vendor_transactions (
  vendor_code text not null,
  transaction_id text not null,
  action text not null check (action in ('bet', 'win', 'rollback', 'tombstone')),
  -- SHA-256 of the canonical request fields; null on tombstones (no request of theirs matches).
  request_hash text,
  player_id text,
  member_id bigint,
  round_id text,
  amount bigint,
  -- The status answered (OK, INSUFFICIENT_FUNDS, ...).
  status text not null,
  -- The money movement, when there was one.
  ledger_transfer_id bigint,
  -- rollback and tombstone: the bet they refer to.
  ref_transaction_id text,
  -- bet and tombstone: the rollback that refunded or cancelled it (a bet is refunded once).
  rolled_back_by text,
  -- The exact bytes answered; null on tombstones.
  response text,
  created_at timestamptz not null default now(),
  primary key (vendor_code, transaction_id)
);
create index vendor_transactions_created on vendor_transactions (created_at);

-- Bets and wins grouped by the vendor's round id, for the betting record.
create table vendor_rounds (
  id bigserial primary key,
  vendor_code text not null,
  round_id text not null,
  member_id bigint not null,
  player_id text not null,
  node_id integer not null,
  -- The catalogue vendor of the game (the record's "vassalage").
  vassalage text not null,
  game_code text not null,
  game_type text not null,
  currency char(3) not null,
  -- Live (not rolled back) bets and all wins, in minor units.
  stake bigint not null default 0 check (stake >= 0),
  payout bigint not null default 0 check (payout >= 0),
  bet_count integer not null default 0,
  win_count integer not null default 0,
  -- cancelled: every bet was rolled back and nothing was won.
  status text not null default 'open' check (status in ('open', 'closed', 'cancelled')),
  opened_at timestamptz not null default now(),
  closed_at timestamptz,
  unique (vendor_code, round_id)
);
create index vendor_rounds_member on vendor_rounds (member_id, opened_at desc, id desc);

-- The protocol's answer, always in this key order and format; stored once, answered on every repeat.
create function vendor_wallet_answer(p_status text, p_balance bigint, p_currency text, p_transaction_id text)
returns text language sql immutable as $$
  select format('{"status":%s,"balance":%s,"currency":%s,"transactionId":%s}',
    to_json(p_status)::text,
    coalesce(p_balance::text, 'null'),
    coalesce(to_json(p_currency)::text, 'null'),
    coalesce(to_json(p_transaction_id)::text, 'null'))
$$;

-- A transaction id seen before: the same request gets the first answer back; anything else
-- (other fields, another action, a bet whose id a rollback tombstoned) is DUPLICATE_MISMATCH, with
-- the requesting player's balance when known. Nothing is written.
create function vendor_wallet_repeat(p_vendor text, p_transaction_id text, p_request_hash text, p_player_id text)
returns table (response text, replayed boolean)
language plpgsql as $$
declare
  v_existing vendor_transactions%rowtype;
  v_balance bigint;
  v_currency text;
begin
  select * into v_existing from vendor_transactions t
   where t.vendor_code = p_vendor and t.transaction_id = p_transaction_id;
  if v_existing.request_hash = p_request_hash then
    return query select v_existing.response, true;
    return;
  end if;
  select a.balance, s.currency into v_balance, v_currency
    from vendor_sessions s join ledger_accounts a on a.id = s.cash_account_id
   where s.vendor_code = p_vendor and s.player_id = p_player_id;
  return query select vendor_wallet_answer('DUPLICATE_MISMATCH', v_balance, v_currency, p_transaction_id), false;
end $$;

-- bet: debits the member's cash to the vendor's clearing account and adds the stake to the round.
-- Refused (recorded, nothing moves): PLAYER_NOT_FOUND, PLAYER_BLOCKED, INVALID_TOKEN (no live
-- session), INVALID_REQUEST (currency, unknown game, a round of another player or game),
-- ROUND_CLOSED, INSUFFICIENT_FUNDS.
create function vendor_wallet_bet(
  p_vendor text,
  p_transaction_id text,
  p_request_hash text,
  p_player_id text,
  p_round_id text,
  p_game_code text,
  p_amount bigint,
  p_currency text,
  p_catalogue text[],
  p_clearing bigint,
  p_ledger_key text,
  p_session_idle_seconds integer,
  p_session_max_seconds integer
) returns table (response text, replayed boolean)
language plpgsql as $$
declare
  v_session vendor_sessions%rowtype;
  v_round vendor_rounds%rowtype;
  v_game record;
  v_created boolean := false;
  v_blocked boolean;
  v_status text;
  v_transfer bigint;
  v_balance bigint;
  v_response text;
begin
  insert into vendor_transactions (vendor_code, transaction_id, action, request_hash, player_id, round_id, amount, status)
  values (p_vendor, p_transaction_id, 'bet', p_request_hash, p_player_id, p_round_id, p_amount, 'PENDING')
  on conflict do nothing;
  if not found then
    return query select * from vendor_wallet_repeat(p_vendor, p_transaction_id, p_request_hash, p_player_id);
    return;
  end if;

  select * into v_session from vendor_sessions s where s.vendor_code = p_vendor and s.player_id = p_player_id;
  if not found then
    v_status := 'PLAYER_NOT_FOUND';
  else
    select m.blocked into v_blocked from members m where m.id = v_session.member_id;
    if v_blocked then
      v_status := 'PLAYER_BLOCKED';
    elsif v_session.last_used_at < now() - make_interval(secs => p_session_idle_seconds)
       or v_session.started_at < now() - make_interval(secs => p_session_max_seconds) then
      v_status := 'INVALID_TOKEN';
    elsif p_currency <> v_session.currency then
      v_status := 'INVALID_REQUEST';
    end if;
  end if;

  if v_status is null then
    begin
      select * into v_round from vendor_rounds r
       where r.vendor_code = p_vendor and r.round_id = p_round_id for update;
      if not found then
        select g.node_id, g.vassalage, g.game_type into v_game from games g
         where g.game_code = p_game_code and g.vassalage = any(p_catalogue)
         order by g.node_id limit 1;
        if not found then
          v_status := 'INVALID_REQUEST';
        else
          -- The round's first bet opens it already holding its stake (one write, the common case).
          insert into vendor_rounds (vendor_code, round_id, member_id, player_id, node_id, vassalage, game_code,
                                     game_type, currency, stake, bet_count)
          values (p_vendor, p_round_id, v_session.member_id, p_player_id, v_game.node_id, v_game.vassalage,
                  p_game_code, v_game.game_type, p_currency, p_amount, 1)
          on conflict (vendor_code, round_id) do nothing
          returning * into v_round;
          if found then
            v_created := true;
          else
            -- A concurrent bet of the same round opened it first: lock it and go on as for any round.
            select * into v_round from vendor_rounds r
             where r.vendor_code = p_vendor and r.round_id = p_round_id for update;
          end if;
        end if;
      end if;
      if v_status is null then
        if v_round.member_id <> v_session.member_id or v_round.game_code <> p_game_code then
          v_status := 'INVALID_REQUEST';
        elsif v_round.status <> 'open' then
          v_status := 'ROUND_CLOSED';
        else
          if not v_created then
            update vendor_rounds set stake = stake + p_amount, bet_count = bet_count + 1 where id = v_round.id;
          end if;
          select t.transfer_id, t.debit_balance into v_transfer, v_balance
            from ledger_post_transfer(p_ledger_key, v_session.cash_account_id, p_clearing, p_amount, p_currency,
                                      'vendor_bet', null,
                                      jsonb_build_object('vendor', p_vendor, 'transactionId', p_transaction_id,
                                                         'roundId', p_round_id)) t;
          v_status := 'OK';
        end if;
      end if;
    exception
      when sqlstate 'SL001' then
        -- Undoes the round this bet may have opened, too: a refused bet leaves no round behind.
        v_status := 'INSUFFICIENT_FUNDS';
        v_transfer := null;
        v_balance := null;
      when sqlstate 'SL002' then
        -- The ledger key outlived the vendor transaction row (kept 4 months) and was reused.
        v_status := 'DUPLICATE_MISMATCH';
        v_transfer := null;
        v_balance := null;
    end;
  end if;

  if v_status = 'OK' then
    -- Bets keep the session alive; one write a minute at most.
    update vendor_sessions set last_used_at = now()
     where vendor_code = p_vendor and player_id = p_player_id and last_used_at < now() - interval '60 seconds';
  end if;
  if v_balance is null and v_session.cash_account_id is not null then
    select a.balance into v_balance from ledger_accounts a where a.id = v_session.cash_account_id;
  end if;
  v_response := vendor_wallet_answer(v_status, v_balance, v_session.currency, p_transaction_id);
  update vendor_transactions
     set status = v_status, member_id = v_session.member_id, ledger_transfer_id = v_transfer, response = v_response
   where vendor_code = p_vendor and transaction_id = p_transaction_id;
  return query select v_response, false;
end $$;

-- win: credits the member from the vendor's clearing account (an amount of 0 moves nothing) and adds
-- it to the round; roundEnded closes the round. Neither the session's age nor a block is checked.
-- Refused (recorded): PLAYER_NOT_FOUND, INVALID_REQUEST, BET_NOT_FOUND (no such round), ROUND_CLOSED.
create function vendor_wallet_win(
  p_vendor text,
  p_transaction_id text,
  p_request_hash text,
  p_player_id text,
  p_round_id text,
  p_game_code text,
  p_amount bigint,
  p_currency text,
  p_round_ended boolean,
  p_clearing bigint,
  p_ledger_key text
) returns table (response text, replayed boolean)
language plpgsql as $$
declare
  v_session vendor_sessions%rowtype;
  v_round vendor_rounds%rowtype;
  v_status text;
  v_transfer bigint;
  v_balance bigint;
  v_response text;
begin
  insert into vendor_transactions (vendor_code, transaction_id, action, request_hash, player_id, round_id, amount, status)
  values (p_vendor, p_transaction_id, 'win', p_request_hash, p_player_id, p_round_id, p_amount, 'PENDING')
  on conflict do nothing;
  if not found then
    return query select * from vendor_wallet_repeat(p_vendor, p_transaction_id, p_request_hash, p_player_id);
    return;
  end if;

  select * into v_session from vendor_sessions s where s.vendor_code = p_vendor and s.player_id = p_player_id;
  if not found then
    v_status := 'PLAYER_NOT_FOUND';
  elsif p_currency <> v_session.currency then
    v_status := 'INVALID_REQUEST';
  else
    select * into v_round from vendor_rounds r
     where r.vendor_code = p_vendor and r.round_id = p_round_id for update;
    if not found then
      v_status := 'BET_NOT_FOUND';
    elsif v_round.member_id <> v_session.member_id or v_round.game_code <> p_game_code then
      v_status := 'INVALID_REQUEST';
    elsif v_round.status <> 'open' then
      v_status := 'ROUND_CLOSED';
    else
      if p_amount > 0 then
        select t.transfer_id, t.credit_balance into v_transfer, v_balance
          from ledger_post_transfer(p_ledger_key, p_clearing, v_session.cash_account_id, p_amount, p_currency,
                                    'vendor_win', null,
                                    jsonb_build_object('vendor', p_vendor, 'transactionId', p_transaction_id,
                                                       'roundId', p_round_id)) t;
      end if;
      update vendor_rounds
         set payout = payout + p_amount, win_count = win_count + 1,
             status = case when p_round_ended then 'closed' else status end,
             closed_at = case when p_round_ended then now() else closed_at end
       where id = v_round.id;
      v_status := 'OK';
    end if;
  end if;

  if v_balance is null and v_session.cash_account_id is not null then
    select a.balance into v_balance from ledger_accounts a where a.id = v_session.cash_account_id;
  end if;
  v_response := vendor_wallet_answer(v_status, v_balance, v_session.currency, p_transaction_id);
  update vendor_transactions
     set status = v_status, member_id = v_session.member_id, ledger_transfer_id = v_transfer, response = v_response
   where vendor_code = p_vendor and transaction_id = p_transaction_id;
  return query select v_response, false;
end $$;

-- rollback: refunds one bet, once. A bet never seen answers OK and leaves a tombstone under its id;
-- a bet already refunded, or one that moved no money, answers OK and moves nothing; a bet whose round
-- is closed answers ROUND_CLOSED. When no live bet and no win is left, the round is cancelled.
-- Refused (recorded): PLAYER_NOT_FOUND, INVALID_REQUEST (the id is not a bet of this player and
-- round), ROUND_CLOSED.
create function vendor_wallet_rollback(
  p_vendor text,
  p_transaction_id text,
  p_request_hash text,
  p_player_id text,
  p_round_id text,
  p_ref_transaction_id text,
  p_ledger_key text
) returns table (response text, replayed boolean)
language plpgsql as $$
declare
  v_session vendor_sessions%rowtype;
  v_bet vendor_transactions%rowtype;
  v_round vendor_rounds%rowtype;
  v_status text;
  v_transfer bigint;
  v_balance bigint;
  v_response text;
begin
  insert into vendor_transactions (vendor_code, transaction_id, action, request_hash, player_id, round_id,
                                   ref_transaction_id, status)
  values (p_vendor, p_transaction_id, 'rollback', p_request_hash, p_player_id, p_round_id, p_ref_transaction_id,
          'PENDING')
  on conflict do nothing;
  if not found then
    return query select * from vendor_wallet_repeat(p_vendor, p_transaction_id, p_request_hash, p_player_id);
    return;
  end if;

  select * into v_session from vendor_sessions s where s.vendor_code = p_vendor and s.player_id = p_player_id;
  if not found then
    v_status := 'PLAYER_NOT_FOUND';
  else
    -- Claim the bet's id; if it is taken, wait for its writer and lock what it wrote.
    insert into vendor_transactions (vendor_code, transaction_id, action, player_id, member_id, round_id, status,
                                     ref_transaction_id, rolled_back_by)
    values (p_vendor, p_ref_transaction_id, 'tombstone', p_player_id, v_session.member_id, p_round_id, 'ROLLED_BACK',
            p_transaction_id, p_transaction_id)
    on conflict do nothing;
    if found then
      v_status := 'OK';
    else
      select * into v_bet from vendor_transactions t
       where t.vendor_code = p_vendor and t.transaction_id = p_ref_transaction_id for update;
      if v_bet.action = 'tombstone' then
        v_status := case when v_bet.player_id = p_player_id then 'OK' else 'INVALID_REQUEST' end;
      elsif v_bet.action <> 'bet' or v_bet.player_id <> p_player_id or v_bet.round_id <> p_round_id then
        v_status := 'INVALID_REQUEST';
      elsif v_bet.rolled_back_by is not null then
        v_status := 'OK';
      elsif v_bet.ledger_transfer_id is null then
        -- A refused bet moved nothing: there is nothing to refund, but it counts as rolled back.
        update vendor_transactions set rolled_back_by = p_transaction_id
         where vendor_code = p_vendor and transaction_id = p_ref_transaction_id;
        v_status := 'OK';
      else
        select * into v_round from vendor_rounds r
         where r.vendor_code = p_vendor and r.round_id = v_bet.round_id for update;
        if v_round.status <> 'open' then
          v_status := 'ROUND_CLOSED';
        else
          select t.transfer_id, t.credit_balance into v_transfer, v_balance
            from ledger_reverse_transfer(p_ledger_key, v_bet.ledger_transfer_id,
                                         jsonb_build_object('vendor', p_vendor, 'transactionId', p_transaction_id,
                                                            'refTransactionId', p_ref_transaction_id)) t;
          update vendor_transactions set rolled_back_by = p_transaction_id
           where vendor_code = p_vendor and transaction_id = p_ref_transaction_id;
          update vendor_rounds
             set stake = stake - v_bet.amount, bet_count = bet_count - 1,
                 status = case when bet_count - 1 = 0 and win_count = 0 then 'cancelled' else status end,
                 closed_at = case when bet_count - 1 = 0 and win_count = 0 then now() else closed_at end
           where id = v_round.id;
          v_status := 'OK';
        end if;
      end if;
    end if;
  end if;

  if v_balance is null and v_session.cash_account_id is not null then
    select a.balance into v_balance from ledger_accounts a where a.id = v_session.cash_account_id;
  end if;
  v_response := vendor_wallet_answer(v_status, v_balance, v_session.currency, p_transaction_id);
  update vendor_transactions
     set status = v_status, member_id = v_session.member_id, ledger_transfer_id = v_transfer, response = v_response
   where vendor_code = p_vendor and transaction_id = p_transaction_id;
  return query select v_response, false;
end $$;
