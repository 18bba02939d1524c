package loyalty

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/ledger"
)

type fixture struct {
	t      *testing.T
	db     *database.DB
	ledger *ledger.Ledger
	svc    *Service
	clock  *clock.Manual
	seq    int
	mu     sync.Mutex
	events []string
}

func newFixture(t *testing.T, players int) *fixture {
	t.Helper()
	ctx := context.Background()
	db, err := database.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	f := &fixture{t: t, db: db, ledger: ledger.New(db), clock: clock.NewManual(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC))}
	for i := 1; i <= players; i++ {
		if _, err := db.Write.ExecContext(ctx, `INSERT INTO users(id, email, country_code) VALUES (?, ?, 'DE')`, i, fmt.Sprintf("p%d@example.com", i)); err != nil {
			t.Fatal(err)
		}
		f.post(ledger.KindDeposit, ledger.Posting{Account: ledger.Provider("card"), Amount: ledger.FromMinor(-1_000_000, eur)},
			ledger.Posting{Account: ledger.PlayerReal(int64(i)), Amount: ledger.FromMinor(1_000_000, eur)})
	}
	f.svc = f.service()
	return f
}

// service is a fresh Service over the same database (a restart).
func (f *fixture) service() *Service {
	s := New(f.db, f.ledger, f.clock)
	s.Publish = func(userID int64, name string, data any) {
		f.mu.Lock()
		defer f.mu.Unlock()
		d := data.(map[string]any)
		f.events = append(f.events, fmt.Sprintf("%d:%s:%s", userID, name, d["name"]))
	}
	return s
}

func (f *fixture) post(kind ledger.Kind, ps ...ledger.Posting) ledger.Transaction {
	f.t.Helper()
	f.seq++
	tx, err := f.ledger.Post(context.Background(), ledger.Transfer{IdempotencyKey: fmt.Sprintf("t%d", f.seq), Kind: kind, Postings: ps})
	if err != nil {
		f.t.Fatal(err)
	}
	return tx
}

// bet stakes real (and bonus) cents of player on the studio.
func (f *fixture) bet(player, real, bonus int64) ledger.Transaction {
	ps := []ledger.Posting{{Account: ledger.PlayerReal(player), Amount: ledger.FromMinor(-real, eur)}}
	if bonus > 0 {
		ps = append(ps, ledger.Posting{Account: ledger.PlayerBonus(player), Amount: ledger.FromMinor(-bonus, eur)})
	}
	ps = append(ps, ledger.Posting{Account: ledger.Game("studio"), Amount: ledger.FromMinor(real+bonus, eur)})
	return f.post(ledger.KindBet, ps...)
}

func (f *fixture) grantBonus(player, amount int64) {
	f.post(ledger.KindBonusGrant, ledger.Posting{Account: "house", Amount: ledger.FromMinor(-amount, eur)},
		ledger.Posting{Account: ledger.PlayerBonus(player), Amount: ledger.FromMinor(amount, eur)})
}

