package site

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"casino/bff/scripts"
	"casino/bff/session"
	"casino/bff/settings"
	"casino/shell"
)

// Every route of the spine issue (point 3) answers 200 with the shell and the
// app the route → app map names.
func TestAppRoutesMountTheRightApp(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct{ path, app string }{
		{"/", "lobby"},
		{"/casino", "lobby"},
		{"/casino/slots", "lobby"},
		{"/casino/live-casino", "lobby"},
		{"/casino/popular", "lobby"},
		{"/casino/games/book-of-aurum", "lobby"},
		{"/promotions", "lobby"},
		{"/promotion", "lobby"},
		{"/freemoney", "lobby"},
		{"/providers", "lobby"},
		{"/tournaments", "lobby"},
		{"/profile/favorites", "lobby"},
		{"/cashback", "calendar"},
		{"/vip-club", "profile"},
		{"/deposit", "cashier"},
		{"/withdraw", "cashier"},
		{"/profile", "profile"},
		{"/profile/transactions", "cashier"},
		{"/profile/edit-profile", "profile"},
		{"/profile/verify", "profile"},
		{"/profile2/my-profile", "profile"},
		{"/profile2/balance", "cashier"},
		{"/profile2/verification", "profile"},
		{"/profile2/my-bonuses", "profile"},
		{"/profile2/vip-club", "profile"},
		{"/profile2/my-history", "cashier"},
		{"/profile2/freeze-account", "profile"},
		{"/profile2/limits", "profile"},
		{"/account", "profile"},
		{"/account/verification", "profile"},
		{"/bonuses", "profile"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			r := f.get(tc.path)
			if r.status != http.StatusOK {
				t.Fatalf("status %d", r.status)
			}
			r.has(t, `<main id="mf-page"`, `data-app="`+tc.app+`"`, `<header id="site-header"`,
				`<div id="mf-modal"`, `<div id="mf-country-block">`, `<script id="mf-remotes" type="application/json"`,
				`<script id="casino-settings" type="application/json"`)
			// The app's skeleton, or a server first screen it adopts (a
			// visitor's log-in prompt: TestLoginPromptFirstScreen).
			if !strings.Contains(r.body, `data-skeleton="`+tc.app+`"`) {
				r.has(t, `data-ssr="`+tc.app+`"`)
			}
			if ct := r.header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("Content-Type %q", ct)
			}
			if cc := r.header.Get("Cache-Control"); cc != "no-store" {
				t.Errorf("Cache-Control %q", cc)
			}
		})
	}
}

func TestRouteTable(t *testing.T) {
	for _, tc := range []struct {
		path, app string
		ok        bool
	}{
		{"/", "lobby", true},
		{"/casino/", "lobby", true},
		{"/casino/games/x", "lobby", true},
		{"/profile/anything", "profile", true},
		{"/profile/favorites", "lobby", true},
		{"/profile2/balance", "cashier", true},
		{"/profile2/my-history", "cashier", true},
		{"/profile2/unknown", "", false},
		{"/profile2", "", false},
		{"/nope", "", false},
		{"/casinoX", "", false},
	} {
		app, _, ok := AppFor(tc.path)
		if app != tc.app || ok != tc.ok {
			t.Errorf("AppFor(%q) = %q, %v; want %q, %v", tc.path, app, ok, tc.app, tc.ok)
		}
	}
}

// ?modal= selects the overlay's app for every modal of SPEC section 2.
func TestModalSelectsApp(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct{ modal, app string }{
		{"login", "profile"},
		{"linked-signup", "profile"},
		{"verify-email-expired", "profile"},
		{"signup", "profile"},
		{"deposit-3ds-success", "cashier"},
		{"deposit-success", "cashier"},
		{"deposit-failed", "cashier"},
		{"deposit-return", "cashier"},
		{"deposit-decline", "cashier"},
		{"deposit-cancel", "cashier"},
		{"deposit-pending", "cashier"},
		{"calendar", "calendar"},
		{"rakeback", "calendar"},
		{"unknown-thing", ""},
		{"", ""},
	} {
		t.Run(tc.modal, func(t *testing.T) {
			if got := ModalApp(tc.modal); got != tc.app {
				t.Errorf("ModalApp(%q) = %q, want %q", tc.modal, got, tc.app)
			}
			r := f.get("/casino?modal=" + tc.modal + "&met=visa")
			want := `<div id="mf-modal" data-modal="` + tc.app + `" data-modal-name=""></div>`
			if tc.app != "" {
				want = `<div id="mf-modal" data-modal="` + tc.app + `" data-modal-name="` + tc.modal + `"></div>`
			}
			r.has(t, want)
		})
	}
}

