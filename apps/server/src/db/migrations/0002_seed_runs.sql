-- Demo seeders that have run on this database, so `npm start` seeds once and reuses the data.
create table seed_runs (
  name text primary key,
  ran_at timestamptz not null default now()
);
