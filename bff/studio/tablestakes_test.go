package studio

import (
	"context"
	"strconv"
	"testing"
	"time"

	"casino/bff/studio/roulette"
)

// TestTableStakesOfACutOffRoundAreRefunded: a restart in the middle of a
// round leaves its stakes debited and the wallet round open; the next start
// rolls them back through the wallet, once: a second start (or a crash in the
// middle of the refund) moves nothing more. The new table numbers its rounds
// after the old ones, and a paid round is never refunded.
func TestTableStakesOfACutOffRoundAreRefunded(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	f.svc.Now = func() time.Time { return now }
	table := f.svc.OpenTable(roulette.DefaultConfig, nil)
	l, err := f.svc.Launch(ctx, player1, RouletteID, ModeReal)
	if err != nil {
		t.Fatal(err)
	}
	sess, _ := f.svc.Session(ctx, l.ID)
	round := table.State(now).Round
	for _, b := range [][]tableBetJSON{{{Kind: "red", Amount: "2.00"}}, {{Kind: "straight", Number: 7, Amount: "0.50"}}} {
		if _, err := f.svc.PlaceTableBets(ctx, sess, round, b); err != nil {
			t.Fatal(err)
		}
	}
	if f.real(t) != "97.50" {
		t.Fatalf("after the stakes: %s", f.real(t))
	}

	// The process dies here; a new one starts on the same database.
	restarted := NewService(f.db, f.svc.Catalog, f.svc.Wallet)
	restarted.Now = f.svc.Now
	ledgerRows := func() (n int) {
		f.db.Read.QueryRowContext(ctx, `SELECT count(*) FROM ledger_transactions`).Scan(&n)
		return n
	}
	if n, err := restarted.RefundTableStakes(ctx); err != nil || n != 1 {
		t.Fatalf("refunded %d rounds: %v", n, err)
	}
	if f.real(t) != "100.00" {
		t.Fatalf("after the refund: %s", f.real(t))
	}
	var status string
	walletRound := "rl-" + strconv.FormatUint(round, 10) + "-" + sess.ID
	if err := f.db.Read.QueryRowContext(ctx, `SELECT status FROM wallet_rounds WHERE round_id = ?`, walletRound).Scan(&status); err != nil || status != "closed" {
		t.Fatalf("wallet round %q %v", status, err)
	}
	before := ledgerRows()
	if n, err := restarted.RefundTableStakes(ctx); err != nil || n != 0 {
		t.Fatalf("second start refunded %d: %v", n, err)
	}
	// A crash between the rollbacks and the stakes' new status: the
	// rollbacks and the closing credit are replays.
	if _, err := f.db.Write.ExecContext(ctx, `UPDATE studio_table_stakes SET status = 'staked'`); err != nil {
		t.Fatal(err)
	}
	if _, err := restarted.RefundTableStakes(ctx); err != nil {
		t.Fatal(err)
	}
	if f.real(t) != "100.00" || ledgerRows() != before {
		t.Fatalf("a repeated refund moved money: %s, %d ledger rows (was %d)", f.real(t), ledgerRows(), before)
	}

	// The new table continues the numbering: the old ids are never reused.
	table2 := restarted.OpenTable(roulette.DefaultConfig, nil)
	round2 := table2.State(now).Round
	if round2 != round+1 {
		t.Fatalf("restarted table opens round %d, want %d", round2, round+1)
	}
	if _, err := restarted.PlaceTableBets(ctx, sess, round2, []tableBetJSON{{Kind: "black", Amount: "1.00"}}); err != nil {
		t.Fatal(err)
	}
	now = now.Add(roulette.DefaultConfig.Betting)
	table2.Step(now)
	now = now.Add(roulette.DefaultConfig.Spin)
	table2.Step(now)
	table2.Wait()
	paid := f.real(t)
	if n, err := NewService(f.db, f.svc.Catalog, f.svc.Wallet).RefundTableStakes(ctx); err != nil || n != 0 || f.real(t) != paid {
		t.Fatalf("a paid round was refunded: %d %v, %s (was %s)", n, err, f.real(t), paid)
	}
	if err := f.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestTableLoopStopsOnClose: Close ends the table's loop (no goroutine left
// stepping it) and waits for its payments.
func TestTableLoopStopsOnClose(t *testing.T) {
	f := newFixture(t)
	cfg := roulette.DefaultConfig
	cfg.Betting, cfg.Spin, cfg.Result = 30*time.Millisecond, 10*time.Millisecond, 10*time.Millisecond
	table := f.svc.OpenTable(cfg, nil)
	f.svc.StartTable()
	deadline := time.Now().Add(5 * time.Second)
	for table.State(time.Now()).Round < 3 {
		if time.Now().After(deadline) {
			t.Fatal("the table does not turn")
		}
		time.Sleep(10 * time.Millisecond)
	}
	f.svc.Close()
	stopped := table.State(time.Now())
	time.Sleep(300 * time.Millisecond)
	if st := table.State(time.Now()); st.Round != stopped.Round || st.Phase != stopped.Phase {
		t.Fatalf("the table still turns after Close: round %d %s, then %d %s", stopped.Round, stopped.Phase, st.Round, st.Phase)
	}
	f.svc.Close() // twice is harmless
}
