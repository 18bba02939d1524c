-- Every player's round on the studio's live roulette table as it was paid
-- (bff/studio, docs/studio.md): the bets, the number, the win and the
-- balance after, for game recall (/studio/rounds/rl-…). Fun-money rounds too
-- (user_id NULL), readable by whoever holds the round id.
CREATE TABLE studio_table_rounds (
    round_id      TEXT PRIMARY KEY,  -- rl-<table round>-<session id>, the wallet round id
    table_round   INTEGER NOT NULL,
    session_id    TEXT NOT NULL,
    user_id       INTEGER REFERENCES users(id),
    mode          TEXT NOT NULL CHECK (mode IN ('real', 'demo')),
    currency      TEXT NOT NULL,
    staked        INTEGER NOT NULL,  -- minor units of currency
    win           INTEGER NOT NULL,
    balance_after TEXT NOT NULL DEFAULT '',
    outcome       TEXT NOT NULL CHECK (json_valid(outcome)), -- roulette.Outcome
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX studio_table_rounds_user ON studio_table_rounds(user_id, created_at) WHERE user_id IS NOT NULL;
