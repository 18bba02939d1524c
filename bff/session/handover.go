package session

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"casino/bff/api"
)

// HandoverTTL is how long a hand-over code works: long enough for a redirect,
// too short to be worth sending to a victim.
const HandoverTTL = 2 * time.Minute

var (
	// ErrHandover: the code is unknown, used, expired or for another host.
	ErrHandover = &api.Error{Status: 410, Code: "HANDOVER_INVALID", Message: "This login link has expired. Please log in."}
	// ErrHandoverConflict: the browser already holds another player's
	// session, which a link must never silently replace (login CSRF).
	ErrHandoverConflict = &api.Error{Status: 409, Code: "HANDOVER_CONFLICT", Message: "You are already logged in with another account."}
)

// CreateHandover issues a one-time code that logs userID in on targetHost
// (host[:port], as the browser will send it) once, within HandoverTTL.
func (m *Manager) CreateHandover(ctx context.Context, userID int64, targetHost string) (code string, expires time.Time, err error) {
	raw := make([]byte, 24)
	if _, err := rand.Read(raw); err != nil {
		return "", time.Time{}, fmt.Errorf("hand-over code: %w", err)
	}
	code = base64.RawURLEncoding.EncodeToString(raw)
	expires = m.now().UTC().Add(HandoverTTL)
	_, err = m.db.Write.ExecContext(ctx, `INSERT INTO session_handovers(code_hash, user_id, target_host, expires_at) VALUES (?, ?, ?, ?)`,
		hash(code), userID, strings.ToLower(targetHost), expires.Format(timeLayout))
	if err != nil {
		return "", time.Time{}, fmt.Errorf("store hand-over code: %w", err)
	}
	return code, expires, nil
}

// RedeemHandover spends code on host and starts a new session for its
// player. current is the player the browser is already logged in as (nil for
// none): a different player keeps their session and the code is spent.
func (m *Manager) RedeemHandover(ctx context.Context, code, host string, current *Player, ip, userAgent string) (token string, userID int64, err error) {
	if code == "" || len(code) > 128 {
		return "", 0, ErrHandover
	}
	now := m.now().UTC().Format(timeLayout)
	// Spending and reading in one statement: two tabs racing for one code
	// cannot both win.
	err = m.db.Write.QueryRowContext(ctx, `UPDATE session_handovers SET used_at = ?
		WHERE code_hash = ? AND used_at IS NULL AND expires_at > ? AND target_host = ? RETURNING user_id`,
		now, hash(code), now, strings.ToLower(host)).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, ErrHandover
	}
	if err != nil {
		return "", 0, fmt.Errorf("redeem hand-over code: %w", err)
	}
	if current != nil && current.ID != userID {
		return "", 0, ErrHandoverConflict
	}
	token, err = m.Create(ctx, userID, ip, userAgent)
	return token, userID, err
}
