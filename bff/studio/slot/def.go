// Package slot is the studio's data-driven slot engine: reel strips, paylines
// or ways, a paytable in coins, a substituting wild (optionally expanding or
// multiplying), a scatter that pays anywhere and triggers free spins (with a
// multiplier, their own strips and capped retriggers), and an optional bonus
// buy. A game is one JSON file (see Definition); its RTP and max multiplier
// are computed exactly from the file (Maths).
//
// Money is exact: a bet (in minor units) must be a whole number of coins
// (bet = Coins × coin value); every pay is an integer number of coins, so every
// win is coinValue × coins, an integer number of minor units.
package slot

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Provider is the studio name shown in the lobby.
const Provider = "Aurum Studio"

// Expansion modes of the wild.
const (
	ExpandNone   = "none"
	ExpandFree   = "free"   // wilds expand to fill their reel during free spins
	ExpandAlways = "always" // in the base game and in free spins
)

// Definition is the JSON data file of a game (content/games/slots/<id>.json).
type Definition struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Theme       string   `json:"theme"`
	Description string   `json:"description,omitempty"`
	Volatility  string   `json:"volatility"` // low, medium, high, very high
	ReleaseDate string   `json:"releaseDate"`
	Tags        []string `json:"tags"`
	// MinBet and MaxBet are total bets in minor units (cents); both must be
	// multiples of Coins. Every bet in between that is a multiple of Coins is
	// accepted.
	MinBet int64 `json:"minBet"`
	MaxBet int64 `json:"maxBet"`
	// Coins is the number of coins a bet buys; pays are in coins. For line
	// games it is usually the number of lines (one coin per line).
	Coins   int        `json:"coins"`
	Rows    int        `json:"rows"`
	Symbols []Symbol   `json:"symbols"`
	Reels   [][]string `json:"reels"` // base-game reel strips, one per reel
	// Lines lists the paylines as the row (0 = top) on each reel. Leave empty
	// and set Ways for an all-ways game (rows^reels ways, left to right).
	Lines [][]int `json:"lines,omitempty"`
	Ways  bool    `json:"ways,omitempty"`
	// Pays maps symbol id → count → coins, for wins of count symbols from the
	// leftmost reel (lines: per line; ways: per way).
	Pays      map[string]map[string]int64 `json:"pays"`
	Wild      *WildRule                   `json:"wild,omitempty"`
	Scatter   *ScatterRule                `json:"scatter,omitempty"`
	FreeSpins *FreeSpinsRule              `json:"freeSpins,omitempty"`
	BonusBuy  *BonusBuyRule               `json:"bonusBuy,omitempty"`
}

// Symbol is one reel symbol. At most one symbol is wild and one is scatter.
type Symbol struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Wild    bool   `json:"wild,omitempty"`
	Scatter bool   `json:"scatter,omitempty"`
}

// WildRule: the wild substitutes for every symbol except the scatter.
type WildRule struct {
	Expand string `json:"expand,omitempty"` // none (default), free, always
	// Multiplier (≥ 2) multiplies a line win that includes at least one wild
	// (once per line). Lines games only.
	Multiplier int64 `json:"multiplier,omitempty"`
}

// ScatterRule: scatters anywhere in the window pay Pays[count] × total bet
// and award FreeSpins[count] free spins (the entry with the largest count not
// above the number of scatters applies).
type ScatterRule struct {
	Pays      map[string]int64 `json:"pays,omitempty"`
	FreeSpins map[string]int   `json:"freeSpins,omitempty"`
}

// FreeSpinsRule configures the feature.
type FreeSpinsRule struct {
	Reels      [][]string `json:"reels,omitempty"`      // strips used in free spins (default: base strips)
	Multiplier int64      `json:"multiplier,omitempty"` // applied to every free-spin win (default 1)
	// Retrigger maps scatter count → extra spins during free spins (empty: no
	// retrigger).
	Retrigger map[string]int `json:"retrigger,omitempty"`
	// MaxSpins caps the total free spins of one feature (initial award plus
	// retriggers). Required when Retrigger is set.
	MaxSpins int `json:"maxSpins,omitempty"`
}

