-- Contract settlements (issue 13): one payable per contract and period, made exactly once (the
-- unique key) and paid by one ledger transfer whose idempotency key is contract:<id>:<period>:<kind>,
-- so a retry, a restart after SIGKILL or a second instance can only find the payment, never repeat it.

create table contract_settlements (
  id bigserial primary key,
  contract_id bigint not null references agent_contracts (id),
  period_key text not null,
  period_start timestamptz not null,
  period_end timestamptz not null,
  -- The payer (null: the house) and the payee, copied from the contract for the reports.
  payer_id bigint references members (id),
  payee_id bigint not null references members (id),
  currency text not null,
  amount bigint not null check (amount >= 0),
  -- Dividend: the negative balance carried into the next period (0 or less).
  carry_out bigint not null default 0 check (carry_out <= 0),
  -- The team figures and the arithmetic's details (tier, rate, fee), for the income pages.
  details jsonb not null,
  -- owed: not paid yet (the upline's balance did not allow it); paid; nothing: the period earned 0.
  status text not null check (status in ('owed', 'paid', 'nothing')),
  transfer_id bigint,
  settled_at timestamptz not null default now(),
  paid_at timestamptz,
  unique (contract_id, period_key),
  check ((status = 'paid') = (transfer_id is not null))
);
create index contract_settlements_contract on contract_settlements (contract_id, period_end desc);
create index contract_settlements_payee on contract_settlements (payee_id, period_end desc);
create index contract_settlements_owed on contract_settlements (payer_id) where status = 'owed';