func TestUnknownPathAnswers404Page(t *testing.T) {
	f := newFixture(t)
	for _, p := range []string{"/nope", "/profile2/unknown", "/casinoX", "/terms-and-conditions/extra"} {
		r := f.get(p)
		if r.status != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", p, r.status)
		}
		r.has(t, "Go Home", `href="/"`, "Page not found", `<header id="site-header"`)
	}
}

func TestMissingFileAnswersPlain404(t *testing.T) {
	f := newFixture(t)
	for _, p := range []string{"/missing.js", "/static/app.8f3a.css", "/casino/games/chunk.js", "/profile/x.map", "/play/game/remoteEntry.js", "/shell/static/abc/nope.css"} {
		r := f.get(p)
		if r.status != http.StatusNotFound {
			t.Errorf("%s: status %d", p, r.status)
		}
		if strings.Contains(r.body, "<html") || strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
			t.Errorf("%s: answered HTML (%s)", p, r.header.Get("Content-Type"))
		}
	}
	if !hasFileExtension("/a/b.woff2") || hasFileExtension("/casino/games/v1.5") || hasFileExtension("/casino") {
		t.Error("hasFileExtension")
	}
}

func TestInfoPagesRenderMarkdownWithoutJS(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct{ slug, title string }{
		{"terms-and-conditions", "Terms and Conditions"},
		{"privacy-policy", "Privacy Policy"},
		{"aml-policy", "Anti-Money Laundering Policy"},
		{"responsible-gambling", "Responsible Gambling"},
		{"kyc-refund-policy", "KYC &amp; Refund Policy"},
		{"bonus-terms", "Bonus Terms"},
		{"legal-use-of-website", "Legal Use of Website"},
		{"contacts", "Contact Us"},
	} {
		t.Run(tc.slug, func(t *testing.T) {
			r := f.get("/" + tc.slug)
			if r.status != http.StatusOK {
				t.Fatalf("status %d", r.status)
			}
			r.has(t, "<title>"+tc.title+" · Aurum Casino</title>", "<h1", tc.title+"</h1>",
				`<article class="prose" data-page="`+tc.slug+`">`, "<h2", `data-app=""`)
			r.lacks(t, "{{brand}}", "raw HTML omitted")
			// The content is in the HTML itself: strip every script and the
			// text is still there.
			noJS := regexp.MustCompile(`(?s)<script.*?</script>`).ReplaceAllString(r.body, "")
			if !strings.Contains(noJS, "Aurum Casino") || !strings.Contains(noJS, "<p>") {
				t.Error("content needs JavaScript")
			}
		})
	}
	f.get("/responsible-gambling").has(t, "10 minutes", "30 days", "1 day (24 hours), 3 days, 7 days or 10 days", "permanently")
	f.get("/kyc-refund-policy").has(t, "Identity Proof", "Proof of Address", "Bank Statement", "25MB", "6 months", "24 hours")
	f.get("/bonus-terms").has(t, "REAL_TO_FUN", "REAL_MONEY_ONLY", "1000 EUR plus 100 free spins", "maximum bet")
}

// SPEC section 2 names /vip, /contacts, /responsibility and /Wallet in a demo
// navigation: each reaches its page (contacts is an info page of its own).
func TestDemoNavigationAddresses(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct{ path, location string }{
		{"/vip", "/vip-club"},
		{"/responsibility", "/responsible-gambling"},
		{"/Wallet", "/profile2/balance"},
		{"/Wallet?modal=login", "/profile2/balance?modal=login"},
	} {
		r := f.get(tc.path)
		if r.status != http.StatusMovedPermanently || r.header.Get("Location") != tc.location {
			t.Errorf("%s: %d → %q, want 301 → %q", tc.path, r.status, r.header.Get("Location"), tc.location)
		}
	}
	f.get("/contacts").has(t, `data-page="contacts"`, "support@aurum-casino.example", `href="/contacts"`)
}

