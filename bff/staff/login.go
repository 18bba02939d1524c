package staff

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"casino/bff/account"
	"casino/bff/api"
)

// RequestHeader carries the session's request token: every back-office
// call needs it beside the cookie. The back-office page keeps it in its own
// tab (sessionStorage), which the casino's pages on the same origin cannot
// read, so a script on a player page cannot ride a staff member's cookie.
const RequestHeader = "X-Staff-Token"

// requestToken is the session's request token: an HMAC of the session
// token's hash under a key the server draws once (database.DB.Secret).
func (s *Service) requestToken(ctx context.Context, tokenHash []byte) (string, error) {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if s.requestKey == nil {
		k, err := s.db.Secret(ctx, "staff-request-token", 32)
		if err != nil {
			return "", err
		}
		s.requestKey = k
	}
	mac := hmac.New(sha256.New, s.requestKey)
	mac.Write(tokenHash)
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil)), nil
}

// checkRequestToken compares the request's header with the session's token.
func (s *Service) checkRequestToken(r *http.Request, m *Member) error {
	want, err := s.requestToken(r.Context(), m.tokenHash)
	if err != nil {
		return err
	}
	if got := r.Header.Get(RequestHeader); got == "" || subtle.ConstantTimeCompare([]byte(got), []byte(want)) != 1 {
		return ErrNoSession
	}
	return nil
}

// The staff cookie: HttpOnly, SameSite=Strict, its own name so nothing of a
// player's session ever authenticates staff (or the reverse). With secure
// cookies (production) the __Host- prefix makes the browser refuse it
// unless it is Secure, host-only and for path "/".
const (
	CookieName       = "casino_staff"
	SecureCookieName = "__Host-casino_staff"
)

const (
	// AbsoluteTTL: a staff session lasts a working day at most.
	AbsoluteTTL = 12 * time.Hour
	// IdleTTL logs out a back office left alone.
	IdleTTL    = 30 * time.Minute
	touchEvery = time.Minute
	// totpPeriod is RFC 6238's time step; codes of the step before and after
	// are accepted too (clock drift).
	totpPeriod = 30
)

// LoginRequest is the body of POST /api/backoffice/login.
type LoginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Code     string `json:"code"`
}

// Login checks the password and the two-factor code together and starts a
// session. Every failure answers the same error after the same work, and the
// attempts are throttled as players' log-ins are (per address, per account
// and address, and a growing delay per account).
func (s *Service) Login(ctx context.Context, req LoginRequest, ip, userAgent string) (string, *Member, error) {
	email := strings.TrimSpace(req.Email)
	v := api.Validation{}
	if email == "" || len(email) > 254 {
		v.Add("email", "Required")
	}
	if req.Password == "" || len(req.Password) > 128 {
		v.Add("password", "Required")
	}
	code := strings.TrimSpace(req.Code)
	if code == "" || len(code) > 10 {
		v.Add("code", "Required")
	}
	if err := v.Err(); err != nil {
		return "", nil, err
	}
	done, allowed := s.throttle.Begin("staff:"+strings.ToLower(email), ip, false)
	if !allowed {
		return "", nil, fmt.Errorf("staff login %s throttled: %w", ip, api.ErrTooManyRequests)
	}
	var (
		m            Member
		hash, secret string
		lastStep     int64
		found        = true
	)
	err := s.db.Read.QueryRowContext(ctx, `SELECT id, email, role, password_hash, totp_secret, totp_last_step FROM staff WHERE email = ? AND disabled = 0`, email).
		Scan(&m.ID, &m.Email, &m.Role, &hash, &secret, &lastStep)
	if errors.Is(err, sql.ErrNoRows) {
		found, hash = false, dummyHash
	} else if err != nil {
		done(false)
		return "", nil, fmt.Errorf("staff login: %w", err)
	}
	ok, err := account.VerifyPassword(ctx, req.Password, hash)
	if err != nil {
		done(false)
		return "", nil, fmt.Errorf("staff login: %w", err)
	}
	step := int64(0)
	if found && ok {
		step, ok = s.checkCode(secret, code, lastStep)
	}
	if !found || !ok {
		done(false)
		return "", nil, ErrInvalidCredentials
	}
	// The code is used up: the same code cannot log in a second time (a
	// shoulder-surfed or phished code replayed within its 30 seconds).
	res, err := s.db.Write.ExecContext(ctx, `UPDATE staff SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?`, step, m.ID, step)
	if err != nil {
		done(false)
		return "", nil, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		done(false)
		return "", nil, ErrInvalidCredentials
	}
	done(true)
	token, err := s.createSession(ctx, m.ID, ip, userAgent)
	if err != nil {
		return "", nil, err
	}
	m.Permissions = PermissionsOf(m.Role)
	return token, &m, nil
}

