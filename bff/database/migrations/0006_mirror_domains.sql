-- Mirror domains: other addresses of the same casino, each with its own
-- settings (loginOff, registration time windows per country and device).
CREATE TABLE mirror_domains (
    id       INTEGER PRIMARY KEY,
    url      TEXT NOT NULL UNIQUE,
    host     TEXT NOT NULL UNIQUE COLLATE NOCASE,
    settings TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    active   INTEGER NOT NULL DEFAULT 1
);
