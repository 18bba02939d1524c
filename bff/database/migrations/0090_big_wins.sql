-- The big-wins feed (docs/chat.md "Big wins", issue 16): real-money wins of
-- at least the operator's multiple of their round's stake. The name is the
-- one other players may see at the moment of the win ("Ghost" in ghost
-- mode), so neither the feed nor its realtime payloads ever carry a hidden
-- nickname.
CREATE TABLE big_wins (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES users(id),
    name       TEXT NOT NULL,
    game_id    TEXT NOT NULL,
    game_name  TEXT NOT NULL,
    currency   TEXT NOT NULL,
    stake      INTEGER NOT NULL CHECK (stake > 0),
    amount     INTEGER NOT NULL CHECK (amount > 0),
    created_at TEXT NOT NULL
);
