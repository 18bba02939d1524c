package studio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"casino/bff/api"
	"casino/bff/session"
	"casino/bff/studio/roulette"
)

// A BTC player (20 satoshi per euro cent) and a EUR player share a table
// round: each stakes and is paid in their own minor units, the table's
// limits hold in both, the ledger stays balanced; the next round is cut off
// by a restart and both players' stakes are refunded exactly, BTC in
// satoshi.
func TestTableRoundInBTCAndEUR(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	btc := f.btcPlayer(t)
	satoshi := func() int64 {
		b, err := f.ledger.PlayerBalances(ctx, 2, btc)
		if err != nil {
			t.Fatal(err)
		}
		return b.Real.Minor()
	}
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	f.svc.Now = func() time.Time { return now }
	table := f.svc.OpenTable(roulette.DefaultConfig, nil)

	lb, err := f.svc.Launch(ctx, &session.Player{ID: 2, Currency: "BTC"}, RouletteID, "")
	if err != nil {
		t.Fatal(err)
	}
	info, _ := lb.Game.(TableInfo)
	if lb.BetScale != (BetScaleInfo{Factor: 20, Decimals: 8}) || lb.Balance != "0.00100000" ||
		!slices.Equal(info.Chips, []int64{200, 2000, 10000, 50000, 200000}) || info.MinBet != 200 || info.MaxBet != 1000000 || info.MaxInside != 100000 {
		t.Fatalf("BTC launch: %+v %+v %s", lb.BetScale, info, lb.Balance)
	}
	le, err := f.svc.Launch(ctx, player1, RouletteID, "")
	if err != nil {
		t.Fatal(err)
	}
	if info, _ := le.Game.(TableInfo); le.BetScale.Factor != 1 || info.Chips[1] != 100 {
		t.Fatalf("EUR launch: %+v %+v", le.BetScale, info)
	}
	sb, _ := f.svc.Session(ctx, lb.ID)
	se, _ := f.svc.Session(ctx, le.ID)
	round := table.State(now).Round

	for _, tc := range []struct{ amount, field string }{
		{"1.00", "amount"},      // a euro figure read as BTC: far above 500.00 EUR
		{"0.000001", "amount"},  // 100 satoshi = 0.05 EUR, below 0.10
		{"0.0000201", "bets"},   // 2010 satoshi: not whole euro cents
		{"0.000020001", "bets"}, // more decimals than the coin has
	} {
		_, err := f.svc.PlaceTableBets(ctx, sb, round, []tableBetJSON{{Kind: "red", Amount: tc.amount}})
		var apiErr *api.Error
		if !errors.As(err, &apiErr) || apiErr.Fields[tc.field] == "" {
			t.Errorf("BTC bet %s: %v, want a %s error", tc.amount, err, tc.field)
		}
	}
	placed, err := f.svc.PlaceTableBets(ctx, sb, round, []tableBetJSON{{Kind: "red", Amount: "0.00002"}, {Kind: "straight", Number: 7, Amount: "0.000004"}})
	if err != nil || placed.Staked != 2400 || placed.Balance != "0.00097600" || satoshi() != 97600 {
		t.Fatalf("BTC placed %+v %v, ledger %d", placed, err, satoshi())
	}
	if _, err := f.svc.PlaceTableBets(ctx, se, round, []tableBetJSON{{Kind: "red", Amount: "2.00"}}); err != nil || f.real(t) != "98.00" {
		t.Fatalf("EUR placed: %v, ledger %s", err, f.real(t))
	}
	var factor, amount int64
	if err := f.db.Read.QueryRowContext(ctx, `SELECT factor, amount FROM studio_table_stakes WHERE session_id = ?`, sb.ID).Scan(&factor, &amount); err != nil || factor != 20 || amount != 2400 {
		t.Fatalf("stake record: factor %d amount %d %v", factor, amount, err)
	}

	now = now.Add(roulette.DefaultConfig.Betting)
	table.Step(now)
	now = now.Add(roulette.DefaultConfig.Spin)
	table.Step(now)
	table.Wait()
	n := *table.State(now).Number
	winBTC := roulette.Bet{Kind: roulette.Red, Amount: 2000}.Payout(n) + roulette.Bet{Kind: roulette.Straight, Number: 7, Amount: 400}.Payout(n)
	winEUR := roulette.Bet{Kind: roulette.Red, Amount: 200}.Payout(n)
	if satoshi() != 97600+winBTC || f.real(t) != minorText(9800+winEUR) {
		t.Fatalf("number %d: %d satoshi (want %d), %s EUR (want %s)", n, satoshi(), 97600+winBTC, f.real(t), minorText(9800+winEUR))
	}
	var outcome string
	if err := f.db.Read.QueryRowContext(ctx, `SELECT outcome FROM wallet_rounds WHERE round_id = ?`, fmt.Sprintf("rl-%d-%s", round, sb.ID)).Scan(&outcome); err != nil {
		t.Fatal(err)
	}
	var out roulette.Outcome
	if json.Unmarshal([]byte(outcome), &out); out.Currency != "BTC" || out.Factor != 20 || out.Staked != 2400 || out.Win != winBTC {
		t.Fatalf("wallet outcome %s", outcome)
	}
	if err := f.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}

	// The next round: both stake, then the process dies before the result.
	now = now.Add(roulette.DefaultConfig.Result)
	table.Step(now)
	next := table.State(now).Round
	beforeBTC, beforeEUR := satoshi(), f.real(t)
	if _, err := f.svc.PlaceTableBets(ctx, sb, next, []tableBetJSON{{Kind: "black", Amount: "0.0001"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.PlaceTableBets(ctx, se, next, []tableBetJSON{{Kind: "even", Amount: "1.00"}}); err != nil {
		t.Fatal(err)
	}
	if satoshi() != beforeBTC-10000 {
		t.Fatalf("BTC stake: %d satoshi", satoshi())
	}
	restarted := NewService(f.db, f.svc.Catalog, f.svc.Wallet)
	restarted.BetScale = f.svc.BetScale
	if n, err := restarted.RefundTableStakes(ctx); err != nil || n != 2 {
		t.Fatalf("refunded %d rounds: %v", n, err)
	}
	if satoshi() != beforeBTC || f.real(t) != beforeEUR {
		t.Fatalf("after the refund: %d satoshi (want %d), %s EUR (want %s)", satoshi(), beforeBTC, f.real(t), beforeEUR)
	}
	if n, err := restarted.RefundTableStakes(ctx); err != nil || n != 0 || satoshi() != beforeBTC {
		t.Fatalf("second start: %d %v, %d satoshi", n, err, satoshi())
	}
	if err := f.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
