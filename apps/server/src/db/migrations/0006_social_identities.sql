-- Social sign-in (spec sections 1 and 7; DECISIONS.md "social sign-in"): the accounts members sign in
-- with, and the short-lived state of OpenID Connect sign-ins under way.

-- One row per provider account and merchant. `subject` is the provider's stable id (the ID token's
-- `sub`, Telegram's user id), never an e-mail: addresses change hands, subjects do not.
create table social_identities (
  id bigserial primary key,
  merchant_code text not null references merchant_settings (merchant_code),
  channel text not null check (channel in ('google', 'facebook', 'telegram')),
  subject text not null,
  member_id bigint not null references members (id),
  -- As the provider last told it; informational (sign-in never matches on it).
  email text,
  created_at timestamptz not null default now(),
  unique (merchant_code, channel, subject)
);
create index social_identities_member on social_identities (member_id);

-- Kept in the database rather than in a signed cookie because a state must be usable exactly once:
-- a cookie can be replayed until it expires, a row is consumed by one conditional UPDATE. The browser
-- that started also carries the state in a cookie, checked at the callback (login CSRF).
create table social_login_states (
  state text primary key,
  channel text not null check (channel in ('google', 'facebook')),
  merchant_code text not null,
  nonce text not null,
  code_verifier text not null,
  -- A same-site path, checked before it is stored.
  return_to text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index social_login_states_expiry on social_login_states (expires_at);
