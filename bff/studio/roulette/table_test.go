package roulette

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"casino/bff/studio/fair"
)

// fakeBank keeps balances in memory.
type fakeBank struct {
	mu      sync.Mutex
	balance map[string]int64
	paid    map[string]int64
	txs     map[string]bool
}

var errFunds = errors.New("insufficient funds")

func (b *fakeBank) Stake(_ context.Context, p Player, round, tx string, amount int64, _ any) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.txs[tx] {
		panic("transaction id reused: " + tx)
	}
	if b.balance[p.Key] < amount {
		return "", errFunds
	}
	b.txs[tx] = true
	b.balance[p.Key] -= amount
	return "", nil
}

func (b *fakeBank) Pay(_ context.Context, p Player, round, tx string, amount int64, _ any) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.balance[p.Key] += amount
	b.paid[round] += amount
	return "", nil
}

func (b *fakeBank) Unstake(_ context.Context, p Player, round, tx string, amount int64) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.txs[tx] || b.txs[tx+":back"] {
		panic("unknown or repeated unstake: " + tx)
	}
	b.txs[tx+":back"] = true
	b.balance[p.Key] += amount
	return "", nil
}

// clock is the fake clock the tests move by hand.
type clock struct{ t time.Time }

func (c *clock) add(d time.Duration) time.Time { c.t = c.t.Add(d); return c.t }

