-- Payments (spec sections 3–5, DECISIONS.md): deposit channels per merchant, deposit orders settled by
-- signed provider webhooks, payee accounts bound with the payment password, two-phase withdrawals
-- (cash → locked at once, then payout or return), withdrawal receipt confirmation with proof images,
-- operator keys with roles, and the built-in sandbox provider's own state.
--
-- Money moves only through ledger_post_transfer (0001_ledger.sql), called from the functions below in
-- the same statement (hence the same transaction) that changes the order or withdrawal: a crash can
-- never leave a paid order without its credit, or a lock without its withdrawal.

-- What each merchant receives payments into, and its timings. Demo values; an operator edits them.
create table payment_merchant_settings (
  merchant_code text primary key references merchant_settings (merchant_code),
  -- PIX (BR): the key the BR Code names, and the merchant name (≤25) and city (≤15) it shows.
  pix_key text,
  pix_merchant_name text check (length(pix_merchant_name) <= 25),
  pix_merchant_city text check (length(pix_merchant_city) <= 15),
  -- SPEI (MX): the platform's receiving CLABE (18 digits with its check digit) and beneficiary.
  spei_clabe text check (spei_clabe ~ '^[0-9]{18}$'),
  spei_beneficiary text,
  -- bKash and Nagad (BD): the merchant's receiving wallet numbers.
  bkash_number text check (bkash_number ~ '^01[3-9][0-9]{8}$'),
  nagad_number text check (nagad_number ~ '^01[3-9][0-9]{8}$'),
  -- A pending deposit order fails as expired after this long.
  deposit_expiry_minutes integer not null default 30 check (deposit_expiry_minutes between 5 and 1440),
  -- A paid withdrawal the member has not confirmed within this long counts as received (DECISIONS.md: 30).
  withdrawal_auto_receipt_minutes integer not null default 30
    check (withdrawal_auto_receipt_minutes between 1 and 10080)
);
insert into payment_merchant_settings
  (merchant_code, pix_key, pix_merchant_name, pix_merchant_city, spei_clabe, spei_beneficiary, bkash_number,
   nagad_number)
values
  ('BR', '7d9f0335-8dcc-4054-9bf9-0dbd61d36906', 'SORTE PAGAMENTOS', 'SAO PAULO', null, null, null, null),
  ('MX', null, null, null, '646180123456789013', 'SORTE PAGOS SA DE CV', null, null),
  ('BD', null, null, null, null, null, '01711000000', '01811000000');

-- Channels per merchant with their limits in minor units (spec: "minimum/maximum per channel").
create table payment_channels (
  merchant_code text not null references merchant_settings (merchant_code),
  code text not null check (code in ('PIX', 'SPEI', 'BKASH', 'NAGAD')),
  provider text not null default 'sandbox',
  sort smallint not null default 0,
  deposit_enabled boolean not null default true,
  deposit_min bigint not null,
  deposit_max bigint not null,
  withdraw_enabled boolean not null default true,
  withdraw_min bigint not null,
  withdraw_max bigint not null,
  primary key (merchant_code, code),
  check (deposit_min > 0 and deposit_max >= deposit_min),
  check (withdraw_min > 0 and withdraw_max >= withdraw_min)
);
insert into payment_channels (merchant_code, code, sort, deposit_min, deposit_max, withdraw_min, withdraw_max) values
  ('BR', 'PIX', 1, 1000, 5000000, 1000, 5000000),
  ('MX', 'SPEI', 1, 10000, 10000000, 10000, 10000000),
  ('BD', 'BKASH', 1, 20000, 2500000, 50000, 2500000),
  ('BD', 'NAGAD', 2, 20000, 2500000, 50000, 2500000);

-- The numeric reference a SPEI payer types (7 digits): unique among open orders long enough.
create sequence deposit_numeric_reference_seq minvalue 1 maxvalue 9999999 cycle;

