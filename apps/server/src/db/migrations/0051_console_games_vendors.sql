-- Games and vendors from the operator console (issue 15).
--
-- Each merchant's own switches over the shared catalogue: a game turned off, marked hot or placed for
-- one merchant only (the spec's hot games and lists are asked per merchant). Null keeps the
-- catalogue's value (games.enabled, games.is_hot, games.sort). A merchant may turn off a game the
-- catalogue offers, never offer one the catalogue has withdrawn (games.enabled = false).
create table merchant_games (
  merchant_code text not null references merchant_settings (merchant_code),
  node_id integer not null references games (node_id) on delete cascade,
  enabled boolean,
  is_hot boolean,
  sort integer check (sort between 0 and 1000000),
  primary key (merchant_code, node_id)
);

-- A vendor's wallet secret rotated with overlap: the new secret signs and is accepted at once, the one
-- before it is still accepted until previous_secret_until (the vendor switches within that window),
-- then never again. Like `secret`, it has to stay usable to verify signatures, so it is kept as given
-- and no call ever answers it. The house studio's secret lives in the server's configuration instead
-- (secret is null): it is rotated there, not here.
alter table wallet_vendors
  add column previous_secret text check (previous_secret is null or length(previous_secret) >= 32),
  add column previous_secret_until timestamptz,
  add column secret_rotated_at timestamptz,
  add constraint wallet_vendors_previous_secret_window
    check ((previous_secret is null) = (previous_secret_until is null));
