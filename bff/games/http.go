package games

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"casino/bff/api"
	"casino/bff/session"
	"casino/bff/settings"
)

// HTTP serves the lobby's calls.
type HTTP struct {
	Catalogue *Catalogue
	Sessions  *session.Manager
	Settings  *settings.Store
	// Country is the caller's country (ISO code, "" when unknown): the one
	// geo lookup of the server.
	Country func(r *http.Request) string
	// BetScale answers bets in the caller's currency (nil: at face value).
	BetScale BetScale

	first       firstMemo // visitors' first screens (firstscreen.go)
	gameScreens gameMemo  // game pages' first screens (gamescreen.go)
}

// Routes registers the catalogue's calls on mux.
func (h *HTTP) Routes(mux *http.ServeMux) {
	handle := func(pattern string, fn api.HandlerFunc) { mux.Handle(pattern, fn) }
	handle("GET /api/admin/get-full-category-list", h.categories)
	handle("GET /api/admin/get-games", h.games)
	handle("GET /api/admin/get-game", h.game)
	handle("GET /api/admin/get-game-providers", h.providers)
	handle("GET /api/admin/get-game-url", h.gameURL)
	handle("GET /api/user/favorites", h.Sessions.RequireUser(h.favorites))
	handle("POST /api/user/favorites", h.Sessions.RequireUser(h.addFavorite))
	handle("DELETE /api/user/favorites/{game}", h.Sessions.RequireUser(h.removeFavorite))
}

// list is the {count, rows} shape of list answers.
type list[T any] struct {
	Count int `json:"count"`
	Rows  []T `json:"rows"`
}

func (h *HTTP) categories(w http.ResponseWriter, r *http.Request) error {
	locale := r.URL.Query().Get("locale")
	if locale == "" {
		locale = "en"
	}
	cats, err := h.Catalogue.Categories(r.Context(), locale)
	if err != nil {
		return err
	}
	return api.WriteData(w, list[Category]{Count: len(cats), Rows: cats})
}

func (h *HTTP) providers(w http.ResponseWriter, r *http.Request) error {
	ps, err := h.Catalogue.Providers(r.Context())
	if err != nil {
		return err
	}
	return api.WriteData(w, list[Provider]{Count: len(ps), Rows: ps})
}

// caller is the optional player and their favorites.
func (h *HTTP) caller(r *http.Request) (*session.Player, map[string]bool, error) {
	p, err := h.Sessions.FromRequest(r)
	if err != nil || p == nil {
		return nil, nil, err
	}
	favs, err := h.Catalogue.Favorites(r.Context(), p.ID)
	return p, favs, err
}

func (h *HTTP) country(r *http.Request) string {
	if h.Country == nil {
		return ""
	}
	return h.Country(r)
}

func (h *HTTP) query(r *http.Request) Query {
	q := r.URL.Query()
	page, _ := strconv.Atoi(q.Get("pageNo"))
	limit, _ := strconv.Atoi(q.Get("limit"))
	return Query{Category: q.Get("category"), Provider: q.Get("provider"), Search: q.Get("search"), Sort: q.Get("sort"),
		Order: strings.ToLower(q.Get("order")), Page: page, Limit: limit, Country: h.country(r)}
}

func (h *HTTP) games(w http.ResponseWriter, r *http.Request) error {
	p, favs, err := h.caller(r)
	if err != nil {
		return err
	}
	q := h.query(r)
	q.Favorites = favs
	return h.writePage(w, r, p, q)
}

// writePage answers a list of games with bets in the caller's currency.
func (h *HTTP) writePage(w http.ResponseWriter, r *http.Request, p *session.Player, q Query) error {
	sc, err := h.scale(r, p)
	if err != nil {
		return err
	}
	page, err := h.Catalogue.List(r.Context(), q)
	if err != nil {
		return err
	}
	inCurrency(sc, page.Rows...)
	if err := h.offerDemo(r, page.Rows...); err != nil {
		return err
	}
	return api.WriteData(w, page)
}

