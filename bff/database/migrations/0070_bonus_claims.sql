-- Bonus claims (docs/bonus.md, issue 13): the activation rules of a bonus
-- taken with POST /api/user/claim-bonus instead of a deposit (no_deposit).

-- REQUIRED_EMAIL_VERIFICATION: only players with a verified e-mail.
ALTER TABLE bonuses ADD COLUMN requires_email_verification INTEGER NOT NULL DEFAULT 0;
-- REGISTRATION_BONUS: only within this many days of the player's sign-up; 0 = any time.
ALTER TABLE bonuses ADD COLUMN registration_days INTEGER NOT NULL DEFAULT 0 CHECK (registration_days >= 0);
-- MAXIMUM_PARTICIPANTS: at most this many players ever take it; 0 = no bound.
ALTER TABLE bonuses ADD COLUMN max_participants INTEGER NOT NULL DEFAULT 0 CHECK (max_participants >= 0);
-- RETRY_PERIOD: a player may take it again this many days after their last
-- grant of it ended; 0 = once per player.
ALTER TABLE bonuses ADD COLUMN retry_days INTEGER NOT NULL DEFAULT 0 CHECK (retry_days >= 0);

-- Participants of a bonus and a player's grants of it.
CREATE INDEX user_bonuses_bonus ON user_bonuses(bonus_id, user_id);
