package site

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"casino/bff/frontends"
	"casino/bff/scripts"
)

var nonceAttr = regexp.MustCompile(`nonce="?([A-Za-z0-9_-]+)`)

// nonces returns the CSP nonce and every nonce attribute of the body, and
// checks they agree.
func nonces(t *testing.T, r response) string {
	t.Helper()
	m := regexp.MustCompile(`'nonce-([A-Za-z0-9_-]+)'`).FindStringSubmatch(r.header.Get("Content-Security-Policy"))
	if m == nil {
		t.Fatalf("no nonce in the CSP %q", r.header.Get("Content-Security-Policy"))
	}
	attrs := nonceAttr.FindAllStringSubmatch(r.body, -1)
	if len(attrs) < 3 {
		t.Fatalf("only %d nonce attributes in the page", len(attrs))
	}
	for _, a := range attrs {
		if a[1] != m[1] {
			t.Fatalf("page nonce %q differs from the CSP nonce %q", a[1], m[1])
		}
	}
	return m[1]
}

// A guest page comes from the cache with a fresh nonce per response, in the
// CSP and on every script (the operator's too), and is otherwise the same.
func TestSharedPageFreshNonce(t *testing.T) {
	f := newFixture(t)
	a, b := f.get("/casino"), f.get("/casino")
	if a.status != 200 || b.status != 200 {
		t.Fatalf("status %d %d", a.status, b.status)
	}
	na, nb := nonces(t, a), nonces(t, b)
	if na == nb {
		t.Fatal("two responses share a nonce")
	}
	if strings.ReplaceAll(a.body, na, "N") != strings.ReplaceAll(b.body, nb, "N") {
		t.Error("cached page differs from the rendered one beyond the nonce")
	}
	if got := a.header.Get("Content-Length"); got != strconv.Itoa(len(a.body)) {
		t.Errorf("Content-Length %s, body %d bytes", got, len(a.body))
	}
	if a.header.Get("Cache-Control") != "no-store" {
		t.Errorf("Cache-Control %q", a.header.Get("Cache-Control"))
	}
	if f.site.rendered.hits.Load() == 0 {
		t.Error("second guest request was not served from the cache")
	}
	a.has(t, `<script nonce=`+na+`>window.opEveryone=1</script>`)

	// Pages answered with another status are rendered per request, with
	// their own nonce too.
	nf, nf2 := f.get("/no-such-page"), f.get("/no-such-page")
	if nf.status != http.StatusNotFound {
		t.Fatalf("status %d", nf.status)
	}
	if nonces(t, nf) == nonces(t, nf2) {
		t.Error("two 404 pages share a nonce")
	}
}

