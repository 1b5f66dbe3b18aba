-- Operators' notes on a player (issue 15): what support or risk learnt about them, with who wrote it
-- and when. Append-only: a note is never changed or removed (the triggers refuse it), so the record
-- of what operators knew and when stays as it was written.
create table player_notes (
  id bigserial primary key,
  member_id bigint not null references members (id),
  body text not null check (length(body) between 1 and 2000),
  author text not null,
  created_at timestamptz not null default now()
);
create index player_notes_member on player_notes (member_id, id desc);

create function player_notes_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'player notes are append-only' using errcode = 'SL048';
end $$;
create trigger player_notes_never_changed before update or delete on player_notes
  for each row execute function player_notes_append_only();
create trigger player_notes_never_truncated before truncate on player_notes
  for each statement execute function player_notes_append_only();
