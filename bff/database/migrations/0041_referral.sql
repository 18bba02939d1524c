-- Refer a friend (bff/referral, docs/referral.md). A visitor who lands with
-- ?ref=CODE carries it in a cookie to sign-up, where the referral is
-- recorded (self-referrals too, flagged: they earn nothing). The referred
-- player's net gaming result (real stakes − real wins) accumulates from the
-- ledger through a cursor; a periodic settlement pays the referrer
-- referAFriendPercent of a positive result through the ledger.
CREATE TABLE referrals (
    referred_id   INTEGER PRIMARY KEY REFERENCES users(id),
    referrer_id   INTEGER NOT NULL REFERENCES users(id),
    self_referral TEXT NOT NULL DEFAULT '',          -- why it earns nothing: 'device', 'address'; '' = genuine
    ngr_unpaid    INTEGER NOT NULL DEFAULT 0,         -- referred currency minor units, not yet settled (may be negative)
    earned        INTEGER NOT NULL DEFAULT 0,         -- referrer currency minor units paid so far
    settlements   INTEGER NOT NULL DEFAULT 0,
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    CHECK (referred_id <> referrer_id)
);
CREATE INDEX referrals_referrer ON referrals(referrer_id);

-- The device cookie each account signed up from (self-referral check).
CREATE TABLE signup_devices (
    user_id   INTEGER PRIMARY KEY REFERENCES users(id),
    device_id TEXT NOT NULL
);
CREATE INDEX signup_devices_device ON signup_devices(device_id);

CREATE TABLE referral_cursor (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    transaction_id INTEGER NOT NULL
);
INSERT INTO referral_cursor(id, transaction_id) VALUES (1, 0);
