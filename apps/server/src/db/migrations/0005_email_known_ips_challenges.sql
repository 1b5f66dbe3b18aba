-- The sandbox e-mail outbox, the addresses each member has signed in from, second-verification
-- challenges for new addresses (spec section 4), and agents' own affiliate (invitation) codes.

create table email_outbox (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index email_outbox_to on email_outbox (lower(to_address), id desc);

create table member_known_ips (
  member_id bigint not null references members (id),
  ip text not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  primary key (member_id, ip)
);

create table login_challenges (
  id text primary key,
  member_id bigint not null references members (id),
  ip text not null,
  user_agent text,
  -- What the login would have answered, replayed once the challenge is passed.
  first_time_login boolean not null,
  password_expired boolean not null,
  -- The one code sent (sms or email), stored hashed; replaced when a new one is sent.
  code_method text check (code_method in ('sms', 'email')),
  code_hash text,
  code_expires_at timestamptz,
  sends integer not null default 0,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index login_challenges_member on login_challenges (member_id, created_at desc);

-- An agent's own code that people type at sign-up; the member's `affiliate_code` is the one they used.
alter table members add column invite_code text;
create unique index members_invite_code on members (merchant_code, upper(invite_code)) where invite_code is not null;
