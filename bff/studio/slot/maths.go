package slot

import (
	"fmt"
	"math"
	"math/big"
	"sort"
)

// Maths is the exact mathematics of a game, computed from its definition.
//
// The base game and the free-spin game are each enumerated exactly over every
// combination of reel stops (the product of the strip lengths) — not sampled.
// The enumeration walks the reels left to right with the same line/ways state
// machines Play uses and stops descending as soon as no line (or way) can
// still grow; the remaining reels then only matter through the number of
// scatters they show, whose distribution is a convolution. The result is the
// exact joint distribution of (line pay, scatter count) per window.
//
// The free-spin feature is valued with Wald's identity: the number of spins N
// is a stopping time of i.i.d. spins, so E[feature] = E[N] × E[one free spin].
// E[N] is the solution of the linear recurrence over (spins left, spins
// awarded) with the MaxSpins cap, solved exactly in integers (see
// expectedSpins); without a cap it would be the geometric series
// n0 / (1 − m), m the expected retrigger award per spin, reported as
// UncappedFreeSpins.
type Maths struct {
	Combinations     *big.Int `json:"-"` // base-game stop combinations
	FreeCombinations *big.Int `json:"-"`
	// RTP is the return to player per unit bet, exactly.
	RTP         *big.Rat `json:"-"`
	BaseRTP     *big.Rat `json:"-"` // part paid by base-game windows
	FeatureRTP  *big.Rat `json:"-"` // part paid by free spins
	BonusBuyRTP *big.Rat `json:"-"` // per unit of the bonus-buy price (nil when none)
	// HitFrequency is P(a paid spin wins anything or triggers the feature).
	HitFrequency *big.Rat `json:"-"`
	// TriggerProbability is P(a paid spin triggers free spins).
	TriggerProbability *big.Rat `json:"-"`
	// FreeSpinMeanCoins is the expected pay of one free spin (multiplier
	// applied), in coins.
	FreeSpinMeanCoins *big.Rat `json:"-"`
	// ExpectedFreeSpins is E[N] for the smallest trigger award.
	ExpectedFreeSpins *big.Rat `json:"-"`
	// UncappedFreeSpins is E[N] without the MaxSpins cap (nil when infinite
	// or when there is no retrigger).
	UncappedFreeSpins *big.Rat `json:"-"`
	// MaxWinCoins is the largest possible round win of a paid spin, in coins:
	// the best window, plus when it triggers, the best sequence of free
	// spins within the cap. MaxBuyWinCoins is the same for a bonus buy.
	MaxWinCoins    int64 `json:"-"`
	MaxBuyWinCoins int64 `json:"-"`
	// MaxMultiplier is MaxWinCoins / Coins (max win in bets), exactly, and
	// the larger of the paid-spin and bonus-buy figures.
	MaxMultiplier *big.Rat `json:"-"`
	// StdDev is the standard deviation of one paid round's return per unit
	// bet (computed from the exact distributions in float64);
	// BonusBuyStdDev per unit of the bonus-buy price.
	StdDev         float64 `json:"-"`
	BonusBuyStdDev float64 `json:"-"`
}

// scClass aggregates the windows showing a given number of scatters.
type scClass struct {
	count uint64
	sum   *big.Int // Σ window coins (multiplier applied)
	sumSq float64  // Σ coins²
	max   int64
	zeros uint64 // windows with no line/ways pay
}

type windowDist struct {
	total   *big.Int
	classes []scClass // by scatter count
}

type column struct {
	syms     []int
	cnt      []int64 // symbol counts (ways games)
	scatters int
	weight   uint64
}

// columns returns the distinct visible columns of each reel with their
// multiplicity.
func (g *Game) columns(free bool) [][]column {
	strips := g.base
	if free {
		strips = g.free
	}
	out := make([][]column, g.reels)
	for r, strip := range strips {
		idx := map[string]int{}
		for stop := range strip {
			syms := make([]int, g.rows)
			sc := g.column(strip, stop, free, syms)
			key := fmt.Sprint(syms, sc)
			if i, ok := idx[key]; ok {
				out[r][i].weight++
				continue
			}
			c := column{syms: syms, scatters: sc, weight: 1, cnt: make([]int64, len(g.syms))}
			for _, x := range syms {
				c.cnt[x]++
			}
			idx[key] = len(out[r])
			out[r] = append(out[r], c)
		}
	}
	return out
}

type distKey struct {
	coins    int64
	scatters int
}

