-- Accounts the operator froze from the back office (docs/backoffice.md): a
-- frozen player cannot log in and their sessions were ended. Unlike the
-- player's own freeze (player_limits.frozen_until, SPEC section 9: no bets,
-- no deposits, log-in still works) it has no end: staff lift it. Who froze
-- it and why is in staff_audit; this row is the state.
CREATE TABLE account_freezes (
    player_id  INTEGER PRIMARY KEY REFERENCES users(id),
    frozen_at  TEXT NOT NULL,
    frozen_by  TEXT NOT NULL,
    reason     TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 500)
);
