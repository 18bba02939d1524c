package races

import (
	"context"
	"errors"
	"fmt"
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
	moved  []string
}

func newFixture(t *testing.T, players int) *fixture {
	t.Helper()
	ctx := context.Background()
	db, err := database.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	f := &fixture{t: t, db: db, ledger: ledger.New(db), clock: clock.NewManual(time.Now().UTC())}
	for i := 1; i <= players; i++ {
		if _, err := db.Write.ExecContext(ctx, `INSERT INTO users(id, email, country_code, nickname) VALUES (?, ?, 'DE', ?)`, i, fmt.Sprintf("p%d@example.com", i), fmt.Sprintf("nick%d", i)); err != nil {
			t.Fatal(err)
		}
		f.post(ledger.KindDeposit, nil, ledger.Posting{Account: ledger.Provider("card"), Amount: ledger.FromMinor(-1_000_000, eur)},
			ledger.Posting{Account: ledger.PlayerReal(int64(i)), Amount: ledger.FromMinor(1_000_000, eur)})
	}
	f.svc = f.service()
	return f
}

func (f *fixture) service() *Service {
	s := New(f.db, f.ledger, f.clock)
	s.Changed = func(ids []string) { f.moved = append(f.moved, ids...) }
	return s
}

func (f *fixture) post(kind ledger.Kind, meta map[string]string, ps ...ledger.Posting) {
	f.t.Helper()
	f.seq++
	if _, err := f.ledger.Post(context.Background(), ledger.Transfer{IdempotencyKey: fmt.Sprintf("t%d", f.seq), Kind: kind, Postings: ps, Metadata: meta}); err != nil {
		f.t.Fatal(err)
	}
}

// round plays one round of game: a bet of stake cents and a win (if any),
// with the wallet's round record the multiplier is read from.
func (f *fixture) round(player int64, game string, stake, win int64) {
	f.t.Helper()
	f.seq++
	round := fmt.Sprintf("r%d", f.seq)
	if _, err := f.db.Write.Exec(`INSERT INTO wallet_rounds(provider, round_id, player_id, game_id, currency, bet_real, win, balance_before, balance_after)
		VALUES ('studio', ?, ?, ?, 'EUR', ?, ?, 0, 0)`, round, player, game, stake, win); err != nil {
		f.t.Fatal(err)
	}
	meta := map[string]string{"provider": "studio", "game": game, "round": round}
	f.post(ledger.KindBet, meta, ledger.Posting{Account: ledger.PlayerReal(player), Amount: ledger.FromMinor(-stake, eur)},
		ledger.Posting{Account: ledger.Game("studio"), Amount: ledger.FromMinor(stake, eur)})
	if win > 0 {
		f.post(ledger.KindWin, meta, ledger.Posting{Account: ledger.Game("studio"), Amount: ledger.FromMinor(-win, eur)},
			ledger.Posting{Account: ledger.PlayerReal(player), Amount: ledger.FromMinor(win, eur)})
	}
}

func (f *fixture) create(r Race) {
	f.t.Helper()
	if err := f.svc.CreateWith(context.Background(), r, nil); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) tick() {
	f.t.Helper()
	if err := f.svc.Tick(context.Background()); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) board(id string) string {
	f.t.Helper()
	es, err := f.svc.Leaderboard(context.Background(), id, 10)
	if err != nil {
		f.t.Fatal(err)
	}
	out := ""
	for _, e := range es {
		out += fmt.Sprintf("%d.%s=%s ", e.Place, e.Name, e.ScoreText)
	}
	return out
}

func (f *fixture) real(player int64) int64 {
	f.t.Helper()
	m, err := f.ledger.Balance(context.Background(), ledger.PlayerReal(player), eur)
	if err != nil {
		f.t.Fatal(err)
	}
	return m.Minor()
}

func TestScoringByStakesAndMultiplier(t *testing.T) {
	f := newFixture(t, 3)
	now := f.clock.Now()
	f.create(Race{ID: "stakes", Name: "Stakes", Metric: ByStakes, StartsAt: now.Add(-time.Minute), EndsAt: now.Add(time.Hour), Games: []string{"slot-a"}, Prizes: []int64{1000}})
	f.create(Race{ID: "multi", Name: "Multi", Metric: ByMultiplier, StartsAt: now.Add(-time.Minute), EndsAt: now.Add(time.Hour), Prizes: []int64{500}, MinStake: 20})
	f.create(Race{ID: "later", Name: "Later", Metric: ByStakes, StartsAt: now.Add(time.Hour), EndsAt: now.Add(2 * time.Hour)})
	f.round(1, "slot-a", 100, 0)
	f.round(1, "slot-a", 50, 500)  // 10×
	f.round(2, "slot-b", 1000, 0)  // not a stakes-race game
	f.round(2, "slot-b", 10, 1000) // 100× but below the multiplier race's minimum stake
	f.round(3, "slot-a", 200, 300) // 1.5×
	f.tick()
	if got, want := f.board("stakes"), "1.nick3=2.00 2.nick1=1.50 "; got != want {
		t.Errorf("stakes board %q, want %q", got, want)
	}
	if got, want := f.board("multi"), "1.nick1=10.00 2.nick3=1.50 "; got != want {
		t.Errorf("multiplier board %q, want %q", got, want)
	}
	if got := f.board("later"); got != "" {
		t.Errorf("a race not started scored %q", got)
	}
	st, err := f.svc.Standing(context.Background(), "stakes", 1)
	if err != nil || st.Place != 2 || st.Rounds != 2 || st.Staked != "1.50" || st.Best != "10.00" {
		t.Fatalf("standing %+v %v", st, err)
	}
	// Incremental: the next pass reads only what is new.
	f.round(1, "slot-a", 100, 0)
	f.tick()
	if got, want := f.board("stakes"), "1.nick1=2.50 2.nick3=2.00 "; got != want {
		t.Errorf("after another round %q, want %q", got, want)
	}
}

