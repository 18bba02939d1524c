package roulette

import (
	"context"
	"errors"
	"math/big"
	"slices"
	"sync"
	"testing"
	"time"
)

// allBets is every bet of the layout, one unit each: the 37 straights, every
// split, street, corner and six line a chip can sit on (found by trying every
// sorted set of 2, 3, 4 and 6 numbers against Check), the outside bets.
func allBets(t *testing.T) map[string][]Bet {
	t.Helper()
	out := map[string][]Bet{}
	for n := 0; n <= 36; n++ {
		out[Straight] = append(out[Straight], Bet{Kind: Straight, Number: n, Amount: 1})
	}
	// Every sorted set of k numbers of 0..36 starting at a, within a+7
	// (no bet spans more than two rows, 6 numbers), is tried.
	var sets func(k, from int, cur []int, f func([]int))
	sets = func(k, from int, cur []int, f func([]int)) {
		if len(cur) == k {
			f(slices.Clone(cur))
			return
		}
		for n := from; n <= 36; n++ {
			if len(cur) > 0 && n > cur[0]+7 {
				break
			}
			sets(k, n+1, append(cur, n), f)
		}
	}
	for _, kind := range []string{Split, Street, Corner, Line} {
		sets(sizes[kind], 0, nil, func(ns []int) {
			if b := (Bet{Kind: kind, Numbers: ns, Amount: 1}); b.Check() == nil {
				out[kind] = append(out[kind], b)
			}
		})
	}
	for _, k := range []string{Red, Black, Odd, Even, Low, High} {
		out[k] = append(out[k], Bet{Kind: k, Amount: 1})
	}
	for n := 1; n <= 3; n++ {
		out[Dozen] = append(out[Dozen], Bet{Kind: Dozen, Number: n, Amount: 1})
		out[Column] = append(out[Column], Bet{Kind: Column, Number: n, Amount: 1})
	}
	return out
}

// Every bet on the layout returns exactly 36/37 of its stake over the 37
// pockets: the table's RTP is 97.30% whatever is played. The inside bets
// are exactly the standard European layout's.
func TestEveryBetReturns36Of37(t *testing.T) {
	all := allBets(t)
	for _, tc := range []struct {
		kind        string
		count       int   // such bets on the layout
		pays        int64 // to 1
		covers      int
		first, last string
	}{
		{Straight, 37, 35, 1, "0", "36"},
		// 0|1, 0|2, 0|3; 33 n|n+3; 24 n|n+1 within a row.
		{Split, 60, 17, 2, "split 0-1", "split 35-36"},
		// 12 rows and the trios 0-1-2, 0-2-3.
		{Street, 14, 11, 3, "trio 0-1-2", "street 34-35-36"},
		// 22 corners and the first four.
		{Corner, 23, 8, 4, "first four 0-1-2-3", "corner 32-33-35-36"},
		{Line, 11, 5, 6, "six line 1-2-3-4-5-6", "six line 31-32-33-34-35-36"},
		{Dozen, 3, 2, 12, "1st dozen", "3rd dozen"},
		{Column, 3, 2, 12, "1st column", "3rd column"},
		{Red, 1, 1, 18, "red", "red"}, {Black, 1, 1, 18, "black", "black"},
		{Odd, 1, 1, 18, "odd", "odd"}, {Even, 1, 1, 18, "even", "even"},
		{Low, 1, 1, 18, "low", "low"}, {High, 1, 1, 18, "high", "high"},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			bets := all[tc.kind]
			if len(bets) != tc.count {
				t.Fatalf("%d %s bets on the layout, want %d", len(bets), tc.kind, tc.count)
			}
			if f, l := bets[0].Label(), bets[len(bets)-1].Label(); f != tc.first || l != tc.last {
				t.Errorf("labels %q … %q, want %q … %q", f, l, tc.first, tc.last)
			}
			for _, b := range bets {
				var sum int64
				covered := 0
				for n := 0; n < Pockets; n++ {
					sum += b.Payout(n)
					if b.Covers(n) {
						covered++
					}
				}
				if r := big.NewRat(sum, Pockets); r.Cmp(big.NewRat(36, 37)) != 0 {
					t.Errorf("%s: return %s, want 36/37", b.Label(), r)
				}
				if covered != tc.covers || b.Multiplier()-1 != tc.pays {
					t.Errorf("%s: covers %d pays %d:1, want %d, %d:1", b.Label(), covered, b.Multiplier()-1, tc.covers, tc.pays)
				}
			}
		})
	}
	// The rules' table shows the same figures, computed.
	for _, bt := range BetTypes() {
		if bt.RTP != "97.30" || bt.Pays != 36/int64(bt.Covers)-1 {
			t.Errorf("bet type %+v", bt)
		}
	}
}

