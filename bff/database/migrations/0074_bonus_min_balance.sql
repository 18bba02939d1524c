-- SPEC section 3 bonus fields (docs/bonus.md "Min balance", issue 13):
-- a bonus whose bonus balance falls below its min balance ends, the rest
-- forfeited.
ALTER TABLE bonus_amounts ADD COLUMN min_balance INTEGER NOT NULL DEFAULT 0 CHECK (min_balance >= 0);
-- The min balance in force for a player's bonus (copied at the grant).
ALTER TABLE user_bonuses ADD COLUMN min_balance INTEGER NOT NULL DEFAULT 0;
-- Why an expired bonus ended: '' (its days ran out) or 'min_balance'.
ALTER TABLE user_bonuses ADD COLUMN end_reason TEXT NOT NULL DEFAULT '';
CREATE INDEX user_bonuses_min_balance ON user_bonuses(user_id) WHERE status = 'active' AND min_balance > 0;
-- Rounds still open with bonus money in them (the min balance waits for them).
CREATE INDEX wallet_rounds_open_bonus ON wallet_rounds(player_id, started_at) WHERE status = 'open' AND bet_bonus > 0;
