-- The ledger is the one door for money (issue 12). Other modules' functions no longer read the
-- ledger's tables: they take account ids from the ledger's service (TypeScript) or ask the ledger's
-- own functions below, post through ledger_post_transfer, and return the accounts they moved so the
-- TypeScript announces them without looking them up again. Same statements, same locks, same answers.

-- The debit and credit accounts of a transfer (e.g. where a withdrawal's lock took the money from).
create function ledger_transfer_accounts(p_transfer_id bigint)
returns table (debit_account_id bigint, credit_account_id bigint)
language sql stable as $$
  select t.debit_account_id, t.credit_account_id from ledger_transfers t where t.id = p_transfer_id
$$;

-- A member's account of one kind in one currency, found by its columns (codes are the service's
-- business). Only for orders written before deposit_orders.cash_account_id existed.
create function ledger_member_account(p_member_id text, p_kind text, p_currency text)
returns bigint
language sql stable as $$
  select a.id from ledger_accounts a
   where a.owner_type = 'member' and a.owner_id = p_member_id and a.kind = p_kind and a.currency = p_currency
$$;

-- The member's cash account a deposit credits, resolved by the ledger's service when the order is made.
alter table deposit_orders add column cash_account_id bigint;

-- As in 0012, and: the order names the account it credits; the answer carries it (cash_account_id).
drop function payments_settle_deposit(text, text, text, text, text, text, bigint, text, bigint);
create function payments_settle_deposit(
  p_provider text,
  p_event_id text,
  p_body_sha256 text,
  p_event_type text,
  p_order_no text,
  p_provider_reference text,
  p_amount bigint,
  p_currency text,
  p_clearing bigint
) returns table (outcome text, first_outcome text, member_id bigint, order_no text, amount bigint,
                 currency text, status text, transfer_id bigint, cash_balance bigint, cash_account_id bigint)
language plpgsql as $$
declare
  v_event bigint;
  v_first record;
  v_order deposit_orders%rowtype;
  v_cash bigint;
  v_posted record;
  v_cash_balance bigint;
  v_outcome text;
begin
  insert into payment_webhook_events (provider, event_id, signature_valid, body_sha256, event_type, order_no, outcome)
  values (p_provider, p_event_id, true, p_body_sha256, p_event_type, p_order_no, 'processing')
  on conflict (provider, event_id) where signature_valid do nothing
  returning id into v_event;

  if v_event is null then
    select e.outcome, e.body_sha256 into v_first from payment_webhook_events e
     where e.provider = p_provider and e.event_id = p_event_id and e.signature_valid;
    select * into v_order from deposit_orders o where o.order_no = p_order_no;
    return query select
      case when v_first.body_sha256 = p_body_sha256 then 'replayed' else 'event_conflict' end,
      v_first.outcome::text, v_order.member_id, v_order.order_no, v_order.amount, v_order.currency::text,
      v_order.status, v_order.credited_transfer_id, null::bigint, null::bigint;
    return;
  end if;

  select * into v_order from deposit_orders o
   where o.order_no = p_order_no and o.provider = p_provider for update;
  if not found then
    v_outcome := 'unknown_order';
  elsif v_order.provider_reference <> p_provider_reference then
    v_outcome := 'reference_mismatch';
  elsif p_event_type = 'payment.paid' then
    if v_order.status = 'paid' then
      v_outcome := 'already_paid';
    elsif v_order.status <> 'pending' then
      v_outcome := 'order_not_pending';
    elsif v_order.currency <> p_currency then
      v_outcome := 'currency_mismatch';
    elsif v_order.amount <> p_amount then
      v_outcome := 'amount_mismatch';
    else
      v_cash := coalesce(v_order.cash_account_id,
        ledger_member_account(v_order.member_id::text, 'cash', v_order.currency));
      select * into v_posted from ledger_post_transfer('deposit:' || v_order.order_no, p_clearing, v_cash,
        v_order.amount, v_order.currency, 'deposit', null,
        jsonb_build_object('orderId', v_order.order_no, 'channel', v_order.channel, 'provider', p_provider));
      update deposit_orders o set status = 'paid', credited_transfer_id = v_posted.transfer_id, settled_at = now()
       where o.id = v_order.id;
      v_order.status := 'paid';
      v_order.credited_transfer_id := v_posted.transfer_id;
      v_cash_balance := v_posted.credit_balance;
      v_outcome := 'credited';
    end if;
  elsif p_event_type in ('payment.failed', 'payment.expired') then
    if v_order.status = 'pending' then
      v_order.status := case when p_event_type = 'payment.failed' then 'failed' else 'expired' end;
      update deposit_orders o set status = v_order.status, settled_at = now() where o.id = v_order.id;
      v_outcome := v_order.status;
    elsif v_order.status in ('failed', 'expired') then
      v_outcome := 'already_closed';
    else
      v_outcome := 'order_not_pending';
    end if;
  else
    v_outcome := 'unknown_event_type';
  end if;

  update payment_webhook_events e set outcome = v_outcome where e.id = v_event;
  return query select v_outcome, v_outcome, v_order.member_id, v_order.order_no, v_order.amount,
    v_order.currency::text, v_order.status, v_order.credited_transfer_id, v_cash_balance, v_cash;
