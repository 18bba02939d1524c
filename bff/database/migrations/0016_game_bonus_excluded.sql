-- Games the operator keeps out of bonus play (commonly live tables, whose
-- even-money bets wager a bonus at almost no risk): while a player has bonus
-- money in play, a bet on one is refused (SPEC section 8: game not eligible
-- while a bonus is active).
ALTER TABLE games ADD COLUMN bonus_excluded INTEGER NOT NULL DEFAULT 0;
