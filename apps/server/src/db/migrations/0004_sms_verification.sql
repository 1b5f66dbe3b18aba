-- One-time SMS codes (stored hashed) and the sandbox provider's outbox.
create table sms_codes (
  id bigserial primary key,
  merchant_code text not null,
  mobile text not null,
  purpose text not null check (purpose in ('login', 'register', 'reset', 'verify')),
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index sms_codes_lookup on sms_codes (merchant_code, mobile, purpose, id desc);

create table sms_outbox (
  id bigserial primary key,
  mobile text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index sms_outbox_mobile on sms_outbox (mobile, id desc);
