// Package studio is the casino's in-house game studio, a game provider like
// any other: its games move money only through the seamless wallet
// (bff/wallet). This file is the catalogue the lobby reads: every title with
// the RTP and max multiplier computed from its maths. See docs/studio.md.
package studio

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"path"
	"path/filepath"
	"sort"

	"casino/bff/betlevels"
	"casino/bff/ledger"
	"casino/bff/studio/slot"
	"casino/bff/wallet"
)

// ProviderID is the studio's provider name in the wallet (wallet_providers)
// and ProviderName its display name.
const (
	ProviderID   = "studio"
	ProviderName = slot.Provider
)

// Kinds of title.
const (
	KindSlot = "slot"
	KindLive = "live"
)

// Thumbnail size: every thumbnail is an SVG with this intrinsic size (3:4),
// so a page can reserve the box before the image arrives.
const (
	ThumbnailWidth  = 300
	ThumbnailHeight = 400
)

// Title is what the lobby shows of one studio game.
type Title struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Kind        string   `json:"kind"` // slot, live
	Provider    string   `json:"provider"`
	Theme       string   `json:"theme"`
	Description string   `json:"description"`
	Volatility  string   `json:"volatility"`
	ReleaseDate string   `json:"releaseDate"` // YYYY-MM-DD
	Tags        []string `json:"tags"`
	Features    []string `json:"features"` // free spins, bonus buy, wild multiplier, expanding wilds, retrigger, scatter pays
	Layout      string   `json:"layout"`   // "5x3, 20 lines", "5x3, 243 ways", "37 pockets"
	// RTP is the return to player in percent with two decimals ("96.12"),
	// rounded from RTPExact, the exact return per unit bet as a fraction.
	RTP      string `json:"rtp"`
	RTPExact string `json:"rtpExact"`
	// MaxMultiplier is the largest win of one round in bets, two decimals
	// (rounded down) from the exact value.
	MaxMultiplier string `json:"maxMultiplier"`
	// MinBet and MaxBet are decimal euros, the catalogue's base currency
	// (a session's currency multiplies the cents by its bet scale,
	// bff/betlevels); the Minor fields are the same in cents.
	MinBet      string `json:"minBet"`
	MaxBet      string `json:"maxBet"`
	MinBetMinor int64  `json:"minBetMinor"`
	MaxBetMinor int64  `json:"maxBetMinor"`
	// BonusBuyPrice is the price of the feature in bets (0: no bonus buy)
	// and BonusBuyRTP its return in percent.
	BonusBuyPrice int64  `json:"bonusBuyPrice,omitempty"`
	BonusBuyRTP   string `json:"bonusBuyRtp,omitempty"`
	HitFrequency  string `json:"hitFrequency,omitempty"` // percent of paid rounds that win or trigger
	Demo          bool   `json:"demo"`                   // fun-money play offered
	// Thumbnail is the URL of an SVG of ThumbnailWidth × ThumbnailHeight.
	Thumbnail       string `json:"thumbnail"`
	ThumbnailWidth  int    `json:"thumbnailWidth"`
	ThumbnailHeight int    `json:"thumbnailHeight"`
	// PlayURL is the studio's own game page (fun money with ?mode=demo).
	PlayURL string `json:"playUrl"`
}

// Catalog holds the studio's compiled games.
type Catalog struct {
	dir    string
	slots  map[string]*slot.Game
	maths  map[string]*Figures
	titles []Title
}

// ErrUnknownGame is returned for a game id the studio does not have.
var ErrUnknownGame = errors.New("studio: unknown game")

// Open loads content/games from contentDir: the slot definitions under
// games/slots and their maths under games/maths. A maths file that does
// not match its definition (hash) is recomputed, which is slow for large
// games: regenerate them with `go run ./bff/studio/cmd/slotgen`.
func Open(contentDir string) (*Catalog, error) {
	return OpenFS(os.DirFS(filepath.Join(contentDir, "games")))
}

