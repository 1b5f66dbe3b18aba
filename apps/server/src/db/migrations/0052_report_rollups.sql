-- The console's reports beyond the daily one (issue 15): GGR per vendor and game, deposits and
-- withdrawals per channel, and player cohorts. Like daily_stats (0044), three rollups that the
-- console's refresh (DashboardService.refresh, every 30 s and at start, under its advisory lock and in
-- its transaction) recomputes for the same days of each merchant, and that the reports read instead
-- of the base tables. The recompute is one function, console_reports_recompute below, so the backfill
-- at the end of this file and the refresh compute the same figures.
--
-- Figures count what daily_stats counts, so the reports add up to the daily report:
--   bets, stakes, wins  vendor_transactions answered OK ('bet' not rolled back, 'win'), by created_at,
--                       of members who are not free-play trial accounts; the game and its catalogue
--                       vendor (vassalage) are their round's (vendor_rounds). Rounds: distinct rounds
--                       with such a bet that day.
--   deposits            deposit_orders paid, by settled_at, per channel
--   withdrawals         withdrawals approved or paid, by decided_at, per channel
--   cohorts             members (not trial) by the day they registered; of them, those with a paid
--                       deposit by day 30 after it, and those who played (a round with a live stake)
--                       in days 1-7 (active at day 7) and in days 24-30 (active at day 30) after it.

create table daily_game_stats (
  merchant_code text not null,
  currency char(3) not null,
  day date not null,
  vassalage text not null,
  game_code text not null,
  rounds integer not null default 0,
  bet_count integer not null default 0,
  stake_amount bigint not null default 0,
  win_amount bigint not null default 0,
  refreshed_at timestamptz not null default now(),
  primary key (merchant_code, day, currency, vassalage, game_code)
);

-- A rollup rather than a query over deposit_orders and withdrawals: a year's report of a merchant
-- with 100,000 players would read every one of its orders (the paid-and-settled index gives the
-- rows, not their sums); this table holds a row per day and channel.
create table daily_channel_stats (
  merchant_code text not null,
  currency char(3) not null,
  day date not null,
  channel text not null,
  deposit_count integer not null default 0,
  deposit_amount bigint not null default 0,
  withdrawal_count integer not null default 0,
  withdrawal_amount bigint not null default 0,
  refreshed_at timestamptz not null default now(),
  primary key (merchant_code, day, currency, channel)
);

-- One row per merchant and registration day with registrations. A day's row can change until 30
-- days after it, so a refresh of days [from, to] recomputes the cohorts of [from - 30, to].
create table cohort_stats (
  merchant_code text not null,
  cohort_day date not null,
  registrations integer not null,
  first_deposits integer not null,
  active_day7 integer not null,
  active_day30 integer not null,
  refreshed_at timestamptz not null default now(),
  primary key (merchant_code, cohort_day)
);

