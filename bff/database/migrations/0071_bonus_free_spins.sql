-- Free spins (docs/bonus.md, issue 13): a freespins bonus grants rounds on
-- its game at its bet; their winnings become the bonus's amount. A player's
-- free-spins bonus starts with no bonus money, so user_bonuses is rebuilt
-- to allow bonus_amount 0 (SQLite cannot change a CHECK in place; nothing
-- references the table).

-- The bet of one free spin, minor units of the currency.
ALTER TABLE bonus_amounts ADD COLUMN free_spin_bet INTEGER NOT NULL DEFAULT 0 CHECK (free_spin_bet >= 0);

CREATE TABLE user_bonuses_new (
    id                 INTEGER PRIMARY KEY,
    user_id            INTEGER NOT NULL REFERENCES users(id),
    bonus_id           INTEGER NOT NULL REFERENCES bonuses(id),
    deposit_id         TEXT UNIQUE,
    currency           TEXT NOT NULL,
    deposit_amount     INTEGER NOT NULL DEFAULT 0,
    bonus_amount       INTEGER NOT NULL CHECK (bonus_amount >= 0), -- free spins: their winnings so far
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
    ended_at           TEXT NOT NULL DEFAULT '',
    free_spins_total   INTEGER NOT NULL DEFAULT 0 CHECK (free_spins_total >= 0),
    free_spins_left    INTEGER NOT NULL DEFAULT 0 CHECK (free_spins_left >= 0 AND free_spins_left <= free_spins_total),
    free_spin_game     TEXT NOT NULL DEFAULT '',
    free_spin_bet      INTEGER NOT NULL DEFAULT 0 CHECK (free_spin_bet >= 0)
);
INSERT INTO user_bonuses_new(id, user_id, bonus_id, deposit_id, currency, deposit_amount, bonus_amount, wagering_required, wagered,
    wagering_type, max_win_amount, max_bet, status, converted_amount, forfeited_amount, grant_tx_id, started_at, expires_at, ended_at)
SELECT id, user_id, bonus_id, deposit_id, currency, deposit_amount, bonus_amount, wagering_required, wagered,
    wagering_type, max_win_amount, max_bet, status, converted_amount, forfeited_amount, grant_tx_id, started_at, expires_at, ended_at
FROM user_bonuses;
DROP TABLE user_bonuses;
ALTER TABLE user_bonuses_new RENAME TO user_bonuses;
CREATE UNIQUE INDEX user_bonuses_one_active ON user_bonuses(user_id) WHERE status = 'active';
CREATE INDEX user_bonuses_user ON user_bonuses(user_id, id);
CREATE INDEX user_bonuses_expiry ON user_bonuses(expires_at) WHERE status = 'active';
CREATE INDEX user_bonuses_bonus ON user_bonuses(bonus_id, user_id);

-- A wallet round opened by a free-round debit (MoneyRequest.freeRound):
-- nothing staked, its win is bonus money (docs/wallet.md "Free rounds").
ALTER TABLE wallet_rounds ADD COLUMN free_round INTEGER NOT NULL DEFAULT 0;
