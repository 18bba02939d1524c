package account

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"casino/bff/captcha"
)

func TestCaptchaSwitch(t *testing.T) {
	f := newFixture(t)
	c, err := captcha.New([]byte("k"))
	if err != nil {
		t.Fatal(err)
	}
	f.svc.Captcha = c
	solved := func() string {
		ch, err := c.NewChallenge()
		if err != nil {
			t.Fatal(err)
		}
		p, err := captcha.Solve(ch)
		if err != nil {
			t.Fatal(err)
		}
		return p.Encode()
	}
	with := func(token string) map[string]any {
		body := map[string]any{}
		for k, v := range annSignUp {
			body[k] = v
		}
		body["recaptchaToken"] = token
		return body
	}

	// Off (the demo's default): no token needed.
	if status, body := f.call(t, "POST", "/api/user/sign-up", with(""), ""); status != 200 {
		t.Fatalf("captcha off: %d %v", status, body)
	}
	if _, err := f.svc.settings.Update(context.Background(), json.RawMessage(`{"features":{"captcha":true}}`)); err != nil {
		t.Fatal(err)
	}
	login := func(token string) (int, map[string]any) {
		return f.call(t, "POST", "/api/user/login", map[string]any{"email": annSignUp["email"], "password": annSignUp["password"], "recaptchaToken": token}, "")
	}
	cases := []struct {
		name   string
		token  string
		status int
	}{
		{"missing", "", 400},
		{"garbage", "bm9wZQ==", 400},
		{"solved", solved(), 200},
	}
	for _, tc := range cases {
		status, body := login(tc.token)
		if status != tc.status {
			t.Fatalf("%s: %d %v", tc.name, status, body)
		}
		if status == 400 {
			e := body["error"].(map[string]any)
			if e["code"] != "CAPTCHA_FAILED" || e["fields"].(map[string]any)["recaptchaToken"] == nil {
				t.Fatalf("%s: %v", tc.name, e)
			}
		}
	}
	// One solution buys one attempt.
	token := solved()
	login(token)
	if status, _ := login(token); status != 400 {
		t.Fatalf("replayed solution: %d", status)
	}
	other := with("")
	other["email"] = "bob@example.com"
	other["nickname"] = "bob"
	if status, _ := f.call(t, "POST", "/api/user/sign-up", other, ""); status != 400 {
		t.Fatalf("sign-up without a solution while on: %d", status)
	}
	other["recaptchaToken"] = solved()
	if status, body := f.call(t, "POST", "/api/user/sign-up", other, ""); status != 200 {
		t.Fatalf("sign-up with a solution: %d %v", status, body)
	}
}

func TestLoginCookiesAndSessionCookieFromToken(t *testing.T) {
	f := newFixture(t)
	token, _ := f.register(t, annSignUp)

	// The ?at= hand-over: a one-time code for this host (httptest's
	// example.com, a mirror here) becomes a new session and its cookie; the
	// bearer token alone no longer does.
	if err := f.svc.PutMirror(context.Background(), "https://example.com", MirrorSettings{}); err != nil {
		t.Fatal(err)
	}
	status, body := f.call(t, "POST", "/api/user/handover", map[string]any{"target": "https://example.com/deposit"}, token)
	if status != 200 {
		t.Fatalf("handover: %d %v", status, body)
	}
	code := data(body)["code"].(string)
	if status, _ := f.call(t, "POST", "/api/user/handover", map[string]any{"target": "https://evil.example/"}, token); status != 400 {
		t.Fatalf("handover to a foreign site: %d", status)
	}
	r := httptest.NewRequest("POST", "/api/user/session-cookie", strings.NewReader(`{"code":"`+code+`"}`))
	rec := httptest.NewRecorder()
	f.mux.ServeHTTP(rec, r)
	cookies := strings.Join(rec.Header().Values("Set-Cookie"), "\n")
	if rec.Code != 200 || !strings.Contains(cookies, "casino_session=") || strings.Contains(cookies, token) || !strings.Contains(cookies, "HttpOnly") ||
		!strings.Contains(cookies, "casino_auth=1") {
		t.Fatalf("session-cookie: %d %s", rec.Code, cookies)
	}
	for _, body := range []string{`{"code":"` + code + `"}`, `{"code":"not-a-code"}`, `{}`} {
		r = httptest.NewRequest("POST", "/api/user/session-cookie", strings.NewReader(body))
		r.Header.Set("Authorization", "Bearer "+token)
		rec = httptest.NewRecorder()
		f.mux.ServeHTTP(rec, r)
		if rec.Code != 410 || len(rec.Header().Values("Set-Cookie")) != 0 {
			t.Fatalf("%s: %d %v", body, rec.Code, rec.Header().Values("Set-Cookie"))
		}
	}

	// Login: session cookie, state cookie and the 1-year registered cookie.
	r = httptest.NewRequest("POST", "/api/user/login", strings.NewReader(`{"email":"ann@example.com","password":"secret1x"}`))
	rec = httptest.NewRecorder()
	f.mux.ServeHTTP(rec, r)
	cookies = strings.Join(rec.Header().Values("Set-Cookie"), "\n")
	for _, want := range []string{"casino_session=", "casino_auth=1", "casino_registered=1", "Max-Age=31536000"} {
		if !strings.Contains(cookies, want) {
			t.Fatalf("login cookies lack %q: %s", want, cookies)
		}
	}
	// Logout: the state cookie says the server ended the session.
	r = httptest.NewRequest("POST", "/api/user/logout", nil)
	r.Header.Set("Authorization", "Bearer "+token)
	rec = httptest.NewRecorder()
	f.mux.ServeHTTP(rec, r)
	if cookies = strings.Join(rec.Header().Values("Set-Cookie"), "\n"); !strings.Contains(cookies, "casino_auth=0") {
		t.Fatalf("logout cookies: %s", cookies)
	}
}
