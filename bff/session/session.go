// Package session issues and checks players' access tokens. A token is 256
// random bits handed to the client once; the database keeps only its SHA-256,
// with an absolute and an idle expiry.
package session

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"casino/bff/api"
	"casino/bff/clock"
	"casino/bff/database"
)

// CookieName is the HttpOnly cookie that carries the token for server-rendered
// pages and the realtime stream; API calls send it in headers. With secure
// cookies (production) it is SecureCookieName: the __Host- prefix makes the
// browser refuse it unless it is Secure, host-only and for path "/", so a
// sibling subdomain or a plain-http page cannot plant a session (cookie tossing).
const (
	CookieName       = "casino_session"
	SecureCookieName = "__Host-casino_session"
)

const (
	// AbsoluteTTL is how long a session lives at most.
	AbsoluteTTL = 30 * 24 * time.Hour
	// IdleTTL logs out inactive players.
	IdleTTL = 7 * 24 * time.Hour
	// touchEvery bounds writes: last_seen_at moves at most once a minute.
	touchEvery = time.Minute
	timeLayout = "2006-01-02T15:04:05.000Z"
)

// Player is the caller behind a valid token.
type Player struct {
	ID          int64
	Email       string
	DisplayName string
	Currency    string
	Locale      string
	Depositor   bool
	// LoginAt is when this session began (the log-in).
	LoginAt time.Time
	// LimitEndsAt is when the player's session time limit ends this session
	// (zero: no limit).
	LimitEndsAt time.Time
	// Restricted: the player is self-excluded. The session reaches only the
	// routes of Manager.RestrictedRoutes (balance, withdrawal, log-out).
	Restricted             bool
	SelfExclusionUntil     string // RFC 3339 or empty
	SelfExclusionPermanent bool
	tokenHash              []byte
}

// Deadlines are the times a new session's controls start with.
type Deadlines struct {
	LimitEndsAt    time.Time // zero: no session time limit
	RealityCheckAt time.Time // zero: no reality checks
}

// Manager creates, resolves and revokes sessions.
type Manager struct {
	db  *database.DB
	now func() time.Time

	// SecureCookies marks the session cookies Secure (and names the session
	// cookie SecureCookieName) even when TLS ends before the Go server, at a
	// proxy: production always, the demo with CASINO_SECURE_COOKIES.
	SecureCookies bool
	// Deadlines, when set, gives a new session its session-limit end and
	// first reality check (bff/protection).
	Deadlines func(ctx context.Context, userID int64, login time.Time) (Deadlines, error)
	// RestrictedRoutes are the route patterns ("GET /api/user/withdrawals")
	// a self-excluded player's session may call; RequireUser refuses every
	// other one with SELF_EXCLUDED.
	RestrictedRoutes map[string]bool

	cache sessionCache // pages' sessions (cache.go)
}

// SetClock makes the manager read time from c (tests, the server's clock).
func (m *Manager) SetClock(c clock.Clock) { m.now = clock.Or(c).Now }

// Now is the manager's time.
func (m *Manager) Now() time.Time { return m.now().UTC() }

// NewManager returns a Manager on db.
func NewManager(db *database.DB) *Manager {
	return &Manager{db: db, now: time.Now}
}

