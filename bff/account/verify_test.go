package account

import (
	"context"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"
)

var linkPattern = regexp.MustCompile(`/api/user/verify-email\?token=[A-Za-z0-9_%-]+`)

func (f *fixture) latestLink(t *testing.T, to string) string {
	t.Helper()
	msgs, err := f.svc.Mail.Recent(context.Background(), to, 1)
	if err != nil || len(msgs) == 0 {
		t.Fatalf("no mail to %s (%v)", to, err)
	}
	link := linkPattern.FindString(msgs[0].Text)
	if link == "" {
		t.Fatalf("no link in %q", msgs[0].Text)
	}
	return link
}

func (f *fixture) follow(t *testing.T, link string) string {
	t.Helper()
	rec := httptest.NewRecorder()
	f.mux.ServeHTTP(rec, httptest.NewRequest("GET", link, nil))
	if rec.Code != 303 {
		t.Fatalf("GET %s: %d", link, rec.Code)
	}
	return rec.Header().Get("Location")
}

func TestEmailVerification(t *testing.T) {
	f := newFixture(t)
	token, _ := f.register(t, annSignUp)
	link := f.latestLink(t, "ann@example.com")

	if loc := f.follow(t, link); loc != "/profile2/my-profile?emailVerified=1" {
		t.Fatalf("redirect = %q", loc)
	}
	_, d := f.call(t, "GET", "/api/user/get-user-details", nil, token)
	if data(d)["getUser"].(map[string]any)["isEmailVerified"] != true {
		t.Fatal("isEmailVerified still false")
	}
	if loc := f.follow(t, link); loc != "/?modal=verify-email-expired" {
		t.Fatalf("reused link redirect = %q", loc)
	}
	if status, b := f.call(t, "POST", "/api/user/resend-verification-email", nil, token); status != 409 {
		t.Fatalf("resend when verified: %d %v", status, b)
	}
}

func TestExpiredVerificationAndResend(t *testing.T) {
	f := newFixture(t)
	token, _ := f.register(t, annSignUp)
	old := f.latestLink(t, "ann@example.com")
	f.svc.now = func() time.Time { return time.Now().Add(VerificationTTL + time.Minute) }
	if loc := f.follow(t, old); loc != "/?modal=verify-email-expired" {
		t.Fatalf("expired link redirect = %q", loc)
	}
	f.svc.now = time.Now
	if status, b := f.call(t, "POST", "/api/user/resend-verification-email", nil, token); status != 200 {
		t.Fatalf("resend: %d %v", status, b)
	}
	fresh := f.latestLink(t, "ann@example.com")
	if fresh == old {
		t.Fatal("resend reused the old link")
	}
	if loc := f.follow(t, fresh); loc != "/profile2/my-profile?emailVerified=1" {
		t.Fatalf("fresh link redirect = %q", loc)
	}
	f.svc.Mail = nil
	f.svc.db.Write.Exec(`UPDATE users SET is_email_verified = 0`)
	status, b := f.call(t, "POST", "/api/user/resend-verification-email", nil, token)
	if status != 503 || b["error"].(map[string]any)["message"] != "Verification email not sent" {
		t.Fatalf("resend without mailer: %d %v", status, b)
	}
}

// send-credentials reaches the account's own address only: a one-click
// account's typed address becomes its e-mail and login; the password is
// delivered, never stored; the calls are limited (issue 18, item 6).
func TestSendCredentials(t *testing.T) {
	f := newFixture(t)
	f.register(t, annSignUp) // owns ann@example.com
	_, body := f.call(t, "POST", "/api/user/sign-up", map[string]any{"oneClick": true, "countryCode": "DE", "currencyCode": "EUR", "isAdult": true, "acceptTerms": true}, "")
	token := data(body)["accessToken"].(string)
	password := data(body)["credentials"].(map[string]any)["password"].(string)
	send := func(email, password string) (int, map[string]any) {
		return f.call(t, "POST", "/api/user/send-credentials", map[string]any{"email": email, "password": password}, token)
	}
	code := func(b map[string]any) any { e, _ := b["error"].(map[string]any); return e["code"] }

	if status, _ := send("me@example.com", "forged"); status != 400 {
		t.Fatalf("wrong password accepted: %d", status)
	}
	if status, b := send("ann@example.com", password); status == 200 {
		t.Fatalf("another player's address accepted: %v", b)
	}
	status, b := send("me@example.com", password)
	if status != 200 || data(b)["login"] != "me@example.com" {
		t.Fatalf("send credentials: %d %v", status, b)
	}
	msgs, _ := f.svc.Mail.Recent(context.Background(), "me@example.com", 5)
	if len(msgs) != 2 || msgs[0].Kind != "credentials" || !strings.Contains(msgs[0].Text, "Login: me@example.com") || !linkPattern.MatchString(msgs[1].Text) {
		t.Fatalf("mails to the new address = %+v", msgs)
	}
	var stored int
	f.svc.db.Read.QueryRow(`SELECT COUNT(*) FROM mail_outbox WHERE instr(body_text, ?) > 0`, password).Scan(&stored)
	if stored != 0 {
		t.Fatal("the outbox holds the password")
	}
	if status, _ := f.call(t, "POST", "/api/user/login", map[string]any{"email": "me@example.com", "password": password}, ""); status != 200 {
		t.Fatalf("login with the sent credentials: %d", status)
	}
	if status, b := send("other@example.com", password); status != 422 || code(b) != "CREDENTIALS_RECIPIENT" {
		t.Fatalf("a second address: %d %v", status, b)
	}
	if status, b := send("ME@example.com", password); status != 200 {
		t.Fatalf("again to the own address: %d %v", status, b)
	}
	if status, b := send("me@example.com", password); status != 429 {
		t.Fatalf("a sixth call within the hour: %d %v", status, b)
	}

	f.svc.credentialsSent = newCredentialsLimit()
	f.svc.Mail = nil
	status, b = send("me@example.com", password)
	if status != 503 || b["error"].(map[string]any)["message"] != "Failed to send credentials. Please try again." {
		t.Fatalf("without mailer: %d %v", status, b)
	}
}

// Links in e-mails never follow a Host header the caller chose: the public
// address, or a registered mirror's own URL when the request came in on it.
func TestVerificationLinkBase(t *testing.T) {
	f := newFixture(t)
	f.svc.PublicURL = "https://casino.example"
	if err := f.svc.PutMirror(context.Background(), "https://mirror.example", MirrorSettings{}); err != nil {
		t.Fatal(err)
	}
	token, _ := f.register(t, annSignUp)
	for _, tt := range []struct{ host, want string }{
		{"evil.example", "https://casino.example/api/user/verify-email?token="},
		{"mirror.example", "https://mirror.example/api/user/verify-email?token="},
	} {
		r := httptest.NewRequest("POST", "/api/user/resend-verification-email", nil)
		r.Host = tt.host
		r.Header.Set("Authorization", "Bearer "+token)
		rec := httptest.NewRecorder()
		f.mux.ServeHTTP(rec, r)
		if rec.Code != 200 {
			t.Fatalf("resend from %s: %d %s", tt.host, rec.Code, rec.Body)
		}
		msgs, err := f.svc.Mail.Recent(context.Background(), "ann@example.com", 1)
		if err != nil || len(msgs) == 0 {
			t.Fatal(err)
		}
		if !strings.Contains(msgs[0].Text, tt.want) || strings.Contains(msgs[0].Text, "evil.example") {
			t.Errorf("Host %s: mail links %q, want %s…", tt.host, msgs[0].Text, tt.want)
		}
	}
}
