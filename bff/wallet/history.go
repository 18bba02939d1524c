package wallet

import (
	"context"
	"fmt"

	"casino/bff/api"
	"casino/bff/ledger"
)

// HistoryRow is one line of the casino transaction table (SPEC section 3:
// Transaction ID, Transaction Type, Game Name, Provider, Balance Before,
// Amount, Balance After, Bonus Balance, Date), in the shape of the cashier's
// get-transactions rows.
type HistoryRow struct {
	TransactionID   string `json:"transactionId"`
	TransactionType string `json:"transactionType"` // Bet, Win, Rollback
	GameID          string `json:"gameId"`
	GameName        string `json:"gameName"`
	Provider        string `json:"provider"`
	BalanceBefore   string `json:"balanceBefore"`
	Amount          string `json:"amount"`
	BalanceAfter    string `json:"balanceAfter"`
	BonusBalance    string `json:"bonusBalance"`
	CurrencyCode    string `json:"currencyCode"`
	Status          string `json:"status"` // completed, cancelled (rolled back)
	IsBonus         bool   `json:"isBonus"`
	RoundID         int64  `json:"roundId"` // for game recall
	CreatedAt       string `json:"createdAt"`
}

// History is a page of rows and the total count.
type History struct {
	Count int          `json:"count"`
	Rows  []HistoryRow `json:"rows"`
}

// Page size of the history (SPEC section 9).
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

var typeNames = map[string]string{"debit": "Bet", "credit": "Win", "rollback": "Rollback"}

// History lists the player's committed game transactions, newest first.
func (s *Service) History(ctx context.Context, playerID int64, page, limit int) (History, error) {
	// Clamped so (page-1)*limit cannot overflow (issue 18, item 19).
	page = min(max(page, 1), 1_000_000)
	if limit < 1 {
		limit = DefaultPageSize
	}
	limit = min(limit, MaxPageSize)
	h := History{Rows: []HistoryRow{}}
	// Rollbacks that moved nothing (unknown, refused or already reversed
	// targets) are answers to the provider, not money: left out.
	const where = `FROM wallet_transactions WHERE player_id = ? AND status = 'ok' AND kind <> 'tombstone'
		AND NOT (kind = 'rollback' AND ledger_tx_id IS NULL)`
	if err := s.db.Read.QueryRowContext(ctx, `SELECT count(*) `+where, playerID).Scan(&h.Count); err != nil {
		return History{}, fmt.Errorf("wallet: history of %d: %w", playerID, err)
	}
	rows, err := s.db.Read.QueryContext(ctx, `SELECT transaction_id, kind, provider, game_id, currency, amount, bonus_amount,
		balance_before, balance_after, bonus_after, rolled_back, COALESCE(round_ref, 0), created_at `+where+` ORDER BY id DESC LIMIT ? OFFSET ?`,
		playerID, limit, (page-1)*limit)
	if err != nil {
		return History{}, fmt.Errorf("wallet: history of %d: %w", playerID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			r                                      HistoryRow
			kind, provider, cur                    string
			amount, bonusAmt, before, after, bonus int64
			rolledBack                             bool
		)
		if err := rows.Scan(&r.TransactionID, &kind, &provider, &r.GameID, &cur, &amount, &bonusAmt, &before, &after, &bonus,
			&rolledBack, &r.RoundID, &r.CreatedAt); err != nil {
			return History{}, err
		}
		c, err := ledger.LookupCurrency(cur)
		if err != nil {
			return History{}, err
		}
		r.TransactionType, r.CurrencyCode, r.IsBonus = typeNames[kind], cur, bonusAmt > 0
		r.Amount, r.BalanceBefore, r.BalanceAfter, r.BonusBalance = fmtMinor(amount, c), fmtMinor(before, c), fmtMinor(after, c), fmtMinor(bonus, c)
		r.Status = "completed"
		if rolledBack {
			r.Status = "cancelled"
		}
		r.GameName, r.Provider = r.GameID, provider
		if s.Games != nil {
			if g, err := s.Games(ctx, provider, r.GameID); err == nil {
				r.GameName, r.Provider = g.Name, g.Provider
			}
		}
		h.Rows = append(h.Rows, r)
	}
	return h, rows.Err()
}

// Balance answers the provider's balance call.
func (s *Service) Balance(ctx context.Context, provider string, req BalanceRequest) (Balance, error) {
	v := api.Validation{}
	id := parsePlayer(req.PlayerID, v)
	if err := v.Err(); err != nil {
		return Balance{}, err
	}
	if req.GameID != "" {
		if _, err := s.Games(ctx, provider, req.GameID); err != nil {
			return Balance{}, err
		}
	}
	var (
		code, wagering string
	)
	err := s.db.Read.QueryRowContext(ctx, `SELECT u.currency_code, COALESCE(w.wagering_type, 'REAL_MONEY_ONLY')
		FROM users u LEFT JOIN player_wagering w ON w.player_id = u.id WHERE u.id = ?`, id).Scan(&code, &wagering)
	if err != nil {
		return Balance{}, ErrPlayerNotFound
	}
	if req.Currency != "" && req.Currency != code {
		return Balance{}, ErrCurrencyMismatch
	}
	c, err := ledger.LookupCurrency(code)
	if err != nil {
		return Balance{}, err
	}
	b, err := s.ledger.PlayerBalances(ctx, id, c)
	if err != nil {
		return Balance{}, err
	}
	playable := b.Real
	if wagering == RealToFun {
		playable = b.Total()
	}
	return Balance{Balance: playable.Decimal(), RealBalance: b.Real.Decimal(), BonusBalance: b.Bonus.Decimal(), Currency: code}, nil
}
