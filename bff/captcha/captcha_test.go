package captcha

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"
)

func newTestService(t *testing.T) *Service {
	t.Helper()
	s, err := New([]byte("test-key"))
	if err != nil {
		t.Fatal(err)
	}
	s.maxNumber = 2000 // keep Solve fast
	return s
}

func solved(t *testing.T, s *Service) Payload {
	t.Helper()
	c, err := s.NewChallenge()
	if err != nil {
		t.Fatal(err)
	}
	if c.Algorithm != Algorithm || c.MaxNumber != s.maxNumber || c.Signature == "" {
		t.Fatalf("challenge %+v", c)
	}
	p, err := Solve(c)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestVerify(t *testing.T) {
	s := newTestService(t)
	other, _ := New([]byte("another-key"))
	tamper := func(f func(*Payload)) string {
		p := solved(t, s)
		f(&p)
		return p.Encode()
	}
	cases := []struct {
		name  string
		token func() string
		want  error
	}{
		{"valid", func() string { return solved(t, s).Encode() }, nil},
		{"empty", func() string { return "" }, ErrMissing},
		{"not base64", func() string { return "%%%" }, ErrMalformed},
		{"not json", func() string { return base64.StdEncoding.EncodeToString([]byte("nope")) }, ErrMalformed},
		{"other algorithm", func() string { return tamper(func(p *Payload) { p.Algorithm = "SHA-1" }) }, ErrMalformed},
		{"wrong number", func() string { return tamper(func(p *Payload) { p.Number++ }) }, ErrInvalid},
		{"forged signature", func() string { return tamper(func(p *Payload) { p.Signature = other.sign(p.Challenge, 0) }) }, ErrInvalid},
		{"changed salt", func() string { return tamper(func(p *Payload) { p.Salt = "00" + p.Salt }) }, ErrInvalid},
		{"oversized", func() string { return string(make([]byte, 4096)) }, ErrMalformed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := s.Verify(tc.token()); !errors.Is(err, tc.want) {
				t.Fatalf("Verify = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestOneUseAndExpiry(t *testing.T) {
	s := newTestService(t)
	token := solved(t, s).Encode()
	if err := s.Verify(token); err != nil {
		t.Fatal(err)
	}
	if err := s.Verify(token); !errors.Is(err, ErrReplayed) {
		t.Fatalf("second use = %v, want ErrReplayed", err)
	}

	late := solved(t, s).Encode()
	s.now = func() time.Time { return time.Now().Add(DefaultTTL + time.Second) }
	if err := s.Verify(late); !errors.Is(err, ErrExpired) {
		t.Fatalf("after the TTL = %v, want ErrExpired", err)
	}
	if len(s.used) != 0 {
		t.Fatalf("expired challenges are forgotten, still %d", len(s.used))
	}
}

func TestRandomKeyWhenNoneGiven(t *testing.T) {
	a, _ := New(nil)
	b, _ := New(nil)
	a.maxNumber = 500
	p, err := Solve(mustChallenge(t, a))
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Verify(p.Encode()); !errors.Is(err, ErrInvalid) {
		t.Fatalf("another server's challenge = %v, want ErrInvalid", err)
	}
}

func mustChallenge(t *testing.T, s *Service) Challenge {
	c, err := s.NewChallenge()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestIssueLimitPerAddress(t *testing.T) {
	s := newTestService(t)
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	s.issued.SetClock(func() time.Time { return now })
	h := s.Handler(func(r *http.Request) string { return r.Header.Get("X-Test-IP") })
	get := func(ip string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "/api/user/captcha-challenge", nil)
		req.Header.Set("X-Test-IP", ip)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	for i := 0; i < IssueLimit; i++ {
		if rec := get("203.0.113.7"); rec.Code != 200 {
			t.Fatalf("challenge %d: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	rec := get("203.0.113.7")
	var body struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("refusal not JSON: %s", rec.Body)
	}
	if rec.Code != 429 || body.Error.Code != "TOO_MANY_REQUESTS" || body.Error.Message != "Try again later" {
		t.Fatalf("over the limit: %d %s", rec.Code, rec.Body)
	}
	if ra := rec.Header().Get("Retry-After"); ra != "601" {
		t.Fatalf("Retry-After %q, want 601", ra)
	}
	if rec := get("198.51.100.1"); rec.Code != 200 {
		t.Fatalf("another address refused: %d", rec.Code)
	}
	now = now.Add(IssueWindow + time.Second)
	if rec := get("203.0.113.7"); rec.Code != 200 {
		t.Fatalf("after the window: %d", rec.Code)
	}
}

func TestSameKeyVerifiesAcrossInstances(t *testing.T) {
	key := []byte("stored-key")
	before, _ := New(key)
	before.maxNumber = 500
	p, err := Solve(mustChallenge(t, before))
	if err != nil {
		t.Fatal(err)
	}
	after, _ := New(key) // the process restarted with the stored key
	if err := after.Verify(p.Encode()); err != nil {
		t.Fatalf("challenge from before the restart = %v", err)
	}
}

// Issue 18, item 13: the hash covers salt+number as one string, so digits of
// the number could be moved into the salt's expiry ("expires=1700000000" +
// "42" → "expires=17000000004", number 2): a solved challenge that never
// expires. The expiry is signed on its own now.
func TestSplicedExpiryIsRefused(t *testing.T) {
	s := newTestService(t)
	p := solved(t, s)
	digits := strconv.FormatInt(p.Number, 10)
	for len(digits) < 2 { // need a digit to move and one to keep
		p = solved(t, s)
		digits = strconv.FormatInt(p.Number, 10)
	}
	spliced := p
	spliced.Salt = p.Salt + digits[:len(digits)-1]
	spliced.Number, _ = strconv.ParseInt(digits[len(digits)-1:], 10, 64)
	if hashHex(spliced.Salt, spliced.Number) != p.Challenge {
		t.Fatal("splice does not keep the hash")
	}
	s.now = func() time.Time { return time.Now().Add(DefaultTTL + time.Hour) }
	if err := s.Verify(spliced.Encode()); err == nil {
		t.Fatal("a challenge with its expiry spliced verified after the TTL")
	}
}
