package geo

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync/atomic"
	"time"
)

// Cookies of the country block.
const (
	// WhitelistCookie is the "local flag": set when a visitor arrives with
	// whitelisted=1 in the URL, it whitelists later visits too.
	WhitelistCookie = "casino_geo_whitelisted"
	// VisitorCookie carries the random visitor id that keys the server-side
	// verification record (HttpOnly: page scripts can't read or forge it).
	VisitorCookie = "casino_geo_visitor"
	// WhitelistParam is the URL query parameter of the whitelist flag.
	WhitelistParam = "whitelisted"

	cookieMaxAge = 365 * 24 * 60 * 60
)

// Why a visitor is or isn't blocked.
const (
	ReasonBlocked          = "excluded-country"
	ReasonNotExcluded      = "not-excluded"
	ReasonUnknownCountry   = "unknown-country"
	ReasonWhitelistedIP    = "whitelisted-ip"
	ReasonLoggedIn         = "logged-in"
	ReasonWhitelistURL     = "whitelisted-url"
	ReasonWhitelistCookie  = "whitelisted-cookie"
	ReasonBot              = "bot"
	ReasonVerified         = "verified"
	ReasonNoExcludedConfig = "no-excluded-countries"
)

// Blocker decides the country block (SPEC section 4): a visitor is blocked
// when the country of their IP is excluded and none of their IPs is
// whitelisted, unless they are logged in, carry the whitelist flag (URL or
// cookie), are a crawler, or passed Reverify Location recently.
type Blocker struct {
	locator   *Locator
	bots      *BotDetector
	store     *Store
	reverse   ReverseGeocoder
	borders   *Borders
	whitelist atomic.Pointer[[]netip.Prefix]
	ttl       time.Duration
	secure    bool
	now       func() time.Time
}

// Decision is the outcome for one request. Country, IP and Date are what the
// notice shows.
type Decision struct {
	Blocked bool
	Reason  string // one of the Reason… constants
	Country Country
	IP      netip.Addr
	IPs     []netip.Addr // addresses checked against the whitelist
	Date    time.Time
	// VerifiedUntil is set when the visitor has a valid verification.
	VerifiedUntil time.Time
}

// SetWhitelist replaces the IP whitelist (safe while serving).
func (b *Blocker) SetWhitelist(prefixes []netip.Prefix) {
	list := slices.Clone(prefixes)
	b.whitelist.Store(&list)
}

// Whitelisted reports whether any of ips is in the whitelist.
func (b *Blocker) Whitelisted(ips []netip.Addr) bool {
	list := *b.whitelist.Load()
	for _, ip := range ips {
		for _, p := range list {
			if p.Contains(ip) {
				return true
			}
		}
	}
	return false
}

// IsBot reports whether the request comes from a listed crawler.
func (b *Blocker) IsBot(r *http.Request) bool { return b.bots.IsBot(r.UserAgent()) }

// Decide applies the rules to r. excluded are the operator's excluded
// country codes (any case). When w is not nil and the URL carries
// whitelisted=1, the whitelist cookie is set so the flag outlives the URL.
// Errors are infrastructure failures (database); the caller should not block
// on them.
func (b *Blocker) Decide(w http.ResponseWriter, r *http.Request, loggedIn bool, excluded []string) (*Decision, error) {
	urlFlag := r.URL.Query().Get(WhitelistParam) == "1"
	if urlFlag && w != nil {
		b.setCookie(w, r, WhitelistCookie, "1")
	}
	loc, client, err := b.locator.Locate(r)
	if err != nil {
		return nil, fmt.Errorf("country block: %w", err)
	}
	d := &Decision{Country: loc.Country, IP: client.IP, IPs: client.IPs, Date: b.now().UTC()}
	switch {
	case len(excluded) == 0:
		d.Reason = ReasonNoExcludedConfig
	case loc.Country.Code == "":
		d.Reason = ReasonUnknownCountry
	case !b.excludedCode(excluded, loc.Country.Code):
		d.Reason = ReasonNotExcluded
	case b.Whitelisted(client.IPs):
		d.Reason = ReasonWhitelistedIP
	case loggedIn:
		d.Reason = ReasonLoggedIn
	case urlFlag:
		d.Reason = ReasonWhitelistURL
	case hasWhitelistCookie(r):
		d.Reason = ReasonWhitelistCookie
	case b.IsBot(r):
		d.Reason = ReasonBot
	default:
		until, ok, err := b.verifiedUntil(r.Context(), r)
		if err != nil {
			return nil, fmt.Errorf("country block: %w", err)
		}
		if ok {
			d.Reason, d.VerifiedUntil = ReasonVerified, until
		} else {
			d.Blocked, d.Reason = true, ReasonBlocked
		}
	}
	return d, nil
}