// Create starts a session for userID and returns the token for the client.
func (m *Manager) Create(ctx context.Context, userID int64, ip, userAgent string) (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", fmt.Errorf("session token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	now := m.now().UTC()
	var d Deadlines
	if m.Deadlines != nil {
		var err error
		if d, err = m.Deadlines(ctx, userID, now); err != nil {
			return "", fmt.Errorf("session deadlines of user %d: %w", userID, err)
		}
	}
	_, err := m.db.Write.ExecContext(ctx, `INSERT INTO sessions(token_hash, user_id, created_at, last_seen_at, expires_at, ip, user_agent, limit_ends_at, reality_check_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		hash(token), userID, now.Format(timeLayout), now.Format(timeLayout), now.Add(AbsoluteTTL).Format(timeLayout), ip, truncate(userAgent, 512),
		Stamp(d.LimitEndsAt), Stamp(d.RealityCheckAt))
	if err != nil {
		return "", fmt.Errorf("create session for user %d: %w", userID, err)
	}
	return token, nil
}

// ErrNoSession means the request carries no valid token.
var ErrNoSession = fmt.Errorf("no valid session: %w", api.ErrForbidden)

// ErrSessionLimit answers a token whose session the player's session time
// limit ended: 401, so the front end shows why instead of the log-in (403).
var ErrSessionLimit = &api.Error{Status: http.StatusUnauthorized, Code: "SESSION_LIMIT_REACHED", Message: "Your session time limit has been reached. You have been logged out."}

// ErrSelfExcluded is the refusal of a self-excluded player: the log-in, and
// every call of their restricted session but balance and withdrawal. 409,
// not 403: the front end must show it, not log out.
var ErrSelfExcluded = &api.Error{Status: http.StatusConflict, Code: "SELF_EXCLUDED", Message: "Your account is self-excluded"}

// SelfExcludedError is ErrSelfExcluded telling the end: fields
// selfExclusionUntil (RFC 3339) or selfExclusionPermanent "true".
func SelfExcludedError(until string, permanent bool) *api.Error {
	if permanent {
		return ErrSelfExcluded.WithMessage("Your account is permanently self-excluded. You can still withdraw your balance.").
			WithField("selfExclusionPermanent", "true")
	}
	shown := until
	if t, err := time.Parse(time.RFC3339, until); err == nil {
		shown = t.UTC().Format("2 Jan 2006 15:04 UTC")
	}
	return ErrSelfExcluded.WithMessage("Your account is self-excluded until %s. You can still withdraw your balance.", shown).
		WithField("selfExclusionUntil", until)
}

// Stamp formats t as the sessions table stores times ("" → NULL for zero).
func Stamp(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC().Format(timeLayout)
}

// ParseStamp reads a stored time (zero for NULL or empty).
func ParseStamp(s sql.NullString) time.Time {
	if !s.Valid || s.String == "" {
		return time.Time{}
	}
	t, _ := time.Parse(timeLayout, s.String)
	return t
}

// SelfExcluded applies the product rule (SPEC 3): permanent, or an
// exclusion date that is not in the past.
func SelfExcluded(until string, permanent bool, now time.Time) bool {
	if permanent {
		return true
	}
	if until == "" {
		return false
	}
	t, err := time.Parse(time.RFC3339, until)
	return err == nil && !t.Before(now)
}

// Resolve returns the player behind token, or ErrNoSession.
func (m *Manager) Resolve(ctx context.Context, token string) (*Player, error) {
	if token == "" || len(token) > 128 {
		return nil, ErrNoSession
	}
	p, _, _, err := m.lookup(ctx, hash(token), m.now().UTC())
	return p, err
}

// lookup reads the session of token hash h and applies the time rules at
// now; it also returns the session's absolute expiry and last activity.
func (m *Manager) lookup(ctx context.Context, h []byte, now time.Time) (*Player, time.Time, time.Time, error) {
	var (
		p                 Player
		first, last, nick string
		expires, lastSeen string
		created           string
		limitEnds         sql.NullString
	)
	err := m.db.Read.QueryRowContext(ctx, `SELECT u.id, u.email, u.first_name, u.last_name, u.nickname, u.currency_code, u.locale, u.deposit_count > 0,
			u.self_exclusion_until, u.self_exclusion_permanent, s.expires_at, s.last_seen_at, s.created_at, s.limit_ends_at
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`, h).
		Scan(&p.ID, &p.Email, &first, &last, &nick, &p.Currency, &p.Locale, &p.Depositor,
			&p.SelfExclusionUntil, &p.SelfExclusionPermanent, &expires, &lastSeen, &created, &limitEnds)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, time.Time{}, time.Time{}, ErrNoSession
	}
	if err != nil {
		return nil, time.Time{}, time.Time{}, fmt.Errorf("resolve session: %w", err)
	}
	exp, _ := time.Parse(timeLayout, expires)
	seen, _ := time.Parse(timeLayout, lastSeen)
	if !now.Before(exp) || now.Sub(seen) > IdleTTL {
		return nil, time.Time{}, time.Time{}, ErrNoSession
	}
	p.LimitEndsAt = ParseStamp(limitEnds)
	if !p.LimitEndsAt.IsZero() && !now.Before(p.LimitEndsAt) {
		return nil, time.Time{}, time.Time{}, ErrSessionLimit
	}
	p.LoginAt, _ = time.Parse(timeLayout, created)
	p.Restricted = SelfExcluded(p.SelfExclusionUntil, p.SelfExclusionPermanent, now)
	if now.Sub(seen) > touchEvery {
		// Best effort: a failed touch must not fail the request.
		m.db.Write.ExecContext(ctx, `UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?`, now.Format(timeLayout), h)
		seen = now
	}
	p.DisplayName = displayName(nick, first, last, p.Email)
	p.tokenHash = h
	return &p, exp, seen, nil
}

// Revoke ends the session of token. Revoking an unknown token is not an error.
func (m *Manager) Revoke(ctx context.Context, token string) error {
	h := hash(token)
	_, err := m.db.Write.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ?`, h)
	m.cache.dropToken(h) // after the delete: a lookup racing with it is not kept
	if err != nil {
		return fmt.Errorf("revoke session: %w", err)
	}
	return nil
}

