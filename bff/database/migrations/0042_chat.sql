-- Chat (bff/chat, docs/chat.md): public rooms (one per language), messages
-- kept and paged, operator moderation, and each player's chat settings with
-- ghost mode (their name hidden in chat, race leaderboards and wins feeds).
CREATE TABLE chat_messages (
    id         INTEGER PRIMARY KEY,
    room       TEXT NOT NULL,
    player_id  INTEGER NOT NULL REFERENCES users(id),
    name       TEXT NOT NULL,               -- as shown when sent ("Ghost" in ghost mode)
    text       TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 1200),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    deleted_at TEXT
);
CREATE INDEX chat_messages_room ON chat_messages(room, id);

-- Operator mutes (until a time) and bans (no end).
CREATE TABLE chat_sanctions (
    player_id  INTEGER PRIMARY KEY REFERENCES users(id),
    kind       TEXT NOT NULL CHECK (kind IN ('mute', 'ban')),
    until      TEXT,                         -- mutes end; NULL for a ban
    reason     TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- A player's chat settings; ghost = 1 hides their name from other players everywhere.
CREATE TABLE player_social (
    player_id     INTEGER PRIMARY KEY REFERENCES users(id),
    ghost         INTEGER NOT NULL DEFAULT 0 CHECK (ghost IN (0, 1)),
    sound         INTEGER NOT NULL DEFAULT 1 CHECK (sound IN (0, 1)),
    show_big_wins INTEGER NOT NULL DEFAULT 1 CHECK (show_big_wins IN (0, 1)),
    hide_chat     INTEGER NOT NULL DEFAULT 0 CHECK (hide_chat IN (0, 1))
);