// enumerate computes the exact distribution of window pays of one mode.
func (g *Game) enumerate(free bool) windowDist {
	cols := g.columns(free)
	R := g.reels
	maxSc := R * g.rows
	// suffix[r][s]: stop combinations of reels r..R-1 showing s scatters.
	suffix := make([][]uint64, R+1)
	suffix[R] = make([]uint64, maxSc+1)
	suffix[R][0] = 1
	for r := R - 1; r >= 0; r-- {
		suffix[r] = make([]uint64, maxSc+1)
		for s, n := range suffix[r+1] {
			if n == 0 {
				continue
			}
			for _, c := range cols[r] {
				suffix[r][s+c.scatters] += n * c.weight
			}
		}
	}
	acc := map[distKey]uint64{}
	leaf := func(r int, coins int64, sc int, w uint64) {
		for s, n := range suffix[r] {
			if n != 0 {
				acc[distKey{coins, sc + s}] += w * n
			}
		}
	}
	if g.def.Ways {
		var paying []int
		for s := range g.syms {
			if s != g.wild && s != g.scatter {
				paying = append(paying, s)
			}
		}
		states := make([][]waysState, R+1)
		for r := range states {
			states[r] = make([]waysState, len(paying))
		}
		for i := range states[0] {
			states[0][i] = waysState{ways: 1}
		}
		var dfs func(r, sc int, w uint64)
		dfs = func(r, sc int, w uint64) {
			cur := states[r]
			alive := false
			for i := range cur {
				if !cur[i].done {
					alive = true
					break
				}
			}
			if r == R || !alive {
				var coins int64
				for i, s := range paying {
					coins += g.pays[s][cur[i].n] * cur[i].ways
				}
				leaf(r, coins, sc, w)
				return
			}
			next := states[r+1]
			for ci := range cols[r] {
				c := &cols[r][ci]
				for i, s := range paying {
					next[i] = cur[i]
					g.stepWays(&next[i], s, c.cnt)
				}
				dfs(r+1, sc+c.scatters, w*c.weight)
			}
		}
		dfs(0, 0, 1)
	} else {
		nl := len(g.lines)
		states := make([][]lineState, R+1)
		for r := range states {
			states[r] = make([]lineState, nl)
		}
		for i := range states[0] {
			states[0][i] = newLine()
		}
		var dfs func(r, sc int, w uint64)
		dfs = func(r, sc int, w uint64) {
			cur := states[r]
			alive := false
			for i := range cur {
				if !cur[i].done {
					alive = true
					break
				}
			}
			if r == R || !alive {
				var coins int64
				for i := range cur {
					c, _, _, _ := g.linePay(&cur[i])
					coins += c
				}
				leaf(r, coins, sc, w)
				return
			}
			next := states[r+1]
			for ci := range cols[r] {
				c := &cols[r][ci]
				for i, l := range g.lines {
					next[i] = cur[i]
					g.stepLine(&next[i], c.syms[l[r]])
				}
				dfs(r+1, sc+c.scatters, w*c.weight)
			}
		}
		dfs(0, 0, 1)
	}
	mult := int64(1)
	if free {
		mult = g.fsMult
	}
	return g.collect(acc, mult)
}

func (g *Game) collect(acc map[distKey]uint64, mult int64) windowDist {
	maxSc := g.reels * g.rows
	d := windowDist{total: new(big.Int), classes: make([]scClass, maxSc+1)}
	for i := range d.classes {
		d.classes[i] = scClass{sum: new(big.Int), max: -1}
	}
	keys := make([]distKey, 0, len(acc))
	for k := range acc {
		keys = append(keys, k)
	}
	// Deterministic float summation order.
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].scatters != keys[j].scatters {
			return keys[i].scatters < keys[j].scatters
		}
		return keys[i].coins < keys[j].coins
	})
	var t big.Int
	for _, k := range keys {
		n := acc[k]
		c := &d.classes[k.scatters]
		coins := (k.coins + g.scatPay[k.scatters]) * mult
		c.count += n
		t.SetUint64(n)
		d.total.Add(d.total, &t)
		t.Mul(&t, big.NewInt(coins))
		c.sum.Add(c.sum, &t)
		c.sumSq += float64(n) * float64(coins) * float64(coins)
		c.max = max(c.max, coins)
		if k.coins == 0 {
			c.zeros += n
		}
	}
	return d
}

// Maths returns the game's exact maths (computed once, then cached).
func (g *Game) Maths() (*Maths, error) {
	g.mathsOnce.Do(func() { g.maths, g.mathsErr = g.computeMaths() })
	return g.maths, g.mathsErr
}

func ratU(n uint64, d *big.Int) *big.Rat {
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(n), d)
}

