package geo

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"
)

const (
	deIP = "193.99.144.80:40000" // Germany
	brIP = "200.160.2.3:40000"   // Brazil
	usIP = "8.8.8.8:40000"       // United States
)

func TestDecide(t *testing.T) {
	svc, _ := testService(t, serviceOpts{trusted: "10.0.0.0/8"})
	svc.Blocker.SetWhitelist([]netip.Prefix{netip.MustParsePrefix("200.160.0.0/16")})
	excluded := []string{"de", "BR", "PR"}
	googlebot := "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	bingbot := "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"
	tests := []struct {
		name     string
		target   string
		remote   string
		headers  map[string]string
		cookie   *http.Cookie
		loggedIn bool
		excluded []string
		blocked  bool
		reason   string
		country  string
		ip       string
	}{
		{name: "excluded country", remote: deIP, blocked: true, reason: ReasonBlocked, country: "DE", ip: "193.99.144.80"},
		{name: "allowed country", remote: usIP, reason: ReasonNotExcluded, country: "US", ip: "8.8.8.8"},
		{name: "no excluded countries configured", remote: deIP, excluded: []string{}, reason: ReasonNoExcludedConfig, country: "DE"},
		{name: "unknown country (private address)", remote: "192.168.0.10:1234", reason: ReasonUnknownCountry},
		{name: "logged-in player", remote: deIP, loggedIn: true, reason: ReasonLoggedIn, country: "DE"},
		{name: "URL flag", target: "/casino?whitelisted=1", remote: deIP, reason: ReasonWhitelistURL, country: "DE"},
		{name: "URL flag other value", target: "/casino?whitelisted=yes", remote: deIP, blocked: true, reason: ReasonBlocked, country: "DE"},
		{name: "whitelist cookie", remote: deIP, cookie: &http.Cookie{Name: WhitelistCookie, Value: "1"}, reason: ReasonWhitelistCookie, country: "DE"},
		{name: "whitelisted IP (CIDR)", remote: brIP, reason: ReasonWhitelistedIP, country: "BR", ip: "200.160.2.3"},
		{name: "Googlebot", remote: deIP, headers: map[string]string{"User-Agent": googlebot}, reason: ReasonBot, country: "DE"},
		{name: "Bingbot", remote: deIP, headers: map[string]string{"User-Agent": bingbot}, reason: ReasonBot, country: "DE"},
		{name: "headless browser is not a bot", remote: deIP, headers: map[string]string{"User-Agent": "Mozilla/5.0 HeadlessChrome/138.0.0.0 Safari/537.36"}, blocked: true, reason: ReasonBlocked, country: "DE"},
		{name: "visitor cookie without a verification", remote: deIP, cookie: &http.Cookie{Name: VisitorCookie, Value: "AAAAAAAAAAAAAAAAAAAAAA"}, blocked: true, reason: ReasonBlocked, country: "DE"},
		{name: "through a trusted proxy", remote: "10.0.0.5:1234", headers: map[string]string{"X-Forwarded-For": "193.99.144.80"}, blocked: true, reason: ReasonBlocked, country: "DE", ip: "193.99.144.80"},
		{name: "spoofed X-Forwarded-For from an untrusted peer", remote: deIP, headers: map[string]string{"X-Forwarded-For": "8.8.8.8"}, blocked: true, reason: ReasonBlocked, country: "DE", ip: "193.99.144.80"},
		{name: "spoofed whitelisted address left of the client is ignored", remote: "10.0.0.5:1234", headers: map[string]string{"X-Forwarded-For": "200.160.2.3, 193.99.144.80"}, blocked: true, reason: ReasonBlocked, country: "DE", ip: "193.99.144.80"},
		{name: "spoofed allowed country from an untrusted peer", remote: deIP, headers: map[string]string{"Forwarded": "for=8.8.8.8"}, blocked: true, reason: ReasonBlocked, country: "DE"},
		{name: "IPv6 visitor", remote: "[2a02:2e0:3fe:1001:302::1]:443", blocked: true, reason: ReasonBlocked, country: "DE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			target := tt.target
			if target == "" {
				target = "/casino"
			}
			r := request("GET", target, tt.remote, tt.headers)
			if tt.cookie != nil {
				r.AddCookie(tt.cookie)
			}
			ex := excluded
			if tt.excluded != nil {
				ex = tt.excluded
			}
			d, err := svc.Decide(httptest.NewRecorder(), r, tt.loggedIn, ex)
			if err != nil {
				t.Fatal(err)
			}
			if d.Blocked != tt.blocked || d.Reason != tt.reason {
				t.Errorf("Blocked, Reason = %v, %q; want %v, %q", d.Blocked, d.Reason, tt.blocked, tt.reason)
			}
			if d.Country.Code != tt.country {
				t.Errorf("Country = %+v, want %q", d.Country, tt.country)
			}
			if tt.ip != "" && d.IP.String() != tt.ip {
				t.Errorf("IP = %s, want %s", d.IP, tt.ip)
			}
			if d.Date.IsZero() {
				t.Error("Date not set")
			}
		})
	}
}