func TestInfoPageReRendersWhenFileChanges(t *testing.T) {
	f := newFixture(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "bonus-terms.md")
	os.WriteFile(file, []byte("# Old Title\n\nold text\n"), 0o644)
	f.deps.Pages = os.DirFS(dir)
	f.site, _ = New(f.deps)
	f.site.pages.checkEvery = 0
	f.mux = http.NewServeMux()
	f.site.Routes(f.mux)
	f.get("/bonus-terms").has(t, "Old Title")
	os.WriteFile(file, []byte("# New Title for {{brand}}\n\nnew text\n"), 0o644)
	os.Chtimes(file, time.Now().Add(time.Minute), time.Now().Add(time.Minute))
	r := f.get("/bonus-terms")
	r.has(t, "New Title for Aurum Casino", "<title>New Title for Aurum Casino · Aurum Casino</title>")
	r.lacks(t, "Old Title")
	// A deleted page is a 404.
	os.Remove(file)
	if r := f.get("/bonus-terms"); r.status != http.StatusNotFound {
		t.Errorf("deleted page: status %d", r.status)
	}
}

func TestHeaderScope(t *testing.T) {
	f := newFixture(t)
	guest := f.get("/casino")
	guest.has(t, ">Log in</a>", `href="?modal=login"`, ">Sign up</a>", `href="?modal=signup"`, ">Casino</span>")
	guest.lacks(t, "Log out</", "Withdrawal</", "Transactions</", `href="/profile/favorites"`, `href="/logout"`)

	player := f.get("/casino", withCookie(f.login("ada@example.com", false)))
	player.has(t, "Ada Lovelace", ">Profile</span>", ">Deposit</span>", ">Withdrawal</span>",
		">Transactions</span>", ">Log out</span>", `href="/logout"`, `href="/profile/favorites"`, ">Favorites</span>")
	player.lacks(t, ">Log in</a>", ">Sign up</a>")
}

func TestOperatorScriptsByAudience(t *testing.T) {
	f := newFixture(t)
	nonceOf := func(r response) string {
		m := regexp.MustCompile(`'nonce-([A-Za-z0-9_-]+)'`).FindStringSubmatch(r.header.Get("Content-Security-Policy"))
		if m == nil {
			t.Fatal("no nonce in CSP")
		}
		return m[1]
	}
	guest := f.get("/casino")
	n := nonceOf(guest)
	guest.has(t, `<meta name="op-everyone" content="1">`, `<script nonce=`+n+`>window.opEveryone=1</script>`)
	guest.lacks(t, "players.js", "opDepositors")

	player := f.get("/casino", withCookie(f.login("p@example.com", false)))
	n = nonceOf(player)
	player.has(t, "opEveryone", `<script nonce=`+n+` src="https://tags.example/players.js"></SCRIPT>`)
	player.lacks(t, "opDepositors")

	dep := f.get("/casino", withCookie(f.login("d@example.com", true)))
	n = nonceOf(dep)
	dep.has(t, "opEveryone", "players.js", `<script nonce=`+n+`>window.opDepositors=1</script>`)

	// The order of the document: head part in <head>, body-start right after
	// <body>, body-end after the root config.
	head, _, _ := strings.Cut(guest.body, "</head>")
	if !strings.Contains(head, "op-everyone") {
		t.Error("head script not in <head>")
	}
	if i, j := strings.Index(guest.body, `id="casino-settings"`), strings.Index(guest.body, "opEveryone"); i < 0 || j < i {
		t.Error("body-end script not after the inline settings")
	}
}

func TestPlayPageHasNoOperatorScripts(t *testing.T) {
	f := newFixture(t)
	r := f.get("/play/book-of-aurum?mode=real", withCookie(f.login("x@example.com", true)))
	if r.status != http.StatusOK {
		t.Fatalf("status %d", r.status)
	}
	r.has(t, `id="mf-page"`, `data-layout="play"`, `id="mf-remotes"`, f.releases["root"].Entry)
	r.lacks(t, "op-everyone", "opEveryone", "players.js", "opDepositors", `<header id="site-header"`)
	if r.header.Get("X-Frame-Options") != "SAMEORIGIN" || !strings.Contains(r.header.Get("Content-Security-Policy"), "frame-ancestors 'self'") {
		t.Errorf("play page must be frameable by the site: %q / %q", r.header.Get("X-Frame-Options"), r.header.Get("Content-Security-Policy"))
	}
}

