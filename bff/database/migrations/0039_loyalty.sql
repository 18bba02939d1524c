-- VIP club (bff/loyalty, docs/loyalty.md). Points come from players' real
-- stakes as the ledger records them: a tailer reads committed postings past
-- loyalty_cursor and adds each bet's real-money part (minus rolled-back bets)
-- to loyalty_stakes. Points are staked / rate, so the whole table can be
-- rebuilt from the ledger (casino loyalty recompute) and checked against it.

-- Operator-configured levels and the benefits other packages read.
CREATE TABLE loyalty_levels (
    level            INTEGER PRIMARY KEY CHECK (level >= 0),
    name             TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    min_points       INTEGER NOT NULL UNIQUE CHECK (min_points >= 0),
    rakeback_bps     INTEGER NOT NULL DEFAULT 0 CHECK (rakeback_bps BETWEEN 0 AND 10000),
    cashback_bps     INTEGER NOT NULL DEFAULT 0 CHECK (cashback_bps BETWEEN 0 AND 10000),
    -- Most a player of the level may withdraw per day, in EUR cents; NULL: no limit.
    withdrawal_limit INTEGER CHECK (withdrawal_limit IS NULL OR withdrawal_limit > 0),
    personal_manager INTEGER NOT NULL DEFAULT 0 CHECK (personal_manager IN (0, 1))
);
INSERT INTO loyalty_levels(level, name, min_points, rakeback_bps, cashback_bps, withdrawal_limit, personal_manager) VALUES
    (0, 'Bronze',   0,      0,    0,    200000,  0),
    (1, 'Silver',   1000,   200,  500,  500000,  0),
    (2, 'Gold',     5000,   500,  750,  1000000, 0),
    (3, 'Platinum', 25000,  800,  1000, 2500000, 1),
    (4, 'Diamond',  100000, 1200, 1500, NULL,    1);

-- Minor units of real stake per point, per currency. A currency without a
-- row earns one point per euro's worth at the operator's game rates.
CREATE TABLE loyalty_rates (
    currency        TEXT PRIMARY KEY,
    minor_per_point INTEGER NOT NULL CHECK (minor_per_point > 0)
);

CREATE TABLE loyalty_stakes (
    player_id INTEGER NOT NULL REFERENCES users(id),
    currency  TEXT NOT NULL,
    staked    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player_id, currency)
) WITHOUT ROWID;

CREATE TABLE loyalty_players (
    player_id  INTEGER PRIMARY KEY REFERENCES users(id),
    points     INTEGER NOT NULL DEFAULT 0,
    level      INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- The last ledger posting the tailer has counted.
CREATE TABLE loyalty_cursor (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    posting_id INTEGER NOT NULL
);
INSERT INTO loyalty_cursor(id, posting_id) VALUES (1, 0);
