package bonus

import (
	"encoding/json"
	"net/http"
	"net/url"
	"sync"

	"casino/bff/session"
)

// Screen is what /promotions shows first: the promotions exactly as
// get-all-bonus answers the lobby's query (pageNo=1, limit=20,
// isDeposit=false, language) for the same caller. The site renders the
// banners into the page and embeds JSON once; the lobby's promotions page
// adopts it instead of calling get-all-bonus on load (issue 19).
type Screen struct {
	Language string
	Offers   []Offer
	// JSON is the document the page embeds: {"language","query","bonus":{count,rows}}.
	JSON string
}

// ScreenQuery is the lobby's query of its promotions page (frontends/lobby
// src/api.ts usePromotions): the screen answers that one only.
func ScreenQuery(language string) url.Values {
	return url.Values{"pageNo": {"1"}, "limit": {"20"}, "isDeposit": {"false"}, "language": {language}}
}

// screenMemo gives the same pointer for the same document: the site's page
// cache keys on the pointer, and an answer that depends on the clock and on
// the player (their currency, unlocked promo bonuses) is simplest compared
// by its content.
type screenMemo struct {
	mu sync.Mutex
	m  map[string]*Screen
}

var screens screenMemo

const maxScreens = 256

// Screen answers the promotions' first screen for the caller p (nil for a
// visitor) in language.
func (web *Web) Screen(r *http.Request, p *session.Player, language string) (*Screen, error) {
	values := ScreenQuery(language)
	q, err := ParseListQuery(values.Get)
	if err != nil {
		return nil, err
	}
	currency, country := "", q.CountryCode
	if p != nil {
		currency = p.Currency
		if q.Unlocked, err = web.Service.PromoBonus(r.Context(), p.ID); err != nil {
			return nil, err
		}
	}
	page, err := web.Service.List(r.Context(), q, currency, country)
	if err != nil {
		return nil, err
	}
	if page.Rows == nil {
		page.Rows = []Offer{}
	}
	doc, err := json.Marshal(struct {
		Language string `json:"language"`
		Bonus    Page   `json:"bonus"`
	}{q.Language, page})
	if err != nil {
		return nil, err
	}
	key := string(doc)
	screens.mu.Lock()
	defer screens.mu.Unlock()
	if s := screens.m[key]; s != nil {
		return s, nil
	}
	s := &Screen{Language: q.Language, Offers: page.Rows, JSON: key}
	if screens.m == nil || len(screens.m) >= maxScreens {
		screens.m = map[string]*Screen{}
	}
	screens.m[key] = s
	return s, nil
}
