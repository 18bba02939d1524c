package wallet

import (
	"context"
	"testing"

	"casino/bff/ledger"
)

// TestStateReadsTheLedgerRows: the one state read finds the player's ledger
// rows whatever the case of the stored currency code (the ledger's codes are
// upper case), so a debit sees the real balance.
func TestStateReadsTheLedgerRows(t *testing.T) {
	f := newFixture(t, 1)
	ctx := context.Background()
	if _, err := f.db.Write.ExecContext(ctx, `UPDATE users SET currency_code = 'eur' WHERE id = 1`); err != nil {
		t.Fatal(err)
	}
	res, err := f.client.Debit(ctx, MoneyRequest{TransactionID: "s-1", RoundID: "r-1", PlayerID: "1", GameID: "open-game", Currency: "EUR", Amount: "1.00"})
	if err != nil || res.BalanceBefore != "100.00" || res.Balance != "99.00" {
		t.Fatalf("%+v %v", res, err)
	}
	if real, _ := f.balances(t, 1); real != "99.00" {
		t.Fatal(real)
	}
	if err := ledger.New(f.db).Check(ctx); err != nil {
		t.Fatal(err)
	}
}
