-- Operator users of the console (issue 15), apart from members: argon2id passwords, a TOTP second
-- factor (the secret sealed with the console key, modules/console/secret-box.ts), single-use
-- recovery codes, roles (sets of permissions, packages/shared contracts/console.ts) and an optional
-- merchant scope. Sessions are opaque tokens kept as SHA-256, with idle and absolute limits.
create table operator_users (
  id bigserial primary key,
  username text not null unique,
  password_hash text not null,
  roles text[] not null,
  merchant_code text,
  totp_secret_sealed text,
  -- The last TOTP time step accepted: a code is good once (RFC 6238 section 5.2).
  totp_last_step bigint,
  disabled_at timestamptz,
  created_at timestamptz not null default now(),
  created_by text not null,
  last_sign_in_at timestamptz
);

create table operator_recovery_codes (
  operator_id bigint not null references operator_users (id),
  code_hash text not null,
  used_at timestamptz,
  primary key (operator_id, code_hash)
);

-- The password step passed, the second factor not yet: valid minutes, a few wrong codes at most.
create table operator_sign_in_challenges (
  challenge_hash text primary key,
  operator_id bigint not null references operator_users (id),
  -- A TOTP secret offered for enrolment (sealed); kept only once a code from it is right.
  enrol_secret_sealed text,
  attempts integer not null default 0,
  expires_at timestamptz not null
);

create table operator_sessions (
  token_hash text primary key,
  operator_id bigint not null references operator_users (id),
  ip text not null,
  user_agent text,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz
);
create index operator_sessions_operator on operator_sessions (operator_id) where ended_at is null;
