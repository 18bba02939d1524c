// Package races runs time-boxed races over a set of games: players score by
// their stakes or by their best win multiplier, a live leaderboard goes out
// over the realtime hub, and the prizes are paid through the ledger exactly
// once when the race ends (docs/races.md).
//
// Scores are kept incrementally by a ledger tailer (score.go) like the VIP
// club's: the wallet's bet path is untouched and no player's history is
// re-read. Membership in a race is decided by the ledger's own time of the
// bet; when a race has ended is decided by the injected clock.
package races

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"casino/bff/betlevels"
	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/ledger"
)

// Metrics a race is scored by.
const (
	ByStakes     = "stakes"     // EUR cents staked on the race's games
	ByMultiplier = "multiplier" // best win ÷ stake of one round, in hundredths
)

// Race is an operator's race.
type Race struct {
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	Metric   string    `json:"metric"`
	StartsAt time.Time `json:"startsAt"`
	EndsAt   time.Time `json:"endsAt"`
	Games    []string  `json:"games"`
	// Prizes are EUR cents by place (first place first), paid in the
	// player's currency at the operator's game rates.
	Prizes   []int64 `json:"prizes"`
	MinStake int64   `json:"minStake"` // EUR cents a round must stake to count
	Paid     bool    `json:"paid"`
}

// Status is "upcoming", "running" or "ended" at now.
func (r Race) Status(now time.Time) string {
	switch {
	case now.Before(r.StartsAt):
		return "upcoming"
	case now.Before(r.EndsAt):
		return "running"
	}
	return "ended"
}

// counts says whether a round of game at t counts in the race.
func (r Race) counts(game string, t time.Time) bool {
	if t.Before(r.StartsAt) || !t.Before(r.EndsAt) {
		return false
	}
	if len(r.Games) == 0 {
		return true
	}
	for _, g := range r.Games {
		if g == game {
			return true
		}
	}
	return false
}

// Service keeps races, scores and payouts.
type Service struct {
	db     *database.DB
	ledger *ledger.Ledger
	clock  clock.Clock
	// Scale gives a currency's minor units per euro cent (the operator's game rates).
	Scale func(ctx context.Context, currency string) (betlevels.Scale, error)
	// Changed, when set, is told after commit which races' leaderboards moved.
	Changed func(raceIDs []string)
	// Paid, when set, is told of each prize after the payout commits.
	Paid func(playerID int64, raceID string, place int, amount ledger.Money)

	// crashBeforeMark, in tests, fails the payout after the prizes were
	// posted and before the race is marked paid (a crash at that moment).
	crashBeforeMark func() error

	run sync.Mutex // one tailer pass or payout at a time
	// factors: each currency's bet scale during a pass (guarded by run).
	factors map[string]int64
	mu      sync.Mutex
	active  []Race // unpaid races, reloaded each pass
}

// New returns the races service.
func New(db *database.DB, l *ledger.Ledger, c clock.Clock) *Service {
	return &Service{db: db, ledger: l, clock: clock.Or(c)}
}

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,63}$`)

// CreateWith adds a race (casino races create), running hook (may be nil)
// in its transaction with the race as stored: the audit row is written there.
func (s *Service) CreateWith(ctx context.Context, r Race, hook func(tx *sql.Tx, r Race) error) error {
	r.Name = strings.TrimSpace(r.Name)
	if !idPattern.MatchString(r.ID) || r.Name == "" || len(r.Name) > 80 || (r.Metric != ByStakes && r.Metric != ByMultiplier) ||
		r.StartsAt.IsZero() || !r.EndsAt.After(r.StartsAt) || r.MinStake < 0 {
		return ErrInvalidRace
	}
	for _, p := range r.Prizes {
		if p <= 0 {
			return ErrInvalidRace
		}
	}
	if r.Games == nil {
		r.Games = []string{}
	}
	if r.Prizes == nil {
		r.Prizes = []int64{}
	}
	games, _ := json.Marshal(r.Games)
	prizes, _ := json.Marshal(r.Prizes)
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO races(id, name, metric, starts_at, ends_at, games, prizes, min_stake) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			r.ID, r.Name, r.Metric, stamp(r.StartsAt), stamp(r.EndsAt), string(games), string(prizes), r.MinStake)
		if err != nil && strings.Contains(err.Error(), "UNIQUE") {
			return ErrRaceExists
		}
		if err != nil || hook == nil {
			return err
		}
		return hook(tx, r)
	})
}

// stamp writes t as the ledger writes its times, so they compare as text.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

func parseStamp(s string) time.Time {
	t, _ := time.Parse("2006-01-02T15:04:05.000Z", s)
	return t
}

const raceCols = `id, name, metric, starts_at, ends_at, games, prizes, min_stake, paid_at IS NOT NULL`

func scanRace(sc interface{ Scan(...any) error }) (Race, error) {
	var r Race
	var starts, ends, games, prizes string
	if err := sc.Scan(&r.ID, &r.Name, &r.Metric, &starts, &ends, &games, &prizes, &r.MinStake, &r.Paid); err != nil {
		return Race{}, err
	}
	r.StartsAt, r.EndsAt = parseStamp(starts), parseStamp(ends)
	if err := json.Unmarshal([]byte(games), &r.Games); err != nil {
		return Race{}, err
	}
	if err := json.Unmarshal([]byte(prizes), &r.Prizes); err != nil {
		return Race{}, err
	}
	return r, nil
}

// Get returns one race.
func (s *Service) Get(ctx context.Context, id string) (Race, error) {
	r, err := scanRace(s.db.Read.QueryRowContext(ctx, `SELECT `+raceCols+` FROM races WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Race{}, ErrNotFound
	}
	return r, err
}

// List returns the races not yet paid and the last ended ones (newest first), at most limit.
func (s *Service) List(ctx context.Context, limit int) ([]Race, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT `+raceCols+` FROM races ORDER BY paid_at IS NOT NULL, ends_at DESC LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Race{}
	for rows.Next() {
		r, err := scanRace(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// unpaid loads the races whose prizes are not paid yet.
func (s *Service) unpaid(ctx context.Context) ([]Race, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT `+raceCols+` FROM races WHERE paid_at IS NULL ORDER BY ends_at`)
	if err != nil {
		return nil, fmt.Errorf("races: unpaid: %w", err)
	}
	defer rows.Close()
	var out []Race
	for rows.Next() {
		r, err := scanRace(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
