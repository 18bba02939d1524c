-- Wagering contribution per game category (docs/bonus.md "Wagering
-- contribution", issue 13): the share (percent) of a stake that counts
-- towards a bonus's wagering, by the game's kind (slot, live, table,
-- other). The operator sets it per bonus ('{}' = the defaults); a player's
-- bonus keeps the shares in force at its grant.
ALTER TABLE bonuses ADD COLUMN wagering_contribution TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(wagering_contribution));
ALTER TABLE user_bonuses ADD COLUMN wagering_contribution TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(wagering_contribution));