create table deposit_orders (
  id bigserial primary key,
  -- The public order number members and providers see ('D' + 16 random letters and digits): also
  -- the PIX txid and the bKash/Nagad reference.
  order_no text not null unique check (order_no ~ '^D[A-Z0-9]{16}$'),
  member_id bigint not null references members (id),
  merchant_code text not null,
  channel text not null,
  provider text not null,
  amount bigint not null check (amount > 0),
  currency char(3) not null,
  status text not null default 'pending' check (status in ('pending', 'paid', 'failed', 'expired')),
  provider_reference text not null,
  -- What the payer quotes: the txid (PIX), the numeric reference (SPEI) or the order number (wallets).
  reference text not null,
  -- What the member is shown: {kind:'pix', brCode} | {kind:'spei', clabe, reference, beneficiary} |
  -- {kind:'wallet', wallet, number, reference}.
  payload jsonb not null,
  expires_at timestamptz not null,
  credited_transfer_id bigint,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (provider, provider_reference)
);
create index deposit_orders_member on deposit_orders (member_id, id desc);
create index deposit_orders_pending on deposit_orders (expires_at) where status = 'pending';

-- Every webhook call: verified ones are unique per (provider, event id) — a replay finds its row and
-- credits nothing; refused ones stay with their outcome. Calls with a bad signature are kept for the
-- record without their event id (an unsigned body must not be able to claim a real event's id).
create table payment_webhook_events (
  id bigserial primary key,
  provider text not null,
  event_id text,
  signature_valid boolean not null,
  body_sha256 text not null,
  event_type text,
  order_no text,
  outcome text not null,
  received_at timestamptz not null default now()
);
create unique index payment_webhook_events_event on payment_webhook_events (provider, event_id)
  where signature_valid;

-- Accounts members withdraw to. 'bound' may still be changed or unbound; after the first payout the
-- provider made to it the account is 'confirmed' and can never be changed or unbound (spec section 4).
create table payee_accounts (
  id bigserial primary key,
  member_id bigint not null references members (id),
  channel text not null check (channel in ('PIX', 'SPEI', 'BKASH', 'NAGAD')),
  type text not null check (type in ('CPF', 'EMAIL', 'PHONE', 'EVP', 'CLABE', 'WALLET')),
  account_value text not null,
  holder_name text not null,
  status text not null default 'bound' check (status in ('bound', 'confirmed', 'unbound')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  confirmed_at timestamptz
);
create index payee_accounts_member on payee_accounts (member_id, id);
create unique index payee_accounts_unique on payee_accounts (member_id, channel, account_value)
  where status <> 'unbound';

create table withdrawals (
  id bigserial primary key,
  withdrawal_no text not null unique check (withdrawal_no ~ '^W[A-Z0-9]{16}$'),
  member_id bigint not null references members (id),
  merchant_code text not null,
  -- The client's id for this request: a retry finds the first withdrawal, never a second lock.
  request_id text not null,
  payee_account_id bigint not null references payee_accounts (id),
  -- The account as it was when the member asked (what the payout goes to).
  channel text not null,
  account_type text not null,
  account_value text not null,
  holder_name text not null,
  amount bigint not null check (amount > 0),
  currency char(3) not null,
  status text not null default 'locked' check (status in ('locked', 'approved', 'paid', 'rejected')),
  provider text not null,
  provider_reference text,
  -- cash → locked at request; locked → provider clearing at approval, or locked → cash at rejection.
  lock_transfer_id bigint,
  settle_transfer_id bigint,
  operator text,
  reason text,
  confirmation text check (confirmation in ('received', 'partial', 'not_received', 'all_received', 'auto_received')),
  received_amount bigint check (received_amount >= 0),
  remainder_amount bigint check (remainder_amount >= 0),
  confirm_deadline timestamptz,
  confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  paid_at timestamptz,
  unique (member_id, request_id)
);
create index withdrawals_member on withdrawals (member_id, id desc);
create index withdrawals_status on withdrawals (status, id);
create index withdrawals_unconfirmed on withdrawals (confirm_deadline)
  where status = 'paid' and confirmation is null;
create index withdrawals_payee_open on withdrawals (payee_account_id) where status in ('locked', 'approved');

-- Proof images of a withdrawal confirmation: files under DATA_DIR/uploads with random names.
create table withdrawal_proofs (
  id bigserial primary key,
  withdrawal_id bigint not null references withdrawals (id),
  file_name text not null unique,
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  size_bytes integer not null check (size_bytes > 0 and size_bytes <= 5242880),
  sha256 text not null,
  created_at timestamptz not null default now()
);
create index withdrawal_proofs_withdrawal on withdrawal_proofs (withdrawal_id);

-- Operator API keys with roles, until the operator console exists. Keys are 256-bit random values,
-- so a SHA-256 is enough to store them (no password stretching needed). OPERATOR_API_KEY still
-- works and holds every role.
create table operator_keys (
  id bigserial primary key,
  name text not null unique,
  key_hash text not null unique,
  roles text[] not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

-- The sandbox provider's own books, as a real provider would keep them on its side.
create table sandbox_payments (
  provider_reference text primary key,
  order_no text not null unique,
  channel text not null,
  amount bigint not null,
  currency char(3) not null,
  status text not null default 'pending' check (status in ('pending', 'paid', 'failed', 'expired')),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table sandbox_payouts (
  provider_reference text primary key,
  withdrawal_no text not null unique,
  channel text not null,
  account_value text not null,
  amount bigint not null,
  currency char(3) not null,
  status text not null check (status in ('paid', 'failed')),
  created_at timestamptz not null default now()
);

-- Settles a deposit order from a verified webhook event, in one statement: records the event (a
-- replay of its id changes nothing), checks the order's provider reference, state, amount and
-- currency, and for a payment credits provider clearing → member cash under the key
-- 'deposit:<order_no>' while marking the order paid. Refusals are recorded with their outcome.
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
                 currency text, status text, transfer_id bigint, cash_balance bigint)
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
      v_order.status, v_order.credited_transfer_id, null::bigint;
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
      select a.id into v_cash from ledger_accounts a
       where a.code = 'member:' || v_order.member_id || ':cash:' || v_order.currency;
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
    v_order.currency::text, v_order.status, v_order.credited_transfer_id, v_cash_balance;
end $$;

-- Opens a withdrawal and locks its amount (member cash → member locked) in one statement. The
-- (member, request id) pair is unique: a retry finds the first withdrawal and moves nothing; the same
-- request id with another account or amount is SP002. Insufficient cash (SL001) undoes the whole call.
create function payments_lock_withdrawal(
  p_withdrawal_no text,
  p_member bigint,
  p_merchant text,
  p_request_id text,
  p_payee bigint,
  p_amount bigint,
  p_currency text,
  p_provider text,
  p_cash bigint,
  p_locked bigint
) returns table (id bigint, replayed boolean)
language plpgsql as $$
declare
  v_payee payee_accounts%rowtype;
  v_id bigint;
  v_existing withdrawals%rowtype;
  v_posted record;
begin
  -- Locks the account against a concurrent change or unbind until this transaction ends.
  select * into v_payee from payee_accounts a
   where a.id = p_payee and a.member_id = p_member and a.status <> 'unbound' for share;
  if not found then
    raise exception 'payee account % not found', p_payee using errcode = 'SP001';
  end if;

  insert into withdrawals (withdrawal_no, member_id, merchant_code, request_id, payee_account_id, channel,
                           account_type, account_value, holder_name, amount, currency, provider)
  values (p_withdrawal_no, p_member, p_merchant, p_request_id, p_payee, v_payee.channel, v_payee.type,
          v_payee.account_value, v_payee.holder_name, p_amount, p_currency, p_provider)
  on conflict (member_id, request_id) do nothing
  returning withdrawals.id into v_id;

  if v_id is null then
    select * into v_existing from withdrawals w where w.member_id = p_member and w.request_id = p_request_id;
    if v_existing.payee_account_id <> p_payee or v_existing.amount <> p_amount then
      raise exception 'request id % reused for another withdrawal', p_request_id using errcode = 'SP002';
    end if;
    return query select v_existing.id, true;
    return;
  end if;

  select * into v_posted from ledger_post_transfer('withdrawal:' || p_withdrawal_no || ':lock', p_cash, p_locked,
    p_amount, p_currency, 'withdrawal', null,
    jsonb_build_object('withdrawalId', p_withdrawal_no, 'step', 'lock', 'channel', v_payee.channel));
  update withdrawals w set lock_transfer_id = v_posted.transfer_id where w.id = v_id;
  return query select v_id, false;
end $$;

-- Decides a locked withdrawal: 'approve' moves locked → provider clearing, 'reject' moves locked →
-- cash; the withdrawal changes state in the same statement. Deciding again the same way changes
-- nothing (changed = false); the other way round is refused (outcome 'conflict').
create function payments_decide_withdrawal(
  p_withdrawal_no text,
  p_decision text,
  p_operator text,
  p_reason text,
  p_clearing bigint
) returns table (outcome text, changed boolean, id bigint)
language plpgsql as $$
declare
  v_w withdrawals%rowtype;
  v_lock ledger_transfers%rowtype;
  v_posted record;
begin
  select * into v_w from withdrawals w where w.withdrawal_no = p_withdrawal_no for update;
  if not found then
    return query select 'not_found'::text, false, null::bigint;
    return;
  end if;
  if v_w.status <> 'locked' then
    if (p_decision = 'approve' and v_w.status in ('approved', 'paid'))
       or (p_decision = 'reject' and v_w.status = 'rejected') then
      return query select v_w.status, false, v_w.id;
    else
      return query select 'conflict'::text, false, v_w.id;
    end if;
    return;
  end if;
  select * into v_lock from ledger_transfers t where t.id = v_w.lock_transfer_id;
  if p_decision = 'approve' then
    select * into v_posted from ledger_post_transfer('withdrawal:' || v_w.withdrawal_no || ':payout',
      v_lock.credit_account_id, p_clearing, v_w.amount, v_w.currency, 'withdrawal', null,
      jsonb_build_object('withdrawalId', v_w.withdrawal_no, 'step', 'payout', 'operator', p_operator));
    update withdrawals w set status = 'approved', settle_transfer_id = v_posted.transfer_id,
      operator = p_operator, decided_at = now() where w.id = v_w.id;
    return query select 'approved'::text, true, v_w.id;
  else
    select * into v_posted from ledger_post_transfer('withdrawal:' || v_w.withdrawal_no || ':return',
      v_lock.credit_account_id, v_lock.debit_account_id, v_w.amount, v_w.currency, 'withdrawal', null,
      jsonb_build_object('withdrawalId', v_w.withdrawal_no, 'step', 'return', 'operator', p_operator));
    update withdrawals w set status = 'rejected', settle_transfer_id = v_posted.transfer_id,
      operator = p_operator, reason = p_reason, decided_at = now() where w.id = v_w.id;
    return query select 'rejected'::text, true, v_w.id;
  end if;
end $$;

-- Changes or unbinds a payee account, refusing confirmed accounts and accounts a withdrawal in
-- progress names. The row lock comes first, so a withdrawal committed meanwhile is seen by the check.
create function payments_change_payee(
  p_id bigint,
  p_member bigint,
  p_action text,
  p_type text,
  p_value text,
  p_holder text
) returns text
language plpgsql as $$
declare
  v_payee payee_accounts%rowtype;
begin
  select * into v_payee from payee_accounts a
   where a.id = p_id and a.member_id = p_member and a.status <> 'unbound' for update;
  if not found then
    return 'not_found';
  end if;
  if v_payee.status = 'confirmed' then
    return 'confirmed';
  end if;
  perform 1 from withdrawals w where w.payee_account_id = p_id and w.status in ('locked', 'approved');
  if found then
    return 'in_use';
  end if;
  if p_action = 'unbind' then
    update payee_accounts a set status = 'unbound', updated_at = now() where a.id = p_id;
    return 'ok';
  end if;
  perform 1 from payee_accounts a where a.member_id = p_member and a.channel = v_payee.channel
     and a.account_value = p_value and a.status <> 'unbound' and a.id <> p_id;
  if found then
    return 'duplicate';
  end if;
  update payee_accounts a set type = p_type, account_value = p_value, holder_name = p_holder, updated_at = now()
   where a.id = p_id;
  return 'ok';
end $$;
