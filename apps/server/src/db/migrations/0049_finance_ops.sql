-- The finance part of the operator console (issue 15): a withdrawal's risk facts, disputed
-- withdrawals settled by an operator, the deposits screen, and manual credits of deposit orders the
-- provider was paid for but the platform missed (four eyes).

-- Risk facts read "who else used this payee account / this address" for one withdrawal at a time:
-- reverse look-ups that had no index (the member-first indexes answer only "what did this member use").
create index payee_accounts_value_lookup on payee_accounts (account_value, member_id);
create index member_known_ips_ip_lookup on member_known_ips (ip, member_id);
-- The deposits screen: a merchant's orders newest first, and an order's provider events.
create index deposit_orders_merchant_newest on deposit_orders (merchant_code, id desc);
create index payment_webhook_events_order on payment_webhook_events (order_no, id) where order_no is not null;

-- A disputed withdrawal (spec section 4: the member said "partly received" or "not received") and how
-- an operator settled it. One resolution per withdrawal, set in the same statement that moves its
-- money, so it can never be settled twice or two ways:
--   rejected  the payout was complete; nothing moves; the member is told why
--   resent    the missing amount is paid again through the provider: house → provider clearing, then
--             a second payout whose id at the provider is '<withdrawal number>-R' (idempotent there)
--   returned  the missing amount goes back to the member's cash: house → member cash; also the way
--             out of a re-sent payout the provider refused (then provider clearing → member cash)
-- The first payout stays as the provider reported it (paid in full); what the platform makes good is
-- the house's, to recover from the provider outside the platform.
alter table withdrawals add column dispute_resolution text
  check (dispute_resolution in ('rejected', 'resent', 'returned'));
alter table withdrawals add column dispute_amount bigint check (dispute_amount > 0);
alter table withdrawals add column dispute_operator text;
alter table withdrawals add column dispute_reason text;
alter table withdrawals add column dispute_resolved_at timestamptz;
alter table withdrawals add column dispute_transfer_id bigint;
alter table withdrawals add column dispute_return_transfer_id bigint;
alter table withdrawals add column dispute_payout_reference text;
alter table withdrawals add column dispute_payout_error text;
alter table withdrawals add column dispute_payout_failed_at timestamptz;
alter table withdrawals add column dispute_paid_at timestamptz;
-- The queue's "Disputed" filter: open disputes, the oldest first.
create index withdrawals_disputes_open on withdrawals (confirmed_at, id)
  where status = 'paid' and confirmation in ('partial', 'not_received') and dispute_resolution is null;
create index withdrawals_disputes_resolved on withdrawals (dispute_resolved_at desc, id desc)
  where dispute_resolution is not null;

-- Settles a withdrawal's dispute (see above) in one statement. The amount is the member's own
-- remainder (the whole amount when nothing arrived), never an operator's figure. Asking again for the
-- resolution already made changes nothing (changed = false); another resolution is a conflict, except
-- 'returned' after a re-sent payout the provider refused. moved_account_id: the member's cash account
-- when money reached it.
create function payments_resolve_dispute(
  p_withdrawal_no text,
  p_resolution text,
  p_operator text,
  p_reason text,
  p_house bigint,
  p_clearing bigint
) returns table (outcome text, changed boolean, id bigint, amount bigint, moved_account_id bigint)
language plpgsql as $$
declare
  v_w withdrawals%rowtype;
  v_lock record;
  v_resend record;
  v_posted record;
  v_amount bigint;
