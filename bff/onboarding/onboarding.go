// Package onboarding keeps whether a player has seen the onboarding tour (the
// few steps that point at the lobby, deposit, responsible-gaming limits and
// the calendar on their first visit as a logged-in player). The state is on
// the server, so a player who finished or skipped the tour on one device does
// not get it on another.
package onboarding

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"time"

	"casino/bff/api"
	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/session"
)

// Outcomes of a tour.
const (
	Finished = "finished"
	Skipped  = "skipped"
)

// Service reads and records tour state.
type Service struct {
	db    *database.DB
	clock clock.Clock
}

// New returns a Service on db (c nil: the wall clock).
func New(db *database.DB, c clock.Clock) *Service {
	return &Service{db: db, clock: clock.Or(c)}
}

// Seen reports whether playerID has finished or skipped the tour.
func (s *Service) Seen(ctx context.Context, playerID int64) (bool, error) {
	var one int
	err := s.db.Read.QueryRowContext(ctx, `SELECT 1 FROM onboarding_tours WHERE player_id = ?`, playerID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("onboarding: state of %d: %w", playerID, err)
	}
	return true, nil
}

// State is a player's recorded tour.
type State struct {
	Outcome string `json:"outcome"`
	At      string `json:"at"`
}

// Mark records that playerID finished or skipped the tour. The first answer
// stays: a second call (another tab) returns the recorded state.
func (s *Service) Mark(ctx context.Context, playerID int64, outcome string) (State, error) {
	if outcome != Finished && outcome != Skipped {
		return State{}, api.ErrValidation.WithField("outcome", "Invalid format")
	}
	at := s.clock.Now().UTC().Format(time.RFC3339)
	if _, err := s.db.Write.ExecContext(ctx,
		`INSERT INTO onboarding_tours (player_id, outcome, created_at) VALUES (?, ?, ?) ON CONFLICT (player_id) DO NOTHING`,
		playerID, outcome, at); err != nil {
		return State{}, fmt.Errorf("onboarding: mark %d: %w", playerID, err)
	}
	var st State
	if err := s.db.Write.QueryRowContext(ctx, `SELECT outcome, created_at FROM onboarding_tours WHERE player_id = ?`, playerID).Scan(&st.Outcome, &st.At); err != nil {
		return State{}, fmt.Errorf("onboarding: read %d: %w", playerID, err)
	}
	return st, nil
}

// Routes registers POST /api/user/onboarding-tour: body {"outcome":
// "finished"|"skipped"}, answer {"data":{"outcome","at"}}.
func (s *Service) Routes(mux *http.ServeMux, sessions *session.Manager) {
	mux.Handle("POST /api/user/onboarding-tour", sessions.RequireUser(s.mark))
}

func (s *Service) mark(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Outcome string `json:"outcome"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	p := session.PlayerFrom(r.Context())
	st, err := s.Mark(r.Context(), p.ID, body.Outcome)
	if err != nil {
		return err
	}
	return api.WriteData(w, st)
}
