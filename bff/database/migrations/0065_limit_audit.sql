-- Limit changes made by support for a player (SPEC section 6: bet-limit
-- changes for high-loyalty customers are done by support), with who and why.
-- Append-only: the triggers refuse any change or removal of a row.
CREATE TABLE protection_limit_audit (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES users(id),
    kind       TEXT NOT NULL,
    period     TEXT NOT NULL,
    old_amount INTEGER NOT NULL,
    new_amount INTEGER NOT NULL,
    currency   TEXT NOT NULL,
    actor      TEXT NOT NULL CHECK (actor <> ''),
    reason     TEXT NOT NULL CHECK (reason <> ''),
    created_at TEXT NOT NULL
);
CREATE INDEX protection_limit_audit_player ON protection_limit_audit(player_id, id);

CREATE TRIGGER protection_limit_audit_no_update BEFORE UPDATE ON protection_limit_audit
BEGIN
    SELECT RAISE(ABORT, 'protection_limit_audit is append-only');
END;
CREATE TRIGGER protection_limit_audit_no_delete BEFORE DELETE ON protection_limit_audit
BEGIN
    SELECT RAISE(ABORT, 'protection_limit_audit is append-only');
END;
