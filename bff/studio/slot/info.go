package slot

// VolatilityClass names the volatility of a game from the standard deviation
// of one round's return per unit bet: low below 5, medium below 12, high
// below 25, very high from 25.
func VolatilityClass(sd float64) string {
	switch {
	case sd < 5:
		return "low"
	case sd < 12:
		return "medium"
	case sd < 25:
		return "high"
	}
	return "very high"
}

// Info is what a game client needs to draw and explain a game: the layout,
// symbols, lines, paytable and bet range. Reel strips are included so the
// client can show the symbols around the landed window (they are public in
// any case: the maths is published).
type Info struct {
	ID         string                      `json:"id"`
	Name       string                      `json:"name"`
	Reels      int                         `json:"reels"`
	Rows       int                         `json:"rows"`
	Symbols    []Symbol                    `json:"symbols"`
	Strips     [][]string                  `json:"strips"`
	FreeStrips [][]string                  `json:"freeStrips,omitempty"`
	Lines      [][]int                     `json:"lines,omitempty"`
	Ways       int                         `json:"ways,omitempty"`
	Pays       map[string]map[string]int64 `json:"pays"`
	Scatter    *ScatterRule                `json:"scatter,omitempty"`
	Wild       *WildRule                   `json:"wild,omitempty"`
	FreeSpins  *FreeSpinsRule              `json:"freeSpins,omitempty"`
	Coins      int64                       `json:"coins"`
	MinBet     int64                       `json:"minBet"` // hundredths
	MaxBet     int64                       `json:"maxBet"`
	// BonusBuyPrice is the feature's price in bets (0: none).
	BonusBuyPrice int64 `json:"bonusBuyPrice,omitempty"`
}

// Info describes the game for its client.
func (g *Game) Info() Info {
	d := g.def
	in := Info{ID: d.ID, Name: d.Name, Reels: g.reels, Rows: g.rows, Symbols: d.Symbols, Strips: d.Reels, Lines: d.Lines,
		Pays: d.Pays, Scatter: d.Scatter, Wild: d.Wild, Coins: g.coins, MinBet: d.MinBet, MaxBet: d.MaxBet, BonusBuyPrice: g.BonusBuyPrice()}
	if d.FreeSpins != nil {
		fs := *d.FreeSpins
		in.FreeStrips, fs.Reels = fs.Reels, nil
		in.FreeSpins = &fs
	}
	if d.Ways {
		in.Ways = 1
		for i := 0; i < g.reels; i++ {
			in.Ways *= g.rows
		}
	}
	return in
}
