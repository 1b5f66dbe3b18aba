-- The demo lobby texts now quote the payment channels' minimums ({{minDeposit}}, {{minWithdrawal}},
-- filled when read) instead of fixed amounts that disagreed with the deposit form, and no longer
-- advertise live casino, which no vendor provides (issue 14). The demo-content seeder upserts its
-- items by key, so letting it run once more on the next start replaces the old texts in databases
-- seeded before; nothing else is touched.
delete from seed_runs where name = 'demo-content';
