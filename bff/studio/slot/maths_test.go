package slot

import (
	"fmt"
	"math/big"
	"testing"
)

// toy builds small games whose every stop combination can be played through
// the Play path, to check the enumeration against brute force.
func toy(t *testing.T, ways bool, expand string, wildMult int64, rows int) *Game {
	t.Helper()
	d := Definition{
		ID: "toy", Name: "Toy", Theme: "test", Volatility: "medium", ReleaseDate: "2024-01-01",
		MinBet: 10, MaxBet: 1000, Coins: 10, Rows: rows,
		Symbols: []Symbol{{ID: "A", Name: "A"}, {ID: "B", Name: "B"}, {ID: "C", Name: "C"}, {ID: "W", Name: "Wild", Wild: true}, {ID: "S", Name: "Scatter", Scatter: true}},
		Reels: [][]string{
			{"A", "B", "C", "W", "S", "A", "C", "B"},
			{"B", "A", "W", "C", "S", "B", "A", "C", "A"},
			{"C", "S", "A", "B", "W", "C", "B"},
			{"A", "C", "B", "S", "A", "W", "C", "B"},
			{"B", "W", "A", "C", "S", "A", "B"},
		},
		Pays: map[string]map[string]int64{
			"A": {"3": 5, "4": 20, "5": 100},
			"B": {"3": 3, "4": 10, "5": 50},
			"C": {"2": 1, "3": 2, "4": 5, "5": 20},
		},
		Scatter: &ScatterRule{Pays: map[string]int64{"2": 1, "3": 5}, FreeSpins: map[string]int{"3": 5, "4": 8}},
		FreeSpins: &FreeSpinsRule{Multiplier: 2, Retrigger: map[string]int{"3": 3}, MaxSpins: 20, Reels: [][]string{
			{"A", "W", "C", "S", "B"},
			{"B", "A", "W", "S", "C", "A"},
			{"C", "S", "A", "W", "B"},
			{"A", "C", "S", "W", "B"},
			{"W", "A", "S", "C", "B"},
		}},
		BonusBuy: &BonusBuyRule{Price: 50},
	}
	if ways {
		d.Ways = true
	} else {
		d.Pays["W"] = map[string]int64{"3": 10, "4": 40, "5": 200}
		d.Lines = [][]int{{0, 0, 0, 0, 0}, {1, 1, 1, 1, 1}, {0, 1, 0, 1, 0}}
		if rows == 3 {
			d.Lines = append(d.Lines, []int{2, 2, 2, 2, 2}, []int{0, 1, 2, 1, 0}, []int{2, 1, 0, 1, 2})
		}
	}
	d.Wild = &WildRule{Expand: expand, Multiplier: wildMult}
	g, err := Compile(d)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// brute plays every stop combination of one mode through Replay.
func brute(g *Game, free bool) windowDist {
	strips := g.base
	if free {
		strips = g.free
	}
	mult := int64(1)
	if free {
		mult = g.fsMult
	}
	acc := map[distKey]uint64{}
	stops := make([]int, g.reels)
	var rec func(r int)
	rec = func(r int) {
		if r == g.reels {
			s, err := g.Replay(stops, free, 1)
			if err != nil {
				panic(err)
			}
			// collect() adds scatter pays and applies the multiplier itself.
			lineCoins := s.Coins/mult - s.ScatterCoins
			acc[distKey{lineCoins, s.Scatters}]++
			return
		}
		for i := range strips[r] {
			stops[r] = i
			rec(r + 1)
		}
	}
	rec(0)
	return g.collect(acc, mult)
}

func TestEnumerationMatchesBruteForce(t *testing.T) {
	cases := []struct {
		ways   bool
		expand string
		mult   int64
		rows   int
	}{
		{false, ExpandNone, 0, 3}, {false, ExpandFree, 2, 3}, {false, ExpandAlways, 0, 2},
		{true, ExpandNone, 0, 3}, {true, ExpandAlways, 0, 3}, {true, ExpandFree, 0, 4},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("ways=%v/expand=%s/mult=%d/rows=%d", c.ways, c.expand, c.mult, c.rows), func(t *testing.T) {
			g := toy(t, c.ways, c.expand, c.mult, c.rows)
			for _, free := range []bool{false, true} {
				a, b := g.enumerate(free), brute(g, free)
				if a.total.Cmp(b.total) != 0 {
					t.Fatalf("free=%v total %v vs %v", free, a.total, b.total)
				}
				for sc := range a.classes {
					x, y := a.classes[sc], b.classes[sc]
					if x.count != y.count || x.sum.Cmp(y.sum) != 0 || x.max != y.max || x.zeros != y.zeros || x.sumSq != y.sumSq {
						t.Fatalf("free=%v sc=%d: enumeration %+v, brute force %+v", free, sc, x, y)
					}
				}
			}
			m, err := g.Maths()
			if err != nil {
				t.Fatal(err)
			}
			f, _ := m.RTP.Float64()
			t.Logf("RTP %.4f%% max %sx sd %.2f buy %s", 100*f, m.MaxMultiplier.FloatString(2), m.StdDev, m.BonusBuyRTP.FloatString(4))
		})
	}
}

// The capped expected number of spins must agree with a direct rational
// solution of the recurrence, and tend to the geometric series when the cap
// does not bind.
func TestExpectedSpinsRecurrence(t *testing.T) {
	g := toy(t, false, ExpandNone, 0, 3)
	fe := g.newFeature(g.enumerate(true), g.maxSpins)
	memo := map[[2]int]*big.Rat{}
	var e func(r, t int) *big.Rat
	e = func(r, tt int) *big.Rat {
		if r == 0 {
			return new(big.Rat)
		}
		if v, ok := memo[[2]int{r, tt}]; ok {
			return v
		}
		v := big.NewRat(1, 1)
		for a, c := range fe.awards {
			nr, nt := fe.next(r, tt, a)
			v.Add(v, new(big.Rat).Mul(ratU(c, fe.D), e(nr, nt)))
		}
		memo[[2]int{r, tt}] = v
		return v
	}
	for _, n := range []int{5, 8, 20} {
		if got, want := fe.spins(n), e(n, n); got.Cmp(want) != 0 {
			t.Fatalf("n=%d: %v vs %v", n, got.FloatString(10), want.FloatString(10))
		}
	}
	// A synthetic chain: 10% of spins retrigger 3 more, so m = 0.3 and the
	// geometric series gives 5/(1−0.3) = 50/7; a large cap barely binds.
	syn := g.newFeature(windowDist{total: big.NewInt(100), classes: []scClass{{count: 90, sum: new(big.Int)}, {count: 10, sum: new(big.Int)}}}, 300)
	syn.awards = map[int]uint64{0: 90, 3: 10}
	u := syn.uncapped(5)
	if u.Cmp(big.NewRat(50, 7)) != 0 {
		t.Fatalf("uncapped %v", u)
	}
	capped := syn.spins(5)
	diff, _ := new(big.Rat).Sub(u, capped).Float64()
	if diff < 0 || diff > 1e-9 {
		t.Fatalf("capped %s vs uncapped %s", capped.FloatString(12), u.FloatString(12))
	}
	t.Logf("E[N|5] capped at 300: %s, geometric series: %s", capped.FloatString(12), u.FloatString(12))
}