// Only the sets a chip can sit on are bets: sorted, adjacent on the
// 3-column layout, the right count for the kind.
func TestInsideBetsAreCheckedAgainstTheLayout(t *testing.T) {
	for _, b := range []Bet{
		{Kind: Straight, Number: 37}, {Kind: Straight, Number: -1}, {Kind: Straight, Number: 5, Numbers: []int{5}},
		{Kind: Red, Number: 3}, {Kind: Red, Numbers: []int{1, 2}}, {Kind: Dozen, Number: 0}, {Kind: Column, Number: 1, Numbers: []int{1}},
		{Kind: "trio", Numbers: []int{0, 1, 2}}, {Kind: "basket"},
		{Kind: Split}, {Kind: Split, Number: 17, Numbers: []int{17, 20}}, // a number besides the numbers
		{Kind: Split, Numbers: []int{20, 17}}, // not sorted
		{Kind: Split, Numbers: []int{17, 17}}, {Kind: Split, Numbers: []int{17}}, {Kind: Split, Numbers: []int{17, 20, 23}},
		{Kind: Split, Numbers: []int{3, 4}},   // 3 ends a row, 4 starts the next
		{Kind: Split, Numbers: []int{17, 21}}, // diagonal
		{Kind: Split, Numbers: []int{0, 4}}, {Kind: Split, Numbers: []int{36, 37}}, {Kind: Split, Numbers: []int{-3, 0}},
		{Kind: Street, Numbers: []int{2, 3, 4}}, {Kind: Street, Numbers: []int{0, 1, 3}}, {Kind: Street, Numbers: []int{1, 4, 7}},
		{Kind: Corner, Numbers: []int{3, 4, 6, 7}}, {Kind: Corner, Numbers: []int{1, 2, 3, 4}}, {Kind: Corner, Numbers: []int{0, 1, 2, 4}},
		{Kind: Corner, Numbers: []int{33, 34, 36, 37}},
		{Kind: Line, Numbers: []int{2, 3, 4, 5, 6, 7}}, {Kind: Line, Numbers: []int{0, 1, 2, 3, 4, 5}}, {Kind: Line, Numbers: []int{34, 35, 36, 37, 38, 39}},
		{Kind: Line, Numbers: []int{1, 2, 3, 4, 5, 7}},
	} {
		if b.Check() == nil {
			t.Errorf("%+v accepted", b)
		}
	}
	for _, b := range []Bet{
		{Kind: Split, Numbers: []int{0, 3}}, {Kind: Split, Numbers: []int{1, 2}}, {Kind: Split, Numbers: []int{2, 3}}, {Kind: Split, Numbers: []int{33, 36}},
		{Kind: Street, Numbers: []int{0, 2, 3}}, {Kind: Corner, Numbers: []int{2, 3, 5, 6}}, {Kind: Line, Numbers: []int{31, 32, 33, 34, 35, 36}},
	} {
		if err := b.Check(); err != nil {
			t.Errorf("%+v: %v", b, err)
		}
	}
	if Colour(0) != "green" || Colour(32) != "red" || Colour(15) != "black" {
		t.Error("colours")
	}
}

