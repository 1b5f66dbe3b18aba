-- Blocking a player from the console (issue 15): who did it, when and why, beside the flag the
-- wallet and transfers already honour (0010). A blocked member cannot sign in or open a session.
alter table members add column blocked_at timestamptz;
alter table members add column blocked_by text;
alter table members add column blocked_reason text;