func TestFragments(t *testing.T) {
	f := newFixture(t)
	hx := withHeader("HX-Request", "true")
	header := f.get("/casino", hx, withHeader("HX-Target", "header"))
	if !strings.HasPrefix(header.body, `<header id="site-header"`) || !strings.HasSuffix(header.body, "</header>") {
		t.Errorf("header fragment: %.80q … %.40q", header.body, header.body[max(0, len(header.body)-40):])
	}
	header.lacks(t, "<html", "<main", "mf-remotes", "op-everyone")

	main := f.get("/deposit", hx, withHeader("HX-Target", "main"))
	if !strings.HasPrefix(main.body, `<main id="mf-page"`) || !strings.HasSuffix(main.body, "</main>") {
		t.Errorf("main fragment: %.80q", main.body)
	}
	main.has(t, `data-app="cashier"`)
	main.lacks(t, "<html", "<header", "<footer")

	info := f.get("/aml-policy", hx, withHeader("HX-Target", "mf-page"))
	info.has(t, "Anti-Money Laundering Policy")
	info.lacks(t, "<html")

	for _, other := range []func(*http.Request){withHeader("HX-Target", "sidebar"), withHeader("X-Other", "1")} {
		full := f.get("/casino", hx, other)
		full.has(t, "<!doctype html>", "<header", "<main", "<footer")
	}
	// Without HX-Request the target header is ignored.
	f.get("/casino", withHeader("HX-Target", "main")).has(t, "<!doctype html>")
}

func TestSecurityHeaders(t *testing.T) {
	f := newFixture(t)
	r := f.get("/casino")
	csp := r.header.Get("Content-Security-Policy")
	m := regexp.MustCompile(`script-src 'self' 'nonce-([A-Za-z0-9_-]{22})'`).FindStringSubmatch(csp)
	if m == nil {
		t.Fatalf("CSP lacks a script nonce: %s", csp)
	}
	for _, d := range []string{"object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, d) {
			t.Errorf("CSP lacks %s", d)
		}
	}
	if strings.Contains(strings.SplitN(strings.SplitN(csp, "script-src", 2)[1], ";", 2)[0], "unsafe-inline") {
		t.Error("script-src must not allow unsafe-inline")
	}
	// Every script tag of the page carries the nonce.
	for _, tag := range regexp.MustCompile(`(?i)<script\b[^>]*>`).FindAllString(r.body, -1) {
		if !strings.Contains(tag, "nonce="+m[1]) && !strings.Contains(tag, `nonce="`+m[1]+`"`) {
			t.Errorf("script without the nonce: %s", tag)
		}
	}
	if f.get("/casino").header.Get("Content-Security-Policy") == csp {
		t.Error("nonce is not per request")
	}
	for k, v := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "strict-origin-when-cross-origin"} {
		if got := r.header.Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
}

func TestShellDocument(t *testing.T) {
	f := newFixture(t)
	r := f.get("/casino/slots")
	r.has(t, `<html lang="en" dir="ltr" data-locale-version="`, `<meta charset="utf-8">`, `name="viewport"`,
		"<title>Slots · Aurum Casino</title>", `<meta name="description"`, `rel="icon" href="data:image/svg+xml,`,
		`<link rel="stylesheet" href="/shell/static/`+shell.StaticHash+`/shell.css">`, `name="theme-color"`,
		`--c-primary:#f5b83d`, `<nav id="site-nav"`, `<footer`, "Terms and Conditions", "18+", "Operator Company Ltd",
		"Deutsch", `aria-current="page"`, f.releases["root"].Entry, `defer></script>`)
	// The inline registry lists every current release but root.
	m := regexp.MustCompile(`<script id="mf-remotes" type="application/json" nonce="[^"]+">([^<]*)</script>`).FindStringSubmatch(r.body)
	if m == nil {
		t.Fatal("no mf-remotes block")
	}
	for name, rel := range f.releases {
		if name == "root" || name == shell.AppBackoffice {
			if strings.Contains(m[1], `"`+name+`"`) {
				t.Errorf("%s listed in mf-remotes", name)
			}
			continue
		}
		if !strings.Contains(m[1], `"`+name+`":"`+rel.Entry+`"`) {
			t.Errorf("mf-remotes lacks %s: %s", name, m[1])
		}
	}
	r.has(t, `"brandName":"Aurum Casino"`)
}

