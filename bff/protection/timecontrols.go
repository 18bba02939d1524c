package protection

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"time"

	"casino/bff/api"
	"casino/bff/session"
)

// Session time limit bounds (SPEC sections 5 and 9): 10 minutes to 30 days
// (720 hours).
const (
	MinSessionMinutes = 10
	MaxSessionMinutes = 720 * 60
)

// RealityCheckMinutes are the reality-check intervals a player chooses from
// (0: off).
var RealityCheckMinutes = []int{0, 15, 30, 60}

var (
	ErrSessionMinutes = &api.Error{Status: http.StatusUnprocessableEntity, Code: "SESSION_LIMIT_INVALID",
		Message: "The session time limit must be between 10 minutes and 720 hours (30 days)"}
	ErrNoSessionLimit  = &api.Error{Status: http.StatusNotFound, Code: "NO_SESSION_LIMIT", Message: "You have no session time limit to remove"}
	ErrRealityInterval = api.ErrValidation.WithField("intervalMinutes", "Invalid format")
	ErrRealityCheckDue = &api.Error{Status: http.StatusConflict, Code: "REALITY_CHECK_DUE", Message: "Please answer the reality check to continue playing."}
)

// minute is how long one minute of a session limit or reality-check
// interval lasts: a minute, except in a demo started with a shorter one
// (end-to-end tests; production refuses it, see bff/server).
func (s *Service) minute() time.Duration {
	if s.Minute > 0 {
		return s.Minute
	}
	return time.Minute
}

func (s *Service) minutes(n int) time.Duration { return time.Duration(n) * s.minute() }

// timeSettings is the player's protection_settings row (zero without one).
type timeSettings struct {
	limit, reality int
	pending        sql.NullInt64
	pendingAt      sql.NullString
}

func (s *Service) timeSettings(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, userID int64) (timeSettings, error) {
	var t timeSettings
	err := q.QueryRowContext(ctx, `SELECT session_limit_minutes, reality_check_minutes, pending_limit_minutes, pending_effective_at
		FROM protection_settings WHERE player_id = ?`, userID).Scan(&t.limit, &t.reality, &t.pending, &t.pendingAt)
	if errors.Is(err, sql.ErrNoRows) {
		return timeSettings{}, nil
	}
	return t, err
}

// Deadlines gives a new session of the player its session-limit end and
// first reality check (session.Manager.Deadlines).
func (s *Service) Deadlines(ctx context.Context, userID int64, login time.Time) (session.Deadlines, error) {
	if _, err := s.applyDueSessionLimits(ctx, userID); err != nil {
		return session.Deadlines{}, err
	}
	t, err := s.timeSettings(ctx, s.db.Write, userID)
	if err != nil {
		return session.Deadlines{}, err
	}
	var d session.Deadlines
	if t.limit > 0 {
		d.LimitEndsAt = login.Add(s.minutes(t.limit))
	}
	if t.reality > 0 {
		d.RealityCheckAt = login.Add(s.minutes(t.reality))
	}
	return d, nil
}

// SessionLimit is the session time limit as the limits page shows it.
type SessionLimit struct {
	Minutes int             `json:"minutes"` // 0: none
	Pending *PendingMinutes `json:"pending"`
	// EndsAt is when the caller's session ends by the limit (null: never).
	EndsAt *string `json:"endsAt"`
	// EndsInSeconds is EndsAt counted from the server's now (pages time
	// their modal with it, whatever their own clock says).
	EndsInSeconds *int64 `json:"endsInSeconds"`
	MinMinutes    int    `json:"minMinutes"`
	MaxMinutes    int    `json:"maxMinutes"`
}

// PendingMinutes is a raise or removal of the session limit waiting out the
// cooling-off (Minutes 0: removal).
type PendingMinutes struct {
	Minutes     int    `json:"minutes"`
	EffectiveAt string `json:"effectiveAt"`
}

// SessionLimitOf returns the player's session limit, after applying a
// change that cooled off.
func (s *Service) SessionLimitOf(ctx context.Context, p *session.Player) (SessionLimit, error) {
	if _, err := s.applyDueSessionLimits(ctx, p.ID); err != nil {
		return SessionLimit{}, err
	}
	t, err := s.timeSettings(ctx, s.db.Write, p.ID)
	if err != nil {
		return SessionLimit{}, err
	}
	out := SessionLimit{Minutes: t.limit, MinMinutes: MinSessionMinutes, MaxMinutes: MaxSessionMinutes}
	if t.pending.Valid {
		out.Pending = &PendingMinutes{Minutes: int(t.pending.Int64), EffectiveAt: t.pendingAt.String}
	}
	if !p.LimitEndsAt.IsZero() {
		e := p.LimitEndsAt.UTC().Format(time.RFC3339)
		in := ceilSeconds(p.LimitEndsAt.Sub(s.now()))
		out.EndsAt, out.EndsInSeconds = &e, &in
	}
	return out, nil
}

