-- Responsible-gaming limit changes waiting out their cooling-off (bff/protection):
-- a raise or a removal takes effect 24 hours after it was asked; amount 0 is a removal.
CREATE TABLE protection_pending_limits (
    player_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind         TEXT NOT NULL CHECK (kind IN ('deposit','loss','bet')),
    period       TEXT NOT NULL CHECK (period IN ('daily','weekly','monthly')),
    amount       INTEGER NOT NULL CHECK (amount >= 0),
    requested_at TEXT NOT NULL,
    effective_at TEXT NOT NULL,
    PRIMARY KEY (player_id, kind, period)
) WITHOUT ROWID;
CREATE INDEX protection_pending_due ON protection_pending_limits(effective_at);
