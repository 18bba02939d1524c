package studio

import (
	"math/big"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"casino/bff/studio/i18n"
	"casino/bff/studio/roulette"
	"casino/bff/studio/slot"
)

// The rules and paytable page of a game (/studio/games/{id}/rules), drawn
// from its definition and its exact maths: nothing on it is written per
// game.

// Rules is everything the page shows.
type Rules struct {
	Title    Title
	Slot     *SlotRules
	Roulette *RouletteRules
}

// SlotRules is a slot's paytable and features.
type SlotRules struct {
	Reels, Rows int
	Coins       int64
	Symbols     []SymbolRules
	Lines       []LineRules // paylines (empty for ways)
	Ways        int
	Features    []string // sentences, from the wild, scatter, free-spins and bonus-buy rules
	Figures     []Figure
}

// SymbolRules is one symbol with what it pays.
type SymbolRules struct {
	ID, Name      string
	Index         int // position in the definition (the art's palette)
	Wild, Scatter bool
	Pays          []Pay
}

// Pay is what count symbols pay: Coins per line or way (a scatter: times
// the total bet), Bet as a multiple of the total bet, and free spins awarded.
type Pay struct {
	Count     int
	Coins     int64
	Bet       string // "2.5" (× total bet)
	FreeSpins int
}

// LineRules draws one payline: Grid[row][reel] is on the line.
type LineRules struct {
	N    int
	Grid [][]bool
}

// Figure is one line of the maths ("RTP", "96.22%").
type Figure struct{ Name, Value string }

// RouletteRules: the bet types and the table's limits and timing.
type RouletteRules struct {
	Bets                  []roulette.BetType
	MinBet, MaxBet, Round string        // euros
	Betting, Spin, Result time.Duration // the phases, written with Loc.Seconds
}

// multiple writes p/q as a short decimal: exact up to 4 decimals, trailing
// zeros dropped ("2.5", "0.05", "100").
func multiple(p, q int64) string {
	r := big.NewRat(p, q)
	s := r.FloatString(4)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if !new(big.Rat).Mul(r, big.NewRat(10000, 1)).IsInt() {
		s = "≈" + s
	}
	return s
}

// RulesOf builds the rules of a title of the catalogue, in English.
func (s *Service) RulesOf(id string) (*Rules, error) { return s.RulesIn(id, i18n.English) }

// RulesIn builds the rules of a title in the language of l.
func (s *Service) RulesIn(id string, l *i18n.Loc) (*Rules, error) {
	t, err := s.Catalog.Title(id)
	if err != nil {
		return nil, err
	}
	out := &Rules{Title: t}
	if t.Kind == KindLive {
		out.Roulette = s.rouletteRules()
		return out, nil
	}
	g, err := s.Catalog.Slot(id)
	if err != nil {
		return nil, err
	}
	f, _ := s.Catalog.Figures(id)
	out.Slot = slotRules(g, t, f, l)
	return out, nil
}

func slotRules(g *slot.Game, t Title, f *Figures, l *i18n.Loc) *SlotRules {
	in := g.Info()
	r := &SlotRules{Reels: in.Reels, Rows: in.Rows, Coins: in.Coins, Ways: in.Ways}
	counts := func(m map[string]int64) []int {
		var out []int
		for k := range m {
			n, _ := strconv.Atoi(k)
			out = append(out, n)
		}
		sort.Ints(out)
		return out
	}
	for i, sym := range in.Symbols {
		sr := SymbolRules{ID: sym.ID, Name: sym.Name, Index: i, Wild: sym.Wild, Scatter: sym.Scatter}
		for _, c := range counts(in.Pays[sym.ID]) {
			coins := in.Pays[sym.ID][strconv.Itoa(c)]
			sr.Pays = append(sr.Pays, Pay{Count: c, Coins: coins, Bet: multiple(coins, in.Coins)})
		}
		if sym.Scatter && in.Scatter != nil {
			seen := map[int]bool{}
			for _, c := range counts(in.Scatter.Pays) {
				seen[c] = true
				sr.Pays = append(sr.Pays, Pay{Count: c, Coins: in.Scatter.Pays[strconv.Itoa(c)] * in.Coins, Bet: multiple(in.Scatter.Pays[strconv.Itoa(c)], 1), FreeSpins: in.Scatter.FreeSpins[strconv.Itoa(c)]})
			}
			for k, n := range in.Scatter.FreeSpins {
				c, _ := strconv.Atoi(k)
				if !seen[c] {
					sr.Pays = append(sr.Pays, Pay{Count: c, FreeSpins: n, Bet: "0"})
				}
			}
			sort.Slice(sr.Pays, func(i, j int) bool { return sr.Pays[i].Count < sr.Pays[j].Count })
		}
		r.Symbols = append(r.Symbols, sr)
	}
	for i, line := range in.Lines {
		l := LineRules{N: i + 1, Grid: make([][]bool, in.Rows)}
		for row := range l.Grid {
			l.Grid[row] = make([]bool, in.Reels)
		}
		for reel, row := range line {
			l.Grid[row][reel] = true
		}
		r.Lines = append(r.Lines, l)
	}
	r.Features = slotFeatures(in, g, l)
	r.Figures = []Figure{{l.T("rules.rtp"), l.Num(t.RTP) + "%"}}
	if f != nil {
		if f.FeatureRTP != "" && Rat(f.FeatureRTP).Sign() > 0 {
			r.Figures = append(r.Figures, Figure{l.T("rules.split"), l.Num(percent(Rat(f.BaseRTP))) + "% · " + l.Num(percent(Rat(f.FeatureRTP))) + "%"})
		}
		if p := Rat(f.TriggerProbability); p.Sign() > 0 {
			inv := new(big.Rat).Inv(p)
			r.Figures = append(r.Figures, Figure{l.T("rules.trigger"), l.T("rules.triggerValue", "n", l.Num(inv.FloatString(0)))})
		}
	}
	vol := t.Volatility
	if k := "volatility." + vol; l.Has(k) {
		vol = l.T(k)
	}
	r.Figures = append(r.Figures,
		Figure{l.T("rules.maxWin"), l.T("rules.maxWinSlot", "max", l.Num(t.MaxMultiplier))},
		Figure{l.T("rules.hit"), l.Num(t.HitFrequency) + "%"},
		Figure{l.T("rules.volatility"), vol},
		Figure{l.T("rules.bet"), l.T("rules.betSlot", "min", l.Num(t.MinBet), "max", l.Num(t.MaxBet))})
	if t.BonusBuyPrice > 0 {
		r.Figures = append(r.Figures, Figure{l.T("rules.bonusBuy"), l.T("rules.bonusBuyValue", "price", l.Num(strconv.FormatInt(t.BonusBuyPrice, 10)), "rtp", l.Num(t.BonusBuyRTP))})
	}
	return r
}