// A logged-in page is the shared page of its audience with the player's
// header spliced in: two players' pages differ only in the header, which is
// the one the header fragment renders; no player's name reaches a guest or
// another player, a depositor's operator scripts no non-depositor; the gzip
// variant is the same page. Fragments are never cached.
func TestPlayerPagesShareAllButTheHeader(t *testing.T) {
	f := newFixture(t)
	f.get("/casino") // fill the guest entry
	ada, bob, cy := withCookie(f.login("ada@example.com", true)), withCookie(f.login("bob@example.com", true)), withCookie(f.login("cy@example.com", false))
	f.db.Write.Exec(`UPDATE users SET nickname = 'bobby' WHERE email = 'bob@example.com'`)
	f.db.Write.Exec(`UPDATE users SET nickname = 'cyra' WHERE email = 'cy@example.com'`)
	header := regexp.MustCompile(`(?s)<header id="site-header".*?</header>`)
	split := func(r response) (string, string) {
		t.Helper()
		n := nonces(t, r)
		h := header.FindString(r.body)
		if h == "" {
			t.Fatal("no header")
		}
		return strings.ReplaceAll(strings.Replace(r.body, h, "HEADER", 1), n, "N"), h
	}
	for range 2 { // miss, then hit
		a, b, c := f.get("/casino", ada), f.get("/casino", bob), f.get("/casino", cy)
		a.has(t, "Ada Lovelace", "window.opDepositors=1")
		a.lacks(t, "bobby", "cyra")
		b.has(t, "bobby", "window.opDepositors=1")
		b.lacks(t, "Ada Lovelace", "cyra")
		c.has(t, "cyra")
		c.lacks(t, "Ada Lovelace", "bobby", "opDepositors")
		if a.header.Get("Cache-Control") != "no-store" {
			t.Errorf("player page Cache-Control %q", a.header.Get("Cache-Control"))
		}
		if got := a.header.Get("Content-Length"); got != strconv.Itoa(len(a.body)) {
			t.Errorf("Content-Length %s, body %d bytes", got, len(a.body))
		}
		restA, headA := split(a)
		restB, _ := split(b)
		if restA != restB {
			t.Error("two depositors' pages differ outside the header")
		}
		frag := f.get("/casino", ada, withHeader("HX-Request", "true"), withHeader("HX-Target", "header"))
		if strings.TrimSpace(frag.body) != headA {
			t.Errorf("spliced header differs from the header fragment:\n%s\n%s", headA, frag.body)
		}
		gz := f.get("/casino", ada, withHeader("Accept-Encoding", "gzip"))
		if gz.header.Get("Content-Encoding") != "gzip" || gz.header.Get("Content-Length") != strconv.Itoa(len(gz.body)) {
			t.Fatalf("gzip headers %v, %d bytes", gz.header, len(gz.body))
		}
		zr, err := gzip.NewReader(strings.NewReader(gz.body))
		if err != nil {
			t.Fatal(err)
		}
		zr.Multistream(false)
		body, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("gzip body: %v", err)
		}
		restGz, headGz := split(response{header: gz.header, body: string(body)})
		if restGz != restA || headGz != headA {
			t.Error("gzip player page differs from the plain one")
		}
	}
	f.get("/casino").lacks(t, "Ada Lovelace", "bobby", "cyra", "opDepositors")
	if f.site.rendered.hits.Load() == 0 {
		t.Error("no player page came from the cache")
	}
	before := len(f.site.rendered.pages)
	f.get("/casino", withHeader("HX-Request", "true"), withHeader("HX-Target", "header"))
	f.get("/casino", ada, withHeader("HX-Request", "true"), withHeader("HX-Target", "main"))
	if len(f.site.rendered.pages) != before {
		t.Error("a fragment was cached")
	}
}

// Pages read the session through the session cache: a second page of the
// same player within its lifetime does not query the database.
func TestPlayerPagesUseTheSessionCache(t *testing.T) {
	f := newFixture(t)
	c := withCookie(f.login("ada@example.com", true))
	f.get("/casino", c)
	n := f.deps.Sessions.CacheQueries()
	f.get("/casino", c).has(t, "Ada Lovelace")
	f.get("/promotions", c).has(t, "Ada Lovelace")
	if got := f.deps.Sessions.CacheQueries(); got != n {
		t.Errorf("%d session queries for two more pages, want none", got-n)
	}
}

