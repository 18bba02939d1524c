package wallet

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"casino/bff/ledger"
)

// Limits are a player's responsible-gaming settings in minor units of their
// currency (0 = none). The limits page of a later issue sets them through
// SetLimits; the bet check reads them on every debit.
type Limits struct {
	MaxBet      int64
	BetLimits   [3]int64 // daily, weekly, monthly
	LossLimits  [3]int64
	FrozenUntil string // RFC 3339 or empty
}

// BetLimitChangeEvery is how often a player may change a bet limit (SPEC
// section 9: once per hour).
const BetLimitChangeEvery = 3600 // seconds

func nullIfZero(v int64) any {
	if v <= 0 {
		return nil
	}
	return v
}

// SetLimits stores a player's limits. A change of a bet limit (max bet or a
// period bet limit) within an hour of the previous one is refused with
// ErrBetLimitChangeLocked unless force is set (support, SPEC section 6).
func (s *Service) SetLimits(ctx context.Context, playerID int64, l Limits, force bool) error {
	now := nowText(s.Now())
	return s.ledger.Do(ctx, func(lt *ledger.Tx) error {
		tx, c := lt.SQL(), lt.Context()
		var (
			old     [4]sql.NullInt64
			changed string
		)
		err := tx.QueryRowContext(c, `SELECT max_bet, daily_bet, weekly_bet, monthly_bet, bet_limit_changed_at FROM player_limits WHERE player_id = ?`, playerID).
			Scan(&old[0], &old[1], &old[2], &old[3], &changed)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		betChanged := old[0].Int64 != l.MaxBet || old[1].Int64 != l.BetLimits[0] || old[2].Int64 != l.BetLimits[1] || old[3].Int64 != l.BetLimits[2]
		if betChanged && !force && changed != "" {
			var locked int
			if err := tx.QueryRowContext(c, `SELECT ? < strftime('%Y-%m-%dT%H:%M:%fZ', ?, '+1 hour')`, now, changed).Scan(&locked); err != nil {
				return err
			}
			if locked == 1 {
				return ErrBetLimitChangeLocked
			}
		}
		if betChanged {
			changed = now
		}
		_, err = tx.ExecContext(c, `INSERT INTO player_limits(player_id, max_bet, daily_bet, weekly_bet, monthly_bet, daily_loss, weekly_loss, monthly_loss, frozen_until, bet_limit_changed_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT(player_id) DO UPDATE SET max_bet = excluded.max_bet, daily_bet = excluded.daily_bet, weekly_bet = excluded.weekly_bet,
			monthly_bet = excluded.monthly_bet, daily_loss = excluded.daily_loss, weekly_loss = excluded.weekly_loss,
			monthly_loss = excluded.monthly_loss, frozen_until = excluded.frozen_until,
			bet_limit_changed_at = excluded.bet_limit_changed_at, updated_at = excluded.updated_at`,
			playerID, nullIfZero(l.MaxBet), nullIfZero(l.BetLimits[0]), nullIfZero(l.BetLimits[1]), nullIfZero(l.BetLimits[2]),
			nullIfZero(l.LossLimits[0]), nullIfZero(l.LossLimits[1]), nullIfZero(l.LossLimits[2]), l.FrozenUntil, changed, now)
		if err != nil && isForeignKey(err) {
			return ErrPlayerNotFound
		}
		return err
	})
}

// ConfirmBonusBuy exempts the player's next debit from their max-bet check.
func (s *Service) ConfirmBonusBuy(ctx context.Context, playerID int64) error {
	return s.ledger.Do(ctx, func(lt *ledger.Tx) error {
		_, err := lt.SQL().ExecContext(lt.Context(), `INSERT INTO player_limits(player_id, bonus_buy_confirmed) VALUES (?, 1)
			ON CONFLICT(player_id) DO UPDATE SET bonus_buy_confirmed = 1`, playerID)
		if err != nil && isForeignKey(err) {
			return ErrPlayerNotFound
		}
		return err
	})
}

// SetWagering stores how the player's bets draw on bonus money (RealToFun or
// RealMoneyOnly) and the bonus's max bet (0 = none); the bonus issue calls
// it when a bonus is activated or ends.
func (s *Service) SetWagering(ctx context.Context, playerID int64, wageringType string, bonusMaxBet int64) error {
	return s.ledger.Do(ctx, func(lt *ledger.Tx) error { return SetWageringTx(lt, playerID, wageringType, bonusMaxBet) })
}

func isForeignKey(err error) bool {
	return err != nil && (errors.Is(err, sql.ErrNoRows) || strings.Contains(err.Error(), "FOREIGN KEY"))
}

// LimitsOf returns a player's stored limits (zero values where none).
func (s *Service) LimitsOf(ctx context.Context, playerID int64) (Limits, error) {
	var (
		l    Limits
		v    [7]sql.NullInt64
		frzn string
	)
	err := s.db.Read.QueryRowContext(ctx, `SELECT max_bet, daily_bet, weekly_bet, monthly_bet, daily_loss, weekly_loss, monthly_loss, frozen_until
		FROM player_limits WHERE player_id = ?`, playerID).Scan(&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &frzn)
	if errors.Is(err, sql.ErrNoRows) {
		return l, nil
	}
	if err != nil {
		return l, err
	}
	l.MaxBet = v[0].Int64
	l.BetLimits = [3]int64{v[1].Int64, v[2].Int64, v[3].Int64}
	l.LossLimits = [3]int64{v[4].Int64, v[5].Int64, v[6].Int64}
	l.FrozenUntil = frzn
	return l, nil
}
