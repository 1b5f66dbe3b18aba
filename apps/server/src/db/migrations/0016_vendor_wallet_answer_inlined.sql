-- vendor_wallet_answer (0010_vendor_wallet.sql) was declared immutable, but its body calls to_json and
-- format, which are only stable: PostgreSQL never inlines an immutable SQL function whose body is
-- not, so every bet, win and rollback parsed and planned the function's text anew (6 % of the
-- database's CPU in a profile of bench:wallet). Declared stable, as its body is, it is inlined into
-- the calling expression and planned once with it. Same text, same bytes answered.
alter function vendor_wallet_answer(text, bigint, text, text) stable;
