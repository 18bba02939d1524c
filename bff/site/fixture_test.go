package site

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"casino/bff/database"
	"casino/bff/frontends"
	"casino/bff/i18n"
	"casino/bff/scripts"
	"casino/bff/session"
	"casino/bff/settings"
	"casino/shell"
)

// fixture is a Site on a fresh database with published front ends, operator
// scripts for every audience and the real content/pages.
type fixture struct {
	t        testing.TB
	db       *database.DB
	deps     Deps
	site     *Site
	mux      *http.ServeMux
	releases map[string]frontends.Release
	blocked  *shell.CountryBlock // returned by CountryBlock when set
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	db, err := database.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })

	locales := filepath.Join(dir, "locales")
	os.MkdirAll(locales, 0o755)
	// A partial catalogue: the shell falls back to its own English labels for
	// the ids missing here.
	if err := os.WriteFile(filepath.Join(locales, "en.json"), []byte(`{"nav.casino":"Casino","header.login":"Log in","header.logout":"Log out"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, db: db}
	f.deps = Deps{
		Settings:  settings.NewStore(db),
		Sessions:  session.NewManager(db),
		Scripts:   scripts.NewStore(db),
		Frontends: frontends.NewRegistry(db, filepath.Join(dir, "frontends")),
		Catalog:   i18n.NewCatalog(locales),
		Pages:     os.DirFS("../../content/pages"),
		CountryBlock: func(w http.ResponseWriter, r *http.Request, st *settings.Settings, loggedIn bool) (*shell.CountryBlock, error) {
			if loggedIn {
				return nil, nil
			}
			return f.blocked, nil
		},
	}
	f.releases = map[string]frontends.Release{}
	for _, name := range frontends.Names {
		rel, err := f.deps.Frontends.Publish(ctx, name, fstest.MapFS{
			frontends.EntryFile(name): {Data: []byte("/* " + name + " */")},
		})
		if err != nil {
			t.Fatal(err)
		}
		f.releases[name] = rel
	}
	for i, sc := range []scripts.Script{
		{Key: "everyone", Head: `<meta name="op-everyone" content="1">`, BodyEnd: `<script>window.opEveryone=1</script>`, Audience: scripts.ForAll},
		{Key: "players", BodyStart: `<SCRIPT src="https://tags.example/players.js"></SCRIPT>`, Audience: scripts.ForAuthUsers},
		{Key: "depositors", BodyEnd: `<script>window.opDepositors=1</script>`, Audience: scripts.ForDepositors},
	} {
		if err := f.deps.Scripts.Put(ctx, sc, i); err != nil {
			t.Fatal(err)
		}
	}
	f.site, err = New(f.deps)
	if err != nil {
		t.Fatal(err)
	}
	f.site.scriptsTTL = 0
	f.mux = http.NewServeMux()
	// The lead's API prefix, registered as bff/server does: the site's
	// catch-all must not conflict with it.
	f.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) { http.Error(w, `{"error":{}}`, 404) })
	f.site.Routes(f.mux)
	return f
}

// login creates a player and returns their session cookie.
func (f *fixture) login(email string, depositor bool) *http.Cookie {
	f.t.Helper()
	ctx := context.Background()
	deposits := 0
	if depositor {
		deposits = 2
	}
	res, err := f.db.Write.ExecContext(ctx, `INSERT INTO users(email, first_name, last_name, deposit_count) VALUES (?, 'Ada', 'Lovelace', ?)`, email, deposits)
	if err != nil {
		f.t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	token, err := f.deps.Sessions.Create(ctx, id, "127.0.0.1", "test")
	if err != nil {
		f.t.Fatal(err)
	}
	return &http.Cookie{Name: session.CookieName, Value: token}
}

type response struct {
	status int
	header http.Header
	body   string
}

func (f *fixture) get(target string, opts ...func(*http.Request)) response {
	f.t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for _, o := range opts {
		o(req)
	}
	rec := httptest.NewRecorder()
	f.mux.ServeHTTP(rec, req)
	body, _ := io.ReadAll(rec.Result().Body)
	return response{status: rec.Code, header: rec.Result().Header, body: string(body)}
}

func withCookie(c *http.Cookie) func(*http.Request) {
	return func(r *http.Request) { r.AddCookie(c) }
}

func withHeader(k, v string) func(*http.Request) {
	return func(r *http.Request) { r.Header.Set(k, v) }
}

func (r response) has(t *testing.T, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(r.body, w) {
			t.Errorf("body lacks %q", w)
		}
	}
}

func (r response) lacks(t *testing.T, unwanted ...string) {
	t.Helper()
	for _, w := range unwanted {
		if strings.Contains(r.body, w) {
			t.Errorf("body unexpectedly contains %q", w)
		}
	}
}
