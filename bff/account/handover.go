package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"casino/bff/api"
	"casino/bff/session"
)

// ErrHandoverTarget: a hand-over only goes to the casino's own addresses.
var ErrHandoverTarget = api.ErrValidation.WithField("target", "Not an address of this casino")

// handleHandover issues a one-time code carrying the caller's login to
// another address of the casino (a mirror domain, or the main site):
// {target: "https://mirror.example/deposit"} → {code, url: target with
// ?at=code, expiresAt}. The code, not the session token, travels in the URL.
func (s *Service) handleHandover(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Target string `json:"target"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	target, err := url.Parse(strings.TrimSpace(body.Target))
	if err != nil || (target.Scheme != "https" && target.Scheme != "http") || target.Host == "" || target.User != nil {
		return ErrHandoverTarget
	}
	ok, err := s.ownAddress(r.Context(), target)
	if err != nil {
		return err
	}
	if !ok {
		return ErrHandoverTarget
	}
	code, expires, err := s.sessions.CreateHandover(r.Context(), session.PlayerFrom(r.Context()).ID, target.Host)
	if err != nil {
		return err
	}
	q := target.Query()
	q.Set("at", code)
	target.RawQuery = q.Encode()
	return api.WriteData(w, map[string]string{"code": code, "url": target.String(), "expiresAt": expires.Format(time.RFC3339)})
}

// ownAddress: the public address or an active mirror domain.
func (s *Service) ownAddress(ctx context.Context, u *url.URL) (bool, error) {
	if s.PublicURL != "" {
		if pub, err := url.Parse(s.PublicURL); err == nil && strings.EqualFold(pub.Host, u.Host) {
			return true, nil
		}
	}
	var one int
	err := s.db.Read.QueryRowContext(ctx, `SELECT 1 FROM mirror_domains WHERE host = ? AND active = 1`, strings.ToLower(u.Hostname())).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("hand-over target %q: %w", u.Host, err)
	}
	return true, nil
}

// handleSessionCookie redeems a hand-over code (?at=, usually on a mirror
// domain the player never logged in on) for a new session of this address:
// {code} → {accessToken, userId} and the HttpOnly session cookie. A browser
// already logged in as someone else keeps that session (409).
func (s *Service) handleSessionCookie(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Code string `json:"code"`
	}
	if err := api.Decode(w, r, &body); err != nil {
		return err
	}
	current, err := s.sessions.FromRequest(r)
	if err != nil {
		return err
	}
	token, userID, err := s.sessions.RedeemHandover(r.Context(), strings.TrimSpace(body.Code), r.Host, current, s.clientIP(r), r.UserAgent())
	if err != nil {
		return err
	}
	s.sessions.SetCookie(w, r, token)
	return api.WriteData(w, map[string]any{"accessToken": token, "userId": userID})
}
