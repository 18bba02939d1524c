-- The seamless wallet (bff/wallet, docs/wallet.md) and the game catalogue
-- (bff/games, docs/games.md).

-- Game providers that call the wallet API, each with its HMAC secret.
CREATE TABLE wallet_providers (
    name       TEXT PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 64),
    title      TEXT NOT NULL DEFAULT '',
    secret     BLOB NOT NULL CHECK (length(secret) >= 32),
    active     INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- One row per game round (game recall): stakes and wins in minor units of
-- the round's currency, the player's playable balance before the first debit
-- and after the last movement, and the provider's outcome JSON.
CREATE TABLE wallet_rounds (
    id             INTEGER PRIMARY KEY,
    provider       TEXT NOT NULL,
    round_id       TEXT NOT NULL CHECK (length(round_id) BETWEEN 1 AND 128),
    player_id      INTEGER NOT NULL REFERENCES users(id),
    game_id        TEXT NOT NULL,
    currency       TEXT NOT NULL,
    bet_real       INTEGER NOT NULL DEFAULT 0,
    bet_bonus      INTEGER NOT NULL DEFAULT 0,
    win            INTEGER NOT NULL DEFAULT 0,
    balance_before INTEGER NOT NULL,
    balance_after  INTEGER NOT NULL,
    outcome        TEXT NOT NULL DEFAULT 'null' CHECK (json_valid(outcome)),
    status         TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open','closed')),
    started_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    ended_at       TEXT NOT NULL DEFAULT '',
    UNIQUE (provider, round_id)
);
CREATE INDEX wallet_rounds_player ON wallet_rounds(player_id, id);

-- Every debit, credit and rollback a provider sent, keyed by the provider's
-- transaction id, with the answer given (replayed on retries). A tombstone is
-- the id of a transaction rolled back before it arrived.
CREATE TABLE wallet_transactions (
    id             INTEGER PRIMARY KEY,
    provider       TEXT NOT NULL,
    transaction_id TEXT NOT NULL CHECK (length(transaction_id) BETWEEN 1 AND 128),
    kind           TEXT NOT NULL CHECK (kind IN ('debit','credit','rollback','tombstone')),
    status         TEXT NOT NULL CHECK (status IN ('ok','failed')),
    error_code     TEXT NOT NULL DEFAULT '',
    request_hash   BLOB NOT NULL,
    player_id      INTEGER NOT NULL REFERENCES users(id),
    game_id        TEXT NOT NULL,
    round_ref      INTEGER REFERENCES wallet_rounds(id),
    currency       TEXT NOT NULL,
    amount         INTEGER NOT NULL DEFAULT 0,
    real_amount    INTEGER NOT NULL DEFAULT 0,
    bonus_amount   INTEGER NOT NULL DEFAULT 0,
    balance_before INTEGER NOT NULL DEFAULT 0,
    balance_after  INTEGER NOT NULL DEFAULT 0,
    bonus_after    INTEGER NOT NULL DEFAULT 0,
    ledger_tx_id   INTEGER REFERENCES ledger_transactions(id),
    target_ref     INTEGER REFERENCES wallet_transactions(id),
    rolled_back    INTEGER NOT NULL DEFAULT 0,
    response       TEXT NOT NULL DEFAULT '{}',
    created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    UNIQUE (provider, transaction_id)
);
CREATE INDEX wallet_transactions_player ON wallet_transactions(player_id, id) WHERE status = 'ok' AND kind <> 'tombstone';

-- Stakes and wins per player, currency and UTC day, for the period bet and
-- loss limits (weeks and months sum their days).
CREATE TABLE wallet_player_days (
    player_id INTEGER NOT NULL,
    currency  TEXT NOT NULL,
    day       TEXT NOT NULL,
    staked    INTEGER NOT NULL DEFAULT 0,
    won       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player_id, currency, day)
) WITHOUT ROWID;

-- Responsible-gaming limits in minor units of the player's currency (NULL:
-- none), the freeze and the one-shot bonus-buy confirmation.
CREATE TABLE player_limits (
    player_id            INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    max_bet              INTEGER,
    daily_bet            INTEGER,
    weekly_bet           INTEGER,
    monthly_bet          INTEGER,
    daily_loss           INTEGER,
    weekly_loss          INTEGER,
    monthly_loss         INTEGER,
    bet_limit_changed_at TEXT NOT NULL DEFAULT '',
    frozen_until         TEXT NOT NULL DEFAULT '',
    bonus_buy_confirmed  INTEGER NOT NULL DEFAULT 0,
    updated_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- How a player's stakes draw on the bonus balance while a bonus is active.
CREATE TABLE player_wagering (
    player_id     INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    wagering_type TEXT NOT NULL DEFAULT 'REAL_MONEY_ONLY' CHECK (wagering_type IN ('REAL_MONEY_ONLY','REAL_TO_FUN')),
    bonus_max_bet INTEGER,
    updated_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- The game catalogue.
CREATE TABLE game_providers (
    id              INTEGER PRIMARY KEY,
    slug            TEXT NOT NULL UNIQUE,
    name            TEXT NOT NULL,
    wallet_provider TEXT NOT NULL DEFAULT '',
    logo_url        TEXT NOT NULL DEFAULT '',
    position        INTEGER NOT NULL DEFAULT 0,
    active          INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE game_categories (
    id       INTEGER PRIMARY KEY,
    slug     TEXT NOT NULL UNIQUE,
    names    TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(names)),
    icon     TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0,
    active   INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE games (
    id                   INTEGER PRIMARY KEY,
    slug                 TEXT NOT NULL UNIQUE,
    provider_id          INTEGER NOT NULL REFERENCES game_providers(id),
    external_id          TEXT NOT NULL,
    name                 TEXT NOT NULL,
    description          TEXT NOT NULL DEFAULT '',
    kind                 TEXT NOT NULL DEFAULT 'slot',
    thumbnail_url        TEXT NOT NULL DEFAULT '',
    rtp                  REAL NOT NULL DEFAULT 0,
    max_multiplier       REAL NOT NULL DEFAULT 0,
    min_bet              TEXT NOT NULL DEFAULT '',
    max_bet              TEXT NOT NULL DEFAULT '',
    min_bet_minor        INTEGER NOT NULL DEFAULT 0,
    max_bet_minor        INTEGER NOT NULL DEFAULT 0,
    volatility           TEXT NOT NULL DEFAULT '',
    release_date         TEXT NOT NULL DEFAULT '',
    popularity           INTEGER NOT NULL DEFAULT 0,
    demo                 INTEGER NOT NULL DEFAULT 1,
    requires_deposit     INTEGER NOT NULL DEFAULT 0,
    has_bonus_buy        INTEGER NOT NULL DEFAULT 0,
    allowed_countries    TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(allowed_countries)),
    restricted_countries TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(restricted_countries)),
    tags                 TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags)),
    play_url             TEXT NOT NULL DEFAULT '',
    active               INTEGER NOT NULL DEFAULT 1,
    UNIQUE (provider_id, external_id)
);
CREATE INDEX games_name ON games(name COLLATE NOCASE);

CREATE TABLE game_category_games (
    category_id INTEGER NOT NULL REFERENCES game_categories(id) ON DELETE CASCADE,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (category_id, game_id)
) WITHOUT ROWID;

CREATE TABLE game_favorites (
    player_id  INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    PRIMARY KEY (player_id, game_id)
) WITHOUT ROWID;
