-- The double-entry ledger (bff/ledger, docs/ledger.md). Every movement of
-- money is a transaction of postings that sum to zero per currency; each
-- account keeps its balance, updated in the same write transaction as the
-- postings. Amounts are signed integers of minor units (cents, 1e-8 coins).
-- Transactions and postings are append-only.

-- One account per name and currency: player:{id}:real, player:{id}:bonus,
-- player:{id}:withdrawal_hold, house, game:{name}, provider:{name}.
CREATE TABLE ledger_accounts (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    currency   TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('real','bonus','withdrawal_hold','house','game','provider')),
    player_id  INTEGER REFERENCES users(id),
    balance    INTEGER NOT NULL DEFAULT 0 CHECK (typeof(balance) = 'integer'),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    UNIQUE (name, currency),
    UNIQUE (id, currency),
    CHECK ((kind IN ('real','bonus','withdrawal_hold')) = (player_id IS NOT NULL)),
    -- Players' money never goes below zero (the Go code checks first; this is
    -- the last line of defence).
    CHECK (kind NOT IN ('real','bonus','withdrawal_hold') OR balance >= 0)
);
CREATE INDEX ledger_accounts_player ON ledger_accounts(player_id, currency) WHERE player_id IS NOT NULL;

-- status committed: the postings were applied. status failed: a business rule
-- refused it (error_code), nothing moved, and a retry with the same key gets
-- the same failure. request_hash is SHA-256 over kind, postings and the
-- reversed transaction; the same key with another hash is a conflict.
CREATE TABLE ledger_transactions (
    id              INTEGER PRIMARY KEY,
    idempotency_key TEXT NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 255),
    kind            TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),
    status          TEXT NOT NULL CHECK (status IN ('committed','failed')),
    error_code      TEXT NOT NULL DEFAULT '',
    request_hash    BLOB NOT NULL CHECK (length(request_hash) = 32),
    reverses_id     INTEGER REFERENCES ledger_transactions(id),
    metadata        TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(metadata)),
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    CHECK ((status = 'failed') = (error_code <> ''))
);
-- A transaction is reversed at most once.
CREATE UNIQUE INDEX ledger_transactions_one_reversal ON ledger_transactions(reverses_id)
    WHERE status = 'committed' AND reverses_id IS NOT NULL;

-- balance_after is the account's balance right after this posting (statement
-- columns "Balance Before/After"); the checker verifies it is the running sum.
CREATE TABLE ledger_postings (
    id             INTEGER PRIMARY KEY,
    transaction_id INTEGER NOT NULL REFERENCES ledger_transactions(id),
    account_id     INTEGER NOT NULL,
    currency       TEXT NOT NULL,
    amount         INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount <> 0),
    balance_after  INTEGER NOT NULL CHECK (typeof(balance_after) = 'integer'),
    FOREIGN KEY (account_id, currency) REFERENCES ledger_accounts(id, currency)
);
CREATE INDEX ledger_postings_transaction ON ledger_postings(transaction_id);
CREATE INDEX ledger_postings_account ON ledger_postings(account_id, id);

-- Append-only: corrections are new transactions (rollbacks), never edits.
CREATE TRIGGER ledger_postings_no_update BEFORE UPDATE ON ledger_postings
BEGIN SELECT RAISE(ABORT, 'ledger postings are append-only'); END;
CREATE TRIGGER ledger_postings_no_delete BEFORE DELETE ON ledger_postings
BEGIN SELECT RAISE(ABORT, 'ledger postings are append-only'); END;
CREATE TRIGGER ledger_transactions_no_update BEFORE UPDATE ON ledger_transactions
BEGIN SELECT RAISE(ABORT, 'ledger transactions are append-only'); END;
CREATE TRIGGER ledger_transactions_no_delete BEFORE DELETE ON ledger_transactions
BEGIN SELECT RAISE(ABORT, 'ledger transactions are append-only'); END;
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
BEGIN SELECT RAISE(ABORT, 'ledger accounts are never deleted'); END;
CREATE TRIGGER ledger_accounts_fixed BEFORE UPDATE OF id, name, currency, kind, player_id ON ledger_accounts
BEGIN SELECT RAISE(ABORT, 'ledger accounts only change their balance'); END;
