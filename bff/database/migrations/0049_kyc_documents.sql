-- Identity documents (bff/kyc, docs/kyc.md). Files live under the data
-- directory by content hash (kyc/<sha256>), never under a public URL.
CREATE TABLE kyc_documents (
    id            INTEGER PRIMARY KEY,
    player_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind          TEXT NOT NULL CHECK (kind IN ('IDENTITY_PROOF','PROOF_OF_ADDRESS','BANK_STATEMENT')),
    file_hash     TEXT NOT NULL CHECK (length(file_hash) = 64),
    content_type  TEXT NOT NULL CHECK (content_type IN ('image/jpeg','image/png','application/pdf')),
    size          INTEGER NOT NULL,
    file_name     TEXT NOT NULL DEFAULT '',
    status        TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','confirmed','rejected')),
    reason        TEXT NOT NULL DEFAULT '',
    uploaded_at   TEXT NOT NULL,
    reviewed_at   TEXT,
    reviewed_by   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX kyc_documents_player ON kyc_documents(player_id, id);
CREATE INDEX kyc_documents_status ON kyc_documents(status, id);
