-- The cashier (bff/cashier, docs/cashier.md): payment methods, deposits and
-- withdrawals with their statuses, crypto deposit addresses, processed
-- webhook events and the sandbox processors' own state. Money moves only in
-- the ledger; these rows point at the ledger transactions that moved it.

-- The operator's payment methods (seeded from data/seed/payments.json).
-- List columns are JSON arrays; tag_restricted_countries is an object
-- {"default": [...], "matched": [...], "unmatched": [...], "<tag>": [...]};
-- limits maps a currency to {"min": "10.00", "max": "5000.00"}.
CREATE TABLE payment_methods (
    id                       INTEGER PRIMARY KEY,
    name                     TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 64),
    kind                     TEXT NOT NULL CHECK (kind IN ('card','crypto','bank','netbanking','upi','wallet')),
    processor                TEXT NOT NULL,
    title                    TEXT NOT NULL DEFAULT '',
    raw_title                TEXT NOT NULL DEFAULT '',
    description              TEXT NOT NULL DEFAULT '',
    thumbnail_url            TEXT NOT NULL DEFAULT '',
    sort_order               INTEGER NOT NULL DEFAULT 0,
    is_active                INTEGER NOT NULL DEFAULT 1,
    hidden                   INTEGER NOT NULL DEFAULT 0,
    withdrawal_exist         INTEGER NOT NULL DEFAULT 0,
    requires_phone           INTEGER NOT NULL DEFAULT 0,
    allowed_countries        TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(allowed_countries)),
    restricted_countries     TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(restricted_countries)),
    tag_restricted_countries TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(tag_restricted_countries)),
    allowed_currencies       TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(allowed_currencies)),
    restricted_currencies    TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(restricted_currencies)),
    allow_emails             TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(allow_emails)),
    allow_tags               TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(allow_tags)),
    limits                   TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(limits)),
    updated_at               TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- Operator settings of the cashier, one JSON value per key.
CREATE TABLE cashier_settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL CHECK (json_valid(value))
);

-- A player's own deposit limits (responsible gaming), minor units of the
-- currency, over a rolling period.
CREATE TABLE cashier_deposit_limits (
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    period     TEXT NOT NULL CHECK (period IN ('daily','weekly','monthly')),
    currency   TEXT NOT NULL,
    amount     INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    PRIMARY KEY (user_id, period)
);

-- processing: waiting for the player (3-D Secure); pending: waiting for the
-- processor or the chain; confirmed: credited (ledger_tx_id); rejected:
-- declined; failed; cancelled.
CREATE TABLE cashier_deposits (
    id            INTEGER PRIMARY KEY,
    public_id     TEXT NOT NULL UNIQUE,
    user_id       INTEGER NOT NULL REFERENCES users(id),
    method        TEXT NOT NULL,
    processor     TEXT NOT NULL,
    currency      TEXT NOT NULL,
    amount        INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
    status        TEXT NOT NULL CHECK (status IN ('processing','pending','confirmed','rejected','failed','cancelled')),
    payment_id    TEXT NOT NULL DEFAULT '',
    network       TEXT NOT NULL DEFAULT '',
    address       TEXT NOT NULL DEFAULT '',
    confirmations INTEGER NOT NULL DEFAULT 0,
    card_last4    TEXT NOT NULL DEFAULT '',
    bonus_id      TEXT NOT NULL DEFAULT '',
    error_code    TEXT NOT NULL DEFAULT '',
    ledger_tx_id  INTEGER REFERENCES ledger_transactions(id),
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    updated_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    CHECK ((status = 'confirmed') = (ledger_tx_id IS NOT NULL))
);
CREATE UNIQUE INDEX cashier_deposits_payment ON cashier_deposits(processor, payment_id) WHERE payment_id <> '';
CREATE INDEX cashier_deposits_user ON cashier_deposits(user_id, id);
CREATE INDEX cashier_deposits_open ON cashier_deposits(status) WHERE status IN ('processing','pending');

