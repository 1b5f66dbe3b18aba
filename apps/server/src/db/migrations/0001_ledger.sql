-- Double-entry wallet ledger (DESIGN.md "Money and the ledger").
-- Amounts are bigint minor units. Every transfer moves one amount from a debit account to a
-- credit account and writes two entries; entries and transfers are append-only.
--
-- There are no foreign keys on purpose: every write goes through ledger_post_transfer, which
-- proves both accounts exist (its UPDATEs find them) before it writes the entries, and the
-- triggers below forbid edits and deletes. Five FK checks per transfer cost ~15% of throughput
-- and pushed p99 past its target (bench/RESULTS.md); `npm run ledger:verify` checks the links.

create table ledger_accounts (
  id bigserial primary key,
  code text not null unique,
  owner_type text not null check (owner_type in ('member', 'house', 'vendor', 'provider')),
  owner_id text not null,
  kind text not null check (kind in ('cash', 'bonus', 'points', 'locked', 'house', 'clearing')),
  currency char(3) not null check (currency in ('BRL', 'MXN', 'BDT')),
  balance bigint not null default 0,
  allow_negative boolean not null,
  created_at timestamptz not null default now(),
  -- Last line of defence: the conditional debit below is the real guard.
  constraint ledger_accounts_non_negative check (allow_negative or balance >= 0)
);
create index ledger_accounts_owner on ledger_accounts (owner_type, owner_id);

create table ledger_transfers (
  id bigserial primary key,
  idempotency_key text not null unique,
  debit_account_id bigint not null,
  credit_account_id bigint not null,
  amount bigint not null check (amount > 0),
  currency char(3) not null,
  kind text not null,
  reversal_of bigint unique,
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  check (debit_account_id <> credit_account_id)
);

create table ledger_entries (
  id bigserial primary key,
  transfer_id bigint not null,
  account_id bigint not null,
  amount bigint not null check (amount <> 0),
  balance_after bigint not null,
  created_at timestamptz not null default now()
);
create index ledger_entries_account on ledger_entries (account_id, id);
create index ledger_entries_transfer on ledger_entries (transfer_id);

-- Corrections are new transfers, never edits.
create function ledger_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'ledger rows are append-only (% on %)', tg_op, tg_table_name using errcode = 'SL005';
end $$;
create trigger ledger_transfers_append_only before update or delete on ledger_transfers
  for each row execute function ledger_refuse_change();
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_refuse_change();
-- Accounts are never deleted (their balances change only through ledger_post_transfer).
create trigger ledger_accounts_never_deleted before delete or truncate on ledger_accounts
  for each statement execute function ledger_refuse_change();
create trigger ledger_transfers_never_truncated before truncate on ledger_transfers
  for each statement execute function ledger_refuse_change();
create trigger ledger_entries_never_truncated before truncate on ledger_entries
  for each statement execute function ledger_refuse_change();

-- Posts one transfer in one statement (one round trip).
-- Error codes (SQLSTATE) the service maps to API errors:
--   SL001 insufficient funds, SL002 idempotency key reused with other parameters,
--   SL003 account not found, SL004 currency mismatch, SL006 already reversed,
--   SL007 reversed transfer not found.
create function ledger_post_transfer(
  p_key text,
  p_debit bigint,
  p_credit bigint,
  p_amount bigint,
  p_currency text,
  p_kind text,
  p_reversal_of bigint,
  p_metadata jsonb
) returns table (transfer_id bigint, replayed boolean, debit_balance bigint, credit_balance bigint)
language plpgsql as $$
declare
  v_transfer bigint;
  v_account bigint;
  v_existing ledger_transfers%rowtype;
  v_first bigint;
  v_second bigint;
  v_balance bigint;
  v_debit_balance bigint;
  v_credit_balance bigint;