// Inside bets have their own maximum, per number covered (a straight up
// 50.00, a split 100.00, a street 150.00, a corner 200.00, a six line
// 300.00, outside bets 500.00), on everything a spot holds in the round.
func TestInsideLimitsPerSpot(t *testing.T) {
	bank := &fakeBank{balance: map[string]int64{"a": 1_000_000}, paid: map[string]int64{}, txs: map[string]bool{}}
	c := &clock{t: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	cfg := DefaultConfig
	tb := New("european-roulette", cfg, bank, nil, c.t)
	a := Player{Key: "a", Mode: "real", Currency: "EUR"}
	ctx := context.Background()
	for _, tc := range []struct {
		bet Bet
		max int64
	}{
		{Bet{Kind: Straight, Number: 17}, 5000},
		{Bet{Kind: Split, Numbers: []int{0, 2}}, 10000},
		{Bet{Kind: Street, Numbers: []int{4, 5, 6}}, 15000},
		{Bet{Kind: Corner, Numbers: []int{0, 1, 2, 3}}, 20000},
		{Bet{Kind: Line, Numbers: []int{4, 5, 6, 7, 8, 9}}, 30000},
		{Bet{Kind: Red}, 50000},
	} {
		if got := cfg.MaxForKind(tc.bet.Kind); got != tc.max {
			t.Errorf("%s: max %d, want %d", tc.bet.Kind, got, tc.max)
		}
		over := tc.bet
		over.Amount = tc.max + 1
		if _, err := tb.PlaceBets(ctx, a, 1, []Bet{over}, c.t); !errors.Is(err, ErrAmount) {
			t.Errorf("%s above its max: %v", tc.bet.Label(), err)
		}
		// Two chips that together pass the spot's maximum.
		half := tc.bet
		half.Amount = tc.max/2 + 1
		if tc.bet.Kind == Red {
			continue // the round limit (1,000.00) would refuse it first
		}
		if _, err := tb.PlaceBets(ctx, a, 1, []Bet{half}, c.t); err != nil {
			t.Fatalf("%s: %v", tc.bet.Label(), err)
		}
		if _, err := tb.PlaceBets(ctx, a, 1, []Bet{half}, c.t); !errors.Is(err, ErrAmount) {
			t.Errorf("%s: a second chip past the spot's max: %v", tc.bet.Label(), err)
		}
	}
}

// A winning split and a winning corner are paid 18× and 9× their stake (the
// test knows the round's seed before betting closes and picks bets around
// the number drawn), a losing street nothing; the outcome keeps the numbers.
func TestWinningSplitAndCornerSettle(t *testing.T) {
	for round := 0; round < 3; round++ {
		bank := &fakeBank{balance: map[string]int64{"a": 100000}, paid: map[string]int64{}, txs: map[string]bool{}}
		c := &clock{t: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
		tb := New("european-roulette", DefaultConfig, bank, nil, c.t)
		var outcomes sync.Map
		tb.bank = recordingBank{bank, &outcomes}
		n := Spin(tb.seed, 1)
		// A split, a corner on n, a street not on n.
		var split, corner, street Bet
		for _, b := range allBets(t)[Split] {
			if b.Covers(n) {
				split = b
			}
		}
		for _, b := range allBets(t)[Corner] {
			if b.Covers(n) {
				corner = b
			}
		}
		for _, b := range allBets(t)[Street] {
			if !b.Covers(n) {
				street = b
			}
		}
		split.Amount, corner.Amount, street.Amount = 200, 400, 300
		a := Player{Key: "a", Mode: "real", Currency: "EUR"}
		if _, err := tb.PlaceBets(context.Background(), a, 1, []Bet{split, corner, street}, c.t); err != nil {
			t.Fatal(err)
		}
		tb.Step(c.add(DefaultConfig.Betting))
		tb.Step(c.add(DefaultConfig.Spin))
		tb.Wait()
		if got := *tb.State(c.t).Number; got != n {
			t.Fatalf("drawn %d, the seed gives %d", got, n)
		}
		want := int64(200*18 + 400*9)
		if bank.balance["a"] != 100000-900+want || bank.paid["rl-1-a"] != want {
			t.Fatalf("pocket %d (%s, %s): balance %d paid %d, want +%d", n, split.Label(), corner.Label(), bank.balance["a"], bank.paid["rl-1-a"], want)
		}
		o, _ := outcomes.Load("rl-1-a")
		if out := o.(Outcome); out.Win != want || len(out.Bets) != 3 || !slices.Equal(out.Bets[0].Numbers, split.Numbers) || out.Bets[1].Kind != Corner {
			t.Fatalf("outcome %+v", out)
		}
	}
}
