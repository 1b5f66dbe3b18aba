-- The operator console's dashboard and daily reports (issue 15): one row per merchant, day (in the
-- merchant's time zone) and currency, so the dashboard and the reports read a few hundred rows and
-- never the base tables. The console's refresh (modules/console/dashboard.service.ts) recomputes the
-- recent days of each merchant from the base tables on a timer; a recomputed day replaces its row,
-- so a run repeated, or run by two instances one after the other, writes the same figures.
--
-- Where each figure comes from (the business tables, by their own timestamps):
--   registrations    members.created_at (free-play trial accounts, type 4, are no registrations)
--   deposits         deposit_orders paid, by settled_at (when the ledger credited them)
--   first deposits   those paid orders that are their member's first paid order
--   withdrawals      withdrawals approved or paid, by decided_at (the payout left the member then);
--                    locked ones are pending (read live), rejected ones went back to the member
--   bets, stakes     vendor_transactions 'bet' answered OK and not rolled back, by created_at (a bet
--                    rolled back later leaves its day at that day's next recompute)
--   wins             vendor_transactions 'win' answered OK, by created_at
--   active players   distinct members with such a bet that day
--   bonuses          the ledger's bonus movements credited to members, as the agents' rollups sum
--                    them per member and day (agent_member_periods, period 'D'): the only place they
--                    are summed without reading the ledger's tables
-- Play money is left out: only free-play (trial) members play with it, and they are not counted.
-- GGR = stakes - wins and NGR = GGR - bonuses are computed on read.
create table daily_stats (
  merchant_code text not null,
  currency char(3) not null,
  day date not null,
  registrations integer not null default 0,
  first_deposits integer not null default 0,
  deposit_count integer not null default 0,
  deposit_amount bigint not null default 0,
  withdrawal_count integer not null default 0,
  withdrawal_amount bigint not null default 0,
  bet_count integer not null default 0,
  stake_amount bigint not null default 0,
  win_amount bigint not null default 0,
  bonus_amount bigint not null default 0,
  active_players integer not null default 0,
  refreshed_at timestamptz not null default now(),
  primary key (merchant_code, day, currency)
);

-- The last day each merchant's refresh computed: the next run starts there (or yesterday, if
-- earlier), so days missed while no instance ran are caught up.
create table daily_stats_state (
  merchant_code text primary key,
  refreshed_through date not null,
  refreshed_at timestamptz not null
);

-- Range reads of one merchant's days in the base tables (the refresh reads a day or two at a time).
create index members_merchant_created on members (merchant_code, created_at);
create index deposit_orders_paid_settled on deposit_orders (merchant_code, settled_at) where status = 'paid';
create index withdrawals_decided on withdrawals (merchant_code, decided_at) where status in ('approved', 'paid');
-- vendor_transactions (created_at) exists (0010). Bonus days are few: only those rows are indexed.
create index agent_member_periods_bonus_days on agent_member_periods (period_start)
  where period = 'D' and bonuses <> 0;