// RevokeAll ends every session of the player at once (self-exclusion).
func (m *Manager) RevokeAll(ctx context.Context, userID int64) error {
	_, err := m.db.Write.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID)
	m.cache.dropUser(userID, nil)
	if err != nil {
		return fmt.Errorf("revoke sessions of user %d: %w", userID, err)
	}
	return nil
}

// ShortenLimit makes every live session of the player end by until at the
// latest (a session time limit set or lowered now); a session already
// ending sooner keeps its end.
func (m *Manager) ShortenLimit(ctx context.Context, userID int64, until time.Time) error {
	u := until.UTC().Format(timeLayout)
	_, err := m.db.Write.ExecContext(ctx, `UPDATE sessions SET limit_ends_at = ?
		WHERE user_id = ? AND (limit_ends_at IS NULL OR limit_ends_at > ?)`, u, userID, u)
	m.cache.dropUser(userID, nil)
	return err
}

// SetRealityCheck sets when the next reality check of the player's live
// sessions is due (zero: none).
func (m *Manager) SetRealityCheck(ctx context.Context, userID int64, at time.Time) error {
	_, err := m.db.Write.ExecContext(ctx, `UPDATE sessions SET reality_check_at = ? WHERE user_id = ?`, Stamp(at), userID)
	return err
}

// RealityCheckAt returns when the reality check of the caller's session is
// due (zero: none).
func (m *Manager) RealityCheckAt(ctx context.Context, p *Player) (time.Time, error) {
	var at sql.NullString
	err := m.db.Read.QueryRowContext(ctx, `SELECT reality_check_at FROM sessions WHERE token_hash = ?`, p.tokenHash).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, ErrNoSession
	}
	return ParseStamp(at), err
}

// AnswerRealityCheck moves the caller's next reality check to next (zero:
// none) and returns whether one was due.
func (m *Manager) AnswerRealityCheck(ctx context.Context, p *Player, next time.Time) error {
	_, err := m.db.Write.ExecContext(ctx, `UPDATE sessions SET reality_check_at = ? WHERE token_hash = ?`, Stamp(next), p.tokenHash)
	return err
}

