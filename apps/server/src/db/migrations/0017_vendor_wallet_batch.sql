-- Group commit for the seamless wallet: the money calls (bet, win, rollback) that reach the server
-- while one database call is in flight are sent together as ONE statement, hence ONE transaction and
-- one commit (VendorWalletBatcher, modules/vendors). A single call costs the database about three
-- times the work of the same call inside a batch (bench:wallet): the statement's round trip, its
-- transaction, its snapshot and its commit record and flush weigh more than the call's own rows.
--
-- Each call is run, in arrival order, by the very function that runs it alone (vendor_wallet_bet,
-- _win, _rollback): the same money rules, refusals, idempotency and stored answers. Later calls see
-- what earlier ones wrote (the same transaction): a repeated transaction id in one batch replays the
-- first answer; a member's second bet sees the first one's debit. A refusal (INSUFFICIENT_FUNDS, ...)
-- is an answer, not an error, and stays inside its call (vendor_wallet_bet's own exception block).
-- Any error (an amount past bigint, a deadlock, the database going away) aborts the whole batch, with
-- nothing written; the server then runs those calls one by one, each as before, so one bad call never
-- fails the others.
--
-- The server sends at most 64 calls: each bet or rollback opens one subtransaction (its exception
-- block), and a transaction with more than 64 of them would overflow PostgreSQL's per-backend cache of
-- subtransaction ids, which slows every other session's snapshots while it runs.
--
-- p_calls: a JSON array of objects, one per call, fields as the single functions' parameters:
--   {"action":"bet", "vendor", "transactionId", "requestHash", "playerId", "roundId", "gameCode",
--    "amount", "currency", "catalogue" (the catalogue vendors, a text[] literal), "clearing", "ledgerKey",
--    "idleSeconds", "maxSeconds"}
--   {"action":"win", "vendor", "transactionId", "requestHash", "playerId", "roundId", "gameCode",
--    "amount", "currency", "roundEnded", "clearing", "ledgerKey"}
--   {"action":"rollback", "vendor", "transactionId", "requestHash", "playerId", "roundId",
--    "refTransactionId", "ledgerKey"}
-- Answers one row per call, in the calls' order (position = the call's index, from 1).
create function vendor_wallet_batch(p_calls jsonb)
returns table (call_position integer, response text, replayed boolean)
language plpgsql as $$
declare
  v_call jsonb;
  v_position bigint;
  v_answer record;
begin
  for v_call, v_position in
    select e.value, e.position from jsonb_array_elements(p_calls) with ordinality as e(value, position)
     order by e.position
  loop
    case v_call->>'action'
      when 'bet' then
        select * into strict v_answer from vendor_wallet_bet(
          v_call->>'vendor', v_call->>'transactionId', v_call->>'requestHash', v_call->>'playerId',
          v_call->>'roundId', v_call->>'gameCode', (v_call->>'amount')::bigint, v_call->>'currency',
          (v_call->>'catalogue')::text[], (v_call->>'clearing')::bigint, v_call->>'ledgerKey',
          (v_call->>'idleSeconds')::integer, (v_call->>'maxSeconds')::integer);
      when 'win' then
        select * into strict v_answer from vendor_wallet_win(
          v_call->>'vendor', v_call->>'transactionId', v_call->>'requestHash', v_call->>'playerId',
          v_call->>'roundId', v_call->>'gameCode', (v_call->>'amount')::bigint, v_call->>'currency',
          (v_call->>'roundEnded')::boolean, (v_call->>'clearing')::bigint, v_call->>'ledgerKey');
      when 'rollback' then
        select * into strict v_answer from vendor_wallet_rollback(
          v_call->>'vendor', v_call->>'transactionId', v_call->>'requestHash', v_call->>'playerId',
          v_call->>'roundId', v_call->>'refTransactionId', v_call->>'ledgerKey');
      else
        raise exception 'vendor_wallet_batch: unknown action %', v_call->>'action' using errcode = '22023';
    end case;
    call_position := v_position;
    response := v_answer.response;
    replayed := v_answer.replayed;
    return next;
  end loop;
end $$;
