-- The bonus calendar (docs/rewards.md, docs/bonus.md): bonuses of given
-- weekdays, instant cashback, and the cashback it places on a player's
-- rakeback calendar day (ADD_TO_CALENDAR).

-- Weekdays the bonus is offered on, JSON array of ISO weekdays (Monday = 1
-- … Sunday = 7); [] = every day.
ALTER TABLE bonuses ADD COLUMN valid_on_days TEXT NOT NULL DEFAULT '[]';
-- instant_cashback: the share of the player's real-money net loss of the
-- day it is taken on (their calendar day so far), in percent.
ALTER TABLE bonuses ADD COLUMN cashback_percent INTEGER NOT NULL DEFAULT 0 CHECK (cashback_percent BETWEEN 0 AND 100);
-- instant_cashback: the smallest net loss that earns cashback (NO_CASHBACK
-- below it), minor units of the currency. The cap is max_bonus_threshold.
ALTER TABLE bonus_amounts ADD COLUMN min_loss INTEGER NOT NULL DEFAULT 0 CHECK (min_loss >= 0);

-- Cashback placed on a calendar day: paid with that day's rakeback claim.
-- One per player, bonus and the player's calendar date of the claim.
CREATE TABLE rewards_cashback (
    player_id  INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    bonus_id   INTEGER NOT NULL REFERENCES bonuses(id),
    claimed_on TEXT NOT NULL CHECK (length(claimed_on) = 10), -- the player's date when the bonus was taken
    day        TEXT NOT NULL CHECK (length(day) = 10),        -- the calendar day it is paid with
    currency   TEXT NOT NULL,
    amount     INTEGER NOT NULL CHECK (amount > 0),
    loss       INTEGER NOT NULL,                              -- the net loss it was computed from
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    PRIMARY KEY (player_id, bonus_id, claimed_on)
) WITHOUT ROWID;
CREATE INDEX rewards_cashback_day ON rewards_cashback(player_id, day);
