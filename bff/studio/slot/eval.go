package slot

// This file is the single definition of how a window pays. Play evaluates
// windows with it and the exact maths enumerates reel combinations by
// stepping the same state machines reel by reel, so the two cannot disagree.

// lineState follows one payline from the leftmost reel.
type lineState struct {
	sym  int16 // target symbol, -1 while only wilds have been seen
	n    int8  // length of the run (wilds included)
	w    int8  // leading wilds
	wild bool  // the run contains a wild
	done bool  // the run has ended
}

func newLine() lineState { return lineState{sym: -1} }

// step extends the line with symbol x of the next reel.
func (g *Game) stepLine(ls *lineState, x int) {
	if ls.done {
		return
	}
	switch {
	case x == g.wild:
		ls.n++
		if ls.sym < 0 {
			ls.w++
		}
		ls.wild = true
	case x == g.scatter:
		ls.done = true
	case ls.sym < 0:
		ls.sym = int16(x)
		ls.n++
	case int(ls.sym) == x:
		ls.n++
	default:
		ls.done = true
	}
}

// linePay returns the line's pay in coins and the symbol and count paid
// (symbol -1 when nothing pays). The best of the wild run paid as wilds and the
// substituted run is paid.
func (g *Game) linePay(ls *lineState) (coins int64, sym int, n int, multiplied bool) {
	sym = -1
	if ls.sym >= 0 {
		p := g.pays[ls.sym][ls.n]
		if p > 0 {
			if ls.wild && g.wildMult > 1 {
				p *= g.wildMult
				multiplied = true
			}
			coins, sym, n = p, int(ls.sym), int(ls.n)
		}
	}
	if ls.w > 0 && g.wild >= 0 {
		if p := g.pays[g.wild][ls.w]; p > coins {
			coins, sym, n, multiplied = p, g.wild, int(ls.w), false
		}
	}
	return
}

// waysState follows one paying symbol across reels in a ways game.
type waysState struct {
	n    int8
	ways int64
	done bool
}

// window is a column-major grid: w[reel*rows+row].
type window []int

// column returns the effective symbols of one reel at stop, after expansion,
// and the number of scatters it shows (counted before expansion).
func (g *Game) column(strip []int, stop int, free bool, out []int) (scatters int) {
	hasWild := false
	for j := 0; j < g.rows; j++ {
		x := strip[(stop+j)%len(strip)]
		out[j] = x
		if x == g.scatter {
			scatters++
		}
		if x == g.wild {
			hasWild = true
		}
	}
	if hasWild && (g.expand == ExpandAlways || free && g.expand == ExpandFree) {
		for j := range out[:g.rows] {
			out[j] = g.wild
		}
	}
	return scatters
}

// LineWin is one paying line.
type LineWin struct {
	Line       int    `json:"line"` // 1-based
	Symbol     string `json:"symbol"`
	Count      int    `json:"count"`
	Multiplied bool   `json:"wildMultiplied,omitempty"`
	Coins      int64  `json:"coins"` // before the free-spin multiplier
}

// WaysWin is one paying symbol of a ways game.
type WaysWin struct {
	Symbol string `json:"symbol"`
	Count  int    `json:"count"` // reels from the left
	Ways   int64  `json:"ways"`
	Coins  int64  `json:"coins"` // pay per way × ways, before the free-spin multiplier
}

type evalResult struct {
	lines    []LineWin
	ways     []WaysWin
	scatters int
	coins    int64 // line/ways + scatter coins, before the free-spin multiplier
}

// evaluate pays a window of effective symbols with the given scatter count.
func (g *Game) evaluate(w window, scatters int) evalResult {
	var res evalResult
	res.scatters = scatters
	if g.def.Ways {
		cnt := make([]int64, len(g.syms))
		for s := range g.syms {
			if s == g.wild || s == g.scatter {
				continue
			}
			st := waysState{ways: 1}
			for r := 0; r < g.reels && !st.done; r++ {
				clear(cnt)
				for j := 0; j < g.rows; j++ {
					cnt[w[r*g.rows+j]]++
				}
				g.stepWays(&st, s, cnt)
			}
			if p := g.pays[s][st.n]; p > 0 {
				res.ways = append(res.ways, WaysWin{Symbol: g.syms[s].ID, Count: int(st.n), Ways: st.ways, Coins: p * st.ways})
				res.coins += p * st.ways
			}
		}
	} else {
		for i, l := range g.lines {
			ls := newLine()
			for r := 0; r < g.reels; r++ {
				g.stepLine(&ls, w[r*g.rows+l[r]])
			}
			if c, sym, n, m := g.linePay(&ls); c > 0 {
				res.lines = append(res.lines, LineWin{Line: i + 1, Symbol: g.syms[sym].ID, Count: n, Multiplied: m, Coins: c})
				res.coins += c
			}
		}
	}
	res.coins += g.scatPay[scatters]
	return res
}

// stepWays extends symbol s's ways with a reel whose symbol counts are cnt.
func (g *Game) stepWays(st *waysState, s int, cnt []int64) {
	if st.done {
		return
	}
	c := cnt[s]
	if g.wild >= 0 {
		c += cnt[g.wild]
	}
	if c == 0 {
		st.done = true
		return
	}
	st.n++
	st.ways *= c
}