func TestTableRoundsWithAFakeClock(t *testing.T) {
	bank := &fakeBank{balance: map[string]int64{"a": 10000, "b": 10000, "poor": 5}, paid: map[string]int64{}, txs: map[string]bool{}}
	var events []State
	var mu sync.Mutex
	c := &clock{t: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	var revealed []Revealed
	cfg := DefaultConfig
	tb := New("european-roulette", cfg, bank, func(e Event) { mu.Lock(); events = append(events, e.Data); mu.Unlock() }, c.t)
	tb.OnReveal = func(r Revealed) { revealed = append(revealed, r) }

	st := tb.State(c.t)
	if st.Round != 1 || st.Phase != Betting || st.ServerSeedHash == "" || st.ServerSeed != "" || st.Number != nil {
		t.Fatalf("opening state %+v", st)
	}
	a, b := Player{Key: "a", Mode: "demo"}, Player{Key: "b", Mode: "demo"}
	red := Bet{Kind: Red, Amount: 100}
	if _, err := tb.PlaceBets(context.Background(), a, 1, []Bet{red, {Kind: Straight, Number: 17, Amount: 50}}, c.add(time.Second)); err != nil {
		t.Fatal(err)
	}
	placed, err := tb.PlaceBets(context.Background(), a, 1, []Bet{{Kind: Dozen, Number: 2, Amount: 30}}, c.add(time.Second))
	if err != nil || placed.Staked != 180 || len(placed.Bets) != 3 {
		t.Fatalf("second placement %+v %v", placed, err)
	}
	if _, err := tb.PlaceBets(context.Background(), b, 1, []Bet{{Kind: Black, Amount: 200}}, c.t); err != nil {
		t.Fatal(err)
	}
	// Refusals: the bank's, a wrong round, limits, a bet not on the layout.
	if _, err := tb.PlaceBets(context.Background(), Player{Key: "poor"}, 1, []Bet{red}, c.t); !errors.Is(err, errFunds) {
		t.Fatalf("poor player: %v", err)
	}
	if _, err := tb.PlaceBets(context.Background(), a, 2, []Bet{red}, c.t); !errors.Is(err, ErrClosed) {
		t.Fatalf("future round: %v", err)
	}
	if _, err := tb.PlaceBets(context.Background(), a, 1, []Bet{{Kind: Red, Amount: 5}}, c.t); !errors.Is(err, ErrAmount) {
		t.Fatalf("below min: %v", err)
	}
	if _, err := tb.PlaceBets(context.Background(), a, 1, []Bet{{Kind: Straight, Number: 40, Amount: 50}}, c.t); !errors.Is(err, ErrBet) {
		t.Fatalf("bad bet: %v", err)
	}
	if st := tb.State(c.t); st.Players != 2 {
		t.Fatalf("players %d", st.Players)
	}

	// Nothing happens before the window closes; then the wheel spins.
	tb.Step(c.t)
	closeAt := c.t.Add(cfg.Betting - 2*time.Second)
	if _, err := tb.PlaceBets(context.Background(), b, 1, []Bet{red}, closeAt); !errors.Is(err, ErrClosed) {
		t.Fatalf("bet at closing time: %v", err)
	}
	tb.Step(closeAt)
	if st := tb.State(closeAt); st.Phase != Spinning || st.Number != nil || st.ServerSeed != "" {
		t.Fatalf("spinning state leaks the result: %+v", st)
	}
	// Result: the number follows from the revealed seed, the commitment
	// holds, and every player is paid exactly.
	resultAt := closeAt.Add(cfg.Spin)
	tb.Step(resultAt)
	tb.Wait()
	st = tb.State(resultAt)
	if st.Phase != Result || st.Number == nil || fair.Commit(st.ServerSeed) != st.ServerSeedHash || Spin(st.ServerSeed, 1) != *st.Number {
		t.Fatalf("result %+v", st)
	}
	n := *st.Number
	wantA := red.Payout(n) + Bet{Kind: Straight, Number: 17, Amount: 50}.Payout(n) + Bet{Kind: Dozen, Number: 2, Amount: 30}.Payout(n)
	wantB := Bet{Kind: Black, Amount: 200}.Payout(n)
	if bank.balance["a"] != 10000-180+wantA || bank.balance["b"] != 10000-200+wantB || bank.paid["rl-1-a"] != wantA {
		t.Fatalf("number %d: balances %v, want a %d b %d", n, bank.balance, 10000-180+wantA, 10000-200+wantB)
	}
	if len(revealed) != 1 || revealed[0].ServerSeed != st.ServerSeed || st.History[0] != n {
		t.Fatalf("revealed %+v history %v", revealed, st.History)
	}
	// The next round opens with a new commitment.
	nextAt := resultAt.Add(cfg.Result)
	tb.Step(nextAt)
	st2 := tb.State(nextAt)
	if st2.Round != 2 || st2.Phase != Betting || st2.ServerSeedHash == st.ServerSeedHash || st2.Players != 0 {
		t.Fatalf("round 2 %+v", st2)
	}
	mu.Lock()
	var phases []string
	for _, e := range events {
		phases = append(phases, e.Phase)
	}
	mu.Unlock()
	if want := []string{Betting, Spinning, Result, Betting}; len(phases) != 4 || phases[0] != want[0] || phases[1] != want[1] || phases[2] != want[2] || phases[3] != want[3] {
		t.Fatalf("broadcast phases %v", phases)
	}
	// A tick late by several phases catches up one phase at a time.
	late := nextAt.Add(cfg.Betting + cfg.Spin + time.Second)
	tb.Step(late)
	if st := tb.State(late); st.Round != 2 || st.Phase != Result {
		t.Fatalf("catch-up %+v", st)
	}
}

// The wheel is uniform: over many rounds every pocket comes up about
// 1/37 of the time (chi-square, 36 degrees of freedom, 99.9% quantile 67.99).
func TestWheelIsUniform(t *testing.T) {
	const rounds = 74_000
	counts := make([]float64, Pockets)
	seed := fair.NewServerSeed()
	for r := uint64(1); r <= rounds; r++ {
		counts[Spin(seed, r)]++
	}
	exp := float64(rounds) / Pockets
	chi := 0.0
	for _, c := range counts {
		chi += (c - exp) * (c - exp) / exp
	}
	if chi > 67.99 {
		t.Fatalf("chi-square %.1f", chi)
	}
}

// Players of one round bet in their own minor units: a coin player at 20
// units per table unit (euro cent) and a euro player share the wheel; limits
// apply to amount / factor, amounts that are not whole table units are
// refused, and each is paid amount × multiplier in their own units.
func TestPlayersBetInTheirOwnUnits(t *testing.T) {
	bank := &fakeBank{balance: map[string]int64{"btc": 100000, "eur": 10000}, paid: map[string]int64{}, txs: map[string]bool{}}
	c := &clock{t: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	cfg := DefaultConfig
	tb := New("european-roulette", cfg, bank, nil, c.t)
	var outcomes sync.Map
	tb.bank = recordingBank{bank, &outcomes}
	coin, eur := Player{Key: "btc", Mode: "real", Currency: "BTC", Factor: 20}, Player{Key: "eur", Mode: "real", Currency: "EUR"}
	ctx := context.Background()
	for _, tc := range []struct {
		bet  Bet
		want error
	}{
		{Bet{Kind: Red, Amount: 100}, ErrAmount},           // 5 units: below the 0.10 minimum
		{Bet{Kind: Red, Amount: 2010}, ErrBet},             // not whole units
		{Bet{Kind: Red, Amount: 50000*20 + 20}, ErrAmount}, // above 500.00
	} {
		if _, err := tb.PlaceBets(ctx, coin, 1, []Bet{tc.bet}, c.t); !errors.Is(err, tc.want) {
			t.Errorf("%+v: %v, want %v", tc.bet, err, tc.want)
		}
	}
	placed, err := tb.PlaceBets(ctx, coin, 1, []Bet{{Kind: Red, Amount: 2000}, {Kind: Straight, Number: 7, Amount: 200}}, c.t)
	if err != nil || placed.Staked != 2200 {
		t.Fatalf("coin placement %+v %v", placed, err)
	}
	if _, err := tb.PlaceBets(ctx, eur, 1, []Bet{{Kind: Red, Amount: 100}}, c.t); err != nil {
		t.Fatal(err)
	}
	// The round limit (1,000.00) counts units: 110 staked + 99,891 is one too many.
	if _, err := tb.PlaceBets(ctx, coin, 1, []Bet{{Kind: Black, Amount: 50000 * 20}, {Kind: Odd, Amount: 49891 * 20}}, c.t); !errors.Is(err, ErrAmount) {
		t.Fatalf("over the round limit: %v", err)
	}
	at := c.add(cfg.Betting)
	tb.Step(at)
	tb.Step(at.Add(cfg.Spin))
	tb.Wait()
	n := *tb.State(at.Add(cfg.Spin)).Number
	wantCoin := Bet{Kind: Red, Amount: 2000}.Payout(n) + Bet{Kind: Straight, Number: 7, Amount: 200}.Payout(n)
	wantEUR := Bet{Kind: Red, Amount: 100}.Payout(n)
	if bank.balance["btc"] != 100000-2200+wantCoin || bank.balance["eur"] != 10000-100+wantEUR {
		t.Fatalf("number %d: balances %v", n, bank.balance)
	}
	o, _ := outcomes.Load("rl-1-btc")
	if out := o.(Outcome); out.Currency != "BTC" || out.Factor != 20 || out.Staked != 2200 || out.Win != wantCoin {
		t.Fatalf("coin outcome %+v", out)
	}
}

// recordingBank keeps the outcome each round is paid with.
type recordingBank struct {
	*fakeBank
	outcomes *sync.Map
}

func (b recordingBank) Pay(ctx context.Context, p Player, round, tx string, amount int64, out any) (string, error) {
	b.outcomes.Store(round, out)
	return b.fakeBank.Pay(ctx, p, round, tx, amount, out)
}

func TestWithdrawTakesBackTheLastPlacementOrAll(t *testing.T) {
	bank := &fakeBank{balance: map[string]int64{"a": 10000}, paid: map[string]int64{}, txs: map[string]bool{}}
	c := &clock{t: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	tb := New("european-roulette", DefaultConfig, bank, nil, c.t)
	a := Player{Key: "a", Mode: "demo"}
	ctx := context.Background()
	if _, err := tb.Withdraw(ctx, a, 1, false, c.t); !errors.Is(err, ErrNoBets) {
		t.Fatalf("nothing placed: %v", err)
	}
	for _, bets := range [][]Bet{{{Kind: Red, Amount: 100}}, {{Kind: Straight, Number: 17, Amount: 50}, {Kind: Dozen, Number: 2, Amount: 30}}, {{Kind: Odd, Amount: 10}}} {
		if _, err := tb.PlaceBets(ctx, a, 1, bets, c.add(time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	p, err := tb.Withdraw(ctx, a, 1, false, c.t)
	if err != nil || p.Staked != 180 || len(p.Bets) != 3 || bank.balance["a"] != 10000-180 {
		t.Fatalf("undo: %+v %v balance %d", p, err, bank.balance["a"])
	}
	// A new placement after an undo gets a fresh transaction id (the fake bank panics on reuse).
	if _, err := tb.PlaceBets(ctx, a, 1, []Bet{{Kind: Even, Amount: 20}}, c.t); err != nil {
		t.Fatal(err)
	}
	p, err = tb.Withdraw(ctx, a, 1, true, c.t)
	if err != nil || p.Staked != 0 || len(p.Bets) != 0 || bank.balance["a"] != 10000 {
		t.Fatalf("clear: %+v %v balance %d", p, err, bank.balance["a"])
	}
	if _, err := tb.PlaceBets(ctx, a, 1, []Bet{{Kind: Straight, Number: 0, Amount: 10}}, c.t); err != nil {
		t.Fatal(err)
	}
	// After the window closes nothing can be taken back; only the standing bet is paid.
	c.add(DefaultConfig.Betting)
	tb.Step(c.t)
	if _, err := tb.Withdraw(ctx, a, 1, true, c.t); !errors.Is(err, ErrClosed) {
		t.Fatalf("closed: %v", err)
	}
	tb.Step(c.add(DefaultConfig.Spin))
	tb.Wait()
	n := *tb.State(c.t).Number
	want := int64(10000 - 10)
	if n == 0 {
		want += 360
	}
	if bank.balance["a"] != want {
		t.Fatalf("after pocket %d balance %d, want %d", n, bank.balance["a"], want)
	}
}