// slotFeatures says in words what the definition's rules do.
func slotFeatures(in slot.Info, g *slot.Game, l *i18n.Loc) []string {
	var out []string
	name := func(pred func(slot.Symbol) bool) string {
		for _, s := range in.Symbols {
			if pred(s) {
				return s.Name
			}
		}
		return ""
	}
	wild, scatter := name(func(s slot.Symbol) bool { return s.Wild }), name(func(s slot.Symbol) bool { return s.Scatter })
	if in.Ways > 0 {
		out = append(out, l.T("feat.ways", "ways", in.Ways, "min", minCount(in), "coins", in.Coins))
	} else {
		out = append(out, l.T("feat.lines", "lines", len(in.Lines), "coins", in.Coins))
	}
	if wild != "" {
		w := l.T("feat.wild", "wild", wild)
		if scatter != "" {
			w = l.T("feat.wildExcept", "wild", wild, "scatter", scatter)
		}
		if in.Wild != nil {
			switch in.Wild.Expand {
			case slot.ExpandAlways:
				w += " " + l.T("feat.expandAlways")
			case slot.ExpandFree:
				w += " " + l.T("feat.expandFree")
			}
			if in.Wild.Multiplier > 1 {
				w += " " + l.T("feat.wildMultiplier", "n", in.Wild.Multiplier)
			}
		}
		out = append(out, w)
	}
	if scatter != "" && in.Scatter != nil {
		if len(in.Scatter.FreeSpins) > 0 {
			out = append(out, l.T("feat.scatterFree", "scatter", scatter))
		} else {
			out = append(out, l.T("feat.scatter", "scatter", scatter))
		}
	}
	if fs := in.FreeSpins; fs != nil {
		s := l.T("feat.free")
		if fs.Multiplier > 1 {
			s += " " + l.T("feat.freeMultiplier", "n", fs.Multiplier)
		}
		if len(in.FreeStrips) > 0 {
			s += " " + l.T("feat.freeStrips")
		}
		if len(fs.Retrigger) > 0 {
			var parts []string
			for _, k := range sortedKeys(fs.Retrigger) {
				parts = append(parts, l.T("feat.retriggerItem", "count", k, "n", fs.Retrigger[k]))
			}
			s += " " + l.T("feat.retrigger", "list", strings.Join(parts, ", "), "max", fs.MaxSpins)
		}
		out = append(out, s)
	}
	if p := in.BonusBuyPrice; p > 0 {
		out = append(out, l.T("feat.bonusBuy", "price", p))
	}
	out = append(out, l.T("feat.fair"))
	return out
}

func minCount(in slot.Info) string {
	least := 0
	for _, m := range in.Pays {
		for k := range m {
			if n, _ := strconv.Atoi(k); least == 0 || n < least {
				least = n
			}
		}
	}
	return strconv.Itoa(least)
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { a, _ := strconv.Atoi(out[i]); b, _ := strconv.Atoi(out[j]); return a < b })
	return out
}

func (s *Service) rouletteRules() *RouletteRules {
	cfg := roulette.DefaultConfig
	lo, hi, round := cfg.MinBet, cfg.MaxBet, cfg.MaxRound
	if s.Table != nil {
		cfg = s.Table.Config()
		lo, hi, round = cfg.MinBet, cfg.MaxBet, cfg.MaxRound
	}
	bets := roulette.BetTypes()
	for i := range bets {
		bets[i].Max = minorText(cfg.MaxForKind(bets[i].Kind))
	}
	return &RouletteRules{Bets: bets, MinBet: minorText(lo), MaxBet: minorText(hi), Round: minorText(round),
		Betting: cfg.Betting, Spin: cfg.Spin, Result: cfg.Result}
}

func (s *Service) serveRules(w http.ResponseWriter, r *http.Request) {
	l := pageLang(w, r)
	rules, err := s.RulesIn(r.PathValue("id"), l)
	if err != nil {
		render(w, http.StatusNotFound, "verify", verifyPage{L: l, Version: staticVersion, Games: s.slotTitles(), Error: l.T("page.gameNotFound")})
		return
	}
	render(w, http.StatusOK, "rules", struct {
		*Rules
		L       *i18n.Loc
		Version string
	}{rules, l, staticVersion})
}
