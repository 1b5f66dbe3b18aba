-- Agent contracts (issue 13; spec sections 3, 4, 7; DECISIONS: level difference, rate caps).
-- A contract binds a downline agent to the party that pays it: its upline, or the house (upline_id
-- null) for the contracts the operator gives top-level agents. Terms are the shared zod shape
-- (packages/shared/src/contracts/agent-contracts.ts): rates in basis points, money in minor units.

create table agent_contracts (
  id bigserial primary key,
  merchant_code text not null references merchant_settings (merchant_code),
  kind text not null check (kind in ('dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary')),
  -- The payer and offerer; null: the house (operator-given, top-level agents only).
  upline_id bigint references members (id),
  downline_id bigint not null references members (id),
  terms jsonb not null,
  -- offered -> active | rejected; active -> terminated; an offer can also be withdrawn (terminated).
  status text not null check (status in ('offered', 'active', 'rejected', 'terminated')),
  -- The operator who gave a house contract (null for upline offers).
  given_by text,
  offered_at timestamptz not null default now(),
  decided_at timestamptz,
  ended_at timestamptz,
  -- Why it ended: replaced (the downline accepted a newer contract), uplineRateLowered (cascade),
  -- terminatedByUpline, terminatedByDownline, withdrawn, rejected.
  end_reason text,
  -- The contract a cascade offer replaces (the one ended because the upline's rate went down).
  replaces_id bigint references agent_contracts (id),
  check (upline_id is distinct from downline_id),
  check ((upline_id is null) = (given_by is not null))
);
-- One active contract and one open offer per agent and kind.
create unique index agent_contracts_one_active on agent_contracts (downline_id, kind) where status = 'active';
create unique index agent_contracts_one_offer on agent_contracts (downline_id, kind) where status = 'offered';
-- An upline's open contracts with its downlines (cascade, "offers I made").
create index agent_contracts_upline on agent_contracts (upline_id, kind) where status in ('offered', 'active');
create index agent_contracts_downline on agent_contracts (downline_id, kind, id desc);
