-- The demo texts no longer say customer service can set deposit limits, breaks or self-exclusion,
-- or close an account on request: nothing in the platform applies them yet. The marquee, the
-- notice, the popups and the Responsible gaming help articles now give a player's own budget and
-- time habits and where to find help, and the terms notice no longer offers to close an account
-- (issue 14, defect 10). The seeder upserts its items by key, so letting it run once more replaces
-- the old texts; nothing else is touched.
delete from seed_runs where name = 'demo-content';
