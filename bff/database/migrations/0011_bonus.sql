-- Bonuses (bff/bonus, docs/bonus.md): the catalogue, its amounts per
-- currency, and the bonuses granted to players with their wagering.

CREATE TABLE bonuses (
    id                    INTEGER PRIMARY KEY,
    code                  TEXT NOT NULL UNIQUE CHECK (length(code) BETWEEN 1 AND 64), -- seed key
    name                  TEXT NOT NULL,
    type                  TEXT NOT NULL CHECK (type IN ('no_deposit', 'freespins', 'instant_cashback', 'deposit')),
    is_active             INTEGER NOT NULL DEFAULT 1,
    sort_order            INTEGER NOT NULL DEFAULT 0,
    deposit_bonus_percent INTEGER NOT NULL DEFAULT 0 CHECK (deposit_bonus_percent BETWEEN 0 AND 1000),
    wagering_multiplier   INTEGER NOT NULL DEFAULT 0 CHECK (wagering_multiplier BETWEEN 0 AND 1000),
    wagering_type         TEXT NOT NULL DEFAULT 'REAL_TO_FUN' CHECK (wagering_type IN ('REAL_TO_FUN', 'REAL_MONEY_ONLY')),
    deposits_number       INTEGER NOT NULL DEFAULT 0, -- 1: first deposit only; 0: any deposit
    days_valid            INTEGER NOT NULL DEFAULT 30 CHECK (days_valid > 0),
    valid_from            TEXT NOT NULL DEFAULT '',   -- ISO 8601 or empty
    valid_to              TEXT NOT NULL DEFAULT '',
    free_spins_quantity   INTEGER NOT NULL DEFAULT 0,
    free_spin_game        TEXT NOT NULL DEFAULT '',
    allowed_countries     TEXT NOT NULL DEFAULT '[]', -- JSON arrays of ISO codes
    restricted_countries  TEXT NOT NULL DEFAULT '[]',
    banners               TEXT NOT NULL DEFAULT '{}', -- JSON: language -> banner object
    terms                 TEXT NOT NULL DEFAULT '',
    created_at            TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at            TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Amounts in minor units of the currency; a bonus is offered only in the
-- currencies it has a row for. 0 = no bound.
CREATE TABLE bonus_amounts (
    bonus_id            INTEGER NOT NULL REFERENCES bonuses(id),
    currency            TEXT NOT NULL,
    min_deposit         INTEGER NOT NULL DEFAULT 0 CHECK (min_deposit >= 0),
    max_bonus_threshold INTEGER NOT NULL DEFAULT 0 CHECK (max_bonus_threshold >= 0),
    max_win_amount      INTEGER NOT NULL DEFAULT 0 CHECK (max_win_amount >= 0),
    max_bet             INTEGER NOT NULL DEFAULT 0 CHECK (max_bet >= 0),
    bonus_amount        INTEGER NOT NULL DEFAULT 0 CHECK (bonus_amount >= 0), -- fixed amount (no_deposit)
    PRIMARY KEY (bonus_id, currency)
) WITHOUT ROWID;

CREATE TABLE user_bonuses (
    id                 INTEGER PRIMARY KEY,
    user_id            INTEGER NOT NULL REFERENCES users(id),
    bonus_id           INTEGER NOT NULL REFERENCES bonuses(id),
    deposit_id         TEXT UNIQUE,                  -- the cashier deposit it came with
    currency           TEXT NOT NULL,
    deposit_amount     INTEGER NOT NULL DEFAULT 0,
    bonus_amount       INTEGER NOT NULL CHECK (bonus_amount > 0),
    wagering_required  INTEGER NOT NULL CHECK (wagering_required >= 0),
    wagered            INTEGER NOT NULL DEFAULT 0 CHECK (wagered >= 0),
    wagering_type      TEXT NOT NULL,
    max_win_amount     INTEGER NOT NULL DEFAULT 0,
    max_bet            INTEGER NOT NULL DEFAULT 0,
    status             TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'cancelled', 'expired')),
    converted_amount   INTEGER NOT NULL DEFAULT 0,
    forfeited_amount   INTEGER NOT NULL DEFAULT 0,
    grant_tx_id        INTEGER REFERENCES ledger_transactions(id),
    started_at         TEXT NOT NULL,
    expires_at         TEXT NOT NULL,
    ended_at           TEXT NOT NULL DEFAULT ''
);
-- At most one active bonus per player (ACTIVE_BONUS), enforced by the
-- database as well as by the rules.
CREATE UNIQUE INDEX user_bonuses_one_active ON user_bonuses(user_id) WHERE status = 'active';
CREATE INDEX user_bonuses_user ON user_bonuses(user_id, id);
CREATE INDEX user_bonuses_expiry ON user_bonuses(expires_at) WHERE status = 'active';