-- Recomputes the three rollups for each merchant's days p_from..p_to (in its time zone p_zones),
-- writing over their rows; rows of those days the base tables no longer back are deleted. Each base
-- row is read by an index range (created_at, settled_at, decided_at, the members' registration) or,
-- for the cohorts' play, by one probe of vendor_rounds_member per member and window that can have
-- changed. Custom plans: the windows are a day or two at every refresh and months at a first one.
create function console_reports_recompute(
  p_merchants text[],
  p_zones text[],
  p_currencies text[],
  p_from date[],
  p_to date[],
  p_trial integer
) returns void
language plpgsql
set plan_cache_mode = force_custom_plan
as $$
begin
  -- Per vendor and game: the transactions of the span, attributed to their member's merchant (as
  -- daily_stats does) and to their round's game.
  with ms as (
    select k.merchant_code, k.time_zone, k.currency,
           k.day_from::timestamp at time zone k.time_zone as lo,
           (k.day_to + 1)::timestamp at time zone k.time_zone as hi
      from unnest(p_merchants, p_zones, p_currencies, p_from, p_to)
             as k(merchant_code, time_zone, currency, day_from, day_to)),
  span as (select min(lo) as lo, max(hi) as hi from ms)
  insert into daily_game_stats as s (merchant_code, currency, day, vassalage, game_code, rounds, bet_count,
                                     stake_amount, win_amount, refreshed_at)
  select ms.merchant_code, ms.currency, (v.created_at at time zone ms.time_zone)::date, r.vassalage, r.game_code,
         (count(distinct v.round_id) filter (where v.action = 'bet'))::int,
         (count(*) filter (where v.action = 'bet'))::int,
         coalesce(sum(v.amount) filter (where v.action = 'bet'), 0)::bigint,
         coalesce(sum(v.amount) filter (where v.action = 'win'), 0)::bigint,
         now()
    from span
    join vendor_transactions v on v.created_at >= span.lo and v.created_at < span.hi
    join members m on m.id = v.member_id
    join ms on ms.merchant_code = m.merchant_code and v.created_at >= ms.lo and v.created_at < ms.hi
    join vendor_rounds r on r.vendor_code = v.vendor_code and r.round_id = v.round_id
   where v.status = 'OK' and v.action in ('bet', 'win') and (v.action = 'win' or v.rolled_back_by is null)
     and m.type <> p_trial
   group by 1, 2, 3, 4, 5
  on conflict (merchant_code, day, currency, vassalage, game_code) do update set
    rounds = excluded.rounds, bet_count = excluded.bet_count, stake_amount = excluded.stake_amount,
    win_amount = excluded.win_amount, refreshed_at = excluded.refreshed_at;

  delete from daily_game_stats s
   using unnest(p_merchants, p_from, p_to) as k(merchant_code, day_from, day_to)
   where s.merchant_code = k.merchant_code and s.day between k.day_from and k.day_to and s.refreshed_at <> now();

  -- Per channel: paid deposits and approved withdrawals, by index range per merchant.
  with ms as (
    select k.merchant_code, k.time_zone,
           k.day_from::timestamp at time zone k.time_zone as lo,
           (k.day_to + 1)::timestamp at time zone k.time_zone as hi
      from unnest(p_merchants, p_zones, p_from, p_to) as k(merchant_code, time_zone, day_from, day_to)),
  dep as (
    select ms.merchant_code, trim(o.currency) as currency, (o.settled_at at time zone ms.time_zone)::date as day,
           o.channel, count(*)::int as n, sum(o.amount)::bigint as amount
      from ms cross join lateral (
        select currency, channel, amount, settled_at from deposit_orders
         where merchant_code = ms.merchant_code and status = 'paid' and settled_at >= ms.lo and settled_at < ms.hi) o
     group by 1, 2, 3, 4),
  wd as (
    select ms.merchant_code, trim(w.currency) as currency, (w.decided_at at time zone ms.time_zone)::date as day,
           w.channel, count(*)::int as n, sum(w.amount)::bigint as amount
      from ms cross join lateral (
        select currency, channel, amount, decided_at from withdrawals
         where merchant_code = ms.merchant_code and status in ('approved', 'paid')
           and decided_at >= ms.lo and decided_at < ms.hi) w
     group by 1, 2, 3, 4)
  insert into daily_channel_stats as s (merchant_code, currency, day, channel, deposit_count, deposit_amount,
                                        withdrawal_count, withdrawal_amount, refreshed_at)
  select merchant_code, currency, day, channel, coalesce(dep.n, 0), coalesce(dep.amount, 0), coalesce(wd.n, 0),
         coalesce(wd.amount, 0), now()
    from dep full join wd using (merchant_code, currency, day, channel)
  on conflict (merchant_code, day, currency, channel) do update set
    deposit_count = excluded.deposit_count, deposit_amount = excluded.deposit_amount,
    withdrawal_count = excluded.withdrawal_count, withdrawal_amount = excluded.withdrawal_amount,
    refreshed_at = excluded.refreshed_at;

  delete from daily_channel_stats s
   using unnest(p_merchants, p_from, p_to) as k(merchant_code, day_from, day_to)
   where s.merchant_code = k.merchant_code and s.day between k.day_from and k.day_to and s.refreshed_at <> now();

  -- Cohorts of [from - 30, to]. First deposits: each member's earliest paid order since the oldest
  -- cohort began (a member pays only after registering), one index range per merchant. Play: a probe
  -- per member, only where the window can have changed: days 24-30 overlap [from, to] for every
  -- cohort here, days 1-7 only for cohorts from from - 7 on (an older cohort keeps its count, unless
  -- it has no row yet); a window that has not begun has no play yet.
  with ms as (
    select k.merchant_code, k.time_zone, k.day_from,
           (k.day_from - 30)::timestamp at time zone k.time_zone as lo,
           (k.day_to + 1)::timestamp at time zone k.time_zone as hi
      from unnest(p_merchants, p_zones, p_from, p_to) as k(merchant_code, time_zone, day_from, day_to)),
  joined as (
    select ms.merchant_code, ms.time_zone, ms.day_from, m.id, (m.created_at at time zone ms.time_zone)::date as cohort_day
      from ms cross join lateral (
        select id, created_at from members
         where merchant_code = ms.merchant_code and created_at >= ms.lo and created_at < ms.hi
           and type <> p_trial) m),
  first_paid as (
    select ms.merchant_code, o.member_id, min(o.settled_at) as at
      from ms cross join lateral (
        select member_id, settled_at from deposit_orders
         where merchant_code = ms.merchant_code and status = 'paid' and settled_at >= ms.lo) o
     group by 1, 2),
  facts as (
    select j.merchant_code, j.cohort_day, s.active_day7 as kept_day7,
           coalesce(f.at < (j.cohort_day + 31)::timestamp at time zone j.time_zone, false) as deposited,
           case
             when (j.cohort_day + 1)::timestamp at time zone j.time_zone > now() then false
             when s.cohort_day is null or j.cohort_day >= j.day_from - 7 then exists (
               select 1 from vendor_rounds r
                where r.member_id = j.id and r.stake > 0
                  and r.opened_at >= (j.cohort_day + 1)::timestamp at time zone j.time_zone
                  and r.opened_at < (j.cohort_day + 8)::timestamp at time zone j.time_zone)
           end as active_day7,
           case
             when (j.cohort_day + 24)::timestamp at time zone j.time_zone > now() then false
             else exists (
               select 1 from vendor_rounds r
                where r.member_id = j.id and r.stake > 0
                  and r.opened_at >= (j.cohort_day + 24)::timestamp at time zone j.time_zone
                  and r.opened_at < (j.cohort_day + 31)::timestamp at time zone j.time_zone)
           end as active_day30
      from joined j
      left join first_paid f on f.merchant_code = j.merchant_code and f.member_id = j.id
      left join cohort_stats s on s.merchant_code = j.merchant_code and s.cohort_day = j.cohort_day)
  insert into cohort_stats as s (merchant_code, cohort_day, registrations, first_deposits, active_day7,
                                 active_day30, refreshed_at)
  select merchant_code, cohort_day, count(*)::int, (count(*) filter (where deposited))::int,
         -- Null where the day's count is kept (its row exists): the same for all its members.
         case when bool_and(active_day7 is not null) then (count(*) filter (where active_day7))::int
              else min(kept_day7) end,
         (count(*) filter (where active_day30))::int,
         now()
    from facts
   group by 1, 2
  on conflict (merchant_code, cohort_day) do update set
    registrations = excluded.registrations, first_deposits = excluded.first_deposits,
    active_day7 = excluded.active_day7, active_day30 = excluded.active_day30, refreshed_at = excluded.refreshed_at;

  delete from cohort_stats s
   using unnest(p_merchants, p_from, p_to) as k(merchant_code, day_from, day_to)
   where s.merchant_code = k.merchant_code and s.cohort_day between k.day_from - 30 and k.day_to
     and s.refreshed_at <> now();
end $$;

-- Backfill: every day since the first registration, in each merchant's time zone (the merchants of
-- packages/shared merchants.ts; free-play trial accounts are type 4). An empty database computes
-- today only.
select console_reports_recompute(
  array['BR', 'MX', 'BD'],
  z.zones,
  array['BRL', 'MXN', 'BDT'],
  array_fill(coalesce((select (min(created_at) at time zone 'UTC')::date - 1 from members), current_date), array[3]),
  array[(now() at time zone z.zones[1])::date, (now() at time zone z.zones[2])::date,
        (now() at time zone z.zones[3])::date],
  4)
  from (select array['America/Sao_Paulo', 'America/Mexico_City', 'Asia/Dhaka'] as zones) z;