// BonusBuyRule: pay Price × bet to start the feature directly with Spins
// free spins (default: the smallest trigger award).
type BonusBuyRule struct {
	Price int64 `json:"price"`
	Spins int   `json:"spins,omitempty"`
}

// Game is a validated, compiled game. It is immutable and safe for
// concurrent use.
type Game struct {
	def       Definition
	syms      []Symbol
	index     map[string]int
	wild      int // -1 when none
	scatter   int // -1 when none
	reels     int
	rows      int
	coins     int64
	base      [][]int
	free      [][]int
	lines     [][]int
	pays      [][]int64 // [symbol][count] coins
	scatPay   []int64   // [scatter count] coins (already × Coins)
	trigger   []int     // [scatter count] spins
	retrigger []int     // [scatter count] spins
	fsMult    int64
	wildMult  int64
	expand    string
	maxSpins  int
	buySpins  int

	mathsOnce sync.Once
	maths     *Maths
	mathsErr  error
	stored    *Figures // figures Maths answers from (LoadDir found them)
}

var idRe = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Volatilities accepted in Definition.Volatility.
var Volatilities = []string{"low", "medium", "high", "very high"}

// Parse compiles a JSON definition.
func Parse(data []byte) (*Game, error) {
	var d Definition
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		return nil, fmt.Errorf("slot: decode: %w", err)
	}
	return Compile(d)
}

// LoadDir loads every *.json game of dir in fsys, sorted by id. A game's
// stored figures in ../maths/<id>.json (see Figures) are used for Maths when
// their hash matches the definition.
func LoadDir(fsys fs.FS, dir string) ([]*Game, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var games []*Game
	seen := map[string]string{}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		p := path.Join(dir, e.Name())
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, err
		}
		g, err := Parse(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		if want := strings.TrimSuffix(e.Name(), ".json"); g.def.ID != want {
			return nil, fmt.Errorf("%s: id %q must match the file name", p, g.def.ID)
		}
		loadFigures(fsys, dir, g, b)
		if other, dup := seen[g.def.ID]; dup {
			return nil, fmt.Errorf("%s: duplicate id %q (also %s)", p, g.def.ID, other)
		}
		seen[g.def.ID] = p
		games = append(games, g)
	}
	sort.Slice(games, func(i, j int) bool { return games[i].def.ID < games[j].def.ID })
	return games, nil
}

