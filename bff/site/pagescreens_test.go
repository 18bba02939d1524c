package site

import (
	"net/http"
	"strings"
	"testing"

	"casino/bff/bonus"
	"casino/bff/games"
	"casino/bff/session"
)

func TestGamePageFirstScreen(t *testing.T) {
	f := newFixture(t)
	g := &games.Game{ID: "fruit", Slug: "fruit", Name: "Fruit <Fiesta>", Provider: "Studio", ThumbnailURL: "/t/fruit.svg",
		ReturnToPlayer: 96.5, MaxMultiplier: 5000, MinBet: "0.10", CurrencyCode: "EUR", Demo: true,
		PlayURL: "/play/studio/fruit", RulesURL: "/studio/games/fruit/rules"}
	gs := &games.GameScreen{Game: g, JSON: `{"game":{"slug":"fruit"}}`}
	var asked []string
	f.site.SetGameScreen(func(r *http.Request, p *session.Player, slug string) (*games.GameScreen, error) {
		asked = append(asked, slug)
		if slug == "fruit" {
			return gs, nil
		}
		return nil, nil
	})

	r := f.get("/casino/games/fruit")
	r.has(t,
		`<div data-ssr="lobby"><div class="gpage">`, `<h1 class="gpage-title">Fruit &lt;Fiesta&gt;</h1>`,
		`<img class="gpage-thumb" src="/t/fruit.svg" alt="" width="300" height="400" fetchpriority="high">`,
		`<dt>RTP</dt><dd>96.5%</dd>`, `<dt>Max multiplier</dt><dd>5000x</dd>`, `<dt>Min bet</dt><dd>€0.10</dd>`,
		`<a class="btn btn-primary btn-lg" role="button" href="?modal=login">Log in to play for real money</a>`,
		`href="/play/studio/fruit?mode=demo&amp;lang=en">Demo</a>`,
		`<a class="gpage-rules" href="/studio/games/fruit/rules" data-testid="game-rules">Rules and paytable</a>`,
		`<div class="lobby-chat"></div>`,
		`<script id="lobby-game" type="application/json" nonce="`, `{"game":{"slug":"fruit"}}</script>`,
	)
	r.lacks(t, `data-skeleton="lobby"`, `lobby-pulse`)

	// A player: Play is the game's address with mode=real; the Pulse's place is kept.
	c := f.login("gp@example.com", true)
	r = f.get("/casino/games/fruit", withCookie(c))
	r.has(t, `href="/play/studio/fruit?mode=real&amp;lang=en">Play</a>`, `<div class="lobby-pulse"></div>`)

	// No screen (unknown game): the skeleton.
	r = f.get("/casino/games/nope")
	r.has(t, `data-skeleton="lobby"`)
	r.lacks(t, `data-ssr`, `lobby-game`)
	if strings.Join(asked, ",") != "fruit,fruit,nope" {
		t.Errorf("asked %v", asked)
	}
}

func TestPromotionsFirstScreen(t *testing.T) {
	f := newFixture(t)
	ps := &bonus.Screen{Language: "en", JSON: `{"language":"en","bonus":{"count":3}}`, Offers: []bonus.Offer{
		{ID: 1, Code: "free-10", Type: bonus.TypeNoDeposit, DaysValid: 1, Banner: bonus.Banner{BannerTitle: "10 free", BannerImageURL: "/b/1.png", BannerBackgroundColor: "#123456"}},
		{ID: 2, Code: "welcome", Type: bonus.TypeDeposit, Banner: bonus.Banner{BannerTitle: "Welcome", BannerDescription: "Double it", BannerCtaText: "Deposit now", Link: "/deposit", BannerImageURL: "/b/2.png", BannerBackgroundColor: "red;x:y"}},
		{ID: 3, Name: "Plain", Type: bonus.TypeDeposit, Banner: bonus.Banner{BannerImageURL: "/b/3.png"}},
	}}
	f.site.SetPromotions(func(r *http.Request, p *session.Player, lang string) (*bonus.Screen, error) { return ps, nil })

	r := f.get("/promotions")
	r.has(t,
		`<div data-ssr="lobby"><div class="promos"><h1 class="promos-title">Promotions</h1>`,
		`<article class="promo" data-bonus="free-10" style="background:#123456;">`,
		`<img class="promo-img" src="/b/1.png" alt="" width="640" height="280" fetchpriority="high">`,
		`<img class="promo-img" src="/b/2.png" alt="" width="640" height="280">`,
		`<img class="promo-img" src="/b/3.png" alt="" width="640" height="280" loading="lazy">`,
		`data-testid="label-24h">24h</span>`, `<h2 class="promo-title">10 free</h2>`,
		`<a class="btn btn-primary" role="button" href="?modal=login">Log in to claim</a>`,
		// An invalid colour is left out; the link of a deposit bonus with its CTA text.
		`<article class="promo" data-bonus="welcome">`, `<a class="btn btn-ghost" href="/deposit">Deposit now</a>`,
		`<p class="promo-text">Double it</p>`,
		`<article class="promo" data-bonus="3">`, `<h2 class="promo-title">Plain</h2>`, `href="/promotion?id=3">Details</a>`,
		`<script id="lobby-promotions" type="application/json"`,
	)
	if n := strings.Count(r.body, `id="lobby-promotions"`); n != 1 {
		t.Errorf("promotions JSON embedded %d times", n)
	}
	// A player claims with a button; a press before the app took over is
	// replayed on the app's button with the same key (root config replay.ts).
	c := f.login("pp@example.com", true)
	r = f.get("/promotions", withCookie(c))
	r.has(t, `<button type="button" class="btn btn-primary promo-claim" data-replay="claim:free-10">Claim</button>`)
	r.lacks(t, `Log in to claim`)
}

// A visitor's /deposit (and the cashier's other players' pages) is the
// log-in prompt the cashier would draw, rendered by the server: the link
// works without script; a player gets the cashier's skeleton.
func TestLoginPromptFirstScreen(t *testing.T) {
	f := newFixture(t)
	for _, path := range []string{"/deposit", "/withdraw", "/profile/transactions"} {
		r := f.get(path)
		r.has(t,
			`<div data-ssr="cashier" class="login-screen">`,
			`<h3 class="empty-state-title">Log in to continue</h3><div>This page is available to registered players.</div>`,
			`<a class="btn btn-primary" role="button" href="?modal=login">Log in</a>`,
		)
		r.lacks(t, `data-skeleton="cashier"`, `rel="preload" as="script"`)
	}
	r := f.get("/profile2/balance") // the cashier's page that draws its own prompt
	r.has(t, `data-skeleton="cashier"`)
	r.lacks(t, `login-screen`)

	c := f.login("cashier@example.com", true)
	r = f.get("/deposit", withCookie(c))
	r.has(t, `data-skeleton="cashier"`)
	r.lacks(t, `login-screen`, `Log in to continue`)
}
