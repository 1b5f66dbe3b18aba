-- The state an operator write changed, as it was before (issue 15: before/after in the audit log).
-- Null when the call names none (a creation, or a route without a reader); the row hash covers it
-- only when present, so rows written before this column verify as they did.
alter table operator_audit_log add column before_state jsonb;