func (g *Game) computeMaths() (*Maths, error) {
	m := &Maths{}
	base := g.enumerate(false)
	m.Combinations = base.total
	coins := big.NewRat(g.coins, 1)

	// Base-game windows.
	baseSum := new(big.Int)
	trig := new(big.Rat)
	misses := uint64(0)
	for sc, c := range base.classes {
		baseSum.Add(baseSum, c.sum)
		if g.trigger[sc] > 0 {
			trig.Add(trig, ratU(c.count, base.total))
		} else if g.scatPay[sc] == 0 {
			misses += c.zeros
		}
	}
	m.TriggerProbability = trig
	m.HitFrequency = new(big.Rat).Sub(big.NewRat(1, 1), ratU(misses, base.total))
	m.BaseRTP = new(big.Rat).SetFrac(baseSum, base.total)
	m.BaseRTP.Quo(m.BaseRTP, coins)
	m.FeatureRTP = new(big.Rat)
	m.RTP = new(big.Rat).Set(m.BaseRTP)

	// Moments and maxima of the paid round, first without the feature.
	D := float64FromInt(base.total)
	var ex, ex2 float64
	var maxWin int64
	var fe *feature
	if g.def.FreeSpins != nil {
		free := g.enumerate(true)
		m.FreeCombinations = free.total
		fe = g.newFeature(free, g.maxSpins)
		m.FreeSpinMeanCoins = fe.mean
		featureSum := new(big.Rat)
		for sc, c := range base.classes {
			n := min(g.trigger[sc], g.maxSpins)
			if n == 0 || c.count == 0 {
				continue
			}
			v := new(big.Rat).Mul(ratU(c.count, base.total), fe.value(n))
			featureSum.Add(featureSum, v)
		}
		m.FeatureRTP.Quo(featureSum, coins)
		m.RTP.Add(m.RTP, m.FeatureRTP)
		first := 0
		for _, n := range g.trigger {
			if n > 0 {
				first = n
				break
			}
		}
		m.ExpectedFreeSpins = fe.spins(min(first, g.maxSpins))
		m.UncappedFreeSpins = fe.uncapped(first)
		if g.def.BonusBuy != nil {
			price := new(big.Rat).Mul(coins, big.NewRat(g.def.BonusBuy.Price, 1))
			m.BonusBuyRTP = new(big.Rat).Quo(fe.value(g.buySpins), price)
			m.MaxBuyWinCoins = fe.best(g.buySpins, g.buySpins)
			s1, s2 := fe.moments(g.buySpins, g.buySpins)
			p := float64(g.def.BonusBuy.Price * g.coins)
			m.BonusBuyStdDev = math.Sqrt(max(0, s2-s1*s1)) / p
		}
	}
	for sc, c := range base.classes {
		if c.count == 0 {
			continue
		}
		p := float64(c.count) / D
		mean := float64FromInt(c.sum) / float64(c.count)
		sq := c.sumSq / float64(c.count)
		win := c.max
		if n := min(g.trigger[sc], g.maxSpins); n > 0 && fe != nil {
			s1, s2 := fe.moments(n, n)
			ex += p * (mean + s1)
			ex2 += p * (sq + 2*mean*s1 + s2)
			win += fe.best(n, n)
		} else {
			ex += p * mean
			ex2 += p * sq
		}
		maxWin = max(maxWin, win)
	}
	m.MaxWinCoins = maxWin
	m.StdDev = math.Sqrt(max(0, ex2-ex*ex)) / float64(g.coins)
	m.MaxMultiplier = big.NewRat(max(m.MaxWinCoins, m.MaxBuyWinCoins), g.coins)
	return m, nil
}

func float64FromInt(x *big.Int) float64 {
	f, _ := new(big.Float).SetInt(x).Float64()
	return f
}

// feature values the free spins of a game from the exact free-spin window
// distribution.
type feature struct {
	g       *Game
	M       int      // spin cap
	D       *big.Int // free-spin stop combinations
	mean    *big.Rat // E[coins of one free spin]
	awards  map[int]uint64
	classes []scClass
	pD      []*big.Int // D^L
	gMemo   [][]*big.Int
	s1, s2  [][]float64
	bestM   [][]int64
	seen    [][]bool
}

