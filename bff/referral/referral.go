// Package referral is refer a friend: each player's code and link, the
// attribution of a sign-up that came through them, the referred players' net
// gaming result (from the ledger, incrementally) and the referrer's
// commission, paid periodically through the ledger (docs/referral.md).
package referral

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"casino/bff/betlevels"
	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/ledger"
)

// Cookies: the code a visitor arrived with, and the browser's device id.
const (
	RefCookie    = "casino_ref"
	DeviceCookie = "casino_device"
)

// Code is a player's referral code.
func Code(playerID int64) string { return fmt.Sprintf("R%06d", playerID) }

var codePattern = regexp.MustCompile(`^R(\d{6,12})$`)

// parseCode returns the player id of a code.
func parseCode(code string) (int64, bool) {
	m := codePattern.FindStringSubmatch(strings.ToUpper(strings.TrimSpace(code)))
	if m == nil {
		return 0, false
	}
	id, err := strconv.ParseInt(m[1], 10, 64)
	return id, err == nil && id > 0
}

// Service keeps referrals and pays commissions.
type Service struct {
	db     *database.DB
	ledger *ledger.Ledger
	clock  clock.Clock
	// Percent returns the operator's referAFriendPercent.
	Percent func(ctx context.Context) (int, error)
	// Scale gives a currency's minor units per euro cent (commissions cross currencies through EUR).
	Scale func(ctx context.Context, currency string) (betlevels.Scale, error)

	run sync.Mutex
}

// New returns the referral service.
func New(db *database.DB, l *ledger.Ledger, c clock.Clock) *Service {
	return &Service{db: db, ledger: l, clock: clock.Or(c)}
}

// page says whether r asks for a page (not an API call, a stream or a
// file): only pages set cookies, so immutable assets stay cacheable.
func page(r *http.Request) bool {
	p := r.URL.Path
	if r.Method != http.MethodGet || strings.Contains(path.Base(p), ".") {
		return false
	}
	for _, prefix := range []string{"/api/", "/mf/", "/webhooks/", "/races/", "/sandbox/", "/studio/", "/dev/"} {
		if strings.HasPrefix(p, prefix) {
			return false
		}
	}
	return true
}

// Landing remembers ?ref=CODE of a page visit in a cookie (30 days) and
// gives the browser a device id; it wraps the site's pages.
func Landing(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if page(r) {
			if code := r.URL.Query().Get("ref"); code != "" {
				if _, ok := parseCode(code); ok {
					http.SetCookie(w, &http.Cookie{Name: RefCookie, Value: strings.ToUpper(code), Path: "/", MaxAge: 30 * 24 * 3600,
						HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil})
				}
			}
			if c, err := r.Cookie(DeviceCookie); err != nil || c.Value == "" {
				b := make([]byte, 16)
				rand.Read(b)
				http.SetCookie(w, &http.Cookie{Name: DeviceCookie, Value: hex.EncodeToString(b), Path: "/", MaxAge: 2 * 365 * 24 * 3600,
					HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil})
			}
		}
		next.ServeHTTP(w, r)
	})
}

func cookie(r *http.Request, name string) string {
	if c, err := r.Cookie(name); err == nil {
		return c.Value
	}
	return ""
}

// SignedUp records the new account's device and, when the visitor came
// through a referral link, the referral — flagged as a self-referral when
// the device or the address is the referrer's.
func (s *Service) SignedUp(ctx context.Context, r *http.Request, userID int64) error {
	device := cookie(r, DeviceCookie)
	if device != "" {
		if _, err := s.db.Write.ExecContext(ctx, `INSERT OR IGNORE INTO signup_devices(user_id, device_id) VALUES (?, ?)`, userID, device); err != nil {
			return err
		}
	}
	referrer, ok := parseCode(cookie(r, RefCookie))
	if !ok || referrer == userID {
		return nil
	}
	var self string
	err := s.db.Write.QueryRowContext(ctx, `SELECT CASE
			WHEN ?3 <> '' AND EXISTS (SELECT 1 FROM signup_devices WHERE user_id = ?1 AND device_id = ?3) THEN 'device'
			WHEN (SELECT lower(trim(address)) FROM users WHERE id = ?1) <> '' AND
			     (SELECT lower(trim(address)) || '|' || lower(trim(zip_code)) || '|' || country_code FROM users WHERE id = ?1) =
			     (SELECT lower(trim(address)) || '|' || lower(trim(zip_code)) || '|' || country_code FROM users WHERE id = ?2) THEN 'address'
			ELSE '' END
		WHERE EXISTS (SELECT 1 FROM users WHERE id = ?1)`, referrer, userID, device).Scan(&self)
	if err != nil {
		return nil // an unknown referrer: nothing to record
	}
	_, err = s.db.Write.ExecContext(ctx, `INSERT OR IGNORE INTO referrals(referred_id, referrer_id, self_referral) VALUES (?, ?, ?)`, userID, referrer, self)
	return err
}

// Data is referralData in get-user-details.
type Data struct {
	ReferralCode  string `json:"referralCode"`
	ReferralLink  string `json:"referralLink"` // a path: the page adds its origin
	ReferredCount int    `json:"referredCount"`
	Earnings      string `json:"earnings"`
	Percent       int    `json:"percent"`
}

// DataOf returns the player's referral figures in their currency.
func (s *Service) DataOf(ctx context.Context, playerID int64, currency string) (Data, error) {
	cur, err := ledger.LookupCurrency(currency)
	if err != nil {
		return Data{}, err
	}
	d := Data{ReferralCode: Code(playerID), ReferralLink: "/?ref=" + Code(playerID)}
	var earned int64
	if err := s.db.Read.QueryRowContext(ctx, `SELECT count(*), COALESCE(sum(earned), 0) FROM referrals WHERE referrer_id = ?`, playerID).Scan(&d.ReferredCount, &earned); err != nil {
		return Data{}, err
	}
	d.Earnings = ledger.FromMinor(earned, cur).Decimal()
	if s.Percent != nil {
		if d.Percent, err = s.Percent(ctx); err != nil {
			return Data{}, err
		}
	}
	return d, nil
}
