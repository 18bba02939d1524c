package i18n

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func writeCatalogues(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "en.json"), []byte(`{"a":"Deposit","b":"Withdraw"}`), 0o644)
	os.WriteFile(filepath.Join(dir, "de.json"), []byte(`{"a":"Einzahlen","b":""}`), 0o644)
	return dir
}

func TestFallbackToEnglish(t *testing.T) {
	c := NewCatalog(writeCatalogues(t))
	if got := c.Message("de", "a"); got != "Einzahlen" {
		t.Errorf("de a = %q", got)
	}
	if got := c.Message("de", "b"); got != "Withdraw" {
		t.Errorf("empty translation must fall back: %q", got)
	}
	if got := c.Message("fi", "a"); got != "Deposit" {
		t.Errorf("missing catalogue must fall back: %q", got)
	}
	if got := c.Message("en", "zzz"); got != "zzz" {
		t.Errorf("unknown id = %q", got)
	}
}

func TestHandler(t *testing.T) {
	dir := writeCatalogues(t)
	c := NewCatalog(dir)
	mux := http.NewServeMux()
	mux.Handle("GET /locales/{file}", c.Handler(func(*http.Request) ([]string, error) { return []string{"en", "de", "fi"}, nil }))
	tests := []struct {
		path string
		want int
	}{
		{"/locales/en.json", 200}, {"/locales/fi.json", 200}, {"/locales/xx.json", 404}, {"/locales/en.txt", 404}, {"/locales/..%2Fen.json", 404},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", tt.path, nil))
		if rec.Code != tt.want {
			t.Errorf("%s: %d, want %d", tt.path, rec.Code, tt.want)
		}
		if rec.Code == 200 && rec.Header().Get("Cache-Control") != "public, max-age=3600" {
			t.Errorf("%s: cache-control %q", tt.path, rec.Header().Get("Cache-Control"))
		}
	}
	// An operator's edit shows without a restart and changes the version.
	v1 := c.Version("de")
	later := time.Now().Add(2 * time.Second)
	os.WriteFile(filepath.Join(dir, "de.json"), []byte(`{"a":"Einzahlung"}`), 0o644)
	os.Chtimes(filepath.Join(dir, "de.json"), later, later)
	if got := c.Message("de", "a"); got != "Einzahlung" {
		t.Errorf("after edit = %q", got)
	}
	if c.Version("de") == v1 {
		t.Error("version did not change after an edit")
	}
	// Conditional request.
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest("GET", "/locales/en.json", nil))
	r := httptest.NewRequest("GET", "/locales/en.json", nil)
	r.Header.Set("If-None-Match", rec.Header().Get("ETag"))
	rec2 := httptest.NewRecorder()
	mux.ServeHTTP(rec2, r)
	if rec2.Code != 304 {
		t.Errorf("If-None-Match: %d, want 304", rec2.Code)
	}
}

// A micro-frontend asks for its own ids and the shared ones only.
func TestScopedCatalogue(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "en.json"), []byte(`{"lobby.title":"Casino","lobbyx.other":"X","cashier.title":"Cashier","ui.close":"Close","platform.crash":"Oops","shell.menu":"Menu"}`), 0o644)
	os.WriteFile(filepath.Join(dir, "de.json"), []byte(`{"lobby.title":"Kasino","ui.close":"Schließen"}`), 0o644)
	c := NewCatalog(dir)
	mux := http.NewServeMux()
	mux.Handle("GET /locales/{file}", c.Handler(func(*http.Request) ([]string, error) { return []string{"en", "de"}, nil }))
	get := func(path string, header ...string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", path, nil)
		if len(header) == 2 {
			r.Header.Set(header[0], header[1])
		}
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, r)
		return rec
	}
	for _, tc := range []struct{ path, want string }{
		{"/locales/de.json?scope=lobby", `{"lobby.title":"Kasino","platform.crash":"Oops","ui.close":"Schließen"}`},
		{"/locales/en.json?scope=cashier", `{"cashier.title":"Cashier","platform.crash":"Oops","ui.close":"Close"}`},
		{"/locales/en.json?scope=nothing", `{"platform.crash":"Oops","ui.close":"Close"}`},
	} {
		if rec := get(tc.path); rec.Code != 200 || rec.Body.String() != tc.want {
			t.Errorf("%s: %d %s, want %s", tc.path, rec.Code, rec.Body, tc.want)
		}
	}
	full, lobby := get("/locales/de.json"), get("/locales/de.json?scope=lobby")
	if full.Header().Get("ETag") == lobby.Header().Get("ETag") {
		t.Error("a scope has its own ETag")
	}
	if rec := get("/locales/de.json?scope=lobby", "If-None-Match", lobby.Header().Get("ETag")); rec.Code != 304 {
		t.Errorf("scoped If-None-Match: %d", rec.Code)
	}
	if rec := get("/locales/de.json?scope=../x"); rec.Code != 400 {
		t.Errorf("bad scope: %d, want 400", rec.Code)
	}
}