// RealityCheckDue reports whether the player session key (Player.SessionKey;
// nil: any live session of the player) waits for the answer to a reality
// check: its games pause until then.
func (m *Manager) RealityCheckDue(ctx context.Context, userID int64, key []byte) (bool, error) {
	now := m.now().UTC().Format(timeLayout)
	var one int
	err := m.db.Read.QueryRowContext(ctx, `SELECT 1 FROM sessions WHERE user_id = ? AND (? IS NULL OR token_hash = ?)
		AND reality_check_at IS NOT NULL AND reality_check_at <= ?
		AND expires_at > ? AND (limit_ends_at IS NULL OR limit_ends_at > ?) LIMIT 1`, userID, key, key, now, now, now).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// RevokeOthers ends every session of the player but the current one (after a
// password change).
func (m *Manager) RevokeOthers(ctx context.Context, p *Player) error {
	_, err := m.db.Write.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?`, p.ID, p.tokenHash)
	m.cache.dropUser(p.ID, p.tokenHash)
	if err != nil {
		return fmt.Errorf("revoke other sessions of user %d: %w", p.ID, err)
	}
	return nil
}

// TokenFromRequest returns the access token the request carries: the
// Authorization bearer, the X-Access-Token header, then the session cookie.
// Never the query string: a token in a URL ends up in logs, histories and
// Referer headers.
func (m *Manager) TokenFromRequest(r *http.Request) string {
	if v := r.Header.Get("Authorization"); v != "" {
		if scheme, tok, ok := strings.Cut(v, " "); ok && strings.EqualFold(scheme, "Bearer") && tok != "" && tok != "null" && tok != "undefined" {
			return strings.TrimSpace(tok)
		}
	}
	if v := strings.TrimSpace(strings.TrimPrefix(r.Header.Get("X-Access-Token"), "Bearer ")); v != "" && v != "null" && v != "undefined" {
		return v
	}
	if c, err := r.Cookie(m.cookieName()); err == nil {
		return c.Value
	}
	return ""
}

func (m *Manager) cookieName() string {
	if m != nil && m.SecureCookies {
		return SecureCookieName
	}
	return CookieName
}

func (m *Manager) secure(r *http.Request) bool { return (m != nil && m.SecureCookies) || r.TLS != nil }

// FromRequest resolves the caller; a guest is (nil, nil).
func (m *Manager) FromRequest(r *http.Request) (*Player, error) {
	token := m.TokenFromRequest(r)
	if token == "" {
		return nil, nil
	}
	p, err := m.Resolve(r.Context(), token)
	if errors.Is(err, ErrNoSession) || errors.Is(err, ErrSessionLimit) {
		return nil, nil
	}
	return p, err
}

type ctxKey struct{}

// RequireUser answers 403 unless the request carries a valid token, and puts
// the player in the request context for h.
func (m *Manager) RequireUser(h api.HandlerFunc) api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, err := m.Resolve(r.Context(), m.TokenFromRequest(r))
		if err != nil {
			return err
		}
		if p.Restricted && !m.RestrictedRoutes[r.Pattern] {
			return SelfExcludedError(p.SelfExclusionUntil, p.SelfExclusionPermanent)
		}
		return h(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, p)))
	}
}

// SessionKey identifies the session the player came in on (the token's
// hash, never the token), so what it started can end with it.
func (p *Player) SessionKey() []byte { return p.tokenHash }

// PlayerFrom returns the player RequireUser put in ctx.
func PlayerFrom(ctx context.Context) *Player {
	p, _ := ctx.Value(ctxKey{}).(*Player)
	return p
}

// StateCookie is readable by scripts and holds no secret: "1" after a login
// and "0" after the server ended the session (the header's Log out link), so
// the front end forgets a token the server no longer honours.
const StateCookie = "casino_auth"

// SetCookie hands the token to the browser for server-rendered pages and the
// realtime stream.
func (m *Manager) SetCookie(w http.ResponseWriter, r *http.Request, token string) {
	http.SetCookie(w, &http.Cookie{
		Name: m.cookieName(), Value: token, Path: "/", HttpOnly: true,
		Secure: m.secure(r), SameSite: http.SameSiteLaxMode, MaxAge: int(AbsoluteTTL.Seconds()),
	})
	m.setState(w, r, "1")
}

// ClearCookie removes the session cookie.
func (m *Manager) ClearCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: m.cookieName(), Value: "", Path: "/", HttpOnly: true, Secure: m.secure(r), SameSite: http.SameSiteLaxMode, MaxAge: -1})
	m.setState(w, r, "0")
}

func (m *Manager) setState(w http.ResponseWriter, r *http.Request, v string) {
	http.SetCookie(w, &http.Cookie{
		Name: StateCookie, Value: v, Path: "/", Secure: m.secure(r),
		SameSite: http.SameSiteLaxMode, MaxAge: int(AbsoluteTTL.Seconds()),
	})
}

func hash(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

func displayName(nick, first, last, email string) string {
	switch {
	case nick != "":
		return nick
	case first != "":
		return strings.TrimSpace(first + " " + last)
	default:
		name, _, _ := strings.Cut(email, "@")
		return name
	}
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
