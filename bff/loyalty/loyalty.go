// Package loyalty is the VIP club: points earned on real-money stakes,
// operator-configured levels and the benefits other packages read.
//
// Points are derived from the ledger, never told by the wallet: a tailer
// reads committed ledger postings past a cursor (the ledger's single writer
// commits posting ids in order), adds each bet's real-money part to the
// player's running stake and takes back rolled-back bets. So the wallet's
// write path does not grow by a statement, a restart loses nothing (the
// cursor commits with the stakes), a player's history is never re-read on a
// bet, and `casino loyalty recompute` rebuilds everything from the ledger.
package loyalty

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"

	"casino/bff/betlevels"
	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/ledger"
)

// LevelUp is the realtime event a player gets on reaching a higher level.
const LevelUp = "levelUp"

// Service keeps points and levels.
type Service struct {
	db     *database.DB
	ledger *ledger.Ledger
	clock  clock.Clock
	// Publish, when set, is told of level-ups after they commit (the realtime hub).
	Publish func(userID int64, name string, data any)
	// Scale, when set, gives a currency's minor units per euro cent (the
	// operator's game rates): the default rate is one point per euro's worth.
	Scale func(ctx context.Context, currency string) (betlevels.Scale, error)

	cache levelCache
	rates sync.Map   // currency → minor units per point
	run   sync.Mutex // one catch-up at a time

	stmtOnce sync.Once // the catch-up's prepared statements (tail.go)
	stmtErr  error
	prepared []*sql.Stmt
}

// New returns the VIP club over db and the ledger (whose write queue it shares).
func New(db *database.DB, l *ledger.Ledger, c clock.Clock) *Service {
	return &Service{db: db, ledger: l, clock: clock.Or(c)}
}

// minorPerPoint is currency's rate: the operator's row, else one point per
// euro's worth at the game rates, else one point per 100 minor units.
func (s *Service) minorPerPoint(ctx context.Context, currency string) (int64, error) {
	if v, ok := s.rates.Load(currency); ok {
		return v.(int64), nil
	}
	var rate int64
	err := s.db.Read.QueryRowContext(ctx, `SELECT minor_per_point FROM loyalty_rates WHERE currency = ?`, currency).Scan(&rate)
	if err != nil {
		rate = 100
		if s.Scale != nil {
			if sc, err := s.Scale(ctx, currency); err == nil && sc.Factor > 0 {
				rate = 100 * sc.Factor
			}
		}
	}
	s.rates.Store(currency, rate)
	return rate, nil
}

// RateHook runs in a rate change's transaction with the operator's rate
// before (0: none set, the default applied) and after.
type RateHook func(tx *sql.Tx, before, after int64) error

// SetRateWith sets currency's minor units of stake per point (casino
// loyalty set-rate), running hook (may be nil) in its transaction.
func (s *Service) SetRateWith(ctx context.Context, currency string, minorPerPoint int64, hook RateHook) error {
	if _, err := ledger.LookupCurrency(currency); err != nil || minorPerPoint <= 0 {
		return ErrInvalidRate
	}
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		var before int64
		if err := tx.QueryRowContext(ctx, `SELECT minor_per_point FROM loyalty_rates WHERE currency = ?`, currency).Scan(&before); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO loyalty_rates(currency, minor_per_point) VALUES (?, ?)
			ON CONFLICT(currency) DO UPDATE SET minor_per_point = excluded.minor_per_point`, currency, minorPerPoint); err != nil || hook == nil {
			return err
		}
		return hook(tx, before, minorPerPoint)
	})
	s.forget()
	return err
}

// Status is a player's place in the club.
type Status struct {
	Level  Level  `json:"level"`
	Points int64  `json:"points"`
	Next   *Level `json:"next"`
	// Progress is the share of the way from this level to the next in
	// whole percent (100 at the top level).
	Progress int     `json:"progress"`
	Levels   []Level `json:"levels"`
}

// Status returns the player's level, points and the way to the next level.
func (s *Service) Status(ctx context.Context, playerID int64) (Status, error) {
	levels, err := s.Levels(ctx)
	if err != nil {
		return Status{}, err
	}
	var points int64
	err = s.db.Read.QueryRowContext(ctx, `SELECT COALESCE((SELECT points FROM loyalty_players WHERE player_id = ?), 0)`, playerID).Scan(&points)
	if err != nil {
		return Status{}, fmt.Errorf("loyalty: status of %d: %w", playerID, err)
	}
	cur, next := levelFor(levels, points)
	st := Status{Level: cur, Points: points, Next: next, Progress: 100, Levels: levels}
	if next != nil {
		st.Progress = int((points - cur.MinPoints) * 100 / (next.MinPoints - cur.MinPoints))
	}
	return st, nil
}

// Benefits returns the level whose benefits apply to the player now.
func (s *Service) Benefits(ctx context.Context, playerID int64) (Level, error) {
	st, err := s.Status(ctx, playerID)
	return st.Level, err
}
