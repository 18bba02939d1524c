-- The in-house game studio (bff/studio): game sessions, provably fair seed
-- pairs, revealed seeds and every round with what the player saw.

-- A game session: launched from a player's access token (real money through
-- the wallet) or as a guest (fun money kept here). The id is a 128-bit
-- random bearer secret held by the game page.
CREATE TABLE studio_sessions (
    id           TEXT PRIMARY KEY,
    user_id      INTEGER REFERENCES users(id) ON DELETE CASCADE,
    game_id      TEXT NOT NULL,
    mode         TEXT NOT NULL CHECK (mode IN ('real', 'demo')),
    currency     TEXT NOT NULL,
    demo_balance INTEGER CHECK (demo_balance IS NULL OR demo_balance >= 0),
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    CHECK ((mode = 'real') = (user_id IS NOT NULL))
);

-- The current seed pair of an owner ('user:<id>' or 'demo:<session id>').
-- server_seed and next_server_seed are secrets until revealed; the hashes are
-- the commitments shown before play.
CREATE TABLE studio_seed_pairs (
    owner                 TEXT PRIMARY KEY,
    server_seed           TEXT NOT NULL,
    server_seed_hash      TEXT NOT NULL UNIQUE,
    client_seed           TEXT NOT NULL,
    nonce                 INTEGER NOT NULL DEFAULT 0,
    next_server_seed      TEXT NOT NULL,
    next_server_seed_hash TEXT NOT NULL,
    updated_at            TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- Retired seed pairs: public from now on, so anyone can verify their rounds.
CREATE TABLE studio_revealed_seeds (
    server_seed_hash TEXT PRIMARY KEY,
    server_seed      TEXT NOT NULL,
    owner            TEXT NOT NULL,
    client_seed      TEXT NOT NULL,
    last_nonce       INTEGER NOT NULL,
    revealed_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- Every round, written with its outcome before any money moves (so a crash
-- between the wallet calls can be finished: see Service.Recover).
-- Amounts are hundredths of the currency unit; balances as the wallet
-- answered them (decimal text).
CREATE TABLE studio_rounds (
    id               TEXT PRIMARY KEY,
    session_id       TEXT NOT NULL REFERENCES studio_sessions(id) ON DELETE CASCADE,
    user_id          INTEGER,
    game_id          TEXT NOT NULL,
    mode             TEXT NOT NULL,
    currency         TEXT NOT NULL,
    bet              INTEGER NOT NULL,
    cost             INTEGER NOT NULL,
    win              INTEGER NOT NULL,
    bonus_buy        INTEGER NOT NULL DEFAULT 0,
    balance_before   TEXT NOT NULL DEFAULT '',
    balance_after    TEXT NOT NULL DEFAULT '',
    server_seed_hash TEXT NOT NULL,
    client_seed      TEXT NOT NULL,
    nonce            INTEGER NOT NULL,
    outcome          TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('pending', 'debited', 'settled', 'refused', 'rolled_back')),
    error_code       TEXT NOT NULL DEFAULT '',
    created_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    settled_at       TEXT,
    UNIQUE (server_seed_hash, nonce)
);
CREATE INDEX studio_rounds_user ON studio_rounds(user_id, created_at);
CREATE INDEX studio_rounds_session ON studio_rounds(session_id, created_at);
CREATE INDEX studio_rounds_unsettled ON studio_rounds(status) WHERE status IN ('pending', 'debited');