// SetSessionLimit sets the session time limit to minutes (0 removes it). A
// first or shorter limit applies at once, to the sessions open now too
// (counted from now); a longer one or a removal waits out the 24-hour
// cooling-off (MGA: an increase of a limit takes effect after 24 hours) and
// applies from the next log-in.
func (s *Service) SetSessionLimit(ctx context.Context, userID int64, minutes int) (Change, error) {
	if minutes != 0 && (minutes < MinSessionMinutes || minutes > MaxSessionMinutes) {
		return Change{}, ErrSessionMinutes
	}
	t, err := s.timeSettings(ctx, s.db.Write, userID)
	if err != nil {
		return Change{}, err
	}
	now := s.now()
	if minutes == 0 && t.limit == 0 {
		if !t.pending.Valid {
			return Change{}, ErrNoSessionLimit
		}
		_, err := s.db.Write.ExecContext(ctx, `UPDATE protection_settings SET pending_limit_minutes = NULL, pending_effective_at = NULL, updated_at = ? WHERE player_id = ?`,
			now.Format(stampLayout), userID)
		return Change{Applied: true}, err
	}
	if minutes > 0 && (t.limit == 0 || minutes <= t.limit) {
		if _, err := s.db.Write.ExecContext(ctx, `INSERT INTO protection_settings(player_id, session_limit_minutes, updated_at) VALUES (?, ?, ?)
			ON CONFLICT(player_id) DO UPDATE SET session_limit_minutes = excluded.session_limit_minutes,
				pending_limit_minutes = NULL, pending_effective_at = NULL, updated_at = excluded.updated_at`,
			userID, minutes, now.Format(stampLayout)); err != nil {
			return Change{}, fmt.Errorf("session limit of %d: %w", userID, err)
		}
		if s.Sessions != nil {
			if err := s.Sessions.ShortenLimit(ctx, userID, now.Add(s.minutes(minutes))); err != nil {
				return Change{}, err
			}
		}
		if s.Notify != nil {
			// The player's other pages time the new end too.
			s.Notify(userID, EventSessionLimit, map[string]int{"minutes": minutes})
		}
		return Change{Applied: true}, nil
	}
	effective := now.Add(CoolingOff).Format(stampLayout)
	if _, err := s.db.Write.ExecContext(ctx, `UPDATE protection_settings SET pending_limit_minutes = ?, pending_effective_at = ?, updated_at = ? WHERE player_id = ?`,
		minutes, effective, now.Format(stampLayout), userID); err != nil {
		return Change{}, fmt.Errorf("pending session limit of %d: %w", userID, err)
	}
	return Change{EffectiveAt: effective}, nil
}

// CancelPendingSessionLimit drops a raise or removal of the session limit
// that has not taken effect.
func (s *Service) CancelPendingSessionLimit(ctx context.Context, userID int64) error {
	res, err := s.db.Write.ExecContext(ctx, `UPDATE protection_settings SET pending_limit_minutes = NULL, pending_effective_at = NULL, updated_at = ?
		WHERE player_id = ? AND pending_limit_minutes IS NOT NULL`, s.now().Format(stampLayout), userID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNothing
	}
	return nil
}

