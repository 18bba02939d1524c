-- Player accounts: the registration form's fields, consents, tracking and
-- responsible-gaming state the user-details call reports.
ALTER TABLE users ADD COLUMN phone_code TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN phone TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN date_of_birth TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN gender TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN city TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN zip_code TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN promo_code TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN cpf TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN kyc_status TEXT NOT NULL DEFAULT 'NOT_STARTED';
ALTER TABLE users ADD COLUMN tags TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags));
ALTER TABLE users ADD COLUMN newsletter INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN accepted_terms_at TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN one_click INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN cpnc TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN mkt TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN first_url TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN device_type TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN registration_ip TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN mirror_domain_id INTEGER;
ALTER TABLE users ADD COLUMN self_exclusion_until TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN self_exclusion_permanent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN password_changed_at TEXT NOT NULL DEFAULT '';

CREATE UNIQUE INDEX users_nickname ON users(nickname COLLATE NOCASE) WHERE nickname <> '';

-- Every successful login; the login answer reports the previous one.
CREATE TABLE logins (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    ip         TEXT NOT NULL DEFAULT '',
    location   TEXT NOT NULL DEFAULT '',
    user_agent TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX logins_user_time ON logins(user_id, created_at);
