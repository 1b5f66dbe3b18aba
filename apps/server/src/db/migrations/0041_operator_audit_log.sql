-- The operator audit log (issue 15): every operator write, append-only. Each row carries the SHA-256
-- of the previous row's hash and its own content (modules/audit/audit-chain.ts), so an edited or
-- deleted row breaks the chain at the next one; `npm run audit:verify` walks it.
create table operator_audit_log (
  id bigserial primary key,
  at timestamptz not null,
  actor text not null,
  roles text[] not null,
  ip text not null,
  merchant text,
  action text not null,
  target jsonb not null,
  detail jsonb not null,
  status integer not null,
  prev_hash text not null,
  hash text not null unique
);
