-- Followers of the ledger (the agents' rollups) read every transfer exactly once whatever the commit
-- order (issue 13). A transfer's id is taken when its row is inserted but the row is seen only when
-- its transaction commits, so an id cursor skips for ever a transfer whose transaction commits after
-- a later id was read (a seamless-wallet batch waiting on row locks can take seconds). The writing
-- transaction's id orders them instead: every transaction below pg_snapshot_xmin of a snapshot has
-- ended, so below it the set of transfers is final and a reader that has read it never misses one.
--
-- Existing rows read as xact_id 1 (a constant default costs no table rewrite; real ids start at 3):
-- the cursor below becomes (1, last transfer id read), so the rows it had not read yet are read next,
-- in id order, and then every later transaction's. SET DEFAULT waits for every transaction that has
-- written the table, so none can insert a row under the constant after this migration.
--
-- Hot-path cost: pg_current_xact_id() per row (the inserting transaction has its id already) and one
-- more btree entry, (xact_id, id): the follower's read is a range scan of it from its cursor.
alter table ledger_transfers add column xact_id xid8 not null default '1';
alter table ledger_transfers alter column xact_id set default pg_current_xact_id();
create index ledger_transfers_xact on ledger_transfers (xact_id, id);

-- The rollups' cursor is now the pair (transaction id, transfer id) of the last transfer counted;
-- every transfer of a lower transaction id has been counted too.
alter table agent_rollup_cursor add column last_xact_id xid8 not null default '1';