// Compile validates a definition and builds the game.
func Compile(d Definition) (*Game, error) {
	g := &Game{def: d, wild: -1, scatter: -1, index: map[string]int{}}
	bad := func(format string, a ...any) (*Game, error) {
		return nil, fmt.Errorf("slot %s: %s", d.ID, fmt.Sprintf(format, a...))
	}
	if !idRe.MatchString(d.ID) {
		return bad("id must be lower-case words joined by '-'")
	}
	if strings.TrimSpace(d.Name) == "" || strings.TrimSpace(d.Theme) == "" {
		return bad("name and theme are required")
	}
	if !contains(Volatilities, d.Volatility) {
		return bad("volatility must be one of %v", Volatilities)
	}
	if _, err := time.Parse(time.DateOnly, d.ReleaseDate); err != nil {
		return bad("releaseDate must be YYYY-MM-DD")
	}
	if d.Coins < 1 || d.Coins > 10000 {
		return bad("coins must be 1..10000")
	}
	g.coins = int64(d.Coins)
	if d.MinBet <= 0 || d.MaxBet < d.MinBet || d.MinBet%g.coins != 0 || d.MaxBet%g.coins != 0 {
		return bad("minBet/maxBet must be positive multiples of coins with minBet ≤ maxBet")
	}
	if d.Rows < 1 || d.Rows > 8 {
		return bad("rows must be 1..8")
	}
	g.rows = d.Rows
	g.reels = len(d.Reels)
	if g.reels < 3 || g.reels > 7 {
		return bad("3..7 reels required")
	}
	for i, s := range d.Symbols {
		if s.ID == "" || strings.ContainsAny(s.ID, " :") {
			return bad("symbol %d: bad id", i)
		}
		if _, dup := g.index[s.ID]; dup {
			return bad("duplicate symbol %q", s.ID)
		}
		if s.Wild && s.Scatter {
			return bad("symbol %q cannot be wild and scatter", s.ID)
		}
		if s.Wild {
			if g.wild >= 0 {
				return bad("at most one wild symbol")
			}
			g.wild = i
		}
		if s.Scatter {
			if g.scatter >= 0 {
				return bad("at most one scatter symbol")
			}
			g.scatter = i
		}
		g.index[s.ID] = i
		g.syms = append(g.syms, s)
	}
	strips := func(what string, rs [][]string) ([][]int, error) {
		if len(rs) != g.reels {
			return nil, fmt.Errorf("%s: want %d reels", what, g.reels)
		}
		out := make([][]int, len(rs))
		for r, strip := range rs {
			if len(strip) < g.rows || len(strip) > 1000 {
				return nil, fmt.Errorf("%s: reel %d must have %d..1000 stops", what, r+1, g.rows)
			}
			for _, id := range strip {
				k, ok := g.index[id]
				if !ok {
					return nil, fmt.Errorf("%s: reel %d: unknown symbol %q", what, r+1, id)
				}
				out[r] = append(out[r], k)
			}
		}
		return out, nil
	}
	var err error
	if g.base, err = strips("reels", d.Reels); err != nil {
		return bad("%v", err)
	}
	g.free = g.base
	if d.Ways == (len(d.Lines) > 0) {
		return bad("set either lines or ways")
	}
	for i, l := range d.Lines {
		if len(l) != g.reels {
			return bad("line %d: want %d rows", i+1, g.reels)
		}
		for _, row := range l {
			if row < 0 || row >= g.rows {
				return bad("line %d: row out of range", i+1)
			}
		}
		g.lines = append(g.lines, l)
	}
	g.pays = make([][]int64, len(g.syms))
	for i := range g.pays {
		g.pays[i] = make([]int64, g.reels+1)
	}
	for id, byCount := range d.Pays {
		k, ok := g.index[id]
		if !ok {
			return bad("pays: unknown symbol %q", id)
		}
		if k == g.scatter {
			return bad("pays: scatter pays go in scatter.pays")
		}
		if k == g.wild && d.Ways {
			return bad("pays: wilds only substitute in ways games")
		}
		for c, v := range byCount {
			n, err := strconv.Atoi(c)
			if err != nil || n < 1 || n > g.reels || v < 0 {
				return bad("pays %s: bad entry %q: %d", id, c, v)
			}
			g.pays[k][n] = v
		}
	}
	g.expand = ExpandNone
	g.wildMult = 1
	if d.Wild != nil {
		if g.wild < 0 {
			return bad("wild rule without a wild symbol")
		}
		switch d.Wild.Expand {
		case "", ExpandNone:
		case ExpandFree, ExpandAlways:
			g.expand = d.Wild.Expand
		default:
			return bad("wild.expand must be none, free or always")
		}
		if d.Wild.Multiplier != 0 {
			if d.Wild.Multiplier < 2 || d.Wild.Multiplier > 100 || d.Ways {
				return bad("wild.multiplier must be 2..100 and lines only")
			}
			g.wildMult = d.Wild.Multiplier
		}
	}
	maxSc := g.reels * g.rows
	g.scatPay = make([]int64, maxSc+1)
	g.trigger = make([]int, maxSc+1)
	g.retrigger = make([]int, maxSc+1)
	table := func(m map[string]int64, out []int64, mul int64) error {
		best := map[int]int64{}
		for c, v := range m {
			n, err := strconv.Atoi(c)
			if err != nil || n < 1 || n > maxSc || v < 0 {
				return fmt.Errorf("bad entry %q", c)
			}
			best[n] = v * mul
		}
		var cur int64
		for n := range out {
			if v, ok := best[n]; ok {
				cur = v
			}
			out[n] = cur
		}
		return nil
	}
	toI64 := func(m map[string]int) map[string]int64 {
		o := map[string]int64{}
		for k, v := range m {
			o[k] = int64(v)
		}
		return o
	}
	fromI64 := func(in []int64, out []int) {
		for i, v := range in {
			out[i] = int(v)
		}
	}
	if d.Scatter != nil {
		if g.scatter < 0 {
			return bad("scatter rule without a scatter symbol")
		}
		if err := table(d.Scatter.Pays, g.scatPay, g.coins); err != nil {
			return bad("scatter.pays: %v", err)
		}
		tmp := make([]int64, maxSc+1)
		if err := table(toI64(d.Scatter.FreeSpins), tmp, 1); err != nil {
			return bad("scatter.freeSpins: %v", err)
		}
		fromI64(tmp, g.trigger)
	}
	g.fsMult = 1
	if d.FreeSpins != nil {
		fs := d.FreeSpins
		if g.trigger[maxSc] == 0 {
			return bad("freeSpins configured but no scatter.freeSpins trigger")
		}
		if len(fs.Reels) > 0 {
			if g.free, err = strips("freeSpins.reels", fs.Reels); err != nil {
				return bad("%v", err)
			}
		}
		if fs.Multiplier != 0 {
			if fs.Multiplier < 1 || fs.Multiplier > 100 {
				return bad("freeSpins.multiplier must be 1..100")
			}
			g.fsMult = fs.Multiplier
		}
		tmp := make([]int64, maxSc+1)
		if err := table(toI64(fs.Retrigger), tmp, 1); err != nil {
			return bad("freeSpins.retrigger: %v", err)
		}
		fromI64(tmp, g.retrigger)
		if fs.MaxSpins < 0 || fs.MaxSpins > 500 {
			return bad("freeSpins.maxSpins must be 0..500")
		}
		if len(fs.Retrigger) > 0 && fs.MaxSpins == 0 {
			return bad("freeSpins.maxSpins is required with retriggers (it bounds the max win)")
		}
		g.maxSpins = fs.MaxSpins
	} else if g.trigger[maxSc] > 0 {
		return bad("scatter.freeSpins needs a freeSpins rule")
	}
	if g.maxSpins == 0 {
		for _, n := range g.trigger {
			g.maxSpins = max(g.maxSpins, n)
		}
	}
	if d.BonusBuy != nil {
		if d.FreeSpins == nil {
			return bad("bonusBuy needs free spins")
		}
		if d.BonusBuy.Price < 1 || d.BonusBuy.Price > 10000 {
			return bad("bonusBuy.price must be 1..10000 bets")
		}
		g.buySpins = d.BonusBuy.Spins
		if g.buySpins == 0 {
			for _, n := range g.trigger {
				if n > 0 {
					g.buySpins = n
					break
				}
			}
		}
		if g.buySpins < 1 || g.buySpins > g.maxSpins {
			return bad("bonusBuy.spins out of range")
		}
	}
	// Every paying combination must be reachable in principle: a symbol that
	// never appears is almost certainly a typo.
	seen := make([]bool, len(g.syms))
	for _, rs := range [][][]int{g.base, g.free} {
		for _, strip := range rs {
			for _, k := range strip {
				seen[k] = true
			}
		}
	}
	for i, ok := range seen {
		if !ok {
			return bad("symbol %q is on no reel", g.syms[i].ID)
		}
	}
	return g, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ID is the game id.
func (g *Game) ID() string { return g.def.ID }

// Definition returns a copy of the game's definition.
func (g *Game) Definition() Definition { return g.def }

// Coins is the number of coins per bet.
func (g *Game) Coins() int64 { return g.coins }

// ErrBet is returned for a bet outside the game's limits or not a whole
// number of coins.
var ErrBet = errors.New("slot: invalid bet")

// CheckBet validates a total bet in minor units.
func (g *Game) CheckBet(bet int64) error {
	if bet < g.def.MinBet || bet > g.def.MaxBet || bet%g.coins != 0 {
		return fmt.Errorf("%w: %d (min %d, max %d, multiple of %d)", ErrBet, bet, g.def.MinBet, g.def.MaxBet, g.coins)
	}
	return nil
}

// Errors of play.
var (
	ErrNoBonusBuy = errors.New("slot: this game has no bonus buy")
	ErrStops      = errors.New("slot: stops do not fit the reels")
)
