-- The back office's dashboard sums today's ledger transactions by time
-- (docs/backoffice.md): an index on the commit time keeps that a range scan.
CREATE INDEX ledger_transactions_created ON ledger_transactions(created_at);
