// Package geo answers "where is this visitor" and "may they see the site":
//
//   - IP → country from a MaxMind DB file (by default the CC BY 4.0
//     geo-whois-asn-country database of the npm package
//     @ip-location-db/geo-whois-asn-country-mmdb), IPv4 and IPv6;
//   - the client IP, taking X-Forwarded-For or Forwarded into account only
//     behind configured trusted proxies;
//   - coordinates → country offline, from the country borders of the npm
//     package @rapideditor/country-coder (ReverseGeocoder may be replaced);
//   - crawler detection from the npm package crawler-user-agents;
//   - the country block of SPEC section 4 (Blocker.Decide), Reverify
//     Location, and the report-once record of blocked visits.
//
// The data files live in the repository's node_modules (npm ci) and can be
// pointed elsewhere by configuration; see docs/geo.md.
package geo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"time"
)

// Default data file locations, relative to the working directory (the
// repository root when the BFF runs from there).
const (
	DefaultGeoIPDB      = "node_modules/@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb"
	DefaultBordersFile  = "node_modules/@rapideditor/country-coder/src/data/borders.json"
	DefaultCrawlersFile = "node_modules/crawler-user-agents/crawler-user-agents.json"

	DefaultVerificationTTL = 24 * time.Hour
)

// Config configures the service. The zero value plus New's defaults is a
// working setup with no trusted proxies and no whitelist.
type Config struct {
	// GeoIPDB is the MMDB file (CASINO_GEOIP_DB). Either the country_code
	// layout or MaxMind's country.iso_code layout.
	GeoIPDB string
	// BordersFile is country-coder's borders.json (CASINO_GEO_BORDERS).
	BordersFile string
	// CrawlersFile is crawler-user-agents.json (CASINO_CRAWLER_AGENTS).
	CrawlersFile string
	// TrustedProxies are the peers whose forwarding header is believed
	// (CASINO_TRUSTED_PROXIES, comma-separated IPs/CIDRs).
	TrustedProxies []netip.Prefix
	// ForwardedHeader is the one header those proxies write:
	// "X-Forwarded-For" (default) or "Forwarded" (CASINO_FORWARDED_HEADER).
	ForwardedHeader string
	// Whitelist holds IPs/CIDRs never blocked (CASINO_GEO_WHITELIST);
	// Blocker.SetWhitelist replaces it at run time.
	Whitelist []netip.Prefix
	// VerificationTTL is how long a passed Reverify Location lasts
	// (CASINO_GEO_VERIFY_TTL, Go duration; default 24h).
	VerificationTTL time.Duration
	// BotIgnoreTags: crawler-list tags not treated as bots. nil means
	// DefaultBotIgnoreTags; an empty non-nil slice ignores none.
	BotIgnoreTags []string
	// SecureCookies marks the package's cookies Secure even when the request
	// reached the BFF over plain HTTP (TLS ends at a proxy)
	// (CASINO_SECURE_COOKIES=1).
	SecureCookies bool
	// Reverse replaces the offline borders lookup (for example with a maps
	// service client). nil uses ReverseURL, else the borders file.
	Reverse ReverseGeocoder
	// ReverseURL is a Nominatim-compatible reverse endpoint used instead of
	// the borders file (CASINO_GEO_REVERSE_URL; MapsReverse), with
	// ReverseUserAgent as its User-Agent (CASINO_GEO_REVERSE_AGENT).
	ReverseURL, ReverseUserAgent string
	// Excluded returns the operator's excluded country codes for the HTTP
	// handlers (the settings store lives elsewhere). nil means none.
	Excluded func(ctx context.Context) ([]string, error)
	// Now is the clock (tests). nil means time.Now.
	Now func() time.Time
}

