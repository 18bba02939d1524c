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

// TestParseInts: the packed integers of qState are read all or not at all.
func TestParseInts(t *testing.T) {
	var a, b, c int64
	if err := parseInts("7 -12 9223372036854775807", &a, &b, &c); err != nil || a != 7 || b != -12 || c != 9223372036854775807 {
		t.Fatal(a, b, c, err)
	}
	for _, s := range []string{"", "1 2", "1 2 3 4", "1  2 3", "1 x 3", "1 2 3 "} {
		if err := parseInts(s, &a, &b, &c); err == nil {
			t.Errorf("%q: no error", s)
		}
	}
}
