-- Duplicate accounts (BONUS_FRAUD, docs/bonus.md "Duplicate accounts",
-- issue 13): the signals a no-deposit or free-spins claim is checked
-- against.

-- The device ids (uidToken, SPEC section 7: sign-up and login) each account
-- has been seen with.
CREATE TABLE user_devices (
    uid_token  TEXT NOT NULL CHECK (length(uid_token) BETWEEN 1 AND 128),
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    first_seen TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    PRIMARY KEY (uid_token, user_id)
) WITHOUT ROWID;
CREATE INDEX user_devices_user ON user_devices(user_id);

-- A keyed hash (HMAC-SHA256 under the server's "card-fingerprint" secret)
-- of the card number a deposit was made with; '' for other methods.
ALTER TABLE cashier_deposits ADD COLUMN card_fingerprint TEXT NOT NULL DEFAULT '';
CREATE INDEX cashier_deposits_card_fingerprint ON cashier_deposits(card_fingerprint, user_id) WHERE card_fingerprint <> '';

-- Same address: the sign-up address and every login's.
CREATE INDEX logins_ip ON logins(ip, user_id);
CREATE INDEX users_registration_ip ON users(registration_ip) WHERE registration_ip <> '';
