-- Country block (bff/geo): reports and verified visitors.

-- Reports of a visitor seeing the country-blocked notice
-- (POST /api/user/country-blocked): one row per (ip, country, first_url);
-- a repeat is a no-op.
CREATE TABLE country_block_reports (
    id         INTEGER PRIMARY KEY,
    ip         TEXT NOT NULL,
    country    TEXT NOT NULL CHECK (length(country) = 2),
    first_url  TEXT NOT NULL,
    user_agent TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE UNIQUE INDEX country_block_reports_once ON country_block_reports(ip, country, first_url);

-- Visitors who passed Reverify Location. visitor_hash is the SHA-256 of the
-- random visitor id kept in an HttpOnly cookie (a leaked database does not
-- leak live visitor ids). A row is valid until expires_at; a new verification
-- replaces it. Precise coordinates are not kept.
CREATE TABLE country_verifications (
    visitor_hash BLOB PRIMARY KEY,
    country      TEXT NOT NULL,
    ip           TEXT NOT NULL DEFAULT '',
    ip_country   TEXT NOT NULL DEFAULT '',
    verified_at  TEXT NOT NULL,
    expires_at   TEXT NOT NULL
);
CREATE INDEX country_verifications_expiry ON country_verifications(expires_at);
