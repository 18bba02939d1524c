-- Races (bff/races, docs/races.md): time-boxed competitions over a set of
-- games, scored by stakes (EUR cents at the operator's game rates) or by the
-- best win multiplier (hundredths), kept incrementally by a ledger tailer;
-- prizes paid once through the ledger when the race ends.
CREATE TABLE races (
    id         TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    metric     TEXT NOT NULL CHECK (metric IN ('stakes', 'multiplier')),
    starts_at  TEXT NOT NULL,
    ends_at    TEXT NOT NULL CHECK (ends_at > starts_at),
    games      TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(games)),   -- game ids; empty: every game
    prizes     TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(prizes)),  -- EUR cents by place, first place first
    min_stake  INTEGER NOT NULL DEFAULT 0,                            -- EUR cents a round must stake to count
    paid_at    TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX races_unpaid ON races(ends_at) WHERE paid_at IS NULL;

CREATE TABLE race_scores (
    race_id    TEXT NOT NULL REFERENCES races(id),
    player_id  INTEGER NOT NULL REFERENCES users(id),
    score      INTEGER NOT NULL DEFAULT 0,
    rounds     INTEGER NOT NULL DEFAULT 0,
    staked     INTEGER NOT NULL DEFAULT 0, -- EUR cents
    best       INTEGER NOT NULL DEFAULT 0, -- best win multiplier, hundredths
    updated_at TEXT NOT NULL,              -- when the score last grew: earlier wins a tie
    PRIMARY KEY (race_id, player_id)
) WITHOUT ROWID;
CREATE INDEX race_scores_board ON race_scores(race_id, score DESC, updated_at);

-- The last ledger transaction the race tailer has scored.
CREATE TABLE race_cursor (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    transaction_id INTEGER NOT NULL
);
INSERT INTO race_cursor(id, transaction_id) VALUES (1, 0);