-- pending: money on the player's hold account (request_tx_id; NULL only
-- for the moment between the row and its ledger transfer, finished by the
-- start-up reconciliation); processing: an approval, rejection or
-- cancellation (action) is being posted; completed: paid out (settle_tx_id);
-- rejected (operator) / cancelled (player): money back (cancel_tx_id);
-- failed: the hold was refused (insufficient funds), nothing moved.
CREATE TABLE cashier_withdrawals (
    id            INTEGER PRIMARY KEY,
    public_id     TEXT NOT NULL UNIQUE,
    user_id       INTEGER NOT NULL REFERENCES users(id),
    method        TEXT NOT NULL,
    processor     TEXT NOT NULL,
    currency      TEXT NOT NULL,
    amount        INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
    status        TEXT NOT NULL CHECK (status IN ('pending','processing','completed','rejected','cancelled','failed')),
    action        TEXT NOT NULL DEFAULT '' CHECK (action IN ('','approve','reject','cancel')),
    details       TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(details)),
    request_tx_id INTEGER REFERENCES ledger_transactions(id),
    settle_tx_id  INTEGER REFERENCES ledger_transactions(id),
    cancel_tx_id  INTEGER REFERENCES ledger_transactions(id),
    reason        TEXT NOT NULL DEFAULT '',
    decided_by    TEXT NOT NULL DEFAULT '',
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    updated_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    CHECK (status IN ('pending','failed') OR request_tx_id IS NOT NULL),
    CHECK ((status = 'processing') = (action <> '')),
    CHECK ((status = 'completed') = (settle_tx_id IS NOT NULL)),
    CHECK ((status IN ('rejected','cancelled')) = (cancel_tx_id IS NOT NULL))
);
CREATE INDEX cashier_withdrawals_user ON cashier_withdrawals(user_id, id);
CREATE INDEX cashier_withdrawals_pending ON cashier_withdrawals(status, id);

-- One deposit address per player and network, derived from the operator's
-- extended public key at index (network, user).
CREATE TABLE cashier_crypto_addresses (
    user_id    INTEGER NOT NULL REFERENCES users(id),
    network    TEXT NOT NULL,
    address    TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    PRIMARY KEY (user_id, network)
);

-- Webhook events already processed, by processor and event id (replay
-- protection beyond the signature's time window).
CREATE TABLE cashier_webhook_events (
    processor   TEXT NOT NULL,
    event_id    TEXT NOT NULL,
    received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    PRIMARY KEY (processor, event_id)
);

-- Secrets the cashier generates for itself on first use when the operator
-- gave none (sandbox webhook key, sandbox HD wallet).
CREATE TABLE cashier_secrets (
    name  TEXT PRIMARY KEY,
    value BLOB NOT NULL
);

-- The sandbox card processor's own records (an outside service in
-- production; kept here so pending payments survive a restart).
CREATE TABLE sandbox_card_payments (
    id          TEXT PRIMARY KEY,
    reference   TEXT NOT NULL UNIQUE,
    amount      INTEGER NOT NULL,
    currency    TEXT NOT NULL,
    card_last4  TEXT NOT NULL,
    scenario    TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('requires_action','authenticated','pending','succeeded','declined','failed','cancelled')),
    return_url  TEXT NOT NULL DEFAULT '',
    resolve_at  TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- The sandbox blockchain: transfers to addresses and the height each was
-- mined at (0 while in the mempool); confirmations = height - mined_at + 1.
CREATE TABLE sandbox_chain_txs (
    txid       TEXT PRIMARY KEY,
    network    TEXT NOT NULL,
    address    TEXT NOT NULL,
    amount     INTEGER NOT NULL CHECK (amount > 0),
    mined_at   INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX sandbox_chain_txs_network ON sandbox_chain_txs(network, mined_at);
CREATE TABLE sandbox_chain_heights (
    network TEXT PRIMARY KEY,
    height  INTEGER NOT NULL DEFAULT 0
);
