-- The operator's staff (bff/staff, docs/backoffice.md): accounts apart from
-- players, their own sessions, and the append-only audit log of every write
-- staff make in the back office.
CREATE TABLE staff (
    id             INTEGER PRIMARY KEY,
    email          TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (email <> ''),
    role           TEXT NOT NULL CHECK (role IN ('admin','support','finance','compliance')),
    password_hash  TEXT NOT NULL,
    -- The RFC 6238 shared secret (base32): the server must read it back to
    -- check a code, so it is stored as is, like the rest of the database.
    totp_secret    TEXT NOT NULL,
    -- The last 30-second step a code was accepted for: a code is good once.
    totp_last_step INTEGER NOT NULL DEFAULT 0,
    disabled       INTEGER NOT NULL DEFAULT 0,
    created_at     TEXT NOT NULL
);

-- A staff session: the SHA-256 of a random token the browser keeps in its own
-- cookie (never the players' sessions table).
CREATE TABLE staff_sessions (
    token_hash   BLOB PRIMARY KEY,
    staff_id     INTEGER NOT NULL REFERENCES staff(id),
    created_at   TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at   TEXT NOT NULL,
    ip           TEXT NOT NULL DEFAULT '',
    user_agent   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX staff_sessions_staff ON staff_sessions(staff_id);

-- Who did what, when, to what, with the state before and after (JSON) and
-- why. Append-only: the triggers refuse any change or removal of a row.
CREATE TABLE staff_audit (
    id         INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    staff_id   INTEGER REFERENCES staff(id),
    actor      TEXT NOT NULL CHECK (actor <> ''),
    action     TEXT NOT NULL CHECK (action <> ''),
    target     TEXT NOT NULL DEFAULT '',
    before     TEXT NOT NULL DEFAULT '',
    after      TEXT NOT NULL DEFAULT '',
    reason     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX staff_audit_actor ON staff_audit(actor, id);
CREATE INDEX staff_audit_action ON staff_audit(action, id);
CREATE INDEX staff_audit_target ON staff_audit(target, id);

CREATE TRIGGER staff_audit_no_update BEFORE UPDATE ON staff_audit
BEGIN SELECT RAISE(ABORT, 'staff_audit is append-only'); END;
CREATE TRIGGER staff_audit_no_delete BEFORE DELETE ON staff_audit
BEGIN SELECT RAISE(ABORT, 'staff_audit is append-only'); END;

-- First approvals of withdrawals above the four-eyes amount: a second,
-- different staff member's approval pays the withdrawal out.
CREATE TABLE staff_withdrawal_approvals (
    withdrawal_id TEXT NOT NULL,
    staff_id      INTEGER NOT NULL REFERENCES staff(id),
    created_at    TEXT NOT NULL,
    PRIMARY KEY (withdrawal_id, staff_id)
);