// The back office has its own document: the root config and its one remote,
// no player header, navigation, footer, never cached or framed.
func TestBackofficeDocument(t *testing.T) {
	f := newFixture(t)
	for _, path := range []string{"/backoffice", "/backoffice/withdrawals"} {
		r := f.get(path)
		r.has(t, `<main id="mf-page" class="page page-backoffice" data-app="backoffice"`, f.releases["root"].Entry,
			`<script id="mf-remotes" type="application/json" nonce="`, `{"backoffice":"`+f.releases["backoffice"].Entry+`"}`, `name="robots" content="noindex`)
		for _, no := range []string{`id="site-nav"`, `<footer`, f.releases["lobby"].Entry, `id="site-header"`} {
			if strings.Contains(r.body, no) {
				t.Errorf("%s has %s", path, no)
			}
		}
		if r.status != 200 || r.header.Get("Cache-Control") != "no-store" || r.header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: %d %v", path, r.status, r.header)
		}
	}
}

func TestCountryBlockRenderedServerSide(t *testing.T) {
	f := newFixture(t)
	f.blocked = &shell.CountryBlock{Country: "US", CountryName: "United States", IP: "203.0.113.7", Date: time.Date(2026, 11, 23, 9, 30, 0, 0, time.UTC)}
	r := f.get("/casino")
	if r.status != http.StatusOK {
		t.Fatalf("status %d", r.status)
	}
	r.has(t, `data-country-blocked="1"`, "Site Unavailable in Your Country", "Not in a restricted region?", "Need assistance?",
		"United States (US)", "203.0.113.7", "23 November 2026", "Reverify Location", "mailto:support@aurum-casino.example",
		`<script id="country-block-data" type="application/json"`,
		`{"country":"US","countryName":"United States","ip":"203.0.113.7","date":"2026-11-23T09:30:00Z"}`,
		`<div id="site" class="site" inert>`)
	// Logged-in players are never blocked (the CountryBlock func decides).
	f.get("/casino", withCookie(f.login("us@example.com", false))).lacks(t, "Site Unavailable in Your Country", "data-country-blocked")
	f.blocked = nil
	f.get("/casino").lacks(t, "Site Unavailable in Your Country", "data-country-blocked", "country-block-data")
}

func TestLogout(t *testing.T) {
	f := newFixture(t)
	c := f.login("bye@example.com", false)
	f.get("/casino", withCookie(c)).has(t, ">Log out</span>") // the session is in the cache now
	r := f.get("/logout", withCookie(c))
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/" {
		t.Fatalf("status %d location %q", r.status, r.header.Get("Location"))
	}
	if sc := r.header.Get("Set-Cookie"); !strings.Contains(sc, session.CookieName+"=;") || !strings.Contains(sc, "Max-Age=0") {
		t.Errorf("cookie not cleared: %q", sc)
	}
	f.get("/casino", withCookie(c)).has(t, ">Log in</a>")

	// A cross-site request does not end the session.
	c2 := f.login("stay@example.com", false)
	f.get("/logout", withCookie(c2), withHeader("Sec-Fetch-Site", "cross-site"))
	f.get("/casino", withCookie(c2)).has(t, ">Log out</span>")
}

func TestSettingsUnavailableAnswers503(t *testing.T) {
	f := newFixture(t)
	f.db.Write.Exec(`INSERT INTO settings(key, value) VALUES ('site', '{"brandName": 42}')`)
	f.deps.Settings = settings.NewStore(f.db)
	f.site, _ = New(f.deps)
	f.mux = http.NewServeMux()
	f.site.Routes(f.mux)
	r := f.get("/casino")
	if r.status != http.StatusServiceUnavailable {
		t.Fatalf("status %d", r.status)
	}
	r.has(t, "Service Unavailable")
	r.lacks(t, "mf-remotes")
}

func TestLanguageAndTheme(t *testing.T) {
	f := newFixture(t)
	r := f.get("/casino?lng=de")
	r.has(t, `<html lang="de"`, `aria-current="true"><img class="lang-flag" src="/api/core/casino/assets/flags/de.svg"`, `decoding="async"> Deutsch</a>`)
	if !strings.Contains(r.header.Get("Set-Cookie"), "casino_lng=de") {
		t.Error("language not remembered")
	}
	f.get("/casino?lng=xx").has(t, `<html lang="en"`)
	// A first visit follows the browser's languages; a chosen language wins over them.
	f.get("/casino", withHeader("Accept-Language", "de-AT,de;q=0.9,en;q=0.5")).has(t, `<html lang="de"`)
	f.get("/casino", withHeader("Accept-Language", "xh-ZA")).has(t, `<html lang="en"`)
	f.get("/casino", withHeader("Accept-Language", "de"), withCookie(&http.Cookie{Name: langCookie, Value: "fr"})).has(t, `<html lang="fr"`)
	// A logged-in player's choice is kept as their preferred language.
	var remembered []string
	f.site.deps.RememberLanguage = func(_ context.Context, id int64, lng string) error {
		remembered = append(remembered, fmt.Sprint(id, ":", lng))
		return nil
	}
	player := f.login("polyglot@example.com", false)
	f.get("/casino?lng=fr", withCookie(player)).has(t, `<html lang="fr"`)
	f.get("/casino?lng=fr") // a guest: nothing to remember
	if len(remembered) != 1 || !strings.HasSuffix(remembered[0], ":fr") {
		t.Errorf("remembered %v, want the player's fr once", remembered)
	}
	if got := themeStyle(settings.Theme{PrimaryColor: "red;}</style><script>"}); strings.Contains(got, "<") || strings.Contains(got, "red;") {
		t.Errorf("theme colour not validated: %s", got)
	}
}

