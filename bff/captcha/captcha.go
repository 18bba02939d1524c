// Package captcha is the self-hosted challenge behind recaptchaToken: the
// proof-of-work scheme of ALTCHA (https://altcha.org). The server hands out a
// signed challenge; the browser finds the number whose SHA-256 with the salt
// equals it (about maxNumber/2 hashes, under a second) and sends the answer
// back as a base64 JSON payload. Nothing leaves the casino and nothing tracks
// the player: the cost of the work is what slows down automated sign-ups and
// password guessing.
//
// The Go module altcha-lib-go is not served by this project's module proxy,
// so the documented scheme is implemented here with crypto/sha256 and
// crypto/hmac; payloads are interchangeable with ALTCHA's libraries.
package captcha

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"casino/bff/api"
	"casino/bff/throttle"
)

// Algorithm is the only hash the scheme uses here.
const Algorithm = "SHA-256"

// Defaults: a challenge lives 10 minutes; the secret number is drawn below
// DefaultMaxNumber (~50 000 hashes on average, ~0.2 s in a browser).
const (
	DefaultTTL       = 10 * time.Minute
	DefaultMaxNumber = 100_000
)

// One client address gets at most IssueLimit challenges per IssueWindow: a
// player needs one per login or sign-up attempt, and the limit keeps a farm
// from stockpiling challenges to solve in parallel. It is above the 20 failed
// logins per address and 15 minutes of bff/account, so the login throttle
// speaks first to a guesser.
const (
	IssueLimit  = 30
	IssueWindow = 10 * time.Minute
)

// Errors a payload can fail with. Callers map them to one API error.
var (
	ErrMissing   = errors.New("captcha: no payload")
	ErrMalformed = errors.New("captcha: malformed payload")
	ErrInvalid   = errors.New("captcha: wrong solution or signature")
	ErrExpired   = errors.New("captcha: challenge expired")
	ErrReplayed  = errors.New("captcha: challenge already used")
	// ErrTooMany: the address asked for more than IssueLimit challenges.
	ErrTooMany = fmt.Errorf("captcha: too many challenges: %w", api.ErrTooManyRequests)
)

// Challenge is what the browser gets (ALTCHA's challenge JSON).
type Challenge struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	MaxNumber int64  `json:"maxnumber"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// Payload is the browser's answer, base64(JSON) in recaptchaToken.
type Payload struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	Number    int64  `json:"number"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// Service issues and verifies challenges. Solved challenges are remembered
// until they expire, so one solution buys one login or sign-up attempt.
type Service struct {
	key       []byte
	ttl       time.Duration
	maxNumber int64
	now       func() time.Time

	mu   sync.Mutex
	used map[string]time.Time // challenge → expiry

	issued *throttle.Window // challenges per client address
}

// New returns a Service signing with key. The server passes a key stored in
// the database so challenges survive a restart; an empty key draws a random
// one (tests, or a database that could not give one).
func New(key []byte) (*Service, error) {
	if len(key) == 0 {
		key = make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, fmt.Errorf("captcha key: %w", err)
		}
	}
	return &Service{key: key, ttl: DefaultTTL, maxNumber: DefaultMaxNumber, now: time.Now, used: map[string]time.Time{},
		issued: throttle.New(IssueWindow)}, nil
}

// ChallengeFor issues a challenge to the client at address, at most
// IssueLimit per IssueWindow (ErrTooMany beyond).
func (s *Service) ChallengeFor(address string) (Challenge, error) {
	if !s.issued.Take(address, IssueLimit) {
		return Challenge{}, fmt.Errorf("%s: %w", address, ErrTooMany)
	}
	return s.NewChallenge()
}

// Handler serves GET /api/user/captcha-challenge; clientIP gives the
// caller's address (bff/geo, which knows the trusted proxies). A refusal is
// 429 TOO_MANY_REQUESTS "Try again later" with Retry-After in seconds.
func (s *Service) Handler(clientIP func(*http.Request) string) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		address := r.RemoteAddr
		if clientIP != nil {
			address = clientIP(r)
		}
		ch, err := s.ChallengeFor(address)
		if errors.Is(err, ErrTooMany) {
			wait := s.issued.RetryAfter(address)
			w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		}
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", "no-store")
		return api.WriteData(w, ch)
	}
}

