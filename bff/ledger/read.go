package ledger

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Reads use the reader pool (query_only connections) and stay short: each is
// one indexed query, so they do not hold back the single writer.

// Balance returns the balance of an account; an account never posted to has
// a zero balance.
func (l *Ledger) Balance(ctx context.Context, account string, c Currency) (Money, error) {
	var minor int64
	err := l.db.Read.QueryRowContext(ctx, `SELECT balance FROM ledger_accounts WHERE name = ? AND currency = ?`, account, c.Code).Scan(&minor)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return Money{}, fmt.Errorf("ledger: balance of %s: %w", account, err)
	}
	return FromMinor(minor, c), nil
}

// Balances are a player's balances in one currency.
type Balances struct {
	Real   Money // withdrawable
	Bonus  Money // under wagering
	OnHold Money // withdrawals requested, not yet paid out
}

// Total is what the player holds in play: real plus bonus (not on hold).
func (b Balances) Total() Money {
	return FromMinor(b.Real.Minor()+b.Bonus.Minor(), b.Real.Currency())
}

// PlayerBalances returns a player's real, bonus and on-hold balances (for
// get-user-details' userWallet: balance = Real, bonusBalance = Bonus,
// withdrawable = Real).
func (l *Ledger) PlayerBalances(ctx context.Context, playerID int64, c Currency) (Balances, error) {
	b := Balances{Real: FromMinor(0, c), Bonus: FromMinor(0, c), OnHold: FromMinor(0, c)}
	rows, err := l.db.Read.QueryContext(ctx, `SELECT kind, balance FROM ledger_accounts WHERE player_id = ? AND currency = ?`, playerID, c.Code)
	if err != nil {
		return Balances{}, fmt.Errorf("ledger: balances of player %d: %w", playerID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			kind  AccountKind
			minor int64
		)
		if err := rows.Scan(&kind, &minor); err != nil {
			return Balances{}, err
		}
		switch kind {
		case AccountReal:
			b.Real = FromMinor(minor, c)
		case AccountBonus:
			b.Bonus = FromMinor(minor, c)
		case AccountWithdrawalHold:
			b.OnHold = FromMinor(minor, c)
		}
	}
	return b, rows.Err()
}

// StatementQuery selects a page of a player's postings, newest first.
type StatementQuery struct {
	PlayerID int64
	Currency string        // "" for all currencies
	Kinds    []Kind        // transaction kinds; none for all
	Accounts []AccountKind // player account kinds; none for all three
	Page     int           // from 1; 0 means 1
	Limit    int           // 1 to 100; 0 means 20
}

// StatementRow is one posting on one of the player's accounts.
type StatementRow struct {
	PostingID     int64
	TransactionID int64
	Date          time.Time
	Kind          Kind
	Account       AccountKind // real, bonus or withdrawal_hold
	Amount        Money       // signed: negative leaves the account
	BalanceBefore Money
	BalanceAfter  Money
	Reverses      int64 // for a rollback: the transaction it reverses
	ReversedBy    int64 // the rollback of this transaction, if any
	Metadata      map[string]string
}

// Statement is one page of a player's postings.
type Statement struct {
	Count int // rows matching the query on all pages
	Page  int
	Limit int
	Rows  []StatementRow
}