// OpenFS loads the catalogue from a file system rooted at content/games.
func OpenFS(fsys fs.FS) (*Catalog, error) {
	games, err := slot.LoadDir(fsys, "slots")
	if err != nil && !errors.Is(err, fs.ErrNotExist) { // no slots: only the live table
		return nil, err
	}
	c := &Catalog{slots: map[string]*slot.Game{}, maths: map[string]*Figures{}}
	for _, g := range games {
		raw, err := fs.ReadFile(fsys, path.Join("slots", g.ID()+".json"))
		if err != nil {
			return nil, err
		}
		f, err := figuresFor(g, raw)
		if err != nil {
			return nil, err
		}
		c.slots[g.ID()] = g
		c.maths[g.ID()] = f
		c.titles = append(c.titles, slotTitle(g, f))
	}
	c.titles = append(c.titles, rouletteTitle())
	sort.Slice(c.titles, func(i, j int) bool { return c.titles[i].ID < c.titles[j].ID })
	return c, nil
}

// Titles returns every title, sorted by id. The slice is shared: do not
// modify it.
func (c *Catalog) Titles() []Title { return c.titles }

// Title returns one title.
func (c *Catalog) Title(id string) (Title, error) {
	for _, t := range c.titles {
		if t.ID == id {
			return t, nil
		}
	}
	return Title{}, ErrUnknownGame
}

// Slot returns a compiled slot game.
func (c *Catalog) Slot(id string) (*slot.Game, error) {
	g, ok := c.slots[id]
	if !ok {
		return nil, ErrUnknownGame
	}
	return g, nil
}

// CheckBet tells whether bet (minor units of sc's currency) is a stake the
// slot id takes: a whole number of euro cents under the operator's scale,
// within the title's limits and a multiple of its coins. Spins check it, and
// so do free-spin bonuses, so a bonus never grants spins its game refuses.
func (c *Catalog) CheckBet(id string, sc betlevels.Scale, bet int64) error {
	g, err := c.Slot(id)
	if err != nil {
		return err
	}
	if bet <= 0 || sc.Factor <= 0 || bet%sc.Factor != 0 {
		return fmt.Errorf("%w: %s %s is not a bet level of %s", slot.ErrBet, sc.Text(bet), sc.Currency.Code, id)
	}
	if err := g.CheckBet(bet / sc.Factor); err != nil {
		return fmt.Errorf("%s %s in %s: %w", sc.Text(bet), sc.Currency.Code, id, err)
	}
	return nil
}

// Figures returns a slot's maths figures.
func (c *Catalog) Figures(id string) (*Figures, error) {
	f, ok := c.maths[id]
	if !ok {
		return nil, ErrUnknownGame
	}
	return f, nil
}

// Figures is a slot's maths as stored in content/games/maths/<id>.json.
type Figures = slot.Figures

// FiguresOf computes a game's figures from its definition bytes.
func FiguresOf(g *slot.Game, definition []byte) (*Figures, error) {
	return slot.FiguresOf(g, definition)
}

// figuresFor returns the stored figures the game was loaded with, or
// computes them (slow for large games) when none matched.
func figuresFor(g *slot.Game, definition []byte) (*Figures, error) {
	if f := g.Stored(); f != nil {
		return f, nil
	}
	return FiguresOf(g, definition)
}

// Rat parses a stored fraction.
func Rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return new(big.Rat)
	}
	return r
}

// percent renders a fraction of 1 as a percentage with two decimals,
// rounded half up.
func percent(r *big.Rat) string {
	return new(big.Rat).Mul(r, big.NewRat(100, 1)).FloatString(2)
}

// floor2 renders r with two decimals, rounded down.
func floor2(r *big.Rat) string {
	n := new(big.Int).Mul(r.Num(), big.NewInt(100))
	n.Quo(n, r.Denom())
	return new(big.Rat).SetFrac(n, big.NewInt(100)).FloatString(2)
}

// minorText writes hundredths (euro cents, fun money) as a decimal.
func minorText(v int64) string { return ledger.FormatMinor(v, 2) }

