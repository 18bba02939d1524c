package slot

import (
	"casino/bff/studio/rng"
)

// Spin is one spin (base or free) as shown to the player.
type Spin struct {
	Stops []int `json:"stops"` // index of the top visible stop on each reel strip
	// Window is the visible window, reel by reel (Window[reel][row], row 0 at
	// the top), as landed; Expanded marks reels a wild expanded over.
	Window       [][]string `json:"window"`
	Expanded     []int      `json:"expanded,omitempty"` // 1-based reels
	Lines        []LineWin  `json:"lines,omitempty"`
	Ways         []WaysWin  `json:"ways,omitempty"`
	Scatters     int        `json:"scatters"`
	ScatterCoins int64      `json:"scatterCoins,omitempty"`
	FreeSpins    int        `json:"freeSpinsAwarded,omitempty"` // awarded or retriggered by this spin
	Multiplier   int64      `json:"multiplier"`                 // free-spin multiplier (1 in the base game)
	Coins        int64      `json:"coins"`                      // total pay of the spin, multiplier applied
	Win          int64      `json:"win"`                        // minor units
}

// Round is a whole game round: the paid spin (or bonus buy) and the free
// spins it led to. Everything the wallet stores and game recall replays.
type Round struct {
	Game      string `json:"game"`
	Bet       int64  `json:"bet"`  // total bet (stake per spin), minor units
	Cost      int64  `json:"cost"` // debited amount: Bet, or Bet × price for a bonus buy
	BonusBuy  bool   `json:"bonusBuy,omitempty"`
	CoinValue int64  `json:"coinValue"`
	// Base is the paid spin (nil for a bonus buy).
	Base             *Spin  `json:"base,omitempty"`
	FreeSpins        []Spin `json:"freeSpins,omitempty"`
	FreeSpinsAwarded int    `json:"freeSpinsAwarded"` // initial award plus retriggers (capped)
	Coins            int64  `json:"coins"`            // total win in coins
	Win              int64  `json:"win"`              // total win, minor units (= CoinValue × Coins)
	// Factor is the minor units of the player's currency per euro cent the
	// round was scaled by (absent: 1), so a verifier can replay it.
	Factor int64 `json:"factor,omitempty"`
	// Draws is the number of 32-bit words drawn from the source (provably
	// fair rounds can be audited word by word).
	Draws int `json:"draws"`
}

// Spin plays one paid round with bet (minor units) drawing from src.
func (g *Game) Spin(bet int64, src rng.Source) (*Round, error) {
	if err := g.CheckBet(bet); err != nil {
		return nil, err
	}
	ctr := &rng.Counter{Src: src}
	r := &Round{Game: g.def.ID, Bet: bet, Cost: bet, CoinValue: bet / g.coins}
	base := g.spinOnce(ctr, false, r.CoinValue)
	r.Base = &base
	r.Coins = base.Coins
	if base.FreeSpins > 0 {
		g.feature(ctr, r, base.FreeSpins)
	}
	r.Win = r.Coins * r.CoinValue
	r.Draws = ctr.N
	return r, nil
}

// BuyBonus buys the free-spins feature for Price × bet.
func (g *Game) BuyBonus(bet int64, src rng.Source) (*Round, error) {
	if g.def.BonusBuy == nil {
		return nil, ErrNoBonusBuy
	}
	if err := g.CheckBet(bet); err != nil {
		return nil, err
	}
	ctr := &rng.Counter{Src: src}
	r := &Round{Game: g.def.ID, Bet: bet, Cost: bet * g.def.BonusBuy.Price, BonusBuy: true, CoinValue: bet / g.coins}
	g.feature(ctr, r, g.buySpins)
	r.Win = r.Coins * r.CoinValue
	r.Draws = ctr.N
	return r, nil
}

// Scale multiplies the round's money by f: a round played in euro cents
// becomes the same round in minor units of a currency with f units per cent
// (bff/betlevels). Coins are untouched, so Win = CoinValue × Coins still holds.
func (r *Round) Scale(f int64) {
	if f == 1 {
		return
	}
	r.Bet, r.Cost, r.CoinValue, r.Win, r.Factor = r.Bet*f, r.Cost*f, r.CoinValue*f, r.Win*f, f
	if r.Base != nil {
		r.Base.Win *= f
	}
	for i := range r.FreeSpins {
		r.FreeSpins[i].Win *= f
	}
}

// BonusBuyPrice is the cost of a bonus buy in bets (0 when not offered).
func (g *Game) BonusBuyPrice() int64 {
	if g.def.BonusBuy == nil {
		return 0
	}
	return g.def.BonusBuy.Price
}

// feature plays free spins: awarded spins are played one by one; retriggers
// add spins while the total stays within MaxSpins.
func (g *Game) feature(src rng.Source, r *Round, award int) {
	total := min(award, g.maxSpins)
	for left := total; left > 0; left-- {
		s := g.spinOnce(src, true, r.CoinValue)
		if s.FreeSpins > 0 {
			add := min(s.FreeSpins, g.maxSpins-total)
			s.FreeSpins = add
			total += add
			left += add
		}
		r.Coins += s.Coins
		r.FreeSpins = append(r.FreeSpins, s)
	}
	r.FreeSpinsAwarded = total
}

func (g *Game) spinOnce(src rng.Source, free bool, coinValue int64) Spin {
	strips := g.base
	if free {
		strips = g.free
	}
	s := Spin{Stops: make([]int, g.reels), Window: make([][]string, g.reels), Multiplier: 1}
	w := make(window, g.reels*g.rows)
	scatters := 0
	for r, strip := range strips {
		stop := rng.Intn(src, len(strip))
		s.Stops[r] = stop
		scatters += g.column(strip, stop, free, w[r*g.rows:(r+1)*g.rows])
		s.Window[r] = make([]string, g.rows)
		for j := 0; j < g.rows; j++ {
			s.Window[r][j] = g.syms[strip[(stop+j)%len(strip)]].ID
			if w[r*g.rows+j] != strip[(stop+j)%len(strip)] && !contains1(s.Expanded, r+1) {
				s.Expanded = append(s.Expanded, r+1)
			}
		}
	}
	res := g.evaluate(w, scatters)
	s.Lines, s.Ways, s.Scatters = res.lines, res.ways, scatters
	s.ScatterCoins = g.scatPay[scatters]
	if free {
		s.Multiplier = g.fsMult
		s.FreeSpins = g.retrigger[scatters]
	} else {
		s.FreeSpins = g.trigger[scatters]
	}
	s.Coins = res.coins * s.Multiplier
	s.Win = s.Coins * coinValue
	return s
}

// Replay recomputes a spin from its stops (game recall of a stored round).
func (g *Game) Replay(stops []int, free bool, coinValue int64) (Spin, error) {
	if len(stops) != g.reels {
		return Spin{}, ErrStops
	}
	strips := g.base
	if free {
		strips = g.free
	}
	for r, st := range stops {
		if st < 0 || st >= len(strips[r]) {
			return Spin{}, ErrStops
		}
	}
	i := 0
	return g.spinOnce(fixedStops{stops: stops, i: &i}, free, coinValue), nil
}

// fixedStops replays known stops through Intn: for a stop k of a strip of
// length n it yields the word k itself (k < n ≤ floor(2^32/n)*n, so Intn
// accepts it and returns k).
type fixedStops struct {
	stops []int
	i     *int
}

func (f fixedStops) Uint32() uint32 {
	v := f.stops[*f.i]
	*f.i++
	return uint32(v)
}

func contains1(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