begin
  insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount, currency, kind,
                                reversal_of, metadata)
  values (p_key, p_debit, p_credit, p_amount, p_currency, p_kind, p_reversal_of, coalesce(p_metadata, '{}'::jsonb))
  on conflict (idempotency_key) do nothing
  returning id into v_transfer;

  if v_transfer is null then
    -- The key was used before: a retry may only ever find the original transfer.
    select * into v_existing from ledger_transfers where idempotency_key = p_key;
    if v_existing.debit_account_id <> p_debit or v_existing.credit_account_id <> p_credit
       or v_existing.amount <> p_amount or v_existing.currency <> p_currency or v_existing.kind <> p_kind
       or v_existing.reversal_of is distinct from p_reversal_of then
      raise exception 'idempotency key % reused with different parameters', p_key using errcode = 'SL002';
    end if;
    return query
      select v_existing.id, true,
        (select e.balance_after from ledger_entries e where e.transfer_id = v_existing.id and e.account_id = p_debit),
        (select e.balance_after from ledger_entries e where e.transfer_id = v_existing.id and e.account_id = p_credit);
    return;
  end if;

  -- Lock and move both accounts in id order so two transfers over the same pair never deadlock.
  v_first := least(p_debit, p_credit);
  v_second := greatest(p_debit, p_credit);
  foreach v_account in array array[v_first, v_second] loop
    if v_account = p_debit then
      update ledger_accounts set balance = balance - p_amount
        where id = p_debit and currency = p_currency and (allow_negative or balance >= p_amount)
        returning balance into v_balance;
      if not found then
        perform 1 from ledger_accounts where id = p_debit and currency = p_currency;
        if found then
          raise exception 'insufficient funds in account %', p_debit using errcode = 'SL001';
        end if;
        perform 1 from ledger_accounts where id = p_debit;
        if found then
          raise exception 'account % is not in %', p_debit, p_currency using errcode = 'SL004';
        end if;
        raise exception 'account % not found', p_debit using errcode = 'SL003';
      end if;
      v_debit_balance := v_balance;
    else
      update ledger_accounts set balance = balance + p_amount
        where id = p_credit and currency = p_currency
        returning balance into v_balance;
      if not found then
        perform 1 from ledger_accounts where id = p_credit;
        if found then
          raise exception 'account % is not in %', p_credit, p_currency using errcode = 'SL004';
        end if;
        raise exception 'account % not found', p_credit using errcode = 'SL003';
      end if;
      v_credit_balance := v_balance;
    end if;
  end loop;

  insert into ledger_entries (transfer_id, account_id, amount, balance_after)
  values (v_transfer, p_debit, -p_amount, v_debit_balance), (v_transfer, p_credit, p_amount, v_credit_balance);

  return query select v_transfer, false, v_debit_balance, v_credit_balance;
end $$;

-- Reverses a transfer with a new, linked transfer in the opposite direction.
create function ledger_reverse_transfer(p_key text, p_transfer_id bigint, p_metadata jsonb)
returns table (transfer_id bigint, replayed boolean, debit_balance bigint, credit_balance bigint)
language plpgsql as $$
declare
  v_original ledger_transfers%rowtype;
  v_reversal_key text;
begin
  select * into v_original from ledger_transfers where id = p_transfer_id;
  if not found then
    raise exception 'transfer % not found', p_transfer_id using errcode = 'SL007';
  end if;
  if v_original.reversal_of is not null then
    raise exception 'transfer % is itself a reversal', p_transfer_id using errcode = 'SL006';
  end if;
  select idempotency_key into v_reversal_key from ledger_transfers where reversal_of = p_transfer_id;
  if found and v_reversal_key <> p_key then
    raise exception 'transfer % already reversed', p_transfer_id using errcode = 'SL006';
  end if;
  begin
    return query select * from ledger_post_transfer(p_key, v_original.credit_account_id, v_original.debit_account_id,
      v_original.amount, v_original.currency, 'reversal', p_transfer_id, p_metadata);
  exception when unique_violation then
    -- A concurrent reversal of the same transfer won the race.
    raise exception 'transfer % already reversed', p_transfer_id using errcode = 'SL006';
  end;
end $$;
