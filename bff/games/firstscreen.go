package games

import (
	"encoding/json"
	"net/http"
	"sync"

	"casino/bff/session"
	"casino/bff/settings"
)

// FirstScreen is what the lobby shows first on /, /casino and
// /casino/{category}: the categories and the first page of games in the
// default order (Popular), exactly as get-full-category-list and get-games
// answer them for the same caller. The site renders it into the page and
// embeds JSON once; the lobby adopts it instead of fetching both on load.
type FirstScreen struct {
	Locale     string
	Category   string // "" for every game
	Categories []Category
	Games      Page
	// JSON is the document the page embeds:
	// {"locale","category","sort","pageNo","limit","categories":{count,rows},"games":{count,rows}}.
	JSON string
}

// firstKey is what a first screen depends on: the catalogue snapshot (a
// new pointer at every reload), the settings revision (demo flag, currency
// rates), the language, the category, the country and the currency of the
// bets (a visitor's is the base currency).
type firstKey struct {
	snap     *snapshot
	settings uint64
	locale   string
	category string
	country  string
	currency string
}

// firstMemo keeps visitors' first screens: a page served from the site's
// render cache must get the same pointer for the same inputs.
type firstMemo struct {
	mu sync.Mutex
	m  map[firstKey]*FirstScreen
}

const maxFirstScreens = 256

// FirstScreenLimit is the size of the first page of games (the lobby's PAGE_SIZE).
const FirstScreenLimit = defaultLimit

// FirstScreen returns the first screen of the lobby for the caller p (nil
// for a visitor) in locale, for category ("" = all games); nil, nil when
// the category does not exist (the page then keeps its skeleton and the
// lobby fetches as usual). The answer is memoised and the same pointer
// while its inputs stay the same: the site's page cache keys on it, and a
// logged-in player's page is shared by every player with the same inputs
// (bff/site cache.go). So a player's first screen carries their currency
// but not their favourite flags (isFavorite false: the grid does not show
// them; the game page and Favorites fetch their own).
func (h *HTTP) FirstScreen(r *http.Request, p *session.Player, locale, category string) (*FirstScreen, error) {
	ctx := r.Context()
	in, err := h.screenInputs(r, p)
	if err != nil {
		return nil, err
	}
	country := in.country
	key := firstKey{snap: in.snap, settings: in.settings.Revision, locale: locale, category: category, country: country, currency: in.currency}
	h.first.mu.Lock()
	fs := h.first.m[key]
	h.first.mu.Unlock()
	if fs != nil {
		return fs, nil
	}
	cats, err := h.Catalogue.Categories(ctx, locale)
	if err != nil {
		return nil, err
	}
	if category != "" && !hasCategory(cats, category) {
		return nil, nil
	}
	q := Query{Category: category, Sort: "sort", Page: 1, Limit: defaultLimit, Country: country}
	page, err := h.Catalogue.List(ctx, q)
	if err != nil {
		return nil, err
	}
	sc, err := h.scale(r, p)
	if err != nil {
		return nil, err
	}
	inCurrency(sc, page.Rows...)
	if err := h.offerDemo(r, page.Rows...); err != nil {
		return nil, err
	}
	doc, err := json.Marshal(struct {
		Locale     string         `json:"locale"`
		Category   string         `json:"category"`
		Sort       string         `json:"sort"`
		PageNo     int            `json:"pageNo"`
		Limit      int            `json:"limit"`
		Categories list[Category] `json:"categories"`
		Games      Page           `json:"games"`
	}{locale, category, "sort", 1, defaultLimit, list[Category]{Count: len(cats), Rows: cats}, page})
	if err != nil {
		return nil, err
	}
	fs = &FirstScreen{Locale: locale, Category: category, Categories: cats, Games: page, JSON: string(doc)}
	h.first.mu.Lock()
	if h.first.m == nil || len(h.first.m) >= maxFirstScreens {
		h.first.m = map[firstKey]*FirstScreen{} // old snapshots are never asked for again
	}
	h.first.m[key] = fs
	h.first.mu.Unlock()
	return fs, nil
}

// screenInputs is what a first screen (FirstScreen, GameScreen) depends on
// besides its own arguments: the catalogue's snapshot, the settings, the
// caller's country and currency ("" for a visitor).
type screenInputs struct {
	snap     *snapshot
	settings settings.Settings
	country  string
	currency string
}

func (h *HTTP) screenInputs(r *http.Request, p *session.Player) (screenInputs, error) {
	snap, err := h.Catalogue.current(r.Context())
	if err != nil {
		return screenInputs{}, err
	}
	st, err := h.Settings.Current(r.Context())
	if err != nil {
		return screenInputs{}, err
	}
	in := screenInputs{snap: snap, settings: st, country: h.country(r)}
	if p != nil {
		in.currency = p.Currency
	}
	return in, nil
}

func hasCategory(cats []Category, slug string) bool {
	for _, c := range cats {
		if c.Slug == slug {
			return true
		}
	}
	return false
}
