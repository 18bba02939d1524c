-- Site settings: one JSON document per key; settings2 merges them over the
-- built-in defaults.
CREATE TABLE settings (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL CHECK (json_valid(value)),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- Operator scripts injected into the shell page. audience: all, auth (logged-in
-- players), depositors (players with at least one deposit).
CREATE TABLE operator_scripts (
    key        TEXT PRIMARY KEY,
    head       TEXT NOT NULL DEFAULT '',
    body_start TEXT NOT NULL DEFAULT '',
    body_end   TEXT NOT NULL DEFAULT '',
    audience   TEXT NOT NULL DEFAULT 'all' CHECK (audience IN ('all','auth','depositors')),
    active     INTEGER NOT NULL DEFAULT 1,
    position   INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE users (
    id                INTEGER PRIMARY KEY,
    email             TEXT NOT NULL COLLATE NOCASE UNIQUE,
    password_hash     TEXT NOT NULL DEFAULT '',
    first_name        TEXT NOT NULL DEFAULT '',
    last_name         TEXT NOT NULL DEFAULT '',
    nickname          TEXT NOT NULL DEFAULT '',
    currency_code     TEXT NOT NULL DEFAULT 'EUR',
    country_code      TEXT NOT NULL DEFAULT '',
    locale            TEXT NOT NULL DEFAULT 'en',
    deposit_count     INTEGER NOT NULL DEFAULT 0,
    is_email_verified INTEGER NOT NULL DEFAULT 0,
    created_at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- Access tokens are stored as SHA-256 hashes: a leaked database does not leak
-- live sessions.
CREATE TABLE sessions (
    token_hash   BLOB PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    last_seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    expires_at   TEXT NOT NULL,
    ip           TEXT NOT NULL DEFAULT '',
    user_agent   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions(user_id);

-- Client events (PAGE_VIEW, ALTERNATIVE_METHOD_BUTTON, …).
CREATE TABLE event_log (
    id           INTEGER PRIMARY KEY,
    event        TEXT NOT NULL,
    data         TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
    user_id      INTEGER REFERENCES users(id) ON DELETE SET NULL,
    mkt          TEXT NOT NULL DEFAULT '',
    cpnc         TEXT NOT NULL DEFAULT '',
    device_type  TEXT NOT NULL DEFAULT '',
    ip           TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX event_log_event_time ON event_log(event, created_at);

-- Micro-frontend builds. Every published version stays; exactly one per name is
-- current. Rollback moves "current" back to the previously current one.
CREATE TABLE frontend_releases (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    version      TEXT NOT NULL,
    entry        TEXT NOT NULL,
    published_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    is_current   INTEGER NOT NULL DEFAULT 0,
    previous_id  INTEGER REFERENCES frontend_releases(id),
    UNIQUE (name, version)
);
CREATE UNIQUE INDEX frontend_releases_current ON frontend_releases(name) WHERE is_current = 1;