// applyDueSessionLimits puts session-limit changes whose cooling-off ended
// in force (userID 0: every player's). They apply from the next log-in.
func (s *Service) applyDueSessionLimits(ctx context.Context, userID int64) (int, error) {
	res, err := s.db.Write.ExecContext(ctx, `UPDATE protection_settings SET session_limit_minutes = pending_limit_minutes,
			pending_limit_minutes = NULL, pending_effective_at = NULL, updated_at = ?
		WHERE pending_limit_minutes IS NOT NULL AND pending_effective_at <= ? AND (? = 0 OR player_id = ?)`,
		s.now().Format(stampLayout), s.now().Format(stampLayout), userID, userID)
	if err != nil {
		return 0, fmt.Errorf("apply session limits: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// SetRealityCheck sets the reality-check interval (0, 15, 30 or 60
// minutes; 0 turns them off). It applies at once: the next check of the
// sessions open now is due one interval from now.
func (s *Service) SetRealityCheck(ctx context.Context, userID int64, minutes int) error {
	if index(intsText(RealityCheckMinutes), fmt.Sprint(minutes)) < 0 {
		return ErrRealityInterval
	}
	now := s.now()
	if _, err := s.db.Write.ExecContext(ctx, `INSERT INTO protection_settings(player_id, reality_check_minutes, updated_at) VALUES (?, ?, ?)
		ON CONFLICT(player_id) DO UPDATE SET reality_check_minutes = excluded.reality_check_minutes, updated_at = excluded.updated_at`,
		userID, minutes, now.Format(stampLayout)); err != nil {
		return fmt.Errorf("reality check of %d: %w", userID, err)
	}
	if s.Sessions == nil {
		return nil
	}
	var next time.Time
	if minutes > 0 {
		next = now.Add(s.minutes(minutes))
	}
	if err := s.Sessions.SetRealityCheck(ctx, userID, next); err != nil {
		return err
	}
	if s.Notify != nil {
		s.Notify(userID, EventRealityCheck, map[string]any{"answered": false})
	}
	return nil
}

// ceilSeconds rounds d up to whole seconds (never below 0): a page timing a
// modal with it never opens it before the server's moment.
func ceilSeconds(d time.Duration) int64 {
	return max(int64((d+time.Second-1)/time.Second), 0)
}

func intsText(list []int) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = fmt.Sprint(v)
	}
	return out
}

// RealityCheck is what the reality-check modal shows, and when it is due.
type RealityCheck struct {
	IntervalMinutes int     `json:"intervalMinutes"` // 0: off
	DueAt           *string `json:"dueAt"`           // null: none
	Due             bool    `json:"due"`
	// DueInSeconds is DueAt counted from the server's now (0 when due).
	DueInSeconds *int64 `json:"dueInSeconds"`
	LoginAt      string `json:"loginAt"`
	// ElapsedSeconds is the time since log-in, by the server's clock.
	ElapsedSeconds int64  `json:"elapsedSeconds"`
	Currency       string `json:"currency"`
	// Stakes and Net (wins less stakes) of this session's rounds, in minor
	// units of Currency.
	Stakes int64 `json:"stakes"`
	Net    int64 `json:"net"`
}

// RealityCheckOf returns the caller's reality check: the interval, when the
// next one is due and this session's figures (time since log-in, stakes and
// net result of the game rounds started since).
func (s *Service) RealityCheckOf(ctx context.Context, p *session.Player) (RealityCheck, error) {
	t, err := s.timeSettings(ctx, s.db.Read, p.ID)
	if err != nil {
		return RealityCheck{}, err
	}
	now := s.now()
	out := RealityCheck{IntervalMinutes: t.reality, LoginAt: p.LoginAt.UTC().Format(time.RFC3339), Currency: p.Currency,
		ElapsedSeconds: int64(now.Sub(p.LoginAt) / time.Second)}
	if s.Sessions != nil {
		at, err := s.Sessions.RealityCheckAt(ctx, p)
		if err != nil {
			return RealityCheck{}, err
		}
		if !at.IsZero() {
			d := at.UTC().Format(time.RFC3339)
			in := ceilSeconds(at.Sub(now))
			out.DueAt, out.Due, out.DueInSeconds = &d, !now.Before(at), &in
		}
	}
	var staked, won int64
	if err := s.db.Read.QueryRowContext(ctx, `SELECT COALESCE(SUM(bet_real + bet_bonus), 0), COALESCE(SUM(win), 0) FROM wallet_rounds
		WHERE player_id = ? AND currency = ? AND started_at >= ?`, p.ID, p.Currency, p.LoginAt.UTC().Format(stampLayout)).Scan(&staked, &won); err != nil {
		return RealityCheck{}, fmt.Errorf("session figures of %d: %w", p.ID, err)
	}
	out.Stakes, out.Net = staked, won-staked
	return out, nil
}

// ContinueAfterRealityCheck is the player's Continue: the next check is due
// one interval from now, and the player's games play again. The other
// pages of the player close their modal.
func (s *Service) ContinueAfterRealityCheck(ctx context.Context, p *session.Player) (RealityCheck, error) {
	t, err := s.timeSettings(ctx, s.db.Read, p.ID)
	if err != nil {
		return RealityCheck{}, err
	}
	var next time.Time
	if t.reality > 0 {
		next = s.now().Add(s.minutes(t.reality))
	}
	if s.Sessions != nil {
		if err := s.Sessions.SetRealityCheck(ctx, p.ID, next); err != nil {
			return RealityCheck{}, err
		}
	}
	if s.Notify != nil {
		s.Notify(p.ID, EventRealityCheck, map[string]any{"answered": true})
	}
	return s.RealityCheckOf(ctx, p)
}

// MayPlay is the games' gate (bff/studio): a real-money round waits while
// the reality check of the player session that launched the game (nil: any
// of the player's sessions) is due and unanswered.
func (s *Service) MayPlay(ctx context.Context, userID int64, playerSession []byte) error {
	if s.Sessions == nil {
		return nil
	}
	due, err := s.Sessions.RealityCheckDue(ctx, userID, playerSession)
	if err != nil {
		return err
	}
	if due {
		return ErrRealityCheckDue
	}
	return nil
}
