package shell

import (
	"bytes"
	"casino/bff/precompress"
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

func testLayout() *Layout {
	l := &Layout{
		Lang: "en", Dir: "ltr", LocaleVersion: "2026-11-23.abcd", Brand: "Aurum Casino", HomeURL: "/",
		SettingsJSON: `{"brandName":"Aurum Casino"}`, SupportEmail: "help@example.com",
		NavGuest:  []Link{{ID: "casino", Label: "Casino", Href: "/casino", Icon: "casino"}},
		NavUser:   []Link{{ID: "casino", Label: "Casino", Href: "/casino", Icon: "casino"}, {ID: "favorites", Label: "Favorites", Href: "/profile/favorites"}},
		MenuGuest: []Link{{ID: "login", Label: "Log in", Href: "?modal=login"}, {ID: "signup", Label: "Sign up", Href: "?modal=signup"}},
		MenuUser: []Link{{ID: "profile", Label: "Profile", Href: "/profile"}, {ID: "deposit", Label: "Deposit", Href: "/deposit"},
			{ID: "logout", Label: "Log out", Href: "/logout"}},
		Labels: Labels{GoHome: "Go Home", NotFoundTitle: "Page not found"},
	}
	l.FooterHTML, _ = RenderFooter(l)
	return l
}

func renderDoc(t *testing.T, p *Page) string {
	t.Helper()
	var b strings.Builder
	if err := Document(p).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestDocumentMountPoints(t *testing.T) {
	p := &Page{Layout: testLayout(), Kind: KindApp, App: AppCashier, Modal: AppProfile, ModalName: "login", Path: "/deposit",
		Nonce: "N0nce", RemotesJSON: `{"lobby":"/mf/lobby/v1/remoteEntry.js"}`, RootEntry: "/mf/root/v1/main.js", Title: "Deposit", Heading: "Deposit"}
	html := renderDoc(t, p)
	for _, want := range []string{
		`<html lang="en" dir="ltr" data-locale-version="2026-11-23.abcd">`,
		`<main id="mf-page" class="page page-cashier" data-app="cashier" tabindex="-1" aria-busy="true">`,
		`<div id="mf-modal" data-modal="profile" data-modal-name="login"></div>`,
		`<div id="mf-country-block"></div>`,
		`<script id="mf-remotes" type="application/json" nonce="N0nce">{"lobby":"/mf/lobby/v1/remoteEntry.js"}</script>`,
		`<script id="casino-settings" type="application/json" nonce="N0nce">{"brandName":"Aurum Casino"}</script>`,
		`<script src="/mf/root/v1/main.js" nonce="N0nce" defer></script>`,
		`<title>Deposit · Aurum Casino</title>`, `data-skeleton="cashier"`, "Log in", "Sign up",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("document lacks %s", want)
		}
	}
	if strings.Contains(html, "country-block-data") || strings.Contains(html, "data-country-blocked") {
		t.Error("country block rendered without a CountryBlock")
	}
}

func TestHeaderEscapesPlayerName(t *testing.T) {
	p := &Page{Layout: testLayout(), Viewer: &Viewer{Name: `<img src=x onerror=alert(1)>`}, Path: "/casino"}
	var b strings.Builder
	Header(p).Render(context.Background(), &b)
	h := b.String()
	if strings.Contains(h, "<img") || !strings.Contains(h, "&lt;img") {
		t.Errorf("player name not escaped: %s", h)
	}
	for _, want := range []string{">Profile</span>", ">Log out</span>", `href="/profile/favorites"`, `class="btn btn-primary btn-deposit" href="/deposit"`} {
		if !strings.Contains(h, want) {
			t.Errorf("header lacks %s", want)
		}
	}
	if strings.Contains(h, "Log in") {
		t.Error("logged-in header shows Log in")
	}
}

func TestHeaderSanitizesURLs(t *testing.T) {
	l := testLayout()
	l.NavGuest = []Link{{ID: "x", Label: "X", Href: "javascript:alert(1)"}}
	var b strings.Builder
	Header(&Page{Layout: l}).Render(context.Background(), &b)
	if strings.Contains(b.String(), "javascript:") {
		t.Error("javascript: URL rendered")
	}
}

func TestCountryBlockJSONCannotCloseTheScript(t *testing.T) {
	cb := &CountryBlock{Country: "XX", CountryName: "</script><script>alert(1)</script>", IP: "::1", Date: time.Unix(0, 0)}
	html := renderDoc(t, &Page{Layout: testLayout(), Nonce: "n", RemotesJSON: "{}", CountryBlock: cb})
	if strings.Count(html, "<script>alert(1)") != 0 {
		t.Error("country name broke out of the JSON block")
	}
	for _, want := range []string{"Site Unavailable in Your Country", "Not in a restricted region?", "Need assistance?",
		`data-country-blocked="1"`, "mailto:help@example.com", `id="cb-reverify-btn"`} {
		if !strings.Contains(html, want) {
			t.Errorf("notice lacks %s", want)
		}
	}
}

func TestNotFoundHasGoHome(t *testing.T) {
	l := testLayout()
	l.HomeURL = "/home"
	html := renderDoc(t, &Page{Layout: l, Kind: KindNotFound, RemotesJSON: "{}"})
	if !strings.Contains(html, `<a class="btn btn-primary btn-lg" href="/home">`) || !strings.Contains(html, "Go Home") {
		t.Error("404 lacks the Go Home button to the root page")
	}
}

func TestServeStatic(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+StaticPrefix+"{hash}/{file}", ServeStatic)
	for _, tc := range []struct {
		url    string
		status int
		cache  string
	}{
		{CSSURL(), 200, "public, max-age=31536000, immutable"},
		{StaticURL("icons.svg"), 200, "public, max-age=31536000, immutable"},
		{StaticPrefix + "old/shell.css", 200, "public, max-age=60"},
		{StaticURL("nope.js"), 404, ""},
	} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", tc.url, nil))
		if rec.Code != tc.status || rec.Header().Get("Cache-Control") != tc.cache && tc.cache != "" {
			t.Errorf("%s: %d %q", tc.url, rec.Code, rec.Header().Get("Cache-Control"))
		}
	}
	if len(StaticHash) != 12 {
		t.Errorf("StaticHash %q", StaticHash)
	}
}

