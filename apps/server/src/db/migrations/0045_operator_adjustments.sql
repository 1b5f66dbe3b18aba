-- Manual balance adjustments by operators (issue 15). At or above the merchant's threshold an
-- adjustment waits for a second operator (four eyes); below it, it is applied at once. The money
-- moves through the ledger (kind 'adjustment', idempotency key adjustment:<id>), so a retry or a
-- second instance can only find the transfer already made.
alter table payment_merchant_settings
  add column adjustment_four_eyes_minor bigint not null default 100000 check (adjustment_four_eyes_minor >= 0);

create table operator_adjustments (
  id bigserial primary key,
  member_id bigint not null references members (id),
  merchant_code text not null,
  currency text not null,
  account_kind text not null check (account_kind in ('cash', 'bonus')),
  direction text not null check (direction in ('credit', 'debit')),
  amount bigint not null check (amount > 0),
  reason text not null,
  -- The requester's own id for this request: a repeat finds the first one.
  request_id text not null,
  requested_by text not null,
  requested_at timestamptz not null default now(),
  -- pending: waits for a second operator; approved: decided, transfer being made; applied: done;
  -- rejected: by the second operator; failed: the ledger refused it (e.g. a debit above the balance).
  status text not null check (status in ('pending', 'approved', 'applied', 'rejected', 'failed')),
  needs_second_operator boolean not null,
  decided_by text,
  decided_at timestamptz,
  decision_reason text,
  transfer_id bigint,
  unique (requested_by, request_id)
);
create index operator_adjustments_pending on operator_adjustments (id) where status = 'pending';
