package loyalty

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
)

// Level is an operator-configured VIP level and the benefits other packages
// read from it (the rewards calendar its rakeback and cashback, the cashier
// its withdrawal limit, support its personal-manager flag).
type Level struct {
	Level     int    `json:"level"`
	Name      string `json:"name"`
	MinPoints int64  `json:"minPoints"`
	// RakebackBps and CashbackBps are percentages in basis points (250 = 2.5 %).
	RakebackBps int64 `json:"rakebackBps"`
	CashbackBps int64 `json:"cashbackBps"`
	// WithdrawalLimit is the most the level may withdraw per day in EUR
	// cents (convert with the operator's rates); 0 means no limit.
	WithdrawalLimit int64 `json:"withdrawalLimit"`
	PersonalManager bool  `json:"personalManager"`
}

// levelsTTL bounds how long an operator's change waits for the cache.
const levelsTTL = 5 * time.Second

type levelCache struct {
	mu     sync.Mutex
	levels []Level
	at     time.Time
}

// Levels returns the levels lowest first (cached for a few seconds).
func (s *Service) Levels(ctx context.Context) ([]Level, error) {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	now := s.clock.Now()
	if s.cache.levels != nil && now.Sub(s.cache.at) < levelsTTL && !now.Before(s.cache.at) {
		return s.cache.levels, nil
	}
	rows, err := s.db.Read.QueryContext(ctx, `SELECT level, name, min_points, rakeback_bps, cashback_bps, COALESCE(withdrawal_limit, 0), personal_manager
		FROM loyalty_levels ORDER BY min_points`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Level
	for rows.Next() {
		var l Level
		if err := rows.Scan(&l.Level, &l.Name, &l.MinPoints, &l.RakebackBps, &l.CashbackBps, &l.WithdrawalLimit, &l.PersonalManager); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 || out[0].MinPoints != 0 {
		return nil, fmt.Errorf("loyalty: the lowest level must start at 0 points")
	}
	s.cache.levels, s.cache.at = out, now
	// Rates follow the same refresh (an operator's set-rate in another process).
	s.rates.Range(func(k, _ any) bool { s.rates.Delete(k); return true })
	return out, nil
}

// levelFor is the highest level whose threshold points reach (levels sorted
// by MinPoints, the first at 0) and the next one, if any.
func levelFor(levels []Level, points int64) (cur Level, next *Level) {
	i := sort.Search(len(levels), func(i int) bool { return levels[i].MinPoints > points }) - 1
	if i < 0 {
		i = 0
	}
	if i+1 < len(levels) {
		n := levels[i+1]
		next = &n
	}
	return levels[i], next
}

// LevelHook runs in a level change's transaction with the level before (nil
// for a new one) and after: the audit row is written there.
type LevelHook func(tx *sql.Tx, before *Level, after Level) error

// PutLevelWith creates or replaces a level (casino loyalty put-level),
// running hook (may be nil) in its transaction. Players' stored levels
// follow at their next stake or at recompute.
func (s *Service) PutLevelWith(ctx context.Context, l Level, hook LevelHook) error {
	l.Name = strings.TrimSpace(l.Name)
	if l.Level < 0 || l.Name == "" || len(l.Name) > 40 || l.MinPoints < 0 || (l.Level == 0) != (l.MinPoints == 0) ||
		l.RakebackBps < 0 || l.RakebackBps > 10000 || l.CashbackBps < 0 || l.CashbackBps > 10000 || l.WithdrawalLimit < 0 {
		return ErrInvalidLevel
	}
	var limit sql.NullInt64
	if l.WithdrawalLimit > 0 {
		limit = sql.NullInt64{Int64: l.WithdrawalLimit, Valid: true}
	}
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		var before *Level
		var b Level
		err := tx.QueryRowContext(ctx, `SELECT level, name, min_points, rakeback_bps, cashback_bps, COALESCE(withdrawal_limit, 0), personal_manager
			FROM loyalty_levels WHERE level = ?`, l.Level).Scan(&b.Level, &b.Name, &b.MinPoints, &b.RakebackBps, &b.CashbackBps, &b.WithdrawalLimit, &b.PersonalManager)
		switch {
		case err == nil:
			before = &b
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO loyalty_levels(level, name, min_points, rakeback_bps, cashback_bps, withdrawal_limit, personal_manager)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(level) DO UPDATE SET name = excluded.name, min_points = excluded.min_points,
			rakeback_bps = excluded.rakeback_bps, cashback_bps = excluded.cashback_bps, withdrawal_limit = excluded.withdrawal_limit,
			personal_manager = excluded.personal_manager`, l.Level, l.Name, l.MinPoints, l.RakebackBps, l.CashbackBps, limit, l.PersonalManager)
		if err != nil {
			return fmt.Errorf("loyalty: put level %d: %w (thresholds must be unique)", l.Level, err)
		}
		if hook == nil {
			return nil
		}
		return hook(tx, before, l)
	})
	if err != nil {
		return err
	}
	s.forget()
	return nil
}

// forget drops the cached levels and rates.
func (s *Service) forget() {
	s.cache.mu.Lock()
	s.cache.levels = nil
	s.cache.mu.Unlock()
	s.rates.Range(func(k, _ any) bool { s.rates.Delete(k); return true })
}
