-- The seamless wallet through the ledger's door (issue 12): its functions no longer read the ledger's
-- tables. The balance a wallet answer carries when no transfer returned one (a refused call, a win
-- of 0, a repeat with other fields) comes from ledger_account_balance, the ledger's own reader, by
-- the account id the session names. Same statements otherwise, same locks, same answers:
-- vendor_wallet_repeat and _rollback as in 0010, _bet and _win as in 0018, each with that one read
-- changed.

-- An account's balance by id (null when there is no such account). PL/pgSQL, not SQL: its plan is
-- kept for the session (a SQL function called from PL/pgSQL is planned again in every transaction).
create function ledger_account_balance(p_account_id bigint)
returns bigint
language plpgsql stable as $$
begin
  return (select a.balance from ledger_accounts a where a.id = p_account_id);
end $$;

create or replace function vendor_wallet_repeat(p_vendor text, p_transaction_id text, p_request_hash text, p_player_id text)
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
  select ledger_account_balance(s.cash_account_id), s.currency into v_balance, v_currency
    from vendor_sessions s
   where s.vendor_code = p_vendor and s.player_id = p_player_id;
  return query select vendor_wallet_answer('DUPLICATE_MISMATCH', v_balance, v_currency, p_transaction_id), false;
end $$;

create or replace function vendor_wallet_bet(
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
  -- The session with its member's block flag, read in one statement.
  v_session record;
  v_round vendor_rounds%rowtype;
  v_created boolean := false;
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

  select s.member_id, s.currency, s.cash_account_id, s.started_at, s.last_used_at, m.blocked
    into v_session
    from vendor_sessions s join members m on m.id = s.member_id
   where s.vendor_code = p_vendor and s.player_id = p_player_id;
  if not found then
    v_status := 'PLAYER_NOT_FOUND';
  else
    if v_session.blocked then
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
      -- The round's first bet opens it already holding its stake (one write, the common case). Taken
      -- already (or being opened by a concurrent bet, which this waits for): lock it and go on as for
      -- any round. Neither opened nor found: the game is not one of this vendor's.
      insert into vendor_rounds (vendor_code, round_id, member_id, player_id, node_id, vassalage, game_code,
                                 game_type, currency, stake, bet_count)
      select p_vendor, p_round_id, v_session.member_id, p_player_id, g.node_id, g.vassalage, p_game_code,
             g.game_type, p_currency, p_amount, 1
        from games g
       where g.game_code = p_game_code and g.vassalage = any(p_catalogue)
       order by g.node_id limit 1
      on conflict (vendor_code, round_id) do nothing
      returning * into v_round;
      if found then
        v_created := true;
      else
        select * into v_round from vendor_rounds r
         where r.vendor_code = p_vendor and r.round_id = p_round_id for update;
        if not found then
          v_status := 'INVALID_REQUEST';
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

  -- Bets keep the session alive; one write a minute at most (the statement only runs when due).
  if v_status = 'OK' and v_session.last_used_at < now() - interval '60 seconds' then
    update vendor_sessions set last_used_at = now()
     where vendor_code = p_vendor and player_id = p_player_id and last_used_at < now() - interval '60 seconds';
  end if;
  if v_balance is null and v_session.cash_account_id is not null then
    v_balance := ledger_account_balance(v_session.cash_account_id);
  end if;
  v_response := vendor_wallet_answer(v_status, v_balance, v_session.currency, p_transaction_id);
  update vendor_transactions
     set status = v_status, member_id = v_session.member_id, ledger_transfer_id = v_transfer, response = v_response
   where vendor_code = p_vendor and transaction_id = p_transaction_id;
  response := v_response;
  replayed := false;
  return next;
end $$;

create or replace function vendor_wallet_win(
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
    -- The open round of this player and game takes the win (and is locked by it, as before the
    -- transfer); anything else is read again, locked, to say why nothing moved.
    update vendor_rounds
       set payout = payout + p_amount, win_count = win_count + 1,
           status = case when p_round_ended then 'closed' else status end,
           closed_at = case when p_round_ended then now() else closed_at end
     where vendor_code = p_vendor and round_id = p_round_id
       and member_id = v_session.member_id and game_code = p_game_code and status = 'open';
    if found then
      if p_amount > 0 then
        select t.transfer_id, t.credit_balance into v_transfer, v_balance
          from ledger_post_transfer(p_ledger_key, p_clearing, v_session.cash_account_id, p_amount, p_currency,
                                    'vendor_win', null,
                                    jsonb_build_object('vendor', p_vendor, 'transactionId', p_transaction_id,
                                                       'roundId', p_round_id)) t;
      end if;
      v_status := 'OK';
    else
      select * into v_round from vendor_rounds r
       where r.vendor_code = p_vendor and r.round_id = p_round_id for update;
      if not found then
        v_status := 'BET_NOT_FOUND';
      elsif v_round.member_id <> v_session.member_id or v_round.game_code <> p_game_code then
        v_status := 'INVALID_REQUEST';
      else
        v_status := 'ROUND_CLOSED';
      end if;
    end if;
  end if;

  if v_balance is null and v_session.cash_account_id is not null then
    v_balance := ledger_account_balance(v_session.cash_account_id);
  end if;
  v_response := vendor_wallet_answer(v_status, v_balance, v_session.currency, p_transaction_id);
  update vendor_transactions
     set status = v_status, member_id = v_session.member_id, ledger_transfer_id = v_transfer, response = v_response
   where vendor_code = p_vendor and transaction_id = p_transaction_id;
  response := v_response;
  replayed := false;
  return next;
end $$;

create or replace function vendor_wallet_rollback(
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
    v_balance := ledger_account_balance(v_session.cash_account_id);
  end if;
  v_response := vendor_wallet_answer(v_status, v_balance, v_session.currency, p_transaction_id);
  update vendor_transactions
     set status = v_status, member_id = v_session.member_id, ledger_transfer_id = v_transfer, response = v_response
   where vendor_code = p_vendor and transaction_id = p_transaction_id;
  return query select v_response, false;
end $$;
