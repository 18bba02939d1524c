package cashier

import (
	"context"
	"fmt"

	"casino/bff/api"
	"casino/bff/ledger"
)

// HistoryRow is one line of the Deposit or Withdrawal tab (SPEC section 3:
// Date, Transaction ID, Method, Transaction Type, Amount, Status, Bonus).
type HistoryRow struct {
	TransactionID   string `json:"transactionId"`
	CreatedAt       string `json:"createdAt"`
	Method          string `json:"method"`
	Network         string `json:"network,omitempty"`
	TransactionType string `json:"transactionType"` // Deposit, Withdrawal
	Amount          string `json:"amount"`
	CurrencyCode    string `json:"currencyCode"`
	Status          string `json:"status"`
	IsBonus         bool   `json:"isBonus"`
}

// HistoryPage is a page of history rows with the total count.
type HistoryPage struct {
	Count int          `json:"count"`
	Rows  []HistoryRow `json:"rows"`
}

// History tabs served here; "games" belongs to the game wallet.
const (
	TabDeposit    = "deposit"
	TabWithdrawal = "withdrawal"
	TabGames      = "games"
)

// History returns a page of the player's deposits or withdrawals, newest
// first, with the statuses of the cashier's records (pending and refused
// ones included: the ledger only knows what moved).
func (s *Service) History(ctx context.Context, userID int64, tab string, pageNo, limit int) (HistoryPage, error) {
	var count, rows string
	switch tab {
	case TabDeposit:
		count = `SELECT COUNT(*) FROM cashier_deposits WHERE user_id = ?`
		rows = `SELECT public_id, created_at, method, network, 'Deposit', currency, amount, status, bonus_id <> ''
			FROM cashier_deposits WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`
	case TabWithdrawal:
		count = `SELECT COUNT(*) FROM cashier_withdrawals WHERE user_id = ?`
		rows = `SELECT public_id, created_at, method, COALESCE(json_extract(details, '$.network'), ''), 'Withdrawal', currency, amount, status, 0
			FROM cashier_withdrawals WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`
	default:
		return HistoryPage{}, api.ErrValidation.WithField("type", MsgInvalidFormat)
	}
	out := HistoryPage{Rows: []HistoryRow{}}
	tx, err := s.db.Read.BeginTx(ctx, nil) // one snapshot for the count and the page
	if err != nil {
		return HistoryPage{}, err
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, count, userID).Scan(&out.Count); err != nil {
		return HistoryPage{}, fmt.Errorf("history: %w", err)
	}
	rs, err := tx.QueryContext(ctx, rows, userID, limit, (pageNo-1)*limit)
	if err != nil {
		return HistoryPage{}, fmt.Errorf("history: %w", err)
	}
	defer rs.Close()
	for rs.Next() {
		var r HistoryRow
		var minor int64
		if err := rs.Scan(&r.TransactionID, &r.CreatedAt, &r.Method, &r.Network, &r.TransactionType, &r.CurrencyCode, &minor, &r.Status, &r.IsBonus); err != nil {
			return HistoryPage{}, err
		}
		if c, err := ledger.LookupCurrency(r.CurrencyCode); err == nil {
			r.Amount = ledger.FromMinor(minor, c).Decimal()
		}
		out.Rows = append(out.Rows, r)
	}
	return out, rs.Err()
}
