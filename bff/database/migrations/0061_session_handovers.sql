-- One-time codes that carry a login to another address of the casino (a
-- mirror domain): ?at=<code> instead of a 30-day session token in a URL
-- (issue 18, item 3). Only the code's hash is kept; a code works once, for one
-- target host, for two minutes.
CREATE TABLE session_handovers (
    code_hash   BLOB PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    target_host TEXT NOT NULL,
    expires_at  TEXT NOT NULL,
    used_at     TEXT
);