func slotTitle(g *slot.Game, f *Figures) Title {
	d := g.Definition()
	t := Title{
		ID: d.ID, Name: d.Name, Kind: KindSlot, Provider: ProviderName, Theme: d.Theme, Description: d.Description,
		Volatility: d.Volatility, ReleaseDate: d.ReleaseDate, Tags: d.Tags,
		RTP: percent(Rat(f.RTP)), RTPExact: f.RTP, MaxMultiplier: floor2(Rat(f.MaxMultiplier)),
		MinBet: minorText(d.MinBet), MaxBet: minorText(d.MaxBet), MinBetMinor: d.MinBet, MaxBetMinor: d.MaxBet,
		HitFrequency: percent(Rat(f.HitFrequency)), Demo: true,
		Thumbnail: "/studio/thumbnails/" + d.ID + ".svg", ThumbnailWidth: ThumbnailWidth, ThumbnailHeight: ThumbnailHeight,
		PlayURL: "/play/studio/" + d.ID,
	}
	if d.Ways {
		ways := 1
		for range d.Reels {
			ways *= d.Rows
		}
		t.Layout = fmt.Sprintf("%dx%d, %d ways", len(d.Reels), d.Rows, ways)
	} else {
		t.Layout = fmt.Sprintf("%dx%d, %d lines", len(d.Reels), d.Rows, len(d.Lines))
	}
	if d.Wild != nil {
		if d.Wild.Multiplier > 1 {
			t.Features = append(t.Features, fmt.Sprintf("wild multiplier x%d", d.Wild.Multiplier))
		}
		if d.Wild.Expand == slot.ExpandAlways || d.Wild.Expand == slot.ExpandFree {
			t.Features = append(t.Features, "expanding wilds")
		}
	}
	if d.Scatter != nil && len(d.Scatter.Pays) > 0 {
		t.Features = append(t.Features, "scatter pays")
	}
	if d.FreeSpins != nil {
		t.Features = append(t.Features, "free spins")
		if d.FreeSpins.Multiplier > 1 {
			t.Features = append(t.Features, fmt.Sprintf("free spins x%d", d.FreeSpins.Multiplier))
		}
		if len(d.FreeSpins.Retrigger) > 0 {
			t.Features = append(t.Features, "retrigger")
		}
	}
	if d.BonusBuy != nil {
		t.Features = append(t.Features, "bonus buy")
		t.BonusBuyPrice = d.BonusBuy.Price
		t.BonusBuyRTP = percent(Rat(f.BonusBuyRTP))
	}
	if t.Features == nil {
		t.Features = []string{}
	}
	return t
}

// IsSlot reports whether id names a slot of the catalogue.
func (c *Catalog) IsSlot(id string) bool { _, ok := c.slots[id]; return ok }

// RouletteID is the live European roulette table.
const RouletteID = "european-roulette"

// rouletteTitle: a single-zero wheel pays 35:1 on a straight up, so every
// bet returns 36/37 of its stake on average and at most 36 bets.
func rouletteTitle() Title {
	rtp := big.NewRat(36, 37)
	return Title{
		ID: RouletteID, Name: "European Roulette Live", Kind: KindLive, Provider: ProviderName,
		Theme: "Casino table", Description: "A single-zero wheel spun for everyone at the table every few seconds: place your chips while the betting window is open.",
		Volatility: "low", ReleaseDate: "2024-05-01", Tags: []string{"live", "roulette", "table"},
		Features: []string{"shared rounds", "provably fair"}, Layout: "37 pockets",
		RTP: percent(rtp), RTPExact: rtp.String(), MaxMultiplier: "36.00",
		MinBet: minorText(10), MaxBet: minorText(50000), MinBetMinor: 10, MaxBetMinor: 50000,
		Demo: true, Thumbnail: "/studio/thumbnails/" + RouletteID + ".svg", ThumbnailWidth: ThumbnailWidth, ThumbnailHeight: ThumbnailHeight,
		PlayURL: "/play/studio/" + RouletteID,
	}
}

// WalletGame is a wallet.GameLookup over the studio's titles (for tests and
// for a casino whose catalogue has no entry of its own).
func (c *Catalog) WalletGame(_ context.Context, provider, gameID string) (wallet.GameRules, error) {
	t, err := c.Title(gameID)
	if err != nil || provider != ProviderID {
		return wallet.GameRules{}, fmt.Errorf("studio game %s/%s: %w", provider, gameID, wallet.ErrGameNotFound)
	}
	return wallet.GameRules{Name: t.Name, Provider: t.Provider, MinBet: t.MinBet, MaxBet: t.MaxBet, Kind: t.Kind}, nil
}