// The shell's files go out in Brotli when it is accepted, gzip when Brotli is
// refused, the identity otherwise; each decodes to the embedded file.
func TestServeStaticCodings(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+StaticPrefix+"{hash}/{file}", ServeStatic)
	plain, _ := staticFS.ReadFile("static/shell.css")
	for _, tc := range []struct{ ae, want string }{
		{"gzip, deflate, br, zstd", "br"},
		{"gzip, br;q=0", "gzip"},
		{"gzip", "gzip"},
		{"", ""},
		{"br;q=0, gzip;q=0", ""},
	} {
		r := httptest.NewRequest("GET", CSSURL(), nil)
		r.Header.Set("Accept-Encoding", tc.ae)
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, r)
		h := rec.Header()
		if h.Get("Content-Encoding") != tc.want || h.Get("Vary") != "Accept-Encoding" || !strings.HasPrefix(h.Get("Content-Type"), "text/css") || h.Get("Content-Length") != strconv.Itoa(rec.Body.Len()) {
			t.Errorf("%q: encoding %q, vary %q, type %q, length %q of %d", tc.ae, h.Get("Content-Encoding"), h.Get("Vary"), h.Get("Content-Type"), h.Get("Content-Length"), rec.Body.Len())
			continue
		}
		body := rec.Body.Bytes()
		if tc.want != "" {
			var err error
			if body, err = precompress.Decode(tc.want, body); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(body, plain) {
			t.Errorf("%q: the body is not shell.css", tc.ae)
		}
	}
}
