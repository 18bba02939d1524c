-- The rewards calendar (bff/rewards, docs/rewards.md).
-- A player's calendar zone is fixed at the first visit, so a day's window of
-- play can never be counted twice by claiming under two zones.
CREATE TABLE rewards_players (
    player_id  INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    time_zone  TEXT NOT NULL,
    opted_out  INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- One paid claim per player and calendar day (the ledger transaction's
-- idempotency key is rakeback:{player}:{day} as well).
CREATE TABLE rewards_claims (
    player_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day          TEXT NOT NULL CHECK (length(day) = 10),
    currency     TEXT NOT NULL,
    amount       INTEGER NOT NULL CHECK (amount > 0),
    ledger_tx_id INTEGER NOT NULL REFERENCES ledger_transactions(id),
    paid_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    PRIMARY KEY (player_id, day)
) WITHOUT ROWID;

-- Days and half hours of play are read by time.
CREATE INDEX wallet_rounds_player_time ON wallet_rounds(player_id, started_at);
