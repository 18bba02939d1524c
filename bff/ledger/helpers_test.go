package ledger

import (
	"context"
	"fmt"
	"testing"

	"casino/bff/database"
)

// newTestLedger opens a fresh database with players 1..players.
func newTestLedger(tb testing.TB, players int) (*Ledger, *database.DB) {
	tb.Helper()
	ctx := context.Background()
	db, err := database.Open(ctx, tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	for i := 1; i <= players; i++ {
		if _, err := db.Write.ExecContext(ctx, `INSERT INTO users(id, email) VALUES (?, ?)`, i, fmt.Sprintf("p%d@example.com", i)); err != nil {
			tb.Fatal(err)
		}
	}
	return New(db), db
}

func eurs(s string) Money { return MustParse(s, eur) }

// must returns a function that fails the test unless the transfer
// committed: must(t)(l.Deposit(…)).
func must(tb testing.TB) func(Transaction, error) Transaction {
	return func(tx Transaction, err error) Transaction {
		tb.Helper()
		if err != nil {
			tb.Fatalf("post: %v", err)
		}
		if tx.Status != StatusCommitted || tx.ID == 0 {
			tb.Fatalf("post: %+v, want committed", tx)
		}
		return tx
	}
}

func wantBalances(tb testing.TB, l *Ledger, player int64, real, bonus, hold string) {
	tb.Helper()
	b, err := l.PlayerBalances(context.Background(), player, eur)
	if err != nil {
		tb.Fatal(err)
	}
	if b.Real.Decimal() != real || b.Bonus.Decimal() != bonus || b.OnHold.Decimal() != hold {
		tb.Fatalf("player %d balances real %s bonus %s hold %s; want %s %s %s", player, b.Real.Decimal(), b.Bonus.Decimal(), b.OnHold.Decimal(), real, bonus, hold)
	}
}

func mustCheck(tb testing.TB, l *Ledger) {
	tb.Helper()
	if err := l.Check(context.Background()); err != nil {
		tb.Fatalf("Check: %v", err)
	}
}
