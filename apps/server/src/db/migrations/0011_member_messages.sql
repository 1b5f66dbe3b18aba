-- Internal messages to members (spec section 3: deposit credited/failed, withdrawal approved/rejected).
-- The text is not stored: a kind and its parameters are, and each reader gets them in their language.
create table member_messages (
  id bigserial primary key,
  member_id bigint not null references members (id),
  kind text not null,
  params jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index member_messages_member on member_messages (member_id, id desc);
create index member_messages_unread on member_messages (member_id) where read_at is null;