begin
  select * into v_w from withdrawals w where w.withdrawal_no = p_withdrawal_no for update;
  if not found then
    return query select 'not_found'::text, false, null::bigint, null::bigint, null::bigint;
    return;
  end if;
  if v_w.dispute_resolution = p_resolution then
    return query select v_w.dispute_resolution, false, v_w.id, v_w.dispute_amount, null::bigint;
    return;
  end if;
  -- The lock moved member cash (debit) → locked (credit).
  select * into v_lock from ledger_transfer_accounts(v_w.lock_transfer_id);

  if v_w.dispute_resolution = 'resent' and p_resolution = 'returned' then
    if v_w.dispute_payout_failed_at is null or v_w.dispute_paid_at is not null then
      return query select 'conflict'::text, false, v_w.id, null::bigint, null::bigint;
      return;
    end if;
    -- The re-sent payout moved house → clearing; the provider refused it, so clearing gives it back.
    select * into v_resend from ledger_transfer_accounts(v_w.dispute_transfer_id);
    select * into v_posted from ledger_post_transfer(
      'withdrawal:' || v_w.withdrawal_no || ':dispute-resend-return', v_resend.credit_account_id,
      v_lock.debit_account_id, v_w.dispute_amount, v_w.currency, 'withdrawal', null,
      jsonb_build_object('withdrawalId', v_w.withdrawal_no, 'step', 'dispute-resend-return', 'operator', p_operator));
    update withdrawals w set dispute_resolution = 'returned', dispute_return_transfer_id = v_posted.transfer_id,
      dispute_operator = p_operator, dispute_reason = p_reason, dispute_resolved_at = now()
     where w.id = v_w.id;
    return query select 'returned'::text, true, v_w.id, v_w.dispute_amount, v_lock.debit_account_id;
    return;
  end if;

  if v_w.dispute_resolution is not null or v_w.status <> 'paid'
     or v_w.confirmation is null or v_w.confirmation not in ('partial', 'not_received')
     or v_w.remainder_amount is null or v_w.remainder_amount <= 0 then
    return query select 'conflict'::text, false, v_w.id, null::bigint, null::bigint;
    return;
  end if;
  v_amount := v_w.remainder_amount;

  if p_resolution = 'rejected' then
    update withdrawals w set dispute_resolution = 'rejected', dispute_amount = v_amount,
      dispute_operator = p_operator, dispute_reason = p_reason, dispute_resolved_at = now()
     where w.id = v_w.id;
    return query select 'rejected'::text, true, v_w.id, v_amount, null::bigint;
  elsif p_resolution = 'resent' then
    select * into v_posted from ledger_post_transfer('withdrawal:' || v_w.withdrawal_no || ':dispute-resend',
      p_house, p_clearing, v_amount, v_w.currency, 'withdrawal', null,
      jsonb_build_object('withdrawalId', v_w.withdrawal_no, 'step', 'dispute-resend', 'operator', p_operator));
    update withdrawals w set dispute_resolution = 'resent', dispute_amount = v_amount,
      dispute_transfer_id = v_posted.transfer_id, dispute_operator = p_operator, dispute_reason = p_reason,
      dispute_resolved_at = now()
     where w.id = v_w.id;
    return query select 'resent'::text, true, v_w.id, v_amount, null::bigint;
  elsif p_resolution = 'returned' then
    select * into v_posted from ledger_post_transfer('withdrawal:' || v_w.withdrawal_no || ':dispute-return',
      p_house, v_lock.debit_account_id, v_amount, v_w.currency, 'withdrawal', null,
      jsonb_build_object('withdrawalId', v_w.withdrawal_no, 'step', 'dispute-return', 'operator', p_operator));
    update withdrawals w set dispute_resolution = 'returned', dispute_amount = v_amount,
      dispute_transfer_id = v_posted.transfer_id, dispute_operator = p_operator, dispute_reason = p_reason,
      dispute_resolved_at = now()
     where w.id = v_w.id;
    return query select 'returned'::text, true, v_w.id, v_amount, v_lock.debit_account_id;
  else
    return query select 'conflict'::text, false, v_w.id, null::bigint, null::bigint;
  end if;
end $$;

