-- Self-exclusion, session time limits and reality checks (bff/protection,
-- docs/protection.md).

-- When the session ends because of the player's session time limit (NULL:
-- no limit), and when its next reality check is due (NULL: none). A
-- real-money game session ends with its player session (0055), so at the
-- limit too.
ALTER TABLE sessions ADD COLUMN limit_ends_at TEXT;
ALTER TABLE sessions ADD COLUMN reality_check_at TEXT;

-- The player's time controls. session_limit_minutes 0: none. A pending raise
-- or removal of the session limit waits out the 24-hour cooling-off
-- (pending_limit_minutes 0: removal). reality_check_minutes 0: off.
CREATE TABLE protection_settings (
    player_id             INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    session_limit_minutes INTEGER NOT NULL DEFAULT 0 CHECK (session_limit_minutes = 0 OR session_limit_minutes BETWEEN 10 AND 43200),
    pending_limit_minutes INTEGER CHECK (pending_limit_minutes IS NULL OR pending_limit_minutes = 0 OR pending_limit_minutes BETWEEN 10 AND 43200),
    pending_effective_at  TEXT,
    reality_check_minutes INTEGER NOT NULL DEFAULT 0 CHECK (reality_check_minutes IN (0, 15, 30, 60)),
    updated_at            TEXT NOT NULL
);

-- Every self-exclusion a player asked for, append-only (what was asked,
-- what ended in force).
CREATE TABLE protection_exclusions (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    period     TEXT NOT NULL,
    until      TEXT NOT NULL DEFAULT '',
    permanent  INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
);
CREATE INDEX protection_exclusions_player ON protection_exclusions(player_id, id);
CREATE TRIGGER protection_exclusions_append_only_u BEFORE UPDATE ON protection_exclusions
BEGIN SELECT RAISE(ABORT, 'protection_exclusions is append-only'); END;