func (g *Game) newFeature(d windowDist, maxSpins int) *feature {
	f := &feature{g: g, M: maxSpins, D: d.total, classes: d.classes, awards: map[int]uint64{}}
	sum := new(big.Int)
	for sc, c := range d.classes {
		sum.Add(sum, c.sum)
		if c.count > 0 {
			f.awards[g.retrigger[sc]] += c.count
		}
	}
	f.mean = new(big.Rat).SetFrac(sum, d.total)
	n := f.M + 1
	f.pD = make([]*big.Int, n+1)
	f.pD[0] = big.NewInt(1)
	for i := 1; i <= n; i++ {
		f.pD[i] = new(big.Int).Mul(f.pD[i-1], f.D)
	}
	f.gMemo = make([][]*big.Int, n)
	f.s1, f.s2 = make([][]float64, n), make([][]float64, n)
	f.bestM, f.seen = make([][]int64, n), make([][]bool, n)
	for i := range f.gMemo {
		f.gMemo[i] = make([]*big.Int, n)
		f.s1[i], f.s2[i] = make([]float64, n), make([]float64, n)
		f.bestM[i], f.seen[i] = make([]int64, n), make([]bool, n)
	}
	return f
}

// next is the state after one spin from (r, t) that awards a spins.
func (f *feature) next(r, t, a int) (int, int) {
	d := min(a, f.M-t)
	return r - 1 + d, t + d
}

// gInt returns D^L × E[spins still to play | r left, t awarded], an integer,
// where L = r + M − t is the most spins still possible. Each spin lowers L by
// exactly one, so E(r,t) = 1 + Σ_a (c_a/D) E(next) becomes
// G(r,t) = D^L + Σ_a c_a G(next): exact integer arithmetic, no fractions.
func (f *feature) gInt(r, t int) *big.Int {
	if r == 0 {
		return new(big.Int)
	}
	if v := f.gMemo[r][t]; v != nil {
		return v
	}
	L := r + f.M - t
	v := new(big.Int).Set(f.pD[L])
	var tmp big.Int
	for a, c := range f.awards {
		nr, nt := f.next(r, t, a)
		tmp.SetUint64(c)
		tmp.Mul(&tmp, f.gInt(nr, nt))
		v.Add(v, &tmp)
	}
	f.gMemo[r][t] = v
	return v
}

// spins is E[N] for an initial award of n spins, exactly.
func (f *feature) spins(n int) *big.Rat {
	n = min(n, f.M)
	return new(big.Rat).SetFrac(f.gInt(n, n), f.pD[f.M])
}

// value is E[feature coins] for an initial award of n spins (Wald).
func (f *feature) value(n int) *big.Rat {
	return new(big.Rat).Mul(f.spins(n), f.mean)
}

// uncapped is n0/(1−m) with m = Σ P(award a)·a, the expected number of spins
// with unlimited retriggers (nil when m ≥ 1 or no retrigger).
func (f *feature) uncapped(n0 int) *big.Rat {
	m := new(big.Rat)
	for a, c := range f.awards {
		if a > 0 {
			m.Add(m, new(big.Rat).Mul(big.NewRat(int64(a), 1), ratU(c, f.D)))
		}
	}
	if m.Sign() == 0 || m.Cmp(big.NewRat(1, 1)) >= 0 {
		return nil
	}
	den := new(big.Rat).Sub(big.NewRat(1, 1), m)
	return new(big.Rat).Quo(big.NewRat(int64(n0), 1), den)
}

// moments returns E[S] and E[S²] of the feature's total coins from state
// (r, t), in float64: S = W + S', W the spin's pay and S' the rest, which
// depends on the spin only through its scatter count.
func (f *feature) moments(r, t int) (float64, float64) {
	if r == 0 {
		return 0, 0
	}
	f.fill(r, t)
	return f.s1[r][t], f.s2[r][t]
}

// best returns the largest total the feature can pay from (r, t).
func (f *feature) best(r, t int) int64 {
	if r == 0 {
		return 0
	}
	f.fill(r, t)
	return f.bestM[r][t]
}

func (f *feature) fill(r, t int) {
	if f.seen[r][t] {
		return
	}
	D := float64FromInt(f.D)
	var s1, s2 float64
	best := int64(0)
	for sc, c := range f.classes {
		if c.count == 0 {
			continue
		}
		nr, nt := f.next(r, t, f.g.retrigger[sc])
		a1, a2 := f.moments(nr, nt)
		p := float64(c.count) / D
		mean := float64FromInt(c.sum) / float64(c.count)
		sq := c.sumSq / float64(c.count)
		s1 += p * (mean + a1)
		s2 += p * (sq + 2*mean*a1 + a2)
		best = max(best, c.max+f.best(nr, nt))
	}
	f.s1[r][t], f.s2[r][t], f.bestM[r][t], f.seen[r][t] = s1, s2, best, true
}
