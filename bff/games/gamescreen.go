package games

import (
	"encoding/json"
	"errors"
	"net/http"
	"sync"

	"casino/bff/session"
)

// GameScreen is what the game page /casino/games/{slug} shows first: the
// game exactly as get-game answers it for the same caller (bets in their
// currency), but with isFavorite false (the page's favourite button starts
// from false, as it does after get-game). The site renders it into the page
// and embeds JSON once; the lobby's game page adopts it instead of calling
// get-game on load (issue 19).
type GameScreen struct {
	Game *Game
	// JSON is the document the page embeds: {"game": <get-game answer>}.
	JSON string
}

// gameKey is what a game screen depends on (see firstKey).
type gameKey struct {
	snap     *snapshot
	settings uint64
	slug     string
	country  string
	currency string
}

type gameMemo struct {
	mu sync.Mutex
	m  map[gameKey]*GameScreen
}

// GameScreen returns the first screen of the game page of slug for the
// caller p (nil for a visitor); nil, nil when there is none: the game does
// not exist, or a visitor may not view games (guestGameView off: get-game
// answers 403). Memoised like FirstScreen: the same pointer while its
// inputs stay the same (the site's page cache keys on it).
func (h *HTTP) GameScreen(r *http.Request, p *session.Player, slug string) (*GameScreen, error) {
	ctx := r.Context()
	in, err := h.screenInputs(r, p)
	if err != nil {
		return nil, err
	}
	if p == nil && !in.settings.Feature("guestGameView") {
		return nil, nil
	}
	country := in.country
	key := gameKey{snap: in.snap, settings: in.settings.Revision, slug: slug, country: country, currency: in.currency}
	h.gameScreens.mu.Lock()
	gs := h.gameScreens.m[key]
	h.gameScreens.mu.Unlock()
	if gs != nil {
		return gs, nil
	}
	g, err := h.Catalogue.Get(ctx, slug, country, nil)
	if errors.Is(err, ErrGameNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	sc, err := h.scale(r, p)
	if err != nil {
		return nil, err
	}
	inCurrency(sc, g)
	if err := h.offerDemo(r, g); err != nil {
		return nil, err
	}
	doc, err := json.Marshal(struct {
		Game *Game `json:"game"`
	}{g})
	if err != nil {
		return nil, err
	}
	gs = &GameScreen{Game: g, JSON: string(doc)}
	h.gameScreens.mu.Lock()
	if h.gameScreens.m == nil || len(h.gameScreens.m) >= maxFirstScreens {
		h.gameScreens.m = map[gameKey]*GameScreen{}
	}
	h.gameScreens.m[key] = gs
	h.gameScreens.mu.Unlock()
	return gs, nil
}