func TestStaticAssets(t *testing.T) {
	f := newFixture(t)
	r := f.get("/shell/static/"+shell.StaticHash+"/shell.css", withHeader("Accept-Encoding", "gzip"))
	if r.status != 200 || r.header.Get("Cache-Control") != "public, max-age=31536000, immutable" || r.header.Get("Content-Encoding") != "gzip" {
		t.Errorf("css: %d %v", r.status, r.header)
	}
	old := f.get("/shell/static/000000000000/shell.css")
	if old.status != 200 || strings.Contains(old.header.Get("Cache-Control"), "immutable") {
		t.Errorf("old hash: %d %q", old.status, old.header.Get("Cache-Control"))
	}
	if r := f.get("/shell/static/" + shell.StaticHash + "/icons.svg"); r.status != 200 || r.header.Get("Content-Type") != "image/svg+xml" {
		t.Errorf("icons: %d %q", r.status, r.header.Get("Content-Type"))
	}
}

func TestMovedPageAddressFromSettings(t *testing.T) {
	f := newFixture(t)
	if _, err := f.deps.Settings.Update(t.Context(), []byte(`{"pageUrls":{"deposit":"/cashier"}}`)); err != nil {
		t.Fatal(err)
	}
	r := f.get("/cashier")
	if r.status != 200 {
		t.Fatalf("status %d", r.status)
	}
	r.has(t, `data-app="cashier"`)
}

func TestPagesFSMayBeAnyFS(t *testing.T) {
	f := newFixture(t)
	f.deps.Pages = fstest.MapFS{"privacy-policy.md": {Data: []byte("# Privacy at {{brand}}\n\n<script>alert(1)</script>\n\nText.")}}
	f.site, _ = New(f.deps)
	f.mux = http.NewServeMux()
	f.site.Routes(f.mux)
	r := f.get("/privacy-policy")
	r.has(t, "Privacy at Aurum Casino</h1>")
	r.lacks(t, "alert(1)")
}

func TestConcurrentPages(t *testing.T) {
	f := newFixture(t)
	f.site.catalogCheckEvery = 0
	f.site.pages.checkEvery = 0
	player := f.login("many@example.com", true)
	done := make(chan struct{})
	for i := range 8 {
		go func() {
			defer func() { done <- struct{}{} }()
			for j := range 20 {
				path := []string{"/casino", "/deposit", "/bonus-terms", "/nope", "/play/x"}[(i+j)%5]
				req := httptest.NewRequest(http.MethodGet, path, nil)
				if i%2 == 0 {
					req.AddCookie(player)
				}
				f.mux.ServeHTTP(httptest.NewRecorder(), req)
			}
		}()
	}
	for range 8 {
		<-done
	}
}

// SPEC: "script loader and cache failures are only logged": when the
// operator's scripts cannot be read the page is still served, without them.
func TestPageServedWhenOperatorScriptsFail(t *testing.T) {
	f := newFixture(t)
	f.get("/casino").has(t, `<meta name="op-everyone" content="1">`)
	if _, err := f.db.Write.Exec(`ALTER TABLE operator_scripts RENAME TO operator_scripts_gone`); err != nil {
		t.Fatal(err)
	}
	f.site.scripts = map[scripts.Filter]*scriptsEntry{} // as after the cache's lifetime
	r := f.get("/casino?fresh=1")
	if r.status != http.StatusOK {
		t.Fatalf("status %d with the scripts list failing", r.status)
	}
	r.has(t, `id="mf-page"`, `data-app="lobby"`)
	r.lacks(t, `op-everyone`)
}