// checkCode validates an RFC 6238 code for the current step or one either
// side, newer than the last accepted step; it returns the matching step.
func (s *Service) checkCode(secret, code string, lastStep int64) (int64, bool) {
	now := s.now()
	step := now.Unix() / totpPeriod
	for _, d := range []int64{0, -1, 1} {
		st := step + d
		if st <= lastStep {
			continue
		}
		ok, err := totp.ValidateCustom(code, secret, time.Unix(st*totpPeriod, 0).UTC(), totp.ValidateOpts{
			Period: totpPeriod, Skew: 0, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1,
		})
		if err == nil && ok {
			return st, true
		}
	}
	return 0, false
}

// dummyHash is checked against when the e-mail is unknown, so the answer
// takes as long either way.
var dummyHash, _ = account.HashPassword(context.Background(), "staff-timing-equaliser")

func (s *Service) createSession(ctx context.Context, staffID int64, ip, userAgent string) (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	now := s.now()
	if len(userAgent) > 512 {
		userAgent = userAgent[:512]
	}
	_, err := s.db.Write.ExecContext(ctx, `INSERT INTO staff_sessions(token_hash, staff_id, created_at, last_seen_at, expires_at, ip, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		hashToken(token), staffID, now.Format(stampLayout), now.Format(stampLayout), now.Add(AbsoluteTTL).Format(stampLayout), ip, userAgent)
	if err != nil {
		return "", fmt.Errorf("staff session: %w", err)
	}
	return token, nil
}

// Resolve returns the member behind a session token, or ErrNoSession.
func (s *Service) Resolve(ctx context.Context, token string) (*Member, error) {
	if token == "" || len(token) > 128 {
		return nil, ErrNoSession
	}
	h := hashToken(token)
	var m Member
	var expires, seen string
	err := s.db.Read.QueryRowContext(ctx, `SELECT m.id, m.email, m.role, s.expires_at, s.last_seen_at
		FROM staff_sessions s JOIN staff m ON m.id = s.staff_id WHERE s.token_hash = ? AND m.disabled = 0`, h).
		Scan(&m.ID, &m.Email, &m.Role, &expires, &seen)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoSession
	}
	if err != nil {
		return nil, fmt.Errorf("staff session: %w", err)
	}
	now := s.now()
	exp, _ := time.Parse(stampLayout, expires)
	last, _ := time.Parse(stampLayout, seen)
	if !now.Before(exp) || now.Sub(last) > IdleTTL {
		return nil, ErrNoSession
	}
	if now.Sub(last) > touchEvery {
		s.db.Write.ExecContext(ctx, `UPDATE staff_sessions SET last_seen_at = ? WHERE token_hash = ?`, now.Format(stampLayout), h)
	}
	m.Permissions = PermissionsOf(m.Role)
	m.tokenHash = h
	return &m, nil
}

// Logout ends the member's session.
func (s *Service) Logout(ctx context.Context, m *Member) error {
	_, err := s.db.Write.ExecContext(ctx, `DELETE FROM staff_sessions WHERE token_hash = ?`, m.tokenHash)
	return err
}

func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

func (s *Service) cookieName() string {
	if s.SecureCookies {
		return SecureCookieName
	}
	return CookieName
}

// tokenFrom reads the staff cookie only: no header, no query string, and
// never a player's token.
func (s *Service) tokenFrom(r *http.Request) string {
	if c, err := r.Cookie(s.cookieName()); err == nil {
		return c.Value
	}
	return ""
}

func (s *Service) setCookie(w http.ResponseWriter, r *http.Request, token string, maxAge int) {
	http.SetCookie(w, &http.Cookie{
		Name: s.cookieName(), Value: token, Path: "/", HttpOnly: true,
		Secure: s.SecureCookies || r.TLS != nil, SameSite: http.SameSiteStrictMode, MaxAge: maxAge,
	})
}
