package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ErrInvariant marks a broken ledger invariant found by Check.
var ErrInvariant = errors.New("ledger invariant broken")

// invariants are queries that return one row per violation, as text.
var invariants = []struct {
	name  string
	query string
}{
	{"transaction does not sum to zero", `
		SELECT 'transaction ' || transaction_id || ' ' || currency || ' sums to ' || SUM(amount)
		FROM ledger_postings GROUP BY transaction_id, currency HAVING SUM(amount) <> 0`},
	{"balance differs from its postings", `
		SELECT 'account ' || a.name || ' ' || a.currency || ' balance ' || a.balance || ' postings ' || COALESCE(s.total, 0)
		FROM ledger_accounts a LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM ledger_postings GROUP BY account_id) s
		  ON s.account_id = a.id
		WHERE a.balance <> COALESCE(s.total, 0)`},
	{"player balance negative", `
		SELECT 'account ' || name || ' ' || currency || ' balance ' || balance
		FROM ledger_accounts WHERE kind IN ('real', 'bonus', 'withdrawal_hold') AND balance < 0`},
	{"posting leaves a player account negative", `
		SELECT 'posting ' || p.id || ' on ' || a.name || ' balance after ' || p.balance_after
		FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
		WHERE a.kind IN ('real', 'bonus', 'withdrawal_hold') AND p.balance_after < 0`},
	{"balance_after is not the running sum", `
		SELECT 'posting ' || id || ' balance after ' || balance_after || ', running sum ' || running
		FROM (SELECT id, balance_after, SUM(amount) OVER (PARTITION BY account_id ORDER BY id) AS running FROM ledger_postings)
		WHERE balance_after <> running`},
	{"failed transaction has postings", `
		SELECT 'transaction ' || t.id || ' failed with ' || COUNT(*) || ' postings'
		FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
		WHERE t.status = 'failed' GROUP BY t.id`},
	{"committed transaction without postings", `
		SELECT 'transaction ' || t.id FROM ledger_transactions t
		WHERE t.status = 'committed' AND NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.transaction_id = t.id)`},
	{"rollback is not the exact reverse", `
		SELECT 'rollback ' || r.id || ' of ' || r.reverses_id
		FROM ledger_transactions r
		WHERE r.status = 'committed' AND r.reverses_id IS NOT NULL AND (
		  (SELECT group_concat(account_id || ':' || (-amount), ',') FROM (SELECT account_id, amount FROM ledger_postings WHERE transaction_id = r.reverses_id ORDER BY id))
		  IS NOT
		  (SELECT group_concat(account_id || ':' || amount, ',') FROM (SELECT account_id, amount FROM ledger_postings WHERE transaction_id = r.id ORDER BY id)))`},
	{"rollback of a failed transaction or of a rollback", `
		SELECT 'rollback ' || r.id || ' of ' || o.id
		FROM ledger_transactions r JOIN ledger_transactions o ON o.id = r.reverses_id
		WHERE r.status = 'committed' AND (o.status <> 'committed' OR o.reverses_id IS NOT NULL)`},
}

// maxViolations bounds how many rows of one invariant Check reports.
const maxViolations = 20

// Check verifies the ledger's invariants on one consistent snapshot: every
// transaction's postings sum to zero per currency; every stored balance
// equals the sum of its postings and every posting's balance_after is the
// running sum; no player real, bonus or hold balance is (or ever was)
// negative; failed transactions moved nothing; every rollback is the exact
// reverse of a committed, not-rollback transaction. It returns nil or an
// error listing the violations (matching ErrInvariant). It reads every
// posting: run it from tests and operator commands, not per request.
func (l *Ledger) Check(ctx context.Context) error {
	tx, err := l.db.Read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("ledger check: %w", err)
	}
	defer tx.Rollback()
	var errs []error
	for _, inv := range invariants {
		rows, err := tx.QueryContext(ctx, inv.query+fmt.Sprintf(" LIMIT %d", maxViolations))
		if err != nil {
			return fmt.Errorf("ledger check %q: %w", inv.name, err)
		}
		for rows.Next() {
			var what string
			if err := rows.Scan(&what); err != nil {
				rows.Close()
				return fmt.Errorf("ledger check %q: %w", inv.name, err)
			}
			errs = append(errs, fmt.Errorf("%w: %s: %s", ErrInvariant, inv.name, what))
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return fmt.Errorf("ledger check %q: %w", inv.name, err)
		}
	}
	return errors.Join(errs...)
}