// The cached page follows every input: query-selected modal, language,
// settings, front-end releases, operator scripts.
func TestSharedPageInvalidation(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.get("/casino").has(t, "Aurum Casino", `data-modal=""`)
	f.get("/casino?modal=login").has(t, `data-modal="profile"`)

	t.Run("settings", func(t *testing.T) {
		patch, _ := json.Marshal(map[string]any{"brandName": "Argentum Casino"})
		if _, err := f.deps.Settings.Update(ctx, patch); err != nil {
			t.Fatal(err)
		}
		r := f.get("/casino")
		r.has(t, "Argentum Casino")
		r.lacks(t, "Aurum Casino")
	})

	t.Run("frontends", func(t *testing.T) {
		old := f.releases["lobby"].Entry
		f.get("/casino").has(t, old)
		rel, err := f.deps.Frontends.Publish(ctx, "lobby", fstest.MapFS{
			frontends.EntryFile("lobby"): {Data: []byte("/* lobby v2 */")},
		})
		if err != nil {
			t.Fatal(err)
		}
		r := f.get("/casino")
		r.has(t, rel.Entry)
		r.lacks(t, old)
	})

	t.Run("scripts", func(t *testing.T) {
		f.get("/casino").lacks(t, "opLate")
		if err := f.deps.Scripts.Put(ctx, scripts.Script{Key: "late", BodyEnd: `<script>window.opLate=1</script>`, Audience: scripts.ForAll}, 9); err != nil {
			t.Fatal(err)
		}
		r := f.get("/casino")
		n := nonces(t, r)
		r.has(t, `<script nonce=`+n+`>window.opLate=1</script>`)
	})

	t.Run("unchanged scripts keep the entry", func(t *testing.T) {
		f.get("/casino")
		hits := f.site.rendered.hits.Load()
		f.get("/casino") // scriptsTTL is 0: the scripts are re-read, unchanged
		if f.site.rendered.hits.Load() != hits+1 {
			t.Error("re-reading unchanged scripts invalidated the page")
		}
	})
}

func TestRenderCacheBounded(t *testing.T) {
	f := newFixture(t)
	f.site.rendered.max = 3
	for i := range 10 {
		if r := f.get("/casino/games/g" + strconv.Itoa(i)); r.status != http.StatusOK {
			t.Fatalf("status %d", r.status)
		}
	}
	if n := len(f.site.rendered.pages); n > 3 {
		t.Errorf("%d cached pages, limit 3", n)
	}
}

// The pre-compressed variant is one valid gzip member (the reader checks the
// CRC-32 and size) holding the same page with its own fresh nonce.
func TestSharedPageGzip(t *testing.T) {
	f := newFixture(t)
	plain := f.get("/casino")
	for range 2 { // miss, then hit
		r := f.get("/casino", withHeader("Accept-Encoding", "br, gzip;q=0.8"))
		if r.header.Get("Content-Encoding") != "gzip" || !strings.Contains(strings.Join(r.header.Values("Vary"), ","), "Accept-Encoding") {
			t.Fatalf("headers %v", r.header)
		}
		if got := r.header.Get("Content-Length"); got != strconv.Itoa(len(r.body)) {
			t.Errorf("Content-Length %s, body %d bytes", got, len(r.body))
		}
		zr, err := gzip.NewReader(strings.NewReader(r.body))
		if err != nil {
			t.Fatal(err)
		}
		zr.Multistream(false)
		body, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("gzip body: %v", err)
		}
		n := nonces(t, response{header: r.header, body: string(body)})
		if strings.ReplaceAll(string(body), n, "N") != strings.ReplaceAll(plain.body, nonces(t, plain), "N") {
			t.Error("gzip page differs from the plain one")
		}
		if len(r.body)*2 > len(plain.body) {
			t.Errorf("gzip %d bytes for a %d-byte page", len(r.body), len(plain.body))
		}
	}
	if r := f.get("/casino", withHeader("Accept-Encoding", "gzip;q=0, identity")); r.header.Get("Content-Encoding") != "" {
		t.Error("gzip;q=0 got gzip")
	}
}

func TestAcceptsGzip(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"gzip, deflate, br, zstd", true},
		{"br;q=1.0, gzip;q=0.5", true},
		{"gzip;q=0", false},
		{"gzip; q=0.000", false},
		{"identity", false},
		{"*", true},
		{"deflate, *;q=0", false},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		if tc.header != "" {
			r.Header.Set("Accept-Encoding", tc.header)
		}
		if got := acceptsGzip(r); got != tc.want {
			t.Errorf("acceptsGzip(%q) = %v", tc.header, got)
		}
	}
}