func hasWhitelistCookie(r *http.Request) bool {
	c, err := r.Cookie(WhitelistCookie)
	return err == nil && c.Value == "1"
}

func (b *Blocker) verifiedUntil(ctx context.Context, r *http.Request) (time.Time, bool, error) {
	id, ok := visitorID(r)
	if !ok {
		return time.Time{}, false, nil
	}
	return b.store.VerifiedUntil(ctx, id, b.now())
}

// Errors of Reverify.
var (
	// ErrCountryExcluded: the coordinates are in an excluded country.
	ErrCountryExcluded = errors.New("location is in an excluded country")
	// ErrNoCountry: the coordinates are in no country (open sea).
	ErrNoCountry = errors.New("no country at this location")
)

// ReverifyResult is the answer of a successful Reverify Location.
type ReverifyResult struct {
	Country       Country   `json:"country"`
	Blocked       bool      `json:"blocked"`
	VerifiedUntil time.Time `json:"verifiedUntil"`
}

// Reverify resolves lat/lon to a country on the server. When the country is
// not excluded, the visitor (identified by VisitorCookie, created here when
// missing) is marked verified for the configured time. An excluded country
// returns ErrCountryExcluded together with the place; a point in no country
// ErrNoCountry; bad coordinates ErrInvalidCoordinates.
func (b *Blocker) Reverify(w http.ResponseWriter, r *http.Request, lat, lon float64, excluded []string) (ReverifyResult, error) {
	if !ValidCoordinates(lat, lon) {
		return ReverifyResult{}, ErrInvalidCoordinates
	}
	place, err := b.reverse.Reverse(r.Context(), lat, lon)
	if err != nil {
		return ReverifyResult{}, fmt.Errorf("reverify: %w", err)
	}
	if place.Code == "" {
		return ReverifyResult{}, ErrNoCountry
	}
	res := ReverifyResult{Country: Country{Code: place.Code, Name: b.placeName(place)}}
	for _, code := range place.Codes() {
		if b.excludedCode(excluded, code) {
			res.Blocked = true
			return res, fmt.Errorf("reverify %s: %w", code, ErrCountryExcluded)
		}
	}
	id, ok := visitorID(r)
	if !ok {
		if id, err = newVisitorID(); err != nil {
			return ReverifyResult{}, fmt.Errorf("reverify: %w", err)
		}
	}
	now := b.now().UTC()
	v := Verification{Country: place.Code, VerifiedAt: now, ExpiresAt: now.Add(b.ttl).Truncate(time.Millisecond)}
	if loc, _, err := b.locator.Locate(r); err == nil {
		v.IP, v.IPCountry = loc.IPInfo.IP, loc.Country.Code
	}
	if err := b.store.SaveVerification(r.Context(), id, v); err != nil {
		return ReverifyResult{}, fmt.Errorf("reverify: %w", err)
	}
	b.setCookie(w, r, VisitorCookie, id)
	res.VerifiedUntil = v.ExpiresAt
	return res, nil
}

func (b *Blocker) placeName(p Place) string {
	if name := b.borders.CountryName(p.Code); name != "" {
		return name
	}
	return p.Name
}

func (b *Blocker) setCookie(w http.ResponseWriter, r *http.Request, name, value string) {
	http.SetCookie(w, &http.Cookie{
		Name: name, Value: value, Path: "/", MaxAge: cookieMaxAge,
		HttpOnly: true, Secure: b.secure || r.TLS != nil, SameSite: http.SameSiteLaxMode,
	})
}

// Visitor ids are 16 random bytes, base64url without padding (22 characters).
const visitorIDLen = 22

func newVisitorID() (string, error) {
	buf := make([]byte, 16)
	if _, err := rand.Read(buf); err != nil {
		return "", fmt.Errorf("visitor id: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(buf), nil
}

func visitorID(r *http.Request) (string, bool) {
	c, err := r.Cookie(VisitorCookie)
	if err != nil || len(c.Value) != visitorIDLen {
		return "", false
	}
	if _, err := base64.RawURLEncoding.DecodeString(c.Value); err != nil {
		return "", false
	}
	return c.Value, true
}

// excludedCode reports whether code, or the country it is a territory of, is
// excluded: excluding a country also covers its dependent territories
// (excluding US covers PR, GU, VI…), for IP lookups and Reverify alike.
func (b *Blocker) excludedCode(excluded []string, code string) bool {
	if isExcluded(excluded, code) {
		return true
	}
	sov := b.borders.Sovereign(code)
	return sov != "" && isExcluded(excluded, sov)
}

func isExcluded(excluded []string, code string) bool {
	for _, e := range excluded {
		if strings.EqualFold(strings.TrimSpace(e), code) {
			return true
		}
	}
	return false
}
