package studio

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"casino/bff/session"
)

func TestHTTPErrorsAndPages(t *testing.T) {
	f := newFixture(t)
	mux := http.NewServeMux()
	sessions := session.NewManager(f.db)
	f.svc.Routes(mux, sessions)
	f.svc.PageRoutes(mux, sessions, contentDir(t))
	do := func(method, path, body string) (*httptest.ResponseRecorder, map[string]any) {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		var out map[string]any
		json.Unmarshal(rec.Body.Bytes(), &out)
		return rec, out
	}
	code := func(out map[string]any) string {
		e, _ := out["error"].(map[string]any)
		c, _ := e["code"].(string)
		return c
	}
	rec, out := do("POST", "/api/studio/sessions", `{"gameId":"fruit-fiesta","mode":"demo"}`)
	if rec.Code != 200 {
		t.Fatalf("launch %d %v", rec.Code, out)
	}
	sid := out["data"].(map[string]any)["sessionId"].(string)
	cases := []struct {
		method, path, body string
		status             int
		code               string
	}{
		{"POST", "/api/studio/sessions", `{"gameId":"nope"}`, 404, "GAME_NOT_FOUND"},
		{"POST", "/api/studio/sessions", `{"gameId":"fruit-fiesta","mode":"real"}`, 403, "FORBIDDEN"},
		{"POST", "/api/studio/sessions", `{"gameId":"fruit-fiesta","mode":"vip"}`, 400, "VALIDATION_ERROR"},
		{"POST", "/api/studio/sessions", `{bad json`, 400, "INVALID_FORMAT"},
		{"POST", "/api/studio/sessions/gs-nope/spin", `{"bet":"1.00"}`, 404, "NOT_FOUND"},
		{"POST", "/api/studio/sessions/" + sid + "/spin", `{"bet":"1.001"}`, 400, "VALIDATION_ERROR"},
		{"POST", "/api/studio/sessions/" + sid + "/spin", `{"bet":"1.00","bonusBuy":true}`, 400, "VALIDATION_ERROR"},
		{"POST", "/api/studio/sessions/" + sid + "/seeds", `{"clientSeed":"a:b"}`, 400, "VALIDATION_ERROR"},
		{"GET", "/api/studio/verify?game=fruit-fiesta&bet=1&serverSeed=zz&clientSeed=x&nonce=0", "", 400, "VALIDATION_ERROR"},
		{"GET", "/api/studio/rounds/sr-nope", "", 404, "NOT_FOUND"},
	}
	for _, c := range cases {
		rec, out := do(c.method, c.path, c.body)
		if rec.Code != c.status || code(out) != c.code {
			t.Errorf("%s %s %s: %d %v, want %d %s", c.method, c.path, c.body, rec.Code, out, c.status, c.code)
		}
	}
	rec, out = do("POST", "/api/studio/sessions/"+sid+"/spin", `{"bet":"1.00"}`)
	if rec.Code != 200 {
		t.Fatalf("spin %d %v", rec.Code, out)
	}
	for _, p := range []string{"/play/studio/fruit-fiesta", "/play/studio/european-roulette", "/provably-fair", "/provably-fair?game=fruit-fiesta&bet=1.00&serverSeed=" + strings.Repeat("a", 64) + "&clientSeed=x&nonce=1"} {
		rec, _ := do("GET", p, "")
		if rec.Code != 200 || !strings.Contains(rec.Header().Get("Content-Security-Policy"), "script-src 'self'") {
			t.Errorf("%s: %d %q", p, rec.Code, rec.Header().Get("Content-Security-Policy"))
		}
		if bytes.Contains(rec.Body.Bytes(), []byte("<script>")) {
			t.Errorf("%s: inline script", p)
		}
	}
	// A typed bet in a coin: read with the given factor, shown with its decimals.
	btcPage := "/provably-fair?game=fruit-fiesta&bet=0.000002&currency=btc&factor=20&serverSeed=" + strings.Repeat("a", 64) + "&clientSeed=x&nonce=1"
	if rec, _ := do("GET", btcPage, ""); !strings.Contains(rec.Body.String(), "0.00000200 · 0.00000200 BTC") || !strings.Contains(rec.Body.String(), `name="currency" value="BTC"`) {
		t.Errorf("BTC verification page: %d %s", rec.Code, rec.Body.String())
	}
	if rec, _ := do("GET", "/play/studio/nope", ""); rec.Code != 404 || !strings.Contains(rec.Body.String(), "GAME NOT FOUND") {
		t.Errorf("unknown game page %d", rec.Code)
	}
	for _, p := range []string{"/studio/thumbnails/../x.svg", "/studio/thumbnails/nope.svg", "/studio/thumbnails/fruit-fiesta.png"} {
		if rec, _ := do("GET", p, ""); rec.Code == 200 {
			t.Errorf("%s served", p)
		}
	}
	if rec, _ := do("GET", "/studio/static/slot.js", ""); rec.Code != 200 {
		t.Errorf("static %d", rec.Code)
	}
}