func (f *fixture) catchUp() {
	f.t.Helper()
	for {
		n, err := f.svc.CatchUp(context.Background())
		if err != nil {
			f.t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
}

func (f *fixture) status(player int64) Status {
	f.t.Helper()
	st, err := f.svc.Status(context.Background(), player)
	if err != nil {
		f.t.Fatal(err)
	}
	return st
}

func TestLevelFor(t *testing.T) {
	levels := []Level{{Level: 0, Name: "Bronze"}, {Level: 1, Name: "Silver", MinPoints: 1000}, {Level: 2, Name: "Gold", MinPoints: 5000}}
	for _, c := range []struct {
		points int64
		want   string
		next   string
	}{{0, "Bronze", "Silver"}, {999, "Bronze", "Silver"}, {1000, "Silver", "Gold"}, {4999, "Silver", "Gold"}, {5000, "Gold", ""}, {1 << 40, "Gold", ""}} {
		cur, next := levelFor(levels, c.points)
		got := ""
		if next != nil {
			got = next.Name
		}
		if cur.Name != c.want || got != c.next {
			t.Errorf("%d points: %s → %s, want %s → %s", c.points, cur.Name, got, c.want, c.next)
		}
	}
}

func TestPointsFromRealStakesOnly(t *testing.T) {
	f := newFixture(t, 2)
	f.grantBonus(1, 50_00)
	f.bet(1, 2_50, 0)     // 2.50 EUR real: 2 points (1 per euro, floored on the running total)
	f.bet(1, 1_00, 30_00) // bonus money earns nothing
	f.bet(2, 99, 0)
	f.catchUp()
	if st := f.status(1); st.Points != 3 || st.Level.Name != "Bronze" || st.Next.Name != "Silver" {
		t.Fatalf("player 1: %+v", st)
	}
	if st := f.status(2); st.Points != 0 {
		t.Fatalf("player 2: %d points from 0.99", st.Points)
	}
	f.bet(2, 1, 0) // 0.99 + 0.01: the remainder is kept, not lost
	f.catchUp()
	if st := f.status(2); st.Points != 1 {
		t.Fatalf("player 2 after 1.00: %d points", st.Points)
	}
}

func TestRollbackTakesPointsBackAndLevelUpOnce(t *testing.T) {
	f := newFixture(t, 1)
	ctx := context.Background()
	f.bet(1, 600_00, 0)
	f.catchUp()
	tx := f.bet(1, 500_00, 0) // 1100 points: Silver
	f.catchUp()
	if st := f.status(1); st.Points != 1100 || st.Level.Name != "Silver" || st.Progress != 2 {
		t.Fatalf("after 1100 EUR: %+v", st)
	}
	if _, err := f.ledger.Post(ctx, ledger.Transfer{IdempotencyKey: "rb", Reverses: tx.ID}); err != nil {
		t.Fatal(err)
	}
	f.catchUp()
	if st := f.status(1); st.Points != 600 || st.Level.Name != "Bronze" {
		t.Fatalf("after the rollback: %+v", st)
	}
	f.bet(1, 500_00, 0) // Silver again: a second event (it was lost)
	f.catchUp()
	if want := []string{"1:levelUp:Silver", "1:levelUp:Silver"}; fmt.Sprint(f.events) != fmt.Sprint(want) {
		t.Fatalf("events %v, want %v", f.events, want)
	}
}

func TestRestartResumesAndRecomputeAgrees(t *testing.T) {
	f := newFixture(t, 3)
	ctx := context.Background()
	for p := int64(1); p <= 3; p++ {
		f.grantBonus(p, 100)
	}
	for i := 0; i < 30; i++ {
		f.bet(int64(i%3+1), int64(1000+i*777), int64(i%2))
	}
	f.catchUp()
	before := []int64{f.status(1).Points, f.status(2).Points, f.status(3).Points}
	// A restart: a new service resumes at the stored cursor, counting each
	// posting once.
	f.svc = f.service()
	f.bet(1, 10_00, 0)
	f.catchUp()
	if got := f.status(1).Points; got != before[0]+10 {
		t.Fatalf("after restart: %d, want %d", got, before[0]+10)
	}
	before[0] += 10
	if err := f.svc.RecomputeWith(ctx, nil); err != nil {
		t.Fatal(err)
	}
	for i, want := range before {
		if got := f.status(int64(i + 1)).Points; got != want {
			t.Errorf("player %d: recomputed %d, incremental %d", i+1, got, want)
		}
	}
}

func TestOperatorConfig(t *testing.T) {
	f := newFixture(t, 1)
	ctx := context.Background()
	for _, bad := range []Level{{Level: 1, Name: "", MinPoints: 10}, {Level: 1, Name: "X", MinPoints: -1}, {Level: 0, Name: "X", MinPoints: 5},
		{Level: 1, Name: "X", MinPoints: 10, RakebackBps: 10001}, {Level: 1, Name: "X", MinPoints: 0}} {
		if err := f.svc.PutLevelWith(ctx, bad, nil); err != ErrInvalidLevel {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	if err := f.svc.PutLevelWith(ctx, Level{Level: 1, Name: "Silver", MinPoints: 10, RakebackBps: 250, WithdrawalLimit: 0, PersonalManager: true}, nil); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.SetRateWith(ctx, "EUR", 10, nil); err != nil { // one point per 10 cents
		t.Fatal(err)
	}
	if err := f.svc.SetRateWith(ctx, "XXX", 10, nil); err != ErrInvalidRate {
		t.Fatalf("unknown currency: %v", err)
	}
	f.bet(1, 1_00, 0)
	f.catchUp()
	b, err := f.svc.Benefits(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != "Silver" || b.RakebackBps != 250 || !b.PersonalManager || b.WithdrawalLimit != 0 {
		t.Fatalf("benefits %+v", b)
	}
	if v := View(b); v.RakebackPercent != "2.50" || v.WithdrawalLimit != nil {
		t.Fatalf("view %+v", v)
	}
}

func TestLevelsCacheFollowsClock(t *testing.T) {
	f := newFixture(t, 1)
	ctx := context.Background()
	if _, err := f.svc.Levels(ctx); err != nil {
		t.Fatal(err)
	}
	// Another process (the CLI) changes a level: seen once the cache ages out.
	if _, err := f.db.Write.ExecContext(ctx, `UPDATE loyalty_levels SET name = 'Argent' WHERE level = 1`); err != nil {
		t.Fatal(err)
	}
	if ls, _ := f.svc.Levels(ctx); ls[1].Name != "Silver" {
		t.Fatalf("cached: %s", ls[1].Name)
	}
	f.clock.Advance(levelsTTL)
	if ls, _ := f.svc.Levels(ctx); ls[1].Name != "Argent" {
		t.Fatalf("after the TTL: %s", ls[1].Name)
	}
}
