package wallet

import (
	"context"
	"testing"

	"casino/bff/betlevels"
	"casino/bff/ledger"
)

// A BTC player's stake is compared with the game's EUR range converted by
// the operator's rate (20 satoshi per euro cent): Fruit Fiesta's 0.10–100.00
// EUR is 0.000002–0.002 BTC, not 0.10–100.00 BTC.
func TestGameLimitsInThePlayersCurrency(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 1)
	btc := ledger.MustCurrency("BTC")
	rates := map[string]string{"BTC": "0.000016"}
	f.svc.BetScale = func(_ context.Context, code string) (betlevels.Scale, error) { return betlevels.For(rates, code) }
	if _, err := f.db.Write.ExecContext(ctx, `INSERT INTO users(id, email, currency_code) VALUES (7, 'btc@example.com', 'BTC')`); err != nil {
		t.Fatal(err)
	}
	if _, err := f.ledger.Deposit(ctx, "seed-btc", 7, "sandbox", ledger.MustParse("0.01", btc), nil); err != nil {
		t.Fatal(err)
	}
	btcDebit := func(tx, amount string) MoneyRequest {
		return MoneyRequest{TransactionID: tx, RoundID: "r-" + tx, PlayerID: "7", GameID: "fruit-fiesta", Currency: "BTC", Amount: amount}
	}
	for _, tc := range []struct {
		tx, amount, code, limit, balance string
	}{
		{"b1", "0.00000199", "MIN_BET_LIMIT", "minBet", ""},
		{"b2", "0.10", "MAX_BET_LIMIT", "maxBet", ""}, // the old reading's minimum is far above the max
		{"b3", "0.00200001", "MAX_BET_LIMIT", "maxBet", ""},
		{"b4", "0.000002", "", "", "0.00999800"},
		{"b5", "0.002", "", "", "0.00799800"},
	} {
		res, err := f.client.Debit(ctx, btcDebit(tc.tx, tc.amount))
		if tc.code != "" {
			wantCode(t, err, tc.code)
			if got := errFields(err)["limit"]; got != tc.limit {
				t.Errorf("%s: limit %q, want %q", tc.amount, got, tc.limit)
			}
			continue
		}
		if err != nil || res.Balance != tc.balance {
			t.Fatalf("%s BTC: %+v, %v; want balance %s", tc.amount, res, err, tc.balance)
		}
	}
	// A EUR player keeps the EUR range (factor 1).
	wantCode(t, func() error { _, err := f.client.Debit(ctx, debit("e1", "re1", "1", "0.09")); return err }(), "MIN_BET_LIMIT")
	if _, err := f.client.Debit(ctx, debit("e2", "re2", "1", "0.10")); err != nil {
		t.Fatal(err)
	}
	f.check(t)
}
