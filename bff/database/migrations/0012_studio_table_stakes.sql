-- Real-money stakes on the studio's live roulette table (bff/studio,
-- docs/studio.md). A stake is written before its wallet debit and marked when
-- the round is paid, so the stakes of a round a restart cut off are found at
-- the next start and rolled back through the wallet.
CREATE TABLE studio_table_stakes (
    tx_id       TEXT PRIMARY KEY,  -- the wallet debit's transaction id
    table_round INTEGER NOT NULL,  -- the table's round number
    round_id    TEXT NOT NULL,     -- the wallet round id
    session_id  TEXT NOT NULL,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    currency    TEXT NOT NULL,
    amount      INTEGER NOT NULL CHECK (amount > 0),
    status      TEXT NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'staked', 'refused', 'settled', 'refunded')),
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX studio_table_stakes_open ON studio_table_stakes(round_id) WHERE status IN ('pending', 'staked');
CREATE INDEX studio_table_stakes_round ON studio_table_stakes(table_round);
