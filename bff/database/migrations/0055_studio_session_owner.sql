-- A real-money game session belongs to the player's session that launched it
-- (the access token's hash): logging out, a password change or any other end
-- of that session ends the game session too (issue 18, item 11). NULL: a fun
-- money session, or one launched before this column existed.
ALTER TABLE studio_sessions ADD COLUMN player_session BLOB;