// Statement returns a page of a player's postings, newest first, for the
// transaction history. Failed transactions moved nothing and do not appear.
func (l *Ledger) Statement(ctx context.Context, q StatementQuery) (Statement, error) {
	if q.Page <= 0 {
		q.Page = 1
	}
	if q.Limit <= 0 {
		q.Limit = 20
	}
	q.Limit = min(q.Limit, 100)
	where := []string{"a.player_id = ?"}
	args := []any{q.PlayerID}
	if q.Currency != "" {
		where = append(where, "a.currency = ?")
		args = append(args, q.Currency)
	}
	if len(q.Kinds) > 0 {
		where = append(where, "t.kind IN ("+placeholders(len(q.Kinds))+")")
		for _, k := range q.Kinds {
			args = append(args, string(k))
		}
	}
	if len(q.Accounts) > 0 {
		where = append(where, "a.kind IN ("+placeholders(len(q.Accounts))+")")
		for _, k := range q.Accounts {
			args = append(args, string(k))
		}
	}
	from := ` FROM ledger_postings p
		JOIN ledger_accounts a ON a.id = p.account_id
		JOIN ledger_transactions t ON t.id = p.transaction_id
		WHERE ` + strings.Join(where, " AND ")

	tx, err := l.db.Read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true}) // one snapshot for count and page
	if err != nil {
		return Statement{}, err
	}
	defer tx.Rollback()
	s := Statement{Page: q.Page, Limit: q.Limit, Rows: []StatementRow{}}
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*)`+from, args...).Scan(&s.Count); err != nil {
		return Statement{}, fmt.Errorf("ledger: statement count: %w", err)
	}
	rows, err := tx.QueryContext(ctx, `SELECT p.id, t.id, t.created_at, t.kind, a.kind, a.currency, p.amount, p.balance_after,
			COALESCE(t.reverses_id, 0),
			COALESCE((SELECT r.id FROM ledger_transactions r WHERE r.reverses_id = t.id AND r.status = 'committed'), 0),
			t.metadata`+from+` ORDER BY p.id DESC LIMIT ? OFFSET ?`,
		append(args, q.Limit, (q.Page-1)*q.Limit)...)
	if err != nil {
		return Statement{}, fmt.Errorf("ledger: statement: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			r             StatementRow
			created, code string
			meta          string
			amount, after int64
		)
		if err := rows.Scan(&r.PostingID, &r.TransactionID, &created, &r.Kind, &r.Account, &code, &amount, &after, &r.Reverses, &r.ReversedBy, &meta); err != nil {
			return Statement{}, err
		}
		c, err := LookupCurrency(code)
		if err != nil {
			return Statement{}, err
		}
		r.Date = parseTime(created)
		r.Amount, r.BalanceAfter, r.BalanceBefore = FromMinor(amount, c), FromMinor(after, c), FromMinor(after-amount, c)
		if err := json.Unmarshal([]byte(meta), &r.Metadata); err != nil {
			return Statement{}, err
		}
		s.Rows = append(s.Rows, r)
	}
	return s, rows.Err()
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}

// Totals sum a player's movements in one currency. Rolled-back transactions
// are left out.
type Totals struct {
	Deposited      Money // deposits credited (totalDeposit)
	DepositCount   int   // deposits credited (depositCount)
	Spent          Money // stakes from real and bonus money (totalSpend)
	Won            Money // wins to real and bonus money
	Withdrawn      Money // withdrawals paid out
	WithdrawnCount int
}

// Totals returns a player's totals in one currency. It reads every posting
// of the player's accounts with the kinds it sums, through the account index.
func (l *Ledger) Totals(ctx context.Context, playerID int64, c Currency) (Totals, error) {
	rows, err := l.db.Read.QueryContext(ctx, `SELECT t.kind, COUNT(DISTINCT t.id), SUM(p.amount)
		FROM ledger_accounts a
		JOIN ledger_postings p ON p.account_id = a.id
		JOIN ledger_transactions t ON t.id = p.transaction_id
		WHERE a.player_id = ? AND a.currency = ?
		  AND ((t.kind = 'deposit' AND a.kind = 'real')
		    OR (t.kind IN ('bet', 'win') AND a.kind IN ('real', 'bonus'))
		    OR (t.kind = 'withdraw_settle' AND a.kind = 'withdrawal_hold'))
		  AND NOT EXISTS (SELECT 1 FROM ledger_transactions r WHERE r.reverses_id = t.id AND r.status = 'committed')
		GROUP BY t.kind`, playerID, c.Code)
	if err != nil {
		return Totals{}, fmt.Errorf("ledger: totals of player %d: %w", playerID, err)
	}
	defer rows.Close()
	zero := FromMinor(0, c)
	t := Totals{Deposited: zero, Spent: zero, Won: zero, Withdrawn: zero}
	for rows.Next() {
		var (
			kind  Kind
			count int
			sum   int64
		)
		if err := rows.Scan(&kind, &count, &sum); err != nil {
			return Totals{}, err
		}
		switch kind {
		case KindDeposit:
			t.Deposited, t.DepositCount = FromMinor(sum, c), count
		case KindBet:
			t.Spent = FromMinor(-sum, c)
		case KindWin:
			t.Won = FromMinor(sum, c)
		case KindWithdrawSettle:
			t.Withdrawn, t.WithdrawnCount = FromMinor(-sum, c), count
		}
	}
	return t, rows.Err()
}
