-- Slot sums (0028) are made in 10-second pieces instead of one statement per 5-minute slot: on the
-- embedded PGlite one statement holds the only connection, and a busy slot's sum (0.8 s for 30,000
-- rounds) would make the seamless wallet's calls wait that long. Each piece is summed exactly once
-- (its marker and its additions to the slot's rows in one statement). The sums are derived data: the
-- ones made the old way are dropped and made again from the wallet's tables when a period needs them
-- (payables already made stay as they are).
drop table contract_fine_slots_done;
drop table contract_fine_singles_done;
truncate contract_fine_slots;
truncate contract_fine_singles;

create table contract_fine_pieces_done (
  piece_start timestamptz primary key,
  made_at timestamptz not null default now()
);
create table contract_fine_singles_pieces_done (
  piece_start timestamptz not null,
  min_bet bigint not null,
  primary key (piece_start, min_bet)
);
