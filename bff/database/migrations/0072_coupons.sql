-- Coupons (docs/bonus.md "Coupons", issue 13): a code a player enters
-- (POST /api/user/redeem-coupon) that grants its bonus, once per player.

-- A bonus taken only with a coupon: not listed, not claimable by id.
ALTER TABLE bonuses ADD COLUMN coupon_only INTEGER NOT NULL DEFAULT 0;

CREATE TABLE coupons (
    code            TEXT PRIMARY KEY COLLATE NOCASE CHECK (length(code) BETWEEN 1 AND 64),
    bonus_id        INTEGER NOT NULL REFERENCES bonuses(id),
    is_active       INTEGER NOT NULL DEFAULT 1,
    max_redemptions INTEGER NOT NULL DEFAULT 0 CHECK (max_redemptions >= 0), -- 0 = no bound
    valid_to        TEXT NOT NULL DEFAULT '',                                -- ISO 8601, '' = open
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
) WITHOUT ROWID;

CREATE TABLE coupon_redemptions (
    code          TEXT NOT NULL COLLATE NOCASE REFERENCES coupons(code),
    user_id       INTEGER NOT NULL REFERENCES users(id),
    user_bonus_id INTEGER NOT NULL,
    redeemed_at   TEXT NOT NULL,
    PRIMARY KEY (code, user_id)
) WITHOUT ROWID;
