-- The onboarding tour (issue 17, docs/site.md "Onboarding tour"): a row per
-- player who has seen it, finished or skipped. No row: the tour is shown at
-- the player's next page (any device) while the onboardingTour flag is on.
CREATE TABLE onboarding_tours (
    player_id  INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    outcome    TEXT NOT NULL CHECK (outcome IN ('finished', 'skipped')),
    created_at TEXT NOT NULL
);
