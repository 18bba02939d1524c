package backoffice

import (
	"context"
	"sort"
	"time"

	"casino/bff/clock"
	"casino/bff/ledger"
)

// Figures are one currency's totals of the day, decimal strings.
type Figures struct {
	Currency           string `json:"currency"`
	Deposits           string `json:"deposits"`
	DepositCount       int    `json:"depositCount"`
	Withdrawals        string `json:"withdrawals"`
	WithdrawalCount    int    `json:"withdrawalCount"`
	GGR                string `json:"ggr"`
	NGR                string `json:"ngr"`
	PendingWithdrawals string `json:"pendingWithdrawals"`
	PendingCount       int    `json:"pendingCount"`
}

// Dashboard is the day at a glance, from the ledger (UTC day).
type Dashboard struct {
	Day              string    `json:"day"`
	From             string    `json:"from"`
	To               string    `json:"to"`
	Currencies       []Figures `json:"currencies"`
	ActivePlayers    int       `json:"activePlayers"`
	PendingDocuments int       `json:"pendingDocuments"`
}

// The day's sums. Deposits: what reached players' real balances; paid
// withdrawals: what left their withdrawal holds to a processor; GGR: stakes
// minus wins on real and bonus balances (with their rollbacks); NGR: the
// house's real-money result, i.e. minus everything that moved players' real
// balances except the cashier's own movements: real stakes less real wins,
// less bonus money converted to real money, rakeback, prizes and
// commissions paid.
const (
	qDay = `WITH t AS (SELECT t.id, t.kind, COALESCE(r.kind, '') AS reversed FROM ledger_transactions t
			LEFT JOIN ledger_transactions r ON r.id = t.reverses_id
			WHERE t.created_at >= ? AND t.created_at < ? AND t.status = 'committed')
		SELECT a.currency,
			COALESCE(SUM(CASE WHEN t.kind = 'deposit' AND a.kind = 'real' THEN p.amount END), 0),
			COUNT(DISTINCT CASE WHEN t.kind = 'deposit' AND a.kind = 'real' THEN t.id END),
			COALESCE(-SUM(CASE WHEN t.kind = 'withdraw_settle' AND a.kind = 'withdrawal_hold' THEN p.amount END), 0),
			COUNT(DISTINCT CASE WHEN t.kind = 'withdraw_settle' AND a.kind = 'withdrawal_hold' THEN t.id END),
			COALESCE(-SUM(CASE WHEN a.kind IN ('real', 'bonus') AND (t.kind IN ('bet', 'win') OR t.reversed IN ('bet', 'win')) THEN p.amount END), 0),
			COALESCE(-SUM(CASE WHEN a.kind = 'real' AND t.kind NOT IN ('deposit', 'withdraw_request', 'withdraw_settle', 'withdraw_cancel')
				AND t.reversed NOT IN ('deposit', 'withdraw_request', 'withdraw_settle', 'withdraw_cancel') THEN p.amount END), 0)
		FROM t JOIN ledger_postings p ON p.transaction_id = t.id JOIN ledger_accounts a ON a.id = p.account_id
		WHERE a.player_id IS NOT NULL
		GROUP BY a.currency`
	qActive = `SELECT COUNT(DISTINCT a.player_id) FROM ledger_transactions t
		JOIN ledger_postings p ON p.transaction_id = t.id JOIN ledger_accounts a ON a.id = p.account_id
		WHERE t.created_at >= ? AND t.created_at < ? AND t.status = 'committed' AND t.kind = 'bet' AND a.player_id IS NOT NULL`
	qPending = `SELECT currency, COALESCE(SUM(amount), 0), COUNT(*) FROM cashier_withdrawals WHERE status = 'pending' GROUP BY currency`
)

// Today sums the current UTC day (the server's clock) from the ledger, with
// what waits for a decision now.
func (b *Service) Today(ctx context.Context) (Dashboard, error) {
	now := clock.Or(b.Clock).Now().UTC()
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	const layout = "2006-01-02T15:04:05.000Z"
	from, to := day.Format(layout), day.Add(24*time.Hour).Format(layout)
	out := Dashboard{Day: day.Format("2006-01-02"), From: from, To: to, Currencies: []Figures{}}
	type sums struct {
		deposits, withdrawals, ggr, ngr, pending int64
		depositN, withdrawalN, pendingN          int
	}
	by := map[string]*sums{}
	get := func(c string) *sums {
		if by[c] == nil {
			by[c] = &sums{}
		}
		return by[c]
	}
	rows, err := b.DB.Read.QueryContext(ctx, qDay, from, to)
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var c string
		var s sums
		if err := rows.Scan(&c, &s.deposits, &s.depositN, &s.withdrawals, &s.withdrawalN, &s.ggr, &s.ngr); err != nil {
			rows.Close()
			return out, err
		}
		g := get(c)
		g.deposits, g.depositN, g.withdrawals, g.withdrawalN, g.ggr, g.ngr = s.deposits, s.depositN, s.withdrawals, s.withdrawalN, s.ggr, s.ngr
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	rows, err = b.DB.Read.QueryContext(ctx, qPending)
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var c string
		var sum int64
		var n int
		if err := rows.Scan(&c, &sum, &n); err != nil {
			rows.Close()
			return out, err
		}
		g := get(c)
		g.pending, g.pendingN = sum, n
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	for c, s := range by {
		cur, err := ledger.LookupCurrency(c)
		if err != nil {
			return out, err
		}
		f := func(minor int64) string { return ledger.FormatMinor(minor, cur.Decimals) }
		out.Currencies = append(out.Currencies, Figures{Currency: c, Deposits: f(s.deposits), DepositCount: s.depositN, Withdrawals: f(s.withdrawals),
			WithdrawalCount: s.withdrawalN, GGR: f(s.ggr), NGR: f(s.ngr), PendingWithdrawals: f(s.pending), PendingCount: s.pendingN})
	}
	sort.Slice(out.Currencies, func(i, j int) bool { return out.Currencies[i].Currency < out.Currencies[j].Currency })
	if err := b.DB.Read.QueryRowContext(ctx, qActive, from, to).Scan(&out.ActivePlayers); err != nil {
		return out, err
	}
	err = b.DB.Read.QueryRowContext(ctx, `SELECT COUNT(*) FROM kyc_documents WHERE status = 'pending'`).Scan(&out.PendingDocuments)
	return out, err
}