// NewChallenge draws a salt and a secret number and signs the result.
func (s *Service) NewChallenge() (Challenge, error) {
	raw := make([]byte, 12)
	if _, err := rand.Read(raw); err != nil {
		return Challenge{}, err
	}
	n, err := rand.Int(rand.Reader, big.NewInt(s.maxNumber))
	if err != nil {
		return Challenge{}, err
	}
	// ALTCHA carries parameters in the salt's query part. The hash alone
	// does not protect the expiry: sha256(salt+number) is the same when
	// digits of the number move to the end of the salt's expires=, so the
	// signature covers the expiry as a separate input too (issue 18, item 13).
	expires := s.now().Add(s.ttl).Unix()
	salt := hex.EncodeToString(raw) + "?expires=" + strconv.FormatInt(expires, 10)
	challenge := hashHex(salt, n.Int64())
	return Challenge{Algorithm: Algorithm, Challenge: challenge, MaxNumber: s.maxNumber, Salt: salt, Signature: s.sign(challenge, expires)}, nil
}

// Verify checks a base64 JSON payload: signature, solution, expiry and
// single use.
func (s *Service) Verify(token string) error {
	token = strings.TrimSpace(token)
	if token == "" {
		return ErrMissing
	}
	if len(token) > 2048 {
		return ErrMalformed
	}
	raw, err := base64.StdEncoding.DecodeString(token)
	if err != nil {
		if raw, err = base64.RawURLEncoding.DecodeString(token); err != nil {
			return ErrMalformed
		}
	}
	var p Payload
	if err := json.Unmarshal(raw, &p); err != nil || p.Algorithm != Algorithm || p.Salt == "" || p.Number < 0 {
		return ErrMalformed
	}
	expires, ok := saltExpiry(p.Salt)
	if !ok || !equal(s.sign(p.Challenge, expires.Unix()), p.Signature) || !equal(hashHex(p.Salt, p.Number), p.Challenge) {
		return ErrInvalid
	}
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	for c, exp := range s.used {
		if !now.Before(exp) {
			delete(s.used, c)
		}
	}
	if !now.Before(expires) {
		return ErrExpired
	}
	if _, seen := s.used[p.Challenge]; seen {
		return ErrReplayed
	}
	s.used[p.Challenge] = expires
	return nil
}

// Solve finds the number of a challenge, as the browser does. Tests and
// command-line clients use it.
func Solve(c Challenge) (Payload, error) {
	for n := int64(0); n <= c.MaxNumber; n++ {
		if hashHex(c.Salt, n) == c.Challenge {
			return Payload{Algorithm: c.Algorithm, Challenge: c.Challenge, Number: n, Salt: c.Salt, Signature: c.Signature}, nil
		}
	}
	return Payload{}, errors.New("captcha: no solution")
}

// Encode turns a payload into the recaptchaToken string.
func (p Payload) Encode() string {
	b, _ := json.Marshal(p)
	return base64.StdEncoding.EncodeToString(b)
}

// sign covers the challenge and, as its own input, the expiry.
func (s *Service) sign(challenge string, expires int64) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(challenge))
	m.Write([]byte{0})
	m.Write([]byte(strconv.FormatInt(expires, 10)))
	return hex.EncodeToString(m.Sum(nil))
}

func hashHex(salt string, n int64) string {
	sum := sha256.Sum256([]byte(salt + strconv.FormatInt(n, 10)))
	return hex.EncodeToString(sum[:])
}

func equal(a, b string) bool {
	return len(a) == len(b) && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

func saltExpiry(salt string) (time.Time, bool) {
	_, query, ok := strings.Cut(salt, "?")
	if !ok {
		return time.Time{}, false
	}
	v, err := url.ParseQuery(query)
	if err != nil {
		return time.Time{}, false
	}
	sec, err := strconv.ParseInt(v.Get("expires"), 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(sec, 0), true
}
