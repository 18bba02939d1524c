package server

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"casino/bff/geo"
	"casino/bff/realtime"
	"casino/bff/scripts"
	"casino/bff/session"
)

type testServer struct {
	*App
	URL string
}

func start(t testing.TB, cfg Config) *testServer {
	t.Helper()
	content := t.TempDir()
	os.MkdirAll(filepath.Join(content, "locales"), 0o755)
	os.WriteFile(filepath.Join(content, "locales", "en.json"), []byte(`{"header.login":"Log in"}`), 0o644)
	cfg.DataDir, cfg.ContentDir = t.TempDir(), content
	cfg.Geo = testGeoConfig(t)
	app, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	h, err := app.Handler()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(func() { srv.Close(); app.Close() })
	return &testServer{App: app, URL: srv.URL}
}

// testGeoConfig points at the data files npm ci installs at the repository
// root (CASINO_NODE_MODULES overrides).
func testGeoConfig(t testing.TB) geo.Config {
	t.Helper()
	nm := os.Getenv("CASINO_NODE_MODULES")
	if nm == "" {
		nm, _ = filepath.Abs("../../node_modules")
	}
	return geo.Config{
		GeoIPDB:      filepath.Join(nm, "@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb"),
		BordersFile:  filepath.Join(nm, "@rapideditor/country-coder/src/data/borders.json"),
		CrawlersFile: filepath.Join(nm, "crawler-user-agents/crawler-user-agents.json"),
	}
}

func (s *testServer) do(t *testing.T, method, path, body string, header map[string]string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, s.URL+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	raw, _ := io.ReadAll(res.Body)
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s %s: not JSON (%d): %.200s", method, path, res.StatusCode, raw)
	}
	return res.StatusCode, out
}

func errorCode(body map[string]any) string {
	e, _ := body["error"].(map[string]any)
	code, _ := e["code"].(string)
	return code
}

func TestAPIContract(t *testing.T) {
	s := start(t, Config{})
	ctx := context.Background()
	s.Scripts.Put(ctx, scripts.Script{Key: "all", Head: "<meta>", Audience: scripts.ForAll}, 0)
	s.Scripts.Put(ctx, scripts.Script{Key: "auth", Audience: scripts.ForAuthUsers}, 1)
	s.Scripts.Put(ctx, scripts.Script{Key: "dep", Audience: scripts.ForDepositors}, 2)

	tests := []struct {
		name, method, path, body string
		wantStatus               int
		wantCode                 string
		check                    func(t *testing.T, body map[string]any)
	}{
		{name: "settings2", method: "GET", path: "/api/core/casino/settings2", wantStatus: 200, check: func(t *testing.T, b map[string]any) {
			d := b["data"].(map[string]any)
			if d["apiVersion"] != "1.0" || d["referAFriendPercent"].(float64) != 0 {
				t.Errorf("settings2 = %v", d)
			}
			if d["pageUrls"].(map[string]any)["cashback"] != "/cashback" {
				t.Errorf("pageUrls = %v", d["pageUrls"])
			}
		}},
		{name: "scripts for all", method: "GET", path: "/api/core/casino/scripts", wantStatus: 200, check: wantScripts("all")},
		{name: "scripts for players", method: "GET", path: "/api/core/casino/scripts?enableAuthUsers=true", wantStatus: 200, check: wantScripts("all", "auth")},
		{name: "scripts for depositors", method: "GET", path: "/api/core/casino/scripts?enableAuthUsers=true&enableDepositors=true", wantStatus: 200, check: wantScripts("all", "auth", "dep")},
		{name: "scripts bad flag", method: "GET", path: "/api/core/casino/scripts?enableDepositors=maybe", wantStatus: 400, wantCode: "INVALID_FORMAT"},
		{name: "log page view", method: "POST", path: "/api/user/log-event", body: `{"event":"PAGE_VIEW","data":{"url":"/casino"},"mkt":"m1","userDeviceType":"mobile","cpncToSent":"c1"}`, wantStatus: 200},
		{name: "log event missing name", method: "POST", path: "/api/user/log-event", body: `{"data":{}}`, wantStatus: 400, wantCode: "VALIDATION_ERROR", check: func(t *testing.T, b map[string]any) {
			if f := b["error"].(map[string]any)["fields"].(map[string]any); f["event"] != "Required" {
				t.Errorf("fields = %v", f)
			}
		}},
		{name: "log event malformed", method: "POST", path: "/api/user/log-event", body: `{"event":`, wantStatus: 400, wantCode: "INVALID_FORMAT"},
		{name: "events need a token", method: "GET", path: "/api/user/events", wantStatus: 403, wantCode: "FORBIDDEN"},
		{name: "unknown api path", method: "GET", path: "/api/user/nope", wantStatus: 404, wantCode: "NOT_FOUND"},
		{name: "unknown language", method: "GET", path: "/api/core/casino/locales/xx.json", wantStatus: 404, wantCode: "UNKNOWN_LANGUAGE"},
		{name: "frontends", method: "GET", path: "/api/core/casino/frontends", wantStatus: 200},
		{name: "upload without deploy token", method: "POST", path: "/api/core/casino/frontends/lobby", body: "x", wantStatus: 403, wantCode: "FORBIDDEN"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := s.do(t, tt.method, tt.path, tt.body, nil)
			if status != tt.wantStatus {
				t.Fatalf("status %d, want %d: %v", status, tt.wantStatus, body)
			}
			if tt.wantCode != "" && errorCode(body) != tt.wantCode {
				t.Fatalf("code %q, want %q", errorCode(body), tt.wantCode)
			}
			if tt.check != nil {
				tt.check(t, body)
			}
		})
	}
	var n int
	s.DB.Read.QueryRow(`SELECT COUNT(*) FROM event_log WHERE event = 'PAGE_VIEW' AND json_extract(data, '$.url') = '/casino' AND mkt = 'm1' AND cpnc = 'c1' AND device_type = 'mobile'`).Scan(&n)
	if n != 1 {
		t.Errorf("stored page views = %d, want 1", n)
	}
}