func TestDecideNoticeFields(t *testing.T) {
	svc, _ := testService(t, serviceOpts{})
	d, err := svc.Decide(nil, request("GET", "/", deIP, nil), false, []string{"DE"})
	if err != nil {
		t.Fatal(err)
	}
	if !d.Blocked || d.Country != (Country{Code: "DE", Name: "Germany"}) || d.IP.String() != "193.99.144.80" ||
		!d.Date.Equal(time.Date(2026, 6, 20, 12, 0, 0, 0, time.UTC)) {
		t.Errorf("decision = %+v", d)
	}
}

// A territory's IP is blocked when its country is excluded.
func TestDecideTerritoryOfExcludedCountry(t *testing.T) {
	svc, _ := testService(t, serviceOpts{})
	// Reverse lookups of territories are covered in TestReverify; here the
	// rule itself: PR is a US territory in the borders data.
	if !svc.Blocker.excludedCode([]string{"US"}, "PR") || svc.Blocker.excludedCode([]string{"PR"}, "US") {
		t.Error("excluding US must cover PR, and not the other way round")
	}
}

func TestWhitelistURLFlagSetsCookie(t *testing.T) {
	svc, _ := testService(t, serviceOpts{})
	w := httptest.NewRecorder()
	if _, err := svc.Decide(w, request("GET", "/casino?whitelisted=1", deIP, nil), false, []string{"DE"}); err != nil {
		t.Fatal(err)
	}
	cookies := w.Result().Cookies()
	if len(cookies) != 1 || cookies[0].Name != WhitelistCookie || cookies[0].Value != "1" || !cookies[0].HttpOnly {
		t.Fatalf("cookies = %+v", cookies)
	}
	// The next visit, without the URL flag, carries the cookie.
	r := request("GET", "/promotions", deIP, nil)
	r.AddCookie(cookies[0])
	d, err := svc.Decide(nil, r, false, []string{"DE"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Blocked || d.Reason != ReasonWhitelistCookie {
		t.Errorf("second visit: %+v", d)
	}
}

func TestReverifyAndVerifiedFlag(t *testing.T) {
	svc, clk := testService(t, serviceOpts{})
	excluded := []string{"DE"}

	// Blocked at first.
	d, err := svc.Decide(nil, request("GET", "/", deIP, nil), false, excluded)
	if err != nil || !d.Blocked {
		t.Fatalf("first visit: %+v, %v", d, err)
	}

	// Reverify from Paris: verified, cookie set.
	w := httptest.NewRecorder()
	res, err := svc.Blocker.Reverify(w, request("POST", "/api/user/reverify-location", deIP, nil), 48.8566, 2.3522, excluded)
	if err != nil {
		t.Fatal(err)
	}
	wantUntil := clk.Now().Add(DefaultVerificationTTL)
	if res.Blocked || res.Country.Code != "FR" || res.Country.Name != "France" || !res.VerifiedUntil.Equal(wantUntil) {
		t.Errorf("Reverify = %+v, want FR until %v", res, wantUntil)
	}
	var visitor *http.Cookie
	for _, c := range w.Result().Cookies() {
		if c.Name == VisitorCookie {
			visitor = c
		}
	}
	if visitor == nil || !visitor.HttpOnly || len(visitor.Value) != visitorIDLen {
		t.Fatalf("visitor cookie = %+v", visitor)
	}

	visit := func() *Decision {
		t.Helper()
		r := request("GET", "/", deIP, nil)
		r.AddCookie(visitor)
		d, err := svc.Decide(nil, r, false, excluded)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	if d := visit(); d.Blocked || d.Reason != ReasonVerified || !d.VerifiedUntil.Equal(wantUntil) {
		t.Errorf("after reverify: %+v", d)
	}
	clk.Advance(23 * time.Hour)
	if d := visit(); d.Blocked {
		t.Errorf("after 23h: %+v", d)
	}
	clk.Advance(time.Hour)
	if d := visit(); !d.Blocked || d.Reason != ReasonBlocked {
		t.Errorf("after 24h the verification must have expired: %+v", d)
	}

	// Reverify again with the same cookie renews the same visitor.
	w = httptest.NewRecorder()
	r := request("POST", "/api/user/reverify-location", deIP, nil)
	r.AddCookie(visitor)
	if _, err := svc.Blocker.Reverify(w, r, 48.8566, 2.3522, excluded); err != nil {
		t.Fatal(err)
	}
	if c := w.Result().Cookies(); len(c) != 1 || c[0].Value != visitor.Value {
		t.Errorf("renewal cookies = %+v, want the same visitor id", c)
	}
	if d := visit(); d.Blocked {
		t.Errorf("after renewal: %+v", d)
	}
}

func TestReverifyRejections(t *testing.T) {
	svc, _ := testService(t, serviceOpts{})
	tests := []struct {
		name     string
		lat, lon float64
		excluded []string
		wantErr  error
		code     string
	}{
		{name: "Berlin in excluded DE", lat: 52.52, lon: 13.405, excluded: []string{"DE"}, wantErr: ErrCountryExcluded, code: "DE"},
		{name: "São Paulo in excluded BR", lat: -23.5505, lon: -46.6333, excluded: []string{"br"}, wantErr: ErrCountryExcluded, code: "BR"},
		{name: "San Juan when US excluded", lat: 18.4655, lon: -66.1057, excluded: []string{"US"}, wantErr: ErrCountryExcluded, code: "PR"},
		{name: "Hong Kong when HK excluded", lat: 22.3193, lon: 114.1694, excluded: []string{"HK"}, wantErr: ErrCountryExcluded, code: "HK"},
		{name: "open sea", lat: 30, lon: -40, excluded: []string{"DE"}, wantErr: ErrNoCountry},
		{name: "latitude out of range", lat: 95, lon: 0, wantErr: ErrInvalidCoordinates},
		{name: "longitude out of range", lat: 0, lon: -200, wantErr: ErrInvalidCoordinates},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			res, err := svc.Blocker.Reverify(w, request("POST", "/", deIP, nil), tt.lat, tt.lon, tt.excluded)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if res.Country.Code != tt.code {
				t.Errorf("country = %q, want %q", res.Country.Code, tt.code)
			}
			if len(w.Result().Cookies()) != 0 {
				t.Error("a failed reverify set a cookie")
			}
		})
	}
}

// A configured ReverseGeocoder replaces the borders lookup.
type fixedGeocoder struct{ place Place }

func (f fixedGeocoder) Reverse(context.Context, float64, float64) (Place, error) { return f.place, nil }

func TestReverifyWithCustomGeocoder(t *testing.T) {
	db := testDB(t)
	svc, err := New(Config{
		GeoIPDB: geoIPPath(t), BordersFile: bordersPath(t), CrawlersFile: crawlersPath(t),
		Reverse: fixedGeocoder{Place{Code: "AT", Sovereign: "AT"}},
	}, db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	res, err := svc.Blocker.Reverify(httptest.NewRecorder(), request("POST", "/", deIP, nil), 52.52, 13.405, []string{"DE"})
	if err != nil || res.Country.Code != "AT" || res.Country.Name != "Austria" {
		t.Errorf("Reverify = %+v, %v", res, err)
	}
}

func TestNewMissingDataFiles(t *testing.T) {
	db := testDB(t)
	_, err := New(Config{GeoIPDB: t.TempDir() + "/missing.mmdb"}, db, nil)
	if err == nil || !strings.Contains(err.Error(), "npm ci") {
		t.Errorf("New with a missing database: %v, want an error mentioning npm ci", err)
	}
}

// BenchmarkDecide measures the slowest path: a visitor from an excluded
// country with a verification cookie (IP lookup, bot check, database read).
func BenchmarkDecide(b *testing.B) {
	svc, _ := testService(b, serviceOpts{})
	r := request("GET", "/casino", deIP, nil)
	r.AddCookie(&http.Cookie{Name: VisitorCookie, Value: "AAAAAAAAAAAAAAAAAAAAAA"})
	excluded := []string{"DE"}
	b.ReportAllocs()
	for b.Loop() {
		d, err := svc.Decide(nil, r, false, excluded)
		if err != nil || !d.Blocked {
			b.Fatal(d, err)
		}
	}
}
