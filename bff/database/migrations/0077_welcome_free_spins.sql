-- The welcome offer's free spins (SPEC section 9: up to 1000 EUR plus 100
-- free spins; docs/bonus.md "Free spins with a deposit bonus"): a deposit
-- bonus may carry free spins on its grant; their winnings are counted apart
-- from the deposit bonus's amount for the studio's display.
ALTER TABLE user_bonuses ADD COLUMN free_spin_winnings INTEGER NOT NULL DEFAULT 0;
