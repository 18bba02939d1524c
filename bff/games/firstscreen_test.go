package games

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"casino/bff/session"
	"casino/bff/settings"
)

// The first screen is get-games' first page (Popular) and the category list,
// as the calls answer them; a visitor's is one pointer per version of its
// inputs (the site's page cache keys on it); an unknown category has none.
func TestFirstScreen(t *testing.T) {
	c, db := newCatalogue(t)
	h := &HTTP{Catalogue: c, Settings: settings.NewStore(db)}
	r := httptest.NewRequest("GET", "/casino", nil)
	fs, err := h.FirstScreen(r, nil, "en", "")
	if err != nil || fs == nil {
		t.Fatalf("first screen: %v %v", fs, err)
	}
	want, err := c.List(r.Context(), Query{Sort: "sort", Page: 1})
	if err != nil {
		t.Fatal(err)
	}
	if fs.Games.Count != want.Count || len(fs.Games.Rows) != min(want.Count, FirstScreenLimit) || fs.Games.Rows[0].Slug != want.Rows[0].Slug {
		t.Fatalf("games %d/%d first %s, want %d first %s", fs.Games.Count, len(fs.Games.Rows), fs.Games.Rows[0].Slug, want.Count, want.Rows[0].Slug)
	}
	var doc struct {
		Locale, Category, Sort string
		PageNo, Limit          int
		Categories             struct{ Count int }
		Games                  Page
	}
	if err := json.Unmarshal([]byte(fs.JSON), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Locale != "en" || doc.Sort != "sort" || doc.PageNo != 1 || doc.Limit != FirstScreenLimit || doc.Games.Count != want.Count || doc.Categories.Count != len(fs.Categories) {
		t.Fatalf("embedded document %+v", doc)
	}
	again, _ := h.FirstScreen(r, nil, "en", "")
	if again != fs {
		t.Error("a visitor's first screen is not memoised")
	}
	if de, _ := h.FirstScreen(r, nil, "de", ""); de == fs {
		t.Error("another language got the same first screen")
	}
	if none, err := h.FirstScreen(r, nil, "en", "no-such-category"); none != nil || err != nil {
		t.Errorf("unknown category: %v %v", none, err)
	}
	slots, err := h.FirstScreen(r, nil, "en", "slots")
	if err != nil || slots == nil || slots.Category != "slots" {
		t.Fatalf("slots: %v %v", slots, err)
	}
	for _, g := range slots.Games.Rows {
		if !contains(g.Categories, "slots") {
			t.Errorf("%s in the slots first screen", g.Slug)
		}
	}
	// A player's: the same for every player of a currency (the site shares
	// players' pages but for the header), their currency's bets.
	a, _ := h.FirstScreen(r, &session.Player{ID: 1, Currency: "EUR"}, "en", "")
	b, _ := h.FirstScreen(r, &session.Player{ID: 2, Currency: "EUR"}, "en", "")
	if a != b || a == fs {
		t.Error("players of one currency do not share one first screen, or share the visitors'")
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// The game page's first screen is get-game's answer for the caller, one
// pointer per version of the inputs it shares with the lobby's (catalogue,
// settings, country, currency: screenInputs); an unknown game has none.
func TestGameScreen(t *testing.T) {
	c, db := newCatalogue(t)
	h := &HTTP{Catalogue: c, Settings: settings.NewStore(db), Country: func(r *http.Request) string { return r.Header.Get("X-Country") }}
	r := httptest.NewRequest("GET", "/casino/games/x", nil)
	first, err := c.List(r.Context(), Query{Sort: "sort", Page: 1})
	if err != nil || len(first.Rows) == 0 {
		t.Fatal(err)
	}
	slug := first.Rows[0].Slug
	gs, err := h.GameScreen(r, nil, slug)
	if err != nil || gs == nil || gs.Game.Slug != slug || gs.Game.IsFavorite {
		t.Fatalf("game screen: %+v %v", gs, err)
	}
	var doc struct{ Game struct{ Slug string } }
	if err := json.Unmarshal([]byte(gs.JSON), &doc); err != nil || doc.Game.Slug != slug {
		t.Fatalf("embedded document %s: %v", gs.JSON, err)
	}
	if again, _ := h.GameScreen(r, nil, slug); again != gs {
		t.Error("a visitor's game screen is not memoised")
	}
	if none, err := h.GameScreen(r, nil, "no-such-game"); none != nil || err != nil {
		t.Errorf("unknown game: %v %v", none, err)
	}
	a, _ := h.GameScreen(r, &session.Player{ID: 1, Currency: "EUR"}, slug)
	b, _ := h.GameScreen(r, &session.Player{ID: 2, Currency: "EUR"}, slug)
	if a == nil || a != b || a == gs {
		t.Error("players of one currency do not share one game screen, or share the visitors'")
	}
	other := httptest.NewRequest("GET", "/casino/games/x", nil)
	other.Header.Set("X-Country", "DE")
	if de, _ := h.GameScreen(other, nil, slug); de == gs {
		t.Error("another country got the same game screen")
	}
}
