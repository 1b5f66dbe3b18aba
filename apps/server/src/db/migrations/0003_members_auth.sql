-- Members, their sessions and login captchas, and per-merchant sign-up settings (spec sections 3–6).

create table merchant_settings (
  merchant_code text primary key,
  -- Overrides of the whitelabel flags and register field rules; defaults live in the server code.
  whitelabel jsonb not null default '{}'::jsonb,
  register_rules jsonb not null default '{}'::jsonb,
  minimum_age integer not null default 18 check (minimum_age between 16 and 25),
  -- Days after which a password must be changed, when forced expiry is on (null: never).
  password_expiry_days integer check (password_expiry_days > 0)
);
insert into merchant_settings (merchant_code) values ('BR'), ('MX'), ('BD');

create table members (
  id bigserial primary key,
  merchant_code text not null references merchant_settings (merchant_code),
  username text not null,
  -- Usernames are unique per merchant regardless of case.
  username_key text not null,
  mobile text,
  email text,
  password_hash text not null,
  payment_password_hash text,
  -- 0 member, 1/2/41/42 agents, 4 trial (spec section 3).
  type smallint not null default 0,
  nickname text,
  payee_name text,
  birthday date,
  profile jsonb not null default '{}'::jsonb,
  affiliate_code text,
  referral_code text,
  upline_id bigint references members (id),
  first_login boolean not null default true,
  must_change_password boolean not null default false,
  password_changed_at timestamptz not null default now(),
  registration_ip text,
  created_at timestamptz not null default now(),
  unique (merchant_code, username_key)
);
create unique index members_mobile on members (merchant_code, mobile) where mobile is not null;

create table member_sessions (
  id bigserial primary key,
  token_hash text not null unique,
  member_id bigint not null references members (id),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index member_sessions_member on member_sessions (member_id) where revoked_at is null;

create table captchas (
  id text primary key,
  answer_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
