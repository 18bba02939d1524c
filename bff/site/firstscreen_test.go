package site

import (
	"net/http"
	"strings"
	"testing"

	"casino/bff/games"
	"casino/bff/session"
)

// fakeFirstScreens answers a first screen per category, the same pointer
// each time, counting calls.
type fakeFirstScreens struct {
	screens map[string]*games.FirstScreen
	asked   []string
}

func (f *fakeFirstScreens) get(r *http.Request, p *session.Player, locale, category string) (*games.FirstScreen, error) {
	f.asked = append(f.asked, category)
	return f.screens[category], nil
}

func screenOf(category string, n, count int) *games.FirstScreen {
	fs := &games.FirstScreen{Locale: "en", Category: category, Games: games.Page{Count: count}, JSON: `{"marker":"` + category + `<"}`}
	fs.Categories = []games.Category{{ID: "slots", Slug: "slots", Name: "Slots"}, {ID: "live", Slug: "live", Name: "Live"}}
	for i := 0; i < n; i++ {
		s := string(rune('a' + i))
		fs.Games.Rows = append(fs.Games.Rows, &games.Game{ID: s, Slug: "game-" + s, Name: "Game " + s, Provider: "Studio", ThumbnailURL: "/t/" + s + ".svg"})
	}
	return fs
}

func TestLobbyFirstScreen(t *testing.T) {
	f := newFixture(t)
	fake := &fakeFirstScreens{screens: map[string]*games.FirstScreen{"": screenOf("", 20, 42), "slots": screenOf("slots", 1, 1)}}
	fake.screens[""].Games.Rows[1].ThumbnailSrcset = "/t/b-160.webp 160w, /t/b-320.webp 320w"
	f.site.SetFirstScreen(fake.get)

	r := f.get("/casino")
	r.has(t,
		`<div data-ssr="lobby"><div class="lobby">`, `<h1 class="lobby-title">Casino</h1>`,
		`<a class="lobby-cat" href="/casino" aria-current="page">All games</a>`, `<a class="lobby-cat" href="/casino/slots">Slots</a>`,
		`<a class="tile" href="/casino/games/game-a">`,
		`<img src="/t/a.svg" alt="" width="300" height="400" fetchpriority="high">`,
		`<img src="/t/b.svg" srcset="/t/b-160.webp 160w, /t/b-320.webp 320w" sizes="(max-width: 399px) 45vw, (max-width: 767px) 30vw, 160px" alt="" width="300" height="400">`,
		`<img src="/t/g.svg" alt="" width="300" height="400" loading="lazy">`,
		`<p class="lobby-count">42 games</p>`, `class="btn btn-ghost lobby-more" data-replay="load-more"`,
		// The data, once, escaped by encoding/json (here by the fake: "<" stays out of the tag).
		`<script id="lobby-first-screen" type="application/json"`,
	)
	r.lacks(t, `data-skeleton="lobby"`)
	if n := strings.Count(r.body, `id="lobby-first-screen"`); n != 1 {
		t.Errorf("first-screen JSON embedded %d times, want 1", n)
	}
	if n := strings.Count(r.body, `class="tile"`); n != 20 {
		t.Errorf("%d tiles, want 20", n)
	}

	// A category page: its name is the heading, its chip is current; one game, no Load more.
	r = f.get("/casino/slots")
	r.has(t, `<h1 class="lobby-title">Slots</h1>`, `<a class="lobby-cat" href="/casino/slots" aria-current="page">Slots</a>`, `1 game</p>`)
	r.lacks(t, "lobby-more")

	// No first screen for the category (unknown): the skeleton, as before.
	r = f.get("/casino/nope")
	r.has(t, `data-skeleton="lobby"`)
	r.lacks(t, `data-ssr`, `lobby-first-screen`)

	// Not a lobby list page: never asked.
	fake.asked = nil
	f.get("/casino/games/game-a")
	f.get("/promotions")
	f.get("/deposit")
	if len(fake.asked) != 0 {
		t.Errorf("first screen asked for %v", fake.asked)
	}

	// A logged-in player: the Game Pulse's place is reserved as in the lobby.
	c := f.login("fs@example.com", true)
	r = f.get("/casino", withCookie(c))
	r.has(t, `<div class="lobby-pulse"></div>`, `class="tile"`)

	// The header fragment does not ask.
	fake.asked = nil
	f.get("/casino", withHeader("HX-Request", "true"), withHeader("HX-Target", "header"))
	if len(fake.asked) != 0 {
		t.Errorf("header fragment asked for a first screen")
	}
}

func TestFirstScreenVersionsTheCachedPage(t *testing.T) {
	f := newFixture(t)
	fake := &fakeFirstScreens{screens: map[string]*games.FirstScreen{"": screenOf("", 2, 2)}}
	f.site.SetFirstScreen(fake.get)
	if r := f.get("/casino"); !strings.Contains(r.body, "Game b") {
		t.Fatal("first render lacks the tiles")
	}
	// New data (a new pointer, as games.HTTP.FirstScreen gives after a catalogue reload): a new page.
	fake.screens[""] = screenOf("", 3, 3)
	if r := f.get("/casino"); !strings.Contains(r.body, "Game c") {
		t.Fatal("the cached page was served after the first screen changed")
	}
}

func TestPluralText(t *testing.T) {
	msg := "{count, plural, one {# game} other {# games}}"
	for _, c := range []struct {
		msg, lang string
		n         int
		want      string
	}{
		{msg, "en", 1, "1 game"},
		{msg, "en", 24, "24 games"},
		{"{count, plural, =0 {none} one {# Spiel} other {# Spiele}}", "de", 0, "none"},
		{"{count, plural, one {# gra} few {# gry} many {# gier} other {# gry}}", "pl", 3, "3 gry"},
		{"{count, plural, one {# gra} few {# gry} many {# gier} other {# gry}}", "pl", 5, "5 gier"},
		{"Found: {count, plural, one {# game} other {# games}}!", "en", 2, "Found: 2 games!"},
		{"plain", "en", 2, "plain"},
	} {
		if got := pluralText(c.msg, c.lang, c.n); got != c.want {
			t.Errorf("pluralText(%q, %s, %d) = %q, want %q", c.msg, c.lang, c.n, got, c.want)
		}
	}
}
