package cashier

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"casino/bff/api"
	"casino/bff/ledger"
)

// limitWindows are the rolling windows of the player's own deposit limits.
var limitWindows = map[string]time.Duration{"daily": 24 * time.Hour, "weekly": 7 * 24 * time.Hour, "monthly": 30 * 24 * time.Hour}

// SetDepositLimit stores a player's own deposit limit for a period (daily,
// weekly, monthly); a zero amount removes it.
func (s *Service) SetDepositLimit(ctx context.Context, userID int64, period string, amount ledger.Money) error {
	if _, ok := limitWindows[period]; !ok {
		return fmt.Errorf("deposit limit period %q: %w", period, api.ErrInvalidFormat)
	}
	if amount.Sign() < 0 {
		return fmt.Errorf("deposit limit: %w", ErrAmountBelowZero)
	}
	if amount.IsZero() {
		_, err := s.db.Write.ExecContext(ctx, `DELETE FROM cashier_deposit_limits WHERE user_id = ? AND period = ?`, userID, period)
		return err
	}
	_, err := s.db.Write.ExecContext(ctx, `INSERT INTO cashier_deposit_limits(user_id, period, currency, amount, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT(user_id, period) DO UPDATE SET currency = excluded.currency, amount = excluded.amount, updated_at = excluded.updated_at`,
		userID, period, amount.Currency().Code, amount.Minor(), s.stamp())
	return err
}

// checkLimits refuses a deposit that would take the player's confirmed and
// open deposits of a window over their own limit. It runs inside the write
// transaction that inserts the deposit, so two deposits cannot both pass.
func (s *Service) checkLimits(ctx context.Context, tx *sql.Tx, userID int64, amount ledger.Money) error {
	rows, err := tx.QueryContext(ctx, `SELECT period, amount FROM cashier_deposit_limits WHERE user_id = ? AND currency = ?`, userID, amount.Currency().Code)
	if err != nil {
		return err
	}
	type lim struct {
		period string
		amount int64
	}
	var limits []lim
	for rows.Next() {
		var l lim
		if err := rows.Scan(&l.period, &l.amount); err != nil {
			rows.Close()
			return err
		}
		limits = append(limits, l)
	}
	rows.Close()
	for _, l := range limits {
		since := s.now().Add(-limitWindows[l.period]).UTC().Format(timeLayout)
		var used int64
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(amount), 0) FROM cashier_deposits
				WHERE user_id = ? AND currency = ? AND created_at >= ? AND status IN ('processing','pending','confirmed')`,
			userID, amount.Currency().Code, since).Scan(&used); err != nil {
			return err
		}
		if used+amount.Minor() > l.amount {
			return fmt.Errorf("player %d %s limit %d, used %d, asked %d: %w", userID, l.period, l.amount, used, amount.Minor(), ErrPaymentLimit)
		}
	}
	return nil
}

// checkAttempts refuses a player's deposit attempt beyond max in the last
// hour, whatever became of the earlier ones.
func (s *Service) checkAttempts(ctx context.Context, tx *sql.Tx, userID int64, max int) error {
	if max <= 0 {
		return nil
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM cashier_deposits WHERE user_id = ? AND created_at >= ? AND processor NOT LIKE 'chain-%'`,
		userID, s.now().Add(-time.Hour).UTC().Format(timeLayout)).Scan(&n); err != nil {
		return err
	}
	if n >= max {
		return fmt.Errorf("player %d: %d deposit attempts in the last hour: %w", userID, n, api.ErrTooManyRequests)
	}
	return nil
}

// ExpireAbandoned cancels deposits left waiting for the player (a 3-D
// Secure page never answered) for longer than age, so they stop counting
// against the player's limits. A capture reported later is still credited.
func (s *Service) ExpireAbandoned(ctx context.Context, age time.Duration) (int64, error) {
	res, err := s.db.Write.ExecContext(ctx, `UPDATE cashier_deposits SET status = 'cancelled', error_code = 'expired', updated_at = ?
		WHERE status = 'processing' AND created_at < ?`, s.stamp(), s.now().Add(-age).UTC().Format(timeLayout))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// DepositLimitsOf returns the player's own deposit limits by period, in minor
// units of their currency.
func (s *Service) DepositLimitsOf(ctx context.Context, userID int64) (map[string]int64, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT period, amount FROM cashier_deposit_limits WHERE user_id = ?`, userID)
	if err != nil {
		return nil, fmt.Errorf("deposit limits of %d: %w", userID, err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var period string
		var amount int64
		if err := rows.Scan(&period, &amount); err != nil {
			return nil, err
		}
		out[period] = amount
	}
	return out, rows.Err()
}