// The operator's RTS 14 setting reaches the game page: its launch config
// carries it with the minimum spin time, the page shows the session's net
// position and time and offers no quick spin; off, the reverse.
func TestRTS14ReachesTheSlotPage(t *testing.T) {
	f := newFixture(t)
	mux := http.NewServeMux()
	f.svc.PageRoutes(mux, session.NewManager(f.db), contentDir(t))
	rts := false
	f.svc.RTS14 = func(context.Context) bool { return rts }
	page := func() (map[string]any, string) {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", "/play/studio/fruit-fiesta", nil))
		body := rec.Body.String()
		_, rest, _ := strings.Cut(body, `<script type="application/json" id="studio-config">`)
		raw, _, _ := strings.Cut(rest, "</script>")
		var cfg map[string]any
		if err := json.Unmarshal([]byte(raw), &cfg); err != nil {
			t.Fatalf("config %q: %v", raw, err)
		}
		return cfg, body
	}
	cfg, body := page()
	if cfg["rts14"] != false || cfg["minSpinMs"] != nil || !strings.Contains(body, `id="quick"`) || strings.Contains(body, `id="net"`) {
		t.Errorf("off: config %v, quick spin offered %v, net shown %v", cfg, strings.Contains(body, `id="quick"`), strings.Contains(body, `id="net"`))
	}
	rts = true
	cfg, body = page()
	if cfg["rts14"] != true || cfg["minSpinMs"] != float64(MinSpinMillis) || cfg["gameId"] != "fruit-fiesta" {
		t.Errorf("on: config %v", cfg)
	}
	if strings.Contains(body, `id="quick"`) || !strings.Contains(body, `id="net"`) || !strings.Contains(body, `id="elapsed"`) || strings.Contains(strings.ToLower(body), "autoplay") {
		t.Errorf("on: quick spin offered %v, net %v, elapsed %v", strings.Contains(body, `id="quick"`), strings.Contains(body, `id="net"`), strings.Contains(body, `id="elapsed"`))
	}
}

// RTS 14 on the server: a session's spins are a game cycle apart whatever
// the client does (less a network allowance); a refused round gives its
// slot back; other sessions and RTS 14 off are not paced.
func TestRTS14PacesSpinsOnTheServer(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	now := time.Date(2026, 3, 29, 0, 59, 59, 0, time.UTC)
	f.svc.Now = func() time.Time { return now }
	rts := true
	f.svc.RTS14 = func(context.Context) bool { return rts }
	launch := func() *Session {
		l, err := f.svc.Launch(ctx, nil, "fruit-fiesta", "")
		if err != nil {
			t.Fatal(err)
		}
		sess, _ := f.svc.Session(ctx, l.ID)
		return sess
	}
	a, b := launch(), launch()
	spin := func(sess *Session, bet string) error { _, err := f.svc.Spin(ctx, sess, bet, false); return err }
	if err := spin(a, "0.50"); err != nil {
		t.Fatal(err)
	}
	now = now.Add(time.Second)
	if err := spin(a, "0.50"); !errors.Is(err, ErrSpinTooSoon) {
		t.Fatalf("1 s later: %v", err)
	}
	if err := spin(b, "0.50"); err != nil {
		t.Fatalf("another session: %v", err)
	}
	now = now.Add(time.Duration(MinSpinMillis)*time.Millisecond - paceAllowance - time.Second)
	if err := spin(a, "0.50"); err != nil {
		t.Fatalf("a cycle (less the allowance) later: %v", err)
	}
	// A refused round gives its slot back: the next spin may come at once.
	now = now.Add(3 * time.Second)
	undo, ok := f.svc.pace.take(a.ID, now, time.Second)
	if !ok {
		t.Fatal("a cycle later: refused")
	}
	undo()
	if err := spin(a, "0.50"); err != nil {
		t.Fatalf("after a refused round: %v", err)
	}
	rts = false
	if err := spin(a, "0.50"); err != nil {
		t.Fatalf("RTS 14 off: %v", err)
	}
}
