package session

import (
	"context"
	"crypto/tls"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"casino/bff/api"
	"casino/bff/database"
)

func newTestManager(t *testing.T) (*Manager, int64) {
	t.Helper()
	db, err := database.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	res, err := db.Write.Exec(`INSERT INTO users(email, first_name, last_name, deposit_count) VALUES ('ann@example.com', 'Ann', 'Lee', 2)`)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	return NewManager(db), id
}

func TestCreateResolveRevoke(t *testing.T) {
	m, uid := newTestManager(t)
	ctx := context.Background()
	token, err := m.Create(ctx, uid, "127.0.0.1", "test")
	if err != nil {
		t.Fatal(err)
	}
	if len(token) < 43 {
		t.Fatalf("token %q shorter than 256 bits", token)
	}
	p, err := m.Resolve(ctx, token)
	if err != nil {
		t.Fatal(err)
	}
	if p.ID != uid || p.DisplayName != "Ann Lee" || !p.Depositor {
		t.Fatalf("player = %+v", p)
	}
	var stored []byte
	m.db.Read.QueryRow(`SELECT token_hash FROM sessions`).Scan(&stored)
	if string(stored) == token {
		t.Fatal("token stored in clear")
	}
	if err := m.Revoke(ctx, token); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Resolve(ctx, token); !errors.Is(err, api.ErrForbidden) {
		t.Fatalf("after revoke err = %v, want forbidden", err)
	}
}

func TestExpiry(t *testing.T) {
	m, uid := newTestManager(t)
	ctx := context.Background()
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	m.now = func() time.Time { return start }
	token, _ := m.Create(ctx, uid, "", "")
	tests := []struct {
		name  string
		after time.Duration
		ok    bool
	}{
		{"fresh", time.Minute, true},
		{"idle too long", IdleTTL + time.Minute, false},
	}
	for _, tt := range tests {
		m.now = func() time.Time { return start.Add(tt.after) }
		_, err := m.Resolve(ctx, token)
		if (err == nil) != tt.ok {
			t.Errorf("%s: err = %v, want ok=%v", tt.name, err, tt.ok)
		}
	}
	// Activity keeps a session alive, but never past the absolute limit.
	for at := time.Duration(0); at < AbsoluteTTL; at += IdleTTL / 2 {
		m.now = func() time.Time { return start.Add(at) }
		m.Resolve(ctx, token)
	}
	m.now = func() time.Time { return start.Add(AbsoluteTTL) }
	if _, err := m.Resolve(ctx, token); err == nil {
		t.Error("session outlived its absolute TTL")
	}
}

func TestTokenFromRequest(t *testing.T) {
	tests := []struct {
		name   string
		header map[string]string
		cookie string
		want   string
	}{
		{"authorization bearer", map[string]string{"Authorization": "Bearer abc"}, "", "abc"},
		{"x-access-token", map[string]string{"X-Access-Token": "def"}, "", "def"},
		{"x-access-token with bearer", map[string]string{"X-Access-Token": "Bearer ghi"}, "", "ghi"},
		{"null from a client without a session", map[string]string{"Authorization": "Bearer null"}, "", ""},
		{"cookie", nil, "jkl", "jkl"},
		{"header wins over cookie", map[string]string{"Authorization": "Bearer abc"}, "jkl", "abc"},
		{"none", nil, "", ""},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		for k, v := range tt.header {
			r.Header.Set(k, v)
		}
		if tt.cookie != "" {
			r.AddCookie(&http.Cookie{Name: CookieName, Value: tt.cookie})
		}
		if got := (&Manager{}).TokenFromRequest(r); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// A token in the query string is never taken (it leaks through logs, history
// and Referer); with secure cookies only the __Host- cookie counts, so a
// cookie planted by a sibling subdomain or over plain http is ignored.
func TestTokenNotFromQueryNorPlainCookieWhenSecure(t *testing.T) {
	r := httptest.NewRequest("GET", "/api/user/events?accessToken=abc", nil)
	if got := (&Manager{}).TokenFromRequest(r); got != "" {
		t.Errorf("query token taken: %q", got)
	}
	secure := &Manager{SecureCookies: true}
	r.AddCookie(&http.Cookie{Name: CookieName, Value: "planted"})
	if got := secure.TokenFromRequest(r); got != "" {
		t.Errorf("secure manager took the plain cookie: %q", got)
	}
	r.AddCookie(&http.Cookie{Name: SecureCookieName, Value: "mine"})
	if got := secure.TokenFromRequest(r); got != "mine" {
		t.Errorf("secure manager: got %q, want the __Host- cookie", got)
	}
}

func TestCookieAttributes(t *testing.T) {
	for _, tt := range []struct {
		name       string
		m          *Manager
		tls        bool
		wantName   string
		wantSecure bool
	}{
		{"demo over http", &Manager{}, false, CookieName, false},
		{"demo with TLS at the server", &Manager{}, true, CookieName, true},
		{"secure cookies behind a proxy", &Manager{SecureCookies: true}, false, SecureCookieName, true},
	} {
		r := httptest.NewRequest("POST", "/api/user/login", nil)
		if tt.tls {
			r.TLS = &tls.ConnectionState{}
		}
		rec := httptest.NewRecorder()
		tt.m.SetCookie(rec, r, "tok")
		cookies := rec.Result().Cookies()
		if len(cookies) != 2 {
			t.Fatalf("%s: %d cookies", tt.name, len(cookies))
		}
		c, state := cookies[0], cookies[1]
		if c.Name != tt.wantName || c.Secure != tt.wantSecure || !c.HttpOnly || c.Path != "/" || c.Domain != "" || c.Value != "tok" {
			t.Errorf("%s: session cookie %+v", tt.name, c)
		}
		if state.Name != StateCookie || state.Secure != tt.wantSecure || state.HttpOnly {
			t.Errorf("%s: state cookie %+v", tt.name, state)
		}
	}
}

func TestRequireUser(t *testing.T) {
	m, uid := newTestManager(t)
	token, _ := m.Create(context.Background(), uid, "", "")
	h := api.HandlerFunc(m.RequireUser(func(w http.ResponseWriter, r *http.Request) error {
		return api.WriteData(w, PlayerFrom(r.Context()).ID)
	}))
	for _, tt := range []struct {
		auth string
		want int
	}{{"", 403}, {"Bearer wrong", 403}, {"Bearer " + token, 200}} {
		r := httptest.NewRequest("GET", "/api/user/x", nil)
		if tt.auth != "" {
			r.Header.Set("Authorization", tt.auth)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		if rec.Code != tt.want {
			t.Errorf("auth %q: status %d, want %d", tt.auth, rec.Code, tt.want)
		}
	}
}

func TestRevokeOthers(t *testing.T) {
	m, uid := newTestManager(t)
	ctx := context.Background()
	keep, _ := m.Create(ctx, uid, "", "")
	other, _ := m.Create(ctx, uid, "", "")
	p, _ := m.Resolve(ctx, keep)
	if err := m.RevokeOthers(ctx, p); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Resolve(ctx, keep); err != nil {
		t.Errorf("current session revoked: %v", err)
	}
	if _, err := m.Resolve(ctx, other); err == nil {
		t.Error("other session still valid")
	}
}
