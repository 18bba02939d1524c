-- Canary releases and automatic rollback of micro-frontends (docs/frontends.md).
-- canary_percent > 0: the release is served to that share of visitors beside
-- the current one; at most one canary per micro-frontend.
ALTER TABLE frontend_releases ADD COLUMN canary_percent INTEGER NOT NULL DEFAULT 0
    CHECK (canary_percent BETWEEN 0 AND 100);
CREATE UNIQUE INDEX frontend_releases_canary ON frontend_releases(name) WHERE canary_percent > 0;
-- Why a release stopped being served without an operator's command (the
-- automatic rollback), shown by `casino frontends list` and the HTTP registry.
ALTER TABLE frontend_releases ADD COLUMN rolled_back_at TEXT;
ALTER TABLE frontend_releases ADD COLUMN rolled_back_reason TEXT NOT NULL DEFAULT '';
