package server

import (
	"context"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"casino/bff/clock"
	"casino/bff/staff"
)

// staffLogin creates a member of role and logs in through the API; the
// staff clock moves a step on so each log-in has a fresh code.
func staffLogin(t *testing.T, ts *testServer, c *clock.Manual, email, role string) *http.Cookie {
	t.Helper()
	m, err := ts.Staff.Create(context.Background(), email, role, "a long staff password", "cli:test")
	if err != nil {
		t.Fatal(err)
	}
	c.Advance(30 * time.Second)
	code, err := totp.GenerateCodeCustom(m.Secret, c.Now(), totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	body := `{"email":"` + email + `","password":"a long staff password","code":"` + code + `"}`
	res, err := http.Post(ts.URL+"/api/backoffice/login", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	for _, ck := range res.Cookies() {
		if (ck.Name == staff.CookieName || ck.Name == staff.SecureCookieName) && ck.Value != "" {
			if !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode {
				t.Fatalf("staff cookie %+v", ck)
			}
			return ck
		}
	}
	t.Fatalf("log-in of %s: %d, no staff cookie", email, res.StatusCode)
	return nil
}

// TestBackofficePermissionMatrix calls every back-office route with no
// session, with a player's session, and as every role: no staff session is
// 401, a role without the route's permission is 403, and a role with it
// gets past both checks (whatever the call then answers for a made-up id).
func TestBackofficePermissionMatrix(t *testing.T) {
	ts := start(t, Config{})
	c := clock.NewManual(time.Now().UTC())
	ts.Staff.Clock = c
	cookies := map[string]*http.Cookie{}
	for _, role := range staff.Roles {
		cookies[role] = staffLogin(t, ts, c, role+"@staff.example", role)
	}
	routes := ts.Staff.Routes()
	if len(routes) < 3 {
		t.Fatalf("only %d back-office routes", len(routes))
	}
	// Log-out ends the session: it goes last.
	slices.SortStableFunc(routes, func(a, b staff.Route) int {
		return map[bool]int{true: 1, false: 0}[strings.HasSuffix(a.Pattern, "/logout")] - map[bool]int{true: 1, false: 0}[strings.HasSuffix(b.Pattern, "/logout")]
	})
	call := func(rt staff.Route, header map[string]string, ck *http.Cookie) int {
		method, path, _ := strings.Cut(rt.Pattern, " ")
		path = wildcard.ReplaceAllString(path, "0")
		var body io.Reader
		if method != http.MethodGet {
			body = strings.NewReader(`{}`)
		}
		req, _ := http.NewRequest(method, ts.URL+path, body)
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		for k, v := range header {
			req.Header.Set(k, v)
		}
		if ck != nil {
			req.AddCookie(ck)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	// A player's token or cookie is no staff session.
	_, player := cashierPlayer(t, ts)
	for _, rt := range routes {
		if got := call(rt, nil, nil); got != http.StatusUnauthorized {
			t.Errorf("%s without a session: %d, want 401", rt.Pattern, got)
		}
		if got := call(rt, map[string]string{"Authorization": "Bearer " + player}, &http.Cookie{Name: "casino_session", Value: player}); got != http.StatusUnauthorized {
			t.Errorf("%s with a player's session: %d, want 401", rt.Pattern, got)
		}
		if got := call(rt, nil, &http.Cookie{Name: staff.CookieName, Value: "forged"}); got != http.StatusUnauthorized {
			t.Errorf("%s with a made-up staff cookie: %d, want 401", rt.Pattern, got)
		}
		for _, role := range staff.Roles {
			got := call(rt, nil, cookies[role])
			allowed := rt.Permission == "" || staff.Can(role, rt.Permission)
			switch {
			case !allowed && got != http.StatusForbidden:
				t.Errorf("%s as %s: %d, want 403", rt.Pattern, role, got)
			case allowed && (got == http.StatusForbidden || got == http.StatusUnauthorized):
				t.Errorf("%s as %s: %d, want past the permission check", rt.Pattern, role, got)
			}
		}
	}
}

// Production names the staff cookie __Host-casino_staff and marks it Secure,
// as it does the players' session cookie.
func TestBackofficeCookieInProduction(t *testing.T) {
	ts := start(t, Config{Mode: ModeProduction, PublicURL: "https://casino.example"})
	c := clock.NewManual(time.Now().UTC())
	ts.Staff.Clock = c
	ck := staffLogin(t, ts, c, "boss@staff.example", staff.RoleAdmin)
	if ck.Name != staff.SecureCookieName || !ck.Secure || ck.Path != "/" || ck.Domain != "" {
		t.Fatalf("production staff cookie %+v", ck)
	}
}
