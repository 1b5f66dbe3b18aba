-- The domain a member signed up on with an agent's invitation link (issue 13: domain/link management,
-- registrations and first depositors per link). Recorded after a successful registration that
-- carried an affiliate code; members who joined otherwise (typed code elsewhere, register centre,
-- before this table) have no row and are counted apart.
create table member_signup_domains (
  member_id bigint primary key references members (id),
  domain text not null check (domain = lower(domain)),
  created_at timestamptz not null default now()
);
