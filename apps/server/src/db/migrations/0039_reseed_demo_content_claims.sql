-- The demo lobby texts no longer mention a reward centre (there is none), a friends-referral bonus
-- (only agents invite, with their links: the third promotion, which the side-menu banner opens, now
-- describes the agent programme), table games, live chat, or a bonus, cashback or prize (nothing
-- grants one: those offers became free play, provably fair Crash and deposits), and they list the
-- game categories from the catalogue ({{gameCategories}}, filled when read) instead of naming them
-- (issue 14). The seeder upserts its items by key, so letting it run once more replaces the old
-- texts; nothing else is touched.
delete from seed_runs where name = 'demo-content';
