-- A payout the provider refused after the operator approved (issue 15): the withdrawal is marked, and
-- an operator either approves again (the payout is retried, idempotent on the withdrawal number) or
-- returns the money to the player. It never stays approved and unpaid without anyone knowing.
alter table withdrawals add column payout_failed_at timestamptz;
alter table withdrawals add column payout_error text;
alter table withdrawals add column return_transfer_id bigint;

-- approved with a refused payout → rejected: the amount goes back from the provider's clearing
-- account to the member's cash, in the same transaction as the state change.
create function payments_return_failed_payout(
  p_withdrawal_no text,
  p_operator text,
  p_reason text
) returns table (outcome text, changed boolean, id bigint, cash_account_id bigint, clearing_account_id bigint)
language plpgsql as $$
declare
  v_w withdrawals%rowtype;
  v_lock record;
  v_payout record;
  v_posted record;
begin
  select * into v_w from withdrawals w where w.withdrawal_no = p_withdrawal_no for update;
  if not found then
    return query select 'not_found'::text, false, null::bigint, null::bigint, null::bigint;
    return;
  end if;
  if v_w.status = 'rejected' and v_w.return_transfer_id is not null then
    return query select 'rejected'::text, false, v_w.id, null::bigint, null::bigint;
    return;
  end if;
  if v_w.status <> 'approved' or v_w.payout_failed_at is null then
    return query select 'conflict'::text, false, v_w.id, null::bigint, null::bigint;
    return;
  end if;
  -- The lock moved cash → locked; the payout moved locked → clearing.
  select * into v_lock from ledger_transfer_accounts(v_w.lock_transfer_id);
  select * into v_payout from ledger_transfer_accounts(v_w.settle_transfer_id);
  select * into v_posted from ledger_post_transfer('withdrawal:' || v_w.withdrawal_no || ':payout-return',
    v_payout.credit_account_id, v_lock.debit_account_id, v_w.amount, v_w.currency, 'withdrawal', null,
    jsonb_build_object('withdrawalId', v_w.withdrawal_no, 'step', 'payout-return', 'operator', p_operator));
  update withdrawals w set status = 'rejected', return_transfer_id = v_posted.transfer_id,
    operator = p_operator, reason = p_reason, decided_at = now() where w.id = v_w.id;
  return query select 'rejected'::text, true, v_w.id, v_lock.debit_account_id, v_payout.credit_account_id;
end $$;