// ConfigFromEnv reads the CASINO_* variables named on Config's fields over
// the defaults.
func ConfigFromEnv() (Config, error) {
	cfg := Config{
		GeoIPDB:          os.Getenv("CASINO_GEOIP_DB"),
		BordersFile:      os.Getenv("CASINO_GEO_BORDERS"),
		CrawlersFile:     os.Getenv("CASINO_CRAWLER_AGENTS"),
		ForwardedHeader:  os.Getenv("CASINO_FORWARDED_HEADER"),
		ReverseURL:       os.Getenv("CASINO_GEO_REVERSE_URL"),
		ReverseUserAgent: os.Getenv("CASINO_GEO_REVERSE_AGENT"),
	}
	if cfg.ReverseURL != "" {
		if u, err := url.Parse(cfg.ReverseURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return Config{}, fmt.Errorf("CASINO_GEO_REVERSE_URL %q: want an http(s) URL", cfg.ReverseURL)
		}
	}
	var err error
	if cfg.TrustedProxies, err = ParsePrefixes(os.Getenv("CASINO_TRUSTED_PROXIES")); err != nil {
		return Config{}, fmt.Errorf("CASINO_TRUSTED_PROXIES: %w", err)
	}
	if cfg.Whitelist, err = ParsePrefixes(os.Getenv("CASINO_GEO_WHITELIST")); err != nil {
		return Config{}, fmt.Errorf("CASINO_GEO_WHITELIST: %w", err)
	}
	if v := os.Getenv("CASINO_GEO_VERIFY_TTL"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return Config{}, fmt.Errorf("CASINO_GEO_VERIFY_TTL %q: want a positive Go duration such as 24h", v)
		}
		cfg.VerificationTTL = d
	}
	switch strings.ToLower(os.Getenv("CASINO_SECURE_COOKIES")) {
	case "1", "true", "yes":
		cfg.SecureCookies = true
	}
	return cfg, nil
}

func (c *Config) setDefaults() {
	if c.GeoIPDB == "" {
		c.GeoIPDB = DefaultGeoIPDB
	}
	if c.BordersFile == "" {
		c.BordersFile = DefaultBordersFile
	}
	if c.CrawlersFile == "" {
		c.CrawlersFile = DefaultCrawlersFile
	}
	if c.VerificationTTL <= 0 {
		c.VerificationTTL = DefaultVerificationTTL
	}
	if c.BotIgnoreTags == nil {
		c.BotIgnoreTags = DefaultBotIgnoreTags
	}
	if c.Now == nil {
		c.Now = time.Now
	}
}

// Service bundles the parts: Locator (IP and country of a request), Blocker
// (the country-block decision and Reverify) and the HTTP handlers.
type Service struct {
	Locator  *Locator
	Blocker  *Blocker
	Store    *Store
	Borders  *Borders
	excluded func(ctx context.Context) ([]string, error)
}

// New loads the data files named by cfg and wires the service. write and read
// are the database pools (read may be nil to use write).
func New(cfg Config, write, read *sql.DB) (*Service, error) {
	cfg.setDefaults()
	if write == nil {
		return nil, errors.New("geo: nil database")
	}
	ipdb, err := OpenIPDB(cfg.GeoIPDB)
	if err != nil {
		return nil, fmt.Errorf("geo: %w (run npm ci, or set CASINO_GEOIP_DB)", err)
	}
	borders, err := LoadBorders(cfg.BordersFile)
	if err != nil {
		ipdb.Close()
		return nil, fmt.Errorf("geo: %w (run npm ci, or set CASINO_GEO_BORDERS)", err)
	}
	bots, err := LoadBotDetector(cfg.CrawlersFile, cfg.BotIgnoreTags)
	if err != nil {
		ipdb.Close()
		return nil, fmt.Errorf("geo: %w (run npm ci, or set CASINO_CRAWLER_AGENTS)", err)
	}
	resolver, err := NewClientIPResolver(cfg.TrustedProxies, cfg.ForwardedHeader)
	if err != nil {
		ipdb.Close()
		return nil, fmt.Errorf("geo: %w", err)
	}
	reverse := cfg.Reverse
	switch {
	case reverse != nil:
	case cfg.ReverseURL != "":
		agent := cfg.ReverseUserAgent
		if agent == "" {
			agent = "casino-bff (reverify location)"
		}
		reverse = &MapsReverse{BaseURL: cfg.ReverseURL, UserAgent: agent, Client: &http.Client{Timeout: mapsTimeout}, Fallback: borders}
	default:
		reverse = borders
	}
	locator := &Locator{ipdb: ipdb, resolver: resolver, names: borders}
	store := NewStore(write, read)
	blocker := &Blocker{
		locator: locator,
		bots:    bots,
		store:   store,
		reverse: reverse,
		borders: borders,
		ttl:     cfg.VerificationTTL,
		secure:  cfg.SecureCookies,
		now:     cfg.Now,
	}
	blocker.SetWhitelist(cfg.Whitelist)
	excluded := cfg.Excluded
	if excluded == nil {
		excluded = func(context.Context) ([]string, error) { return nil, nil }
	}
	return &Service{Locator: locator, Blocker: blocker, Store: store, Borders: borders, excluded: excluded}, nil
}

// Close releases the IP database.
func (s *Service) Close() error { return s.Locator.ipdb.Close() }

// Decide is Blocker.Decide, for the shell renderer.
func (s *Service) Decide(w http.ResponseWriter, r *http.Request, loggedIn bool, excluded []string) (*Decision, error) {
	return s.Blocker.Decide(w, r, loggedIn, excluded)
}
