package protection

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"casino/bff/api"
	"casino/bff/session"
)

// Self-exclusion periods (SPEC section 9): 1 h, 12 h, 1 day, 3 days,
// 1 week, 1 month, permanent, or a custom number of months and days.
var ExclusionPeriods = []string{"1h", "12h", "1d", "3d", "1w", "1m", "permanent", "custom"}

// Bounds of a custom exclusion (beyond them the player asks for permanent).
const (
	MaxCustomMonths = 60
	MaxCustomDays   = 365
)

var (
	ErrExclusionPeriod = api.ErrValidation.WithField("period", "Invalid format")
	ErrCustomPeriod    = api.ErrValidation.WithField("custom", "Choose between 1 day and 60 months")
)

// ExclusionRequest is the body of POST /api/user/self-exclude.
type ExclusionRequest struct {
	Period string `json:"period"`
	Months int    `json:"months"`
	Days   int    `json:"days"`
}

// Exclusion is the self-exclusion in force.
type Exclusion struct {
	Until     string `json:"until,omitempty"` // RFC 3339; empty when permanent without an earlier date
	Permanent bool   `json:"permanent"`
}

// exclusionEnd is when an exclusion of req asked at now ends (zero with
// permanent).
func exclusionEnd(req ExclusionRequest, now time.Time) (end time.Time, permanent bool, err error) {
	switch req.Period {
	case "1h":
		return now.Add(time.Hour), false, nil
	case "12h":
		return now.Add(12 * time.Hour), false, nil
	case "1d":
		return now.Add(24 * time.Hour), false, nil
	case "3d":
		return now.Add(3 * 24 * time.Hour), false, nil
	case "1w":
		return now.Add(7 * 24 * time.Hour), false, nil
	case "1m":
		return now.AddDate(0, 1, 0), false, nil
	case "permanent":
		return time.Time{}, true, nil
	case "custom":
		if req.Months < 0 || req.Days < 0 || req.Months+req.Days == 0 || req.Months > MaxCustomMonths || req.Days > MaxCustomDays {
			return time.Time{}, false, ErrCustomPeriod
		}
		return now.AddDate(0, req.Months, req.Days), false, nil
	}
	return time.Time{}, false, ErrExclusionPeriod
}

// SelfExclude excludes the player for the period asked. An exclusion is
// only ever lengthened: a later end already in force stays, and a permanent
// one cannot be undone by the player. Then every session of the player ends
// at once (and with them their real-money game sessions), their active bonus is
// forfeited and their open pages are told. Withdrawals stay possible
// through the restricted session the log-in offers (docs/protection.md).
func (s *Service) SelfExclude(ctx context.Context, userID int64, req ExclusionRequest) (Exclusion, error) {
	now := s.now()
	end, permanent, err := exclusionEnd(req, now)
	if err != nil {
		return Exclusion{}, err
	}
	var cur Exclusion
	err = s.db.Read.QueryRowContext(ctx, `SELECT self_exclusion_until, self_exclusion_permanent FROM users WHERE id = ?`, userID).Scan(&cur.Until, &cur.Permanent)
	if errors.Is(err, sql.ErrNoRows) {
		return Exclusion{}, api.ErrNotFound
	}
	if err != nil {
		return Exclusion{}, fmt.Errorf("exclusion of %d: %w", userID, err)
	}
	next := Exclusion{Until: cur.Until, Permanent: cur.Permanent || permanent}
	if !permanent {
		if t, err := time.Parse(time.RFC3339, cur.Until); err != nil || t.Before(end) {
			next.Until = end.Format(time.RFC3339)
		}
	}
	if _, err := s.db.Write.ExecContext(ctx, `UPDATE users SET self_exclusion_until = ?, self_exclusion_permanent = ? WHERE id = ?`,
		next.Until, next.Permanent, userID); err != nil {
		return Exclusion{}, fmt.Errorf("exclude %d: %w", userID, err)
	}
	if _, err := s.db.Write.ExecContext(ctx, `INSERT INTO protection_exclusions(player_id, period, until, permanent, created_at) VALUES (?, ?, ?, ?, ?)`,
		userID, describePeriod(req), next.Until, next.Permanent, now.Format(stampLayout)); err != nil {
		return Exclusion{}, fmt.Errorf("record exclusion of %d: %w", userID, err)
	}
	if !s.Excluded(next, now) {
		// An end in the past cannot come out of the rules above.
		return next, nil
	}
	// The exclusion is in force (the wallet and the cashier read it). Every
	// step below runs even when one before failed.
	var errs []error
	if s.Sessions != nil {
		errs = append(errs, s.Sessions.RevokeAll(ctx, userID))
	}
	if s.ForfeitBonus != nil {
		errs = append(errs, s.ForfeitBonus(ctx, userID))
	}
	if s.Notify != nil {
		s.Notify(userID, EventSessionEnded, SessionEnded{Reason: ReasonSelfExcluded, Until: next.Until, Permanent: next.Permanent})
	}
	if err := errors.Join(errs...); err != nil {
		slog.Error("protection: self-exclusion side effects", "user", userID, "err", err)
		return next, err
	}
	return next, nil
}

// Excluded applies the product rule to e at now.
func (s *Service) Excluded(e Exclusion, now time.Time) bool {
	return session.SelfExcluded(e.Until, e.Permanent, now)
}

func describePeriod(req ExclusionRequest) string {
	if req.Period == "custom" {
		return fmt.Sprintf("custom:%dm%dd", req.Months, req.Days)
	}
	return req.Period
}

// Realtime events the protection sends to a player's open pages.
const (
	// EventSessionEnded: the session ended (session time limit reached, or
	// the player self-excluded in another tab).
	EventSessionEnded = "sessionEnded"
	// EventRealityCheck: a reality check was answered, or the interval
	// changed, in another tab.
	EventRealityCheck = "realityCheck"
	// EventSessionLimit: the session time limit changed; pages re-read when
	// their session ends.
	EventSessionLimit = "sessionLimit"
)

// Reasons of EventSessionEnded.
const (
	ReasonSelfExcluded = "selfExcluded"
	ReasonSessionLimit = "sessionLimit"
)

// SessionEnded is the data of EventSessionEnded.
type SessionEnded struct {
	Reason    string `json:"reason"`
	Until     string `json:"until,omitempty"`
	Permanent bool   `json:"permanent,omitempty"`
}