end $$;

-- As in 0012, and: the lock transfer's accounts come from the ledger (ledger_transfer_accounts), and
-- a decision that moved money answers them (the member's cash and locked accounts) for announcing.
drop function payments_decide_withdrawal(text, text, text, text, bigint);
create function payments_decide_withdrawal(
  p_withdrawal_no text,
  p_decision text,
  p_operator text,
  p_reason text,
  p_clearing bigint
) returns table (outcome text, changed boolean, id bigint, cash_account_id bigint, locked_account_id bigint)
language plpgsql as $$
declare
  v_w withdrawals%rowtype;
  v_lock record;
  v_posted record;
begin
  select * into v_w from withdrawals w where w.withdrawal_no = p_withdrawal_no for update;
  if not found then
    return query select 'not_found'::text, false, null::bigint, null::bigint, null::bigint;
    return;
  end if;
  if v_w.status <> 'locked' then
    if (p_decision = 'approve' and v_w.status in ('approved', 'paid'))
       or (p_decision = 'reject' and v_w.status = 'rejected') then
      return query select v_w.status, false, v_w.id, null::bigint, null::bigint;
    else
      return query select 'conflict'::text, false, v_w.id, null::bigint, null::bigint;
    end if;
    return;
  end if;
  -- The lock moved cash (debit) → locked (credit).
  select * into v_lock from ledger_transfer_accounts(v_w.lock_transfer_id);
  if p_decision = 'approve' then
    select * into v_posted from ledger_post_transfer('withdrawal:' || v_w.withdrawal_no || ':payout',
      v_lock.credit_account_id, p_clearing, v_w.amount, v_w.currency, 'withdrawal', null,
      jsonb_build_object('withdrawalId', v_w.withdrawal_no, 'step', 'payout', 'operator', p_operator));
    update withdrawals w set status = 'approved', settle_transfer_id = v_posted.transfer_id,
      operator = p_operator, decided_at = now() where w.id = v_w.id;
    return query select 'approved'::text, true, v_w.id, v_lock.debit_account_id, v_lock.credit_account_id;
  else
    select * into v_posted from ledger_post_transfer('withdrawal:' || v_w.withdrawal_no || ':return',
      v_lock.credit_account_id, v_lock.debit_account_id, v_w.amount, v_w.currency, 'withdrawal', null,
      jsonb_build_object('withdrawalId', v_w.withdrawal_no, 'step', 'return', 'operator', p_operator));
    update withdrawals w set status = 'rejected', settle_transfer_id = v_posted.transfer_id,
      operator = p_operator, reason = p_reason, decided_at = now() where w.id = v_w.id;
    return query select 'rejected'::text, true, v_w.id, v_lock.debit_account_id, v_lock.credit_account_id;
  end if;
end $$;
