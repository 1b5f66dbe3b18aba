-- Play money for free-play (trial) accounts (DECISIONS.md "trial (free play) accounts", issue 14):
-- a currency of its own on the ledger, FUN, so that it never meets real money.
--
-- * A trial member holds one play account (kind 'play', code member:<id>:play:FUN, never negative).
-- * The house and the vendors get FUN shards like any currency's (the house's may run negative:
--   it is where play money comes from); no payment provider ever has a FUN account, so play money
--   has nowhere to be paid out to, and ledger_post_transfer refuses a transfer whose accounts are
--   not both in its currency (SL004): FUN cannot turn into BRL, MXN or BDT.
-- * ledger:verify's checks hold per currency: FUN sums to zero on its own.
alter table ledger_accounts drop constraint ledger_accounts_currency_check;
alter table ledger_accounts add constraint ledger_accounts_currency_check
  check (currency in ('BRL', 'MXN', 'BDT', 'FUN'));
alter table ledger_accounts drop constraint ledger_accounts_kind_check;
alter table ledger_accounts add constraint ledger_accounts_kind_check
  check (kind in ('cash', 'bonus', 'points', 'locked', 'house', 'clearing', 'vendor_wallet', 'play'));

-- Tops an account up to p_up_to from p_source (a house shard) in one statement: locks the account,
-- moves the difference when it is below, nothing when it is not. Two top-ups at once cannot both
-- add (the second waits for the first's lock and then finds the account full), so a balance is never
-- topped up past p_up_to. Idempotent on p_key: a retry finds the first top-up and moves nothing
-- again (a call that found the account full wrote nothing, so its retry is simply another try).
-- Answers the transfer (null when nothing moved), whether it was a replay, the amount added and the
-- account's balance.
create function ledger_top_up(
  p_key text,
  p_source bigint,
  p_account bigint,
  p_up_to bigint,
  p_currency text,
  p_kind text,
  p_metadata jsonb
) returns table (transfer_id bigint, replayed boolean, amount bigint, balance bigint)
language plpgsql as $$
declare
  v_existing ledger_transfers%rowtype;
  v_balance bigint;
  v_posted record;
begin
  select * into v_existing from ledger_transfers t where t.idempotency_key = p_key;
  if found then
    if v_existing.credit_account_id <> p_account or v_existing.debit_account_id <> p_source
       or v_existing.currency <> p_currency or v_existing.kind <> p_kind then
      raise exception 'idempotency key % reused with different parameters', p_key using errcode = 'SL002';
    end if;
    return query select v_existing.id, true, v_existing.amount, ledger_account_balance(p_account);
    return;
  end if;
  select a.balance into v_balance from ledger_accounts a
   where a.id = p_account and a.currency = p_currency and not a.allow_negative
   for update;
  if not found then
    raise exception 'account % not found in %', p_account, p_currency using errcode = 'SL003';
  end if;
  if v_balance >= p_up_to then
    return query select null::bigint, false, 0::bigint, v_balance;
    return;
  end if;
  select * into v_posted
    from ledger_post_transfer(p_key, p_source, p_account, p_up_to - v_balance, p_currency, p_kind, null, p_metadata);
  return query select v_posted.transfer_id, v_posted.replayed, p_up_to - v_balance, v_posted.credit_balance;
end $$;