func TestPrizesPaidOnceAcrossACrash(t *testing.T) {
	f := newFixture(t, 2)
	ctx := context.Background()
	now := f.clock.Now()
	f.create(Race{ID: "sprint", Name: "Sprint", Metric: ByStakes, StartsAt: now.Add(-time.Minute), EndsAt: now.Add(time.Minute), Prizes: []int64{1000, 500, 250}})
	f.round(1, "g", 300, 0)
	f.round(2, "g", 100, 0)
	f.tick()
	before := []int64{f.real(1), f.real(2)}
	if r, _ := f.svc.Get(ctx, "sprint"); r.Paid {
		t.Fatal("paid before the end")
	}
	f.clock.Advance(2 * time.Minute) // the race ends

	// A crash after the prizes were posted and before the race was marked
	// paid: the transaction never commits, so nothing was paid.
	boom := errors.New("power cut")
	f.svc.crashBeforeMark = func() error { return boom }
	if err := f.svc.Tick(ctx); !errors.Is(err, boom) {
		t.Fatalf("crash: %v", err)
	}
	if f.real(1) != before[0] || f.real(2) != before[1] {
		t.Fatal("a prize survived the crash")
	}
	// A restarted server pays; a second pass and a second server pay nothing more.
	f.svc = f.service()
	f.tick()
	f.tick()
	f.svc = f.service()
	f.tick()
	if got := []int64{f.real(1) - before[0], f.real(2) - before[1]}; got[0] != 1000 || got[1] != 500 {
		t.Fatalf("prizes %v, want [1000 500]", got)
	}
	if r, _ := f.svc.Get(ctx, "sprint"); !r.Paid {
		t.Fatal("not marked paid")
	}
	// The same place posted again (a lost mark) is the same ledger transaction.
	tx, err := f.ledger.Post(ctx, ledger.Transfer{IdempotencyKey: "race:sprint:place:1", Kind: KindRacePrize,
		Postings: []ledger.Posting{{Account: "house", Amount: ledger.FromMinor(-1000, eur)}, {Account: ledger.PlayerReal(1), Amount: ledger.FromMinor(1000, eur)}}})
	if err != nil || f.real(1)-before[0] != 1000 {
		t.Fatalf("replayed prize: %+v %v, balance +%d", tx, err, f.real(1)-before[0])
	}
}

func TestPayoutRollsBackWhole(t *testing.T) {
	f := newFixture(t, 2)
	ctx := context.Background()
	now := f.clock.Now()
	f.create(Race{ID: "x", Name: "X", Metric: ByStakes, StartsAt: now.Add(-time.Minute), EndsAt: now.Add(time.Minute), Prizes: []int64{1000, 500}})
	f.round(1, "g", 300, 0)
	f.round(2, "g", 100, 0)
	f.tick()
	f.clock.Advance(2 * time.Minute)
	before := f.real(1)
	// Place 2's currency has no rate: the payout fails after place 1 was
	// posted in the same transaction, and place 1 is rolled back with it.
	f.svc.Scale = nil
	if _, err := f.db.Write.Exec(`UPDATE users SET currency_code = 'XXX' WHERE id = 2`); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Tick(ctx); err == nil {
		t.Fatal("payout with an unknown currency succeeded")
	}
	if f.real(1) != before {
		t.Fatal("place 1 paid by a payout that failed")
	}
	if _, err := f.db.Write.Exec(`UPDATE users SET currency_code = 'EUR' WHERE id = 2`); err != nil {
		t.Fatal(err)
	}
	f.tick()
	if f.real(1)-before != 1000 {
		t.Fatalf("paid %d", f.real(1)-before)
	}
}

func TestCreateChecks(t *testing.T) {
	f := newFixture(t, 0)
	now := f.clock.Now()
	ok := Race{ID: "ok", Name: "OK", Metric: ByStakes, StartsAt: now, EndsAt: now.Add(time.Hour)}
	for name, mut := range map[string]func(*Race){
		"id":     func(r *Race) { r.ID = "Bad ID" },
		"name":   func(r *Race) { r.Name = " " },
		"metric": func(r *Race) { r.Metric = "wins" },
		"window": func(r *Race) { r.EndsAt = r.StartsAt },
		"prize":  func(r *Race) { r.Prizes = []int64{100, 0} },
	} {
		r := ok
		mut(&r)
		if err := f.svc.CreateWith(context.Background(), r, nil); err != ErrInvalidRace {
			t.Errorf("%s: %v", name, err)
		}
	}
	f.create(ok)
	if err := f.svc.CreateWith(context.Background(), ok, nil); err != ErrRaceExists {
		t.Errorf("twice: %v", err)
	}
}

func TestRolledBackBetsLeaveTheScore(t *testing.T) {
	f := newFixture(t, 1)
	ctx := context.Background()
	now := f.clock.Now()
	f.create(Race{ID: "s", Name: "S", Metric: ByStakes, StartsAt: now.Add(-time.Minute), EndsAt: now.Add(time.Hour)})
	f.round(1, "g", 300, 0)
	f.tick()
	f.round(1, "g", 200, 0)
	bet, err := f.ledger.GetByKey(ctx, fmt.Sprintf("t%d", f.seq))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.ledger.Post(ctx, ledger.Transfer{IdempotencyKey: "rb", Reverses: bet.ID}); err != nil {
		t.Fatal(err)
	}
	f.tick()
	st, err := f.svc.Standing(ctx, "s", 1)
	if err != nil || st.Score != "3.00" || st.Rounds != 1 {
		t.Fatalf("after a rolled-back bet: %+v %v", st, err)
	}
}
