-- Every e-mail the casino sends, kept for delivery retries and audit.
CREATE TABLE mail_outbox (
    id         INTEGER PRIMARY KEY,
    recipient  TEXT NOT NULL,
    sender     TEXT NOT NULL,
    subject    TEXT NOT NULL,
    body_text  TEXT NOT NULL,
    body_html  TEXT NOT NULL DEFAULT '',
    kind       TEXT NOT NULL DEFAULT '',
    attempts   INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT '',
    sent_at    TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX mail_outbox_recipient ON mail_outbox(recipient, id);

-- E-mail verification links: the token is random, only its hash is stored.
CREATE TABLE email_verifications (
    token_hash BLOB PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email      TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX email_verifications_user ON email_verifications(user_id);
