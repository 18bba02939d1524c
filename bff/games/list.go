package games

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"casino/bff/wallet"
)

// Sort options (SPEC section 3); "sort" is Popular.
var sortOptions = map[string]func(a, b *Game) int{
	"sort":           func(a, b *Game) int { return cmp.Compare(b.Popularity, a.Popularity) },
	"releaseDate":    func(a, b *Game) int { return cmp.Compare(b.ReleaseDate, a.ReleaseDate) },
	"name":           func(a, b *Game) int { return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) },
	"returnToPlayer": func(a, b *Game) int { return cmp.Compare(b.ReturnToPlayer, a.ReturnToPlayer) },
	"maxMultiplier":  func(a, b *Game) int { return cmp.Compare(b.MaxMultiplier, a.MaxMultiplier) },
	"minBet":         func(a, b *Game) int { return cmp.Compare(betValue(a.MinBet), betValue(b.MinBet)) },
	"maxBet":         func(a, b *Game) int { return cmp.Compare(betValue(b.MaxBet), betValue(a.MaxBet)) },
}

// betValue orders decimal bet strings without floats: by integer part, then
// by the fraction padded to 8 digits.
func betValue(s string) string {
	whole, frac, _ := strings.Cut(s, ".")
	return fmt.Sprintf("%020s.%-8s", whole, frac)
}

// Query selects and orders games. Each filter is optional.
type Query struct {
	Category  string
	Provider  string
	Search    string
	Sort      string // a sortOptions key; default "sort" (Popular)
	Order     string // asc or desc reverses the option's natural order when it differs
	Page      int    // from 1
	Limit     int    // default 20, at most 100
	Favorites map[string]bool
	Country   string // the caller's country, to flag restricted games
	OnlyFavs  bool
}

// Page is a page of games.
type Page struct {
	Count int     `json:"count"`
	Rows  []*Game `json:"rows"`
}

const (
	defaultLimit = 20
	maxLimit     = 100
	maxPage      = 1_000_000
)

// List returns the games matching q.
func (c *Catalogue) List(ctx context.Context, q Query) (Page, error) {
	s, err := c.current(ctx)
	if err != nil {
		return Page{}, err
	}
	search := strings.ToLower(strings.TrimSpace(q.Search))
	var out []*Game
	for _, g := range s.games {
		if q.Category != "" && !slices.Contains(g.Categories, q.Category) {
			continue
		}
		if q.Provider != "" && g.ProviderSlug != q.Provider {
			continue
		}
		if q.OnlyFavs && !q.Favorites[g.Slug] {
			continue
		}
		if search != "" && !strings.Contains(strings.ToLower(g.Name), search) && !strings.Contains(strings.ToLower(g.Provider), search) {
			continue
		}
		out = append(out, g)
	}
	sortBy, ok := sortOptions[q.Sort]
	if !ok {
		sortBy = sortOptions["sort"]
	}
	slices.SortStableFunc(out, func(a, b *Game) int {
		if r := sortBy(a, b); r != 0 {
			return r
		}
		return cmp.Compare(a.Name, b.Name)
	})
	if natural := naturalOrder(q.Sort); q.Order != "" && q.Order != natural {
		slices.Reverse(out)
	}
	// A page past the end is empty; clamping it keeps (page-1)*limit from
	// overflowing into a negative index (issue 18, item 19).
	page, limit := min(max(q.Page, 1), maxPage), q.Limit
	if limit <= 0 {
		limit = defaultLimit
	}
	limit = min(limit, maxLimit)
	res := Page{Count: len(out), Rows: []*Game{}}
	from := (page - 1) * limit
	for i := from; i < len(out) && i < from+limit; i++ {
		res.Rows = append(res.Rows, c.view(out[i], q.Country, q.Favorites))
	}
	return res, nil
}

func naturalOrder(sort string) string {
	switch sort {
	case "name", "minBet":
		return "asc"
	}
	return "desc"
}

// view is a copy of g with the caller's flags.
func (c *Catalogue) view(g *Game, country string, favs map[string]bool) *Game {
	v := *g
	v.IsRestricted = restricted(g, country)
	v.IsFavorite = favs[g.Slug]
	return &v
}

// restricted reports whether g may not be played from country ("" when
// unknown: then only an allow-list restricts).
func restricted(g *Game, country string) bool {
	country = strings.ToUpper(country)
	if len(g.AllowedCountries) > 0 && !slices.Contains(g.AllowedCountries, country) {
		return true
	}
	return country != "" && slices.Contains(g.RestrictedCountries, country)
}

// Get returns one game by slug.
func (c *Catalogue) Get(ctx context.Context, slug, country string, favs map[string]bool) (*Game, error) {
	s, err := c.current(ctx)
	if err != nil {
		return nil, err
	}
	g, ok := s.bySlug[slug]
	if !ok {
		return nil, ErrGameNotFound
	}
	return c.view(g, country, favs), nil
}

// Categories returns the active categories named in locale (falling back
// to English, then the slug).
func (c *Catalogue) Categories(ctx context.Context, locale string) ([]Category, error) {
	s, err := c.current(ctx)
	if err != nil {
		return nil, err
	}
	base, _, _ := strings.Cut(locale, "-")
	out := make([]Category, 0, len(s.categories))
	for _, cat := range s.categories {
		v := *cat
		v.Name = cmp.Or(cat.names[locale], cat.names[base], cat.names["en"], cat.Slug)
		out = append(out, v)
	}
	return out, nil
}

// Providers returns the active providers.
func (c *Catalogue) Providers(ctx context.Context) ([]Provider, error) {
	s, err := c.current(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Provider, 0, len(s.providers))
	for _, p := range s.providers {
		out = append(out, *p)
	}
	return out, nil
}

// WalletGame is the wallet's view of a provider's game (wallet.GameLookup).
func (c *Catalogue) WalletGame(ctx context.Context, provider, gameID string) (wallet.GameRules, error) {
	s, err := c.current(ctx)
	if err != nil {
		return wallet.GameRules{}, err
	}
	g, ok := s.byExternal[provider+"\x00"+gameID]
	if !ok {
		return wallet.GameRules{}, fmt.Errorf("games: %s/%s: %w", provider, gameID, wallet.ErrGameNotFound)
	}
	return wallet.GameRules{Name: g.Name, Provider: g.Provider, MinBet: g.MinBet, MaxBet: g.MaxBet, BonusExcluded: g.BonusExcluded, Kind: g.Kind}, nil
}
