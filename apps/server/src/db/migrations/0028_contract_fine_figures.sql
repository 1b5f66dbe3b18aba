-- Hourly and real-time salary figures (issue 13), and the upline's processing deadline per merchant.
--
-- The agents' rollups are daily at the finest, so the settlement run makes its own finer figures:
-- each 5-minute slot (in instants: every zone's offset is a whole number of 5 minutes, so a slot is
-- the same in every merchant's time zone, and an hour is 12 of them) is summed per member ONCE, from
-- the seamless wallet's transactions of the slot (vendor_transactions_created, an index that exists
-- already) and their rounds, after the slot has ended. Nothing is added to the wallet's hot path: no
-- trigger, no new index on its tables; the work is one range read per slot, done by the first
-- settlement that needs the slot. Team figures then are an index read of the slot's rows joined to
-- member_tree.

-- A slot summed: its rows below are complete (inserted in the same statement as this marker).
create table contract_fine_slots_done (
  slot_start timestamptz primary key,
  made_at timestamptz not null default now()
);

-- A member's play in one 5-minute slot, in minor units. valid_turnover: bets not rolled back;
-- won/lost_turnover: those bets whose round closed with a payout above / below its stake (a round
-- still open when the slot is summed, cancelled, or paid exactly its stake counts as neither).
create table contract_fine_slots (
  slot_start timestamptz not null,
  member_id bigint not null,
  bet_count integer not null,
  bets bigint not null,
  valid_turnover bigint not null,
  wins bigint not null,
  won_turnover bigint not null,
  lost_turnover bigint not null,
  primary key (slot_start, member_id)
);

-- Real-time salary's single bets: the turnover of a member's live bets of at least min_bet in the
-- slot. Thresholds are the contracts' own (terms.minBetAmount), so they are summed per threshold,
-- each once, when a contract with that threshold first needs the slot.
create table contract_fine_singles_done (
  slot_start timestamptz not null,
  min_bet bigint not null,
  primary key (slot_start, min_bet)
);
create table contract_fine_singles (
  slot_start timestamptz not null,
  min_bet bigint not null,
  member_id bigint not null,
  turnover bigint not null,
  primary key (slot_start, min_bet, member_id)
);

-- DECISIONS "past the merchant's deadline": how long an upline has to process a payable it owes
-- before it is paid automatically (when its balance allows). 24 hours by default.
alter table merchant_settings
  add column contract_deadline_minutes integer not null default 1440
    check (contract_deadline_minutes between 0 and 43200);
