-- Abuse-resistant sign-in and recovery: e-mail reset links, account unlock codes, and server secrets
-- shared by every instance (the proof-of-work challenge key).

-- A reset link sent by e-mail: the token is only ever stored hashed; single use; 30 minutes.
create table password_reset_tokens (
  id bigserial primary key,
  member_id bigint not null references members (id),
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_tokens_member on password_reset_tokens (member_id);

-- A code that lifts a whole-account sign-in lock, sent to the member's own mobile or e-mail.
create table account_unlock_codes (
  id bigserial primary key,
  member_id bigint not null references members (id),
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index account_unlock_codes_member on account_unlock_codes (member_id, id desc);

-- Keys generated once and shared by every instance through the database.
create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