// offerDemo keeps a game's demo flag only where demo play works: the game
// allows it and the operator's demoPlay switch is on (get-game-url refuses
// NO_DEMO_PLAY otherwise, so a Demo button would be dead).
func (h *HTTP) offerDemo(r *http.Request, games ...*Game) error {
	st, err := h.Settings.Current(r.Context())
	if err != nil {
		return err
	}
	if !st.Feature("demoPlay") {
		for _, g := range games {
			g.Demo = false
		}
	}
	return nil
}

func (h *HTTP) game(w http.ResponseWriter, r *http.Request) error {
	p, favs, err := h.caller(r)
	if err != nil {
		return err
	}
	st, err := h.Settings.Current(r.Context())
	if err != nil {
		return err
	}
	if p == nil && !st.Feature("guestGameView") {
		return api.ErrForbidden
	}
	sc, err := h.scale(r, p)
	if err != nil {
		return err
	}
	g, err := h.Catalogue.Get(r.Context(), r.URL.Query().Get("game"), h.country(r), favs)
	if err != nil {
		return err
	}
	inCurrency(sc, g)
	if err := h.offerDemo(r, g); err != nil {
		return err
	}
	return api.WriteData(w, g)
}

// gameURL answers where to play a game, after the checks of SPEC sections
// 6 and 8: country, demo play (site setting and the game's flag), login and
// deposit for real money.
func (h *HTTP) gameURL(w http.ResponseWriter, r *http.Request) error {
	p, _, err := h.caller(r)
	if err != nil {
		return err
	}
	st, err := h.Settings.Current(r.Context())
	if err != nil {
		return err
	}
	g, err := h.Catalogue.Get(r.Context(), r.URL.Query().Get("game"), h.country(r), nil)
	if err != nil {
		return err
	}
	if g.IsRestricted {
		return ErrCountryRestriction
	}
	mode := r.URL.Query().Get("mode")
	if mode == "" {
		mode = "real"
		if p == nil {
			mode = "demo"
		}
	}
	switch mode {
	case "demo":
		if !g.Demo || !st.Feature("demoPlay") {
			return ErrNoDemoPlay
		}
	case "real":
		if p == nil {
			return api.ErrForbidden
		}
		if g.RequiresDeposit && !p.Depositor {
			return ErrDepositRequired
		}
	default:
		return api.ErrValidation.WithField("mode", "Invalid format")
	}
	sep := "?"
	if strings.Contains(g.PlayURL, "?") {
		sep = "&"
	}
	u := g.PlayURL + sep + "mode=" + mode
	// The game in the player's language (a provider's lang= on launch): the
	// language the page shows (?lang=), else the one the player chose.
	lang := r.URL.Query().Get("lang")
	if !slices.Contains(st.Languages, lang) {
		lang = ""
		if p != nil && slices.Contains(st.Languages, p.Locale) {
			lang = p.Locale
		}
	}
	if lang != "" {
		u += "&lang=" + url.QueryEscape(lang)
	}
	return api.WriteData(w, map[string]string{"game": g.Slug, "mode": mode, "playUrl": u})
}

func (h *HTTP) favorites(w http.ResponseWriter, r *http.Request) error {
	p := session.PlayerFrom(r.Context())
	favs, err := h.Catalogue.Favorites(r.Context(), p.ID)
	if err != nil {
		return err
	}
	q := h.query(r)
	q.Favorites, q.OnlyFavs = favs, true
	return h.writePage(w, r, p, q)
}

func (h *HTTP) addFavorite(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		GameID any `json:"gameId"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	slug, _ := body.GameID.(string)
	if slug == "" {
		return api.ErrValidation.WithField("gameId", "Required")
	}
	if err := h.Catalogue.SetFavorite(r.Context(), session.PlayerFrom(r.Context()).ID, slug, true); err != nil {
		return err
	}
	return api.WriteData(w, map[string]any{"gameId": slug, "isFavorite": true})
}

func (h *HTTP) removeFavorite(w http.ResponseWriter, r *http.Request) error {
	slug := r.PathValue("game")
	if err := h.Catalogue.SetFavorite(r.Context(), session.PlayerFrom(r.Context()).ID, slug, false); err != nil {
		return err
	}
	return api.WriteData(w, map[string]any{"gameId": slug, "isFavorite": false})
}
