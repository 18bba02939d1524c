package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"casino/bff/geo"
)

// The page's country-block decision writes on the page's response: the
// whitelist flag of ?whitelisted=1 becomes a cookie that lifts the block on
// later pages without the flag.
func TestPageSetsWhitelistCookie(t *testing.T) {
	content := t.TempDir()
	os.MkdirAll(filepath.Join(content, "locales"), 0o755)
	os.WriteFile(filepath.Join(content, "locales", "en.json"), []byte(`{}`), 0o644)
	cfg := Config{DataDir: t.TempDir(), ContentDir: content, Geo: testGeoConfig(t)}
	var err error
	if cfg.Geo.TrustedProxies, err = geo.ParsePrefixes("127.0.0.1/32"); err != nil {
		t.Fatal(err)
	}
	app, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	if _, err := app.Settings.Update(context.Background(), []byte(`{"excludedCountries":["DE"]}`)); err != nil {
		t.Fatal(err)
	}
	h, _ := app.Handler()
	srv := httptest.NewServer(h)
	defer srv.Close()
	get := func(path string, cookies []*http.Cookie) (*http.Response, string) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Header.Set("X-Forwarded-For", "193.99.144.80") // DE
		req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0")
		for _, c := range cookies {
			req.AddCookie(c)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	const notice = "Site Unavailable in Your Country"
	if _, body := get("/casino", nil); !strings.Contains(body, notice) {
		t.Fatal("German visitor not blocked")
	}
	res, body := get("/casino?whitelisted=1", nil)
	if strings.Contains(body, notice) {
		t.Fatal("whitelisted=1 still blocked")
	}
	var flag *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == geo.WhitelistCookie {
			flag = c
		}
	}
	if flag == nil || flag.Value != "1" || !flag.HttpOnly {
		t.Fatalf("page did not set the whitelist cookie: %v", res.Cookies())
	}
	if _, body := get("/promotions", []*http.Cookie{flag}); strings.Contains(body, notice) {
		t.Error("the whitelist cookie did not lift the block")
	}
}
