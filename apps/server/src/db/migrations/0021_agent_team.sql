-- Agent teams (issue 13, spec sections 2 and 6): the hierarchy as a closure table kept in step with
-- members.upline_id, and daily/weekly/monthly rollups per member and per team, so team reads are
-- index reads, never a walk of the tree row by row.

-- One row per (ancestor, member) pair, the member itself included at depth 0. An agent's team is
-- `ancestor_id = agent and depth > 0`; direct downlines are depth 1; a member's level below an agent
-- is the depth. joined_at copies members.created_at so "new registrations" and "team growth" are
-- index range reads.
create table member_tree (
  ancestor_id bigint not null,
  member_id bigint not null,
  depth integer not null check (depth >= 0),
  joined_at timestamptz not null,
  primary key (ancestor_id, member_id)
);
create index member_tree_member on member_tree (member_id, depth);
create index member_tree_level on member_tree (ancestor_id, depth, member_id);
create index member_tree_joined on member_tree (ancestor_id, joined_at) where depth > 0;

-- Backfill: every member's own row, then each level below the members with no upline.
insert into member_tree (ancestor_id, member_id, depth, joined_at)
with recursive chain (ancestor_id, member_id, depth, joined_at) as (
  select id, id, 0, created_at from members
  union all
  select c.ancestor_id, m.id, c.depth + 1, m.created_at
    from chain c join members m on m.upline_id = c.member_id
)
select ancestor_id, member_id, depth, joined_at from chain;

create function member_tree_on_insert() returns trigger language plpgsql as $$
begin
  insert into member_tree (ancestor_id, member_id, depth, joined_at)
  select new.id, new.id, 0, new.created_at
  union all
  select t.ancestor_id, new.id, t.depth + 1, new.created_at
    from member_tree t where t.member_id = new.upline_id;
  return null;
end $$;
create trigger member_tree_insert after insert on members
  for each row execute function member_tree_on_insert();

-- A member moved to another upline takes their whole team along: the paths from the old uplines
-- into the subtree go, paths from the new uplines come. Moving a member under their own team would
-- make a cycle and is refused.
create function member_tree_on_move() returns trigger language plpgsql as $$
begin
  if new.upline_id is not distinct from old.upline_id then
    return null;
  end if;
  if new.upline_id is not null and exists (
       select 1 from member_tree where ancestor_id = new.id and member_id = new.upline_id) then
    raise exception 'member % cannot move under their own team', new.id using errcode = 'SL021';
  end if;
  delete from member_tree d
   using member_tree sub, member_tree up
   where sub.ancestor_id = new.id and up.member_id = new.id and up.depth > 0
     and d.ancestor_id = up.ancestor_id and d.member_id = sub.member_id;
  insert into member_tree (ancestor_id, member_id, depth, joined_at)
  select up.ancestor_id, sub.member_id, up.depth + sub.depth + 1, sub.joined_at
    from member_tree up join member_tree sub on sub.ancestor_id = new.id
   where up.member_id = new.upline_id;
  return null;
end $$;
create trigger member_tree_move after update of upline_id on members
  for each row execute function member_tree_on_move();

-- A member's money and play per period in the merchant's time zone: D day, W week (Monday start),
-- M month, A all time (period_start 2000-01-01). Amounts in minor units. bets are bets placed,
-- refunds the bets rolled back, valid_turnover = bets - refunds; rounds counts rounds opened.
create table agent_member_periods (
  member_id bigint not null,
  period char(1) not null check (period in ('D', 'W', 'M', 'A')),
  period_start date not null,
  bets bigint not null default 0,
  refunds bigint not null default 0,
  valid_turnover bigint not null default 0,
  wins bigint not null default 0,
  bet_count integer not null default 0,
  rounds integer not null default 0,
  deposits bigint not null default 0,
  deposit_count integer not null default 0,
  withdrawals bigint not null default 0,
  withdrawal_count integer not null default 0,
  bonuses bigint not null default 0,
  -- The member's first deposit ever fell in this period.
  first_deposit boolean not null default false,
  primary key (member_id, period, period_start)
);

-- The same per day and game type (user profit and loss).
create table agent_member_game_days (
  member_id bigint not null,
  day date not null,
  game_type text not null,
  bets bigint not null default 0,
  refunds bigint not null default 0,
  valid_turnover bigint not null default 0,
  wins bigint not null default 0,
  bet_count integer not null default 0,
  rounds integer not null default 0,
  primary key (member_id, day, game_type)
);

-- A team's sums per period (every ancestor of the member, depth > 0), with the counts that cannot
-- be summed from days: members active in the period (valid turnover > 0) and first depositors.
create table agent_team_periods (
  agent_id bigint not null,
  period char(1) not null check (period in ('D', 'W', 'M')),
  period_start date not null,
  bets bigint not null default 0,
  refunds bigint not null default 0,
  valid_turnover bigint not null default 0,
  wins bigint not null default 0,
  bet_count integer not null default 0,
  rounds integer not null default 0,
  deposits bigint not null default 0,
  deposit_count integer not null default 0,
  withdrawals bigint not null default 0,
  withdrawal_count integer not null default 0,
  bonuses bigint not null default 0,
  active_members integer not null default 0,
  first_depositors integer not null default 0,
  primary key (agent_id, period, period_start)
);

-- How far the rollups have read the ledger's transfers: the catch-up job locks this row, reads
-- transfers after it, writes their sums and moves it in one transaction (exactly once, restart-safe,
-- one instance at a time).
create table agent_rollup_cursor (
  id integer primary key check (id = 1),
  last_transfer_id bigint not null,
  updated_at timestamptz not null default now()
);
insert into agent_rollup_cursor (id, last_transfer_id) values (1, 0);

-- The downline list shows each member's last login: their newest session, revoked or not.
create index member_sessions_member_newest on member_sessions (member_id, created_at desc);