func wantScripts(keys ...string) func(*testing.T, map[string]any) {
	return func(t *testing.T, b map[string]any) {
		list := b["data"].([]any)
		var got []string
		for _, item := range list {
			got = append(got, item.(map[string]any)["key"].(string))
		}
		if strings.Join(got, ",") != strings.Join(keys, ",") {
			t.Errorf("scripts = %v, want %v", got, keys)
		}
	}
}

func TestSystemToken(t *testing.T) {
	s := start(t, Config{SystemToken: "sys"})
	if status, body := s.do(t, "GET", "/api/core/casino/settings2", "", nil); status != 403 || errorCode(body) != "FORBIDDEN" {
		t.Errorf("without system token: %d %v", status, body)
	}
	if status, _ := s.do(t, "GET", "/api/core/casino/settings2", "", map[string]string{"X-System-Token": "sys"}); status != 200 {
		t.Errorf("with system token: %d", status)
	}
}

func TestRealtimeStream(t *testing.T) {
	s := start(t, Config{})
	ctx := context.Background()
	res, _ := s.DB.Write.Exec(`INSERT INTO users(email) VALUES ('p@example.com')`)
	uid, _ := res.LastInsertId()
	token, err := s.Sessions.Create(ctx, uid, "", "")
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequestWithContext(ctx, "GET", s.URL+"/api/user/events", nil)
	req.AddCookie(&http.Cookie{Name: session.CookieName, Value: token}) // EventSource sends the cookie, never a query token
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("stream: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	lines := bufio.NewScanner(resp.Body)
	for lines.Scan() && lines.Text() != ": connected" {
	}
	s.Realtime.Publish(uid, realtime.Event{Name: realtime.FailedDeposit, Data: map[string]string{"method": "visa"}})
	s.Realtime.Publish(uid+1, realtime.Event{Name: realtime.Credit, Data: map[string]string{"win": "1"}}) // someone else's
	deadline := time.After(5 * time.Second)
	got := make(chan string, 2)
	go func() {
		for lines.Scan() {
			if l := lines.Text(); l != "" {
				got <- l
			}
		}
	}()
	want := []string{"event: failedDeposit", `data: {"method":"visa"}`}
	for _, w := range want {
		select {
		case l := <-got:
			if l != w {
				t.Fatalf("line %q, want %q", l, w)
			}
		case <-deadline:
			t.Fatal("event not delivered")
		}
	}
}

func TestShellPageAndCountryBlock(t *testing.T) {
	cfg := Config{}
	s := start(t, cfg)
	ctx := context.Background()
	if _, err := s.Settings.Update(ctx, []byte(`{"excludedCountries":["DE"]}`)); err != nil {
		t.Fatal(err)
	}
	get := func(path, xff, ua string) (int, string) {
		req, _ := http.NewRequest("GET", s.URL+path, nil)
		if xff != "" {
			req.Header.Set("X-Forwarded-For", xff)
		}
		if ua != "" {
			req.Header.Set("User-Agent", ua)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	status, body := get("/casino", "", "")
	if status != 200 || !strings.Contains(body, `id="mf-page"`) || strings.Contains(body, "Site Unavailable in Your Country") {
		t.Fatalf("/casino from loopback: %d", status)
	}
	// Without trusted proxies the header is the visitor's own claim: ignored.
	if _, body := get("/casino", "193.99.144.80", ""); strings.Contains(body, "Site Unavailable in Your Country") {
		t.Fatal("spoofed X-Forwarded-For blocked the page")
	}
}

func TestCountryBlockBehindTrustedProxy(t *testing.T) {
	cfg := Config{}
	content := t.TempDir()
	os.MkdirAll(filepath.Join(content, "locales"), 0o755)
	os.WriteFile(filepath.Join(content, "locales", "en.json"), []byte(`{}`), 0o644)
	cfg.DataDir, cfg.ContentDir = t.TempDir(), content
	cfg.Geo = testGeoConfig(t)
	var err error
	if cfg.Geo.TrustedProxies, err = geo.ParsePrefixes("127.0.0.1/32"); err != nil {
		t.Fatal(err)
	}
	app, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	app.Settings.Update(context.Background(), []byte(`{"excludedCountries":["DE"]}`))
	h, _ := app.Handler()
	srv := httptest.NewServer(h)
	defer srv.Close()
	tests := []struct {
		name, xff, ua string
		blocked       bool
	}{
		{"german visitor", "193.99.144.80", "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0", true},
		{"german crawler", "193.99.144.80", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", false},
		{"american visitor", "8.8.8.8", "Mozilla/5.0 Chrome/120.0", false},
	}
	for _, tt := range tests {
		req, _ := http.NewRequest("GET", srv.URL+"/casino", nil)
		req.Header.Set("X-Forwarded-For", tt.xff)
		req.Header.Set("User-Agent", tt.ua)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		got := strings.Contains(string(b), "Site Unavailable in Your Country")
		if got != tt.blocked {
			t.Errorf("%s: blocked=%v, want %v", tt.name, got, tt.blocked)
		}
	}
}