-- Manual credits of deposit orders the provider says were paid but the platform never credited (its
-- webhook was lost, or came after the order expired and was refused). Always four eyes: the server
-- cannot check the requester's word that the provider was paid, so one operator alone must never be
-- able to turn an unpaid order into money.
create table deposit_manual_credits (
  id bigserial primary key,
  order_id bigint not null references deposit_orders (id),
  reason text not null,
  -- The requester's own id for this request: a repeat finds the first one.
  request_id text not null,
  requested_by text not null,
  requested_at timestamptz not null default now(),
  -- pending: waits for a second operator; applied: credited; rejected: by the second operator;
  -- cancelled: the provider's own webhook credited the order first.
  status text not null default 'pending' check (status in ('pending', 'applied', 'rejected', 'cancelled')),
  decided_by text,
  decided_at timestamptz,
  decision_reason text,
  transfer_id bigint,
  unique (requested_by, request_id)
);
-- At most one request waits per order, and at most one is ever applied.
create unique index deposit_manual_credits_one_pending on deposit_manual_credits (order_id) where status = 'pending';
create unique index deposit_manual_credits_one_applied on deposit_manual_credits (order_id) where status = 'applied';
create index deposit_manual_credits_order on deposit_manual_credits (order_id, id);

-- The second operator's approval, in one statement: the request (pending, asked by someone else),
-- then the order (not paid), then the credit exactly as a paid webhook makes it — provider clearing →
-- member cash under the key 'deposit:<order_no>', the order marked paid. A provider webhook arriving
-- later finds the order paid ('already_paid') and credits nothing; one that came first leaves the
-- request cancelled. Answers the accounts moved for announcing.
create function payments_manual_credit_deposit(
  p_credit_id bigint,
  p_operator text,
  p_clearing bigint
) returns table (outcome text, changed boolean, member_id bigint, order_no text, amount bigint,
                 currency text, cash_account_id bigint, cash_balance bigint)
language plpgsql as $$
declare
  v_credit deposit_manual_credits%rowtype;
  v_order deposit_orders%rowtype;
  v_cash bigint;
  v_posted record;
begin
  select * into v_credit from deposit_manual_credits c where c.id = p_credit_id for update;
  if not found then
    return query select 'not_found'::text, false, null::bigint, null::text, null::bigint, null::text,
      null::bigint, null::bigint;
    return;
  end if;
  select * into v_order from deposit_orders o where o.id = v_credit.order_id for update;
  if v_credit.status <> 'pending' then
    return query select case when v_credit.status = 'applied' and v_credit.decided_by = p_operator
                             then 'applied' else 'not_pending' end,
      false, v_order.member_id, v_order.order_no, v_order.amount, v_order.currency::text, null::bigint,
      null::bigint;
    return;
  end if;
  if v_credit.requested_by = p_operator then
    return query select 'own_request'::text, false, v_order.member_id, v_order.order_no, v_order.amount,
      v_order.currency::text, null::bigint, null::bigint;
    return;
  end if;
  if v_order.status = 'paid' then
    update deposit_manual_credits c set status = 'cancelled', decided_by = p_operator, decided_at = now(),
      decision_reason = 'already credited' where c.id = v_credit.id;
    return query select 'already_paid'::text, false, v_order.member_id, v_order.order_no, v_order.amount,
      v_order.currency::text, null::bigint, null::bigint;
    return;
  end if;
  v_cash := coalesce(v_order.cash_account_id,
    ledger_member_account(v_order.member_id::text, 'cash', v_order.currency));
  select * into v_posted from ledger_post_transfer('deposit:' || v_order.order_no, p_clearing, v_cash,
    v_order.amount, v_order.currency, 'deposit', null,
    jsonb_build_object('orderId', v_order.order_no, 'channel', v_order.channel, 'provider', v_order.provider,
      'manualCreditId', v_credit.id, 'requestedBy', v_credit.requested_by, 'approvedBy', p_operator));
  update deposit_orders o set status = 'paid', credited_transfer_id = v_posted.transfer_id, settled_at = now()
   where o.id = v_order.id;
  update deposit_manual_credits c set status = 'applied', decided_by = p_operator, decided_at = now(),
    transfer_id = v_posted.transfer_id where c.id = v_credit.id;
  return query select 'credited'::text, true, v_order.member_id, v_order.order_no, v_order.amount,
    v_order.currency::text, v_cash, v_posted.credit_balance;
end $$;
