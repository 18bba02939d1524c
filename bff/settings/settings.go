// Package settings holds the operator's site settings: brand, theme,
// navigation, page addresses, feature flags and policies. The stored document
// is merged over built-in defaults, so an operator only stores what differs.
package settings

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"

	"casino/bff/database"
)

// Scope says who sees a navigation item.
type Scope string

const (
	ScopeGuest Scope = "guest"
	ScopeUser  Scope = "user"
	ScopeAny   Scope = "any"
)

// NavItem is a link in the navigation or the header menu. Label is a
// translation message id.
type NavItem struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Href  string `json:"href"`
	Scope Scope  `json:"scope"`
	Icon  string `json:"icon,omitempty"`
}

// VisibleTo reports whether the item shows for a guest or a logged-in player.
func (n NavItem) VisibleTo(loggedIn bool) bool {
	switch n.Scope {
	case ScopeGuest:
		return !loggedIn
	case ScopeUser:
		return loggedIn
	default:
		return true
	}
}

// Theme is the look the front ends apply.
type Theme struct {
	Name            string `json:"name"`
	PrimaryColor    string `json:"primaryColor"`
	AccentColor     string `json:"accentColor"`
	BackgroundColor string `json:"backgroundColor"`
	SurfaceColor    string `json:"surfaceColor"`
	TextColor       string `json:"textColor"`
	LogoURL         string `json:"logoUrl"`
}

// PasswordPolicy is what registration and password changes enforce.
type PasswordPolicy struct {
	MinLength        int  `json:"minLength"`
	RequireNumber    bool `json:"requireNumber"`
	RequireUppercase bool `json:"requireUppercase"`
	RequireSpecial   bool `json:"requireSpecial"`
}

// Settings is the document GET /api/core/casino/settings2 returns.
type Settings struct {
	BrandName string `json:"brandName"`
	// ShortName is the installed app's label under its home-screen icon
	// (the manifest's short_name); empty: the brand's first word.
	ShortName             string            `json:"shortName,omitempty"`
	Theme                 Theme             `json:"theme"`
	NavigationSystem      string            `json:"navigationSystem"`
	PageURLs              map[string]string `json:"pageUrls"`
	Navigation            []NavItem         `json:"navigation"`
	HeaderMenu            []NavItem         `json:"headerMenu"`
	Features              map[string]bool   `json:"features"`
	ReferAFriendPercent   int               `json:"referAFriendPercent"`
	APIVersion            string            `json:"apiVersion"`
	AffiliateKeyParameter string            `json:"affiliateKeyParameter"`
	DefaultLanguage       string            `json:"defaultLanguage"`
	Languages             []string          `json:"languages"`
	DefaultCurrency       string            `json:"defaultCurrency"`
	PreciseAmounts        bool              `json:"preciseAmounts"`
	Password              PasswordPolicy    `json:"password"`
	ExcludedCountries     []string          `json:"excludedCountries"`
	WhitelistedIPs        []string          `json:"whitelistedIps,omitempty"`
	SupportEmail          string            `json:"supportEmail"`
	FakeEmptyEmailDomain  string            `json:"fakeEmptyEmailDomain"`
	// RegistrationFields says which sign-up fields show: 0 hidden, 1 shown.
	RegistrationFields map[string]int `json:"registrationFields"`
	CryptoCurrencies   []string       `json:"cryptoCurrencies"`
	// GameCurrencyRates: units of a currency per 1 EUR, the base currency of
	// game bet limits ("BTC": "0.000016"); bff/betlevels turns them into bet
	// levels. A currency left out plays the EUR amounts at face value.
	GameCurrencyRates map[string]string `json:"gameCurrencyRates"`
	// BigWinMultiplier: a real-money win of at least this many times its
	// round's stake goes to the big-wins feed (bff/bigwins); 0 turns it off.
	BigWinMultiplier int `json:"bigWinMultiplier"`
	// ChatBlockedWords are masked in chat messages (bff/chat): whole words
	// in any case and script, a "*" per letter; [] turns the filter off.
	// Not in the public document.
	ChatBlockedWords []string `json:"chatBlockedWords,omitempty"`

	// Revision changes whenever the settings change: caches built from a
	// settings document key on it.
	Revision uint64 `json:"-"`
}

// Public is the document visitors may see (settings2 and the shell page):
// the operator's IP whitelist and chat word list stay on the server.
func (s Settings) Public() Settings {
	s.WhitelistedIPs = nil
	s.ChatBlockedWords = nil
	return s
}

// PageURL returns the configured address of a page key ("deposit", …).
func (s Settings) PageURL(key string) string {
	if u, ok := s.PageURLs[key]; ok {
		return u
	}
	return Defaults().PageURLs[key]
}

// Feature reports whether a feature flag is on.
func (s Settings) Feature(name string) bool { return s.Features[name] }

// Store reads and writes settings, caching the merged document: settings are
// read on every page and change rarely.
type Store struct {
	db *database.DB

	mu     sync.RWMutex
	cached *Settings
	rev    uint64
}

// NewStore returns a Store on db.
func NewStore(db *database.DB) *Store { return &Store{db: db} }

const siteKey = "site"

// Current returns the merged settings.
func (s *Store) Current(ctx context.Context) (Settings, error) {
	s.mu.RLock()
	c := s.cached
	s.mu.RUnlock()
	if c != nil {
		return *c, nil
	}
	loaded, err := s.load(ctx)
	if err != nil {
		return Settings{}, err
	}
	s.mu.Lock()
	s.rev++
	loaded.Revision = s.rev
	s.cached = &loaded
	s.mu.Unlock()
	return loaded, nil
}

func (s *Store) load(ctx context.Context) (Settings, error) {
	var stored string
	err := s.db.Read.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, siteKey).Scan(&stored)
	if errors.Is(err, sql.ErrNoRows) {
		return Defaults(), nil
	}
	if err != nil {
		return Settings{}, fmt.Errorf("load site settings: %w", err)
	}
	return merge(Defaults(), []byte(stored))
}

// Update merges patch (a partial settings document) into the stored settings.
// Top-level keys replace; the maps pageUrls, features and theme merge key by key.
func (s *Store) Update(ctx context.Context, patch json.RawMessage) (Settings, error) {
	return s.UpdateWith(ctx, patch, nil)
}

// UpdateHook runs inside the update's transaction with the settings before
// and after: the back office writes its audit row there.
type UpdateHook func(tx *sql.Tx, before, after Settings) error

// UpdateWith is Update running hook in the update's transaction.
func (s *Store) UpdateWith(ctx context.Context, patch json.RawMessage, hook UpdateHook) (Settings, error) {
	if err := CheckPatch(patch); err != nil {
		return Settings{}, err
	}
	var result Settings
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		var stored string
		err := tx.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, siteKey).Scan(&stored)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		doc, err := mergeDocs([]byte(orEmpty(stored)), patch)
		if err != nil {
			return err
		}
		if result, err = merge(Defaults(), doc); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO settings(key, value) VALUES (?, ?)
			ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`, siteKey, string(doc))
		if err != nil || hook == nil {
			return err
		}
		before, err := merge(Defaults(), []byte(orEmpty(stored)))
		if err != nil {
			return err
		}
		return hook(tx, before, result)
	})
	if err != nil {
		return Settings{}, fmt.Errorf("update site settings: %w", err)
	}
	s.mu.Lock()
	s.rev++
	result.Revision = s.rev
	s.cached = &result
	s.mu.Unlock()
	return result, nil
}

// CheckPatch refuses what is not a partial settings document: not a JSON
// object, no key at all, or a top-level key the settings do not have (a typo
// would otherwise be stored and change nothing).
func CheckPatch(patch json.RawMessage) error {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(patch, &keys); err != nil || keys == nil {
		return fmt.Errorf("settings patch: not a JSON object")
	}
	if len(keys) == 0 {
		return fmt.Errorf("settings patch: no key to change")
	}
	known := fieldNames()
	var unknown []string
	for k := range keys {
		if !known[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return fmt.Errorf("settings patch: unknown key %s", strings.Join(unknown, ", "))
	}
	return nil
}

// fieldNames are the top-level keys of a settings document.
func fieldNames() map[string]bool {
	out := map[string]bool{}
	t := reflect.TypeOf(Settings{})
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out[name] = true
		}
	}
	return out
}

// Changes is what a patch changed, for the audit log: each top-level key of
// the patch with its value before and after; for the maps merged key by key
// (features, pageUrls, theme…) only the entries the patch names.
func Changes(before, after Settings, patch json.RawMessage) (was, now map[string]json.RawMessage) {
	var keys map[string]json.RawMessage
	json.Unmarshal(patch, &keys)
	b, a := fields(before), fields(after)
	was, now = map[string]json.RawMessage{}, map[string]json.RawMessage{}
	for k, v := range keys {
		var sub map[string]json.RawMessage
		if mergedByKey[k] && json.Unmarshal(v, &sub) == nil && sub != nil {
			was[k], now[k] = entries(b[k], sub), entries(a[k], sub)
			continue
		}
		was[k], now[k] = orNull(b[k]), orNull(a[k])
	}
	return was, now
}

func fields(st Settings) map[string]json.RawMessage {
	raw, _ := json.Marshal(st)
	var all map[string]json.RawMessage
	json.Unmarshal(raw, &all)
	return all
}

// entries keeps the entries of the map doc named in sub (null for one absent).
func entries(doc json.RawMessage, sub map[string]json.RawMessage) json.RawMessage {
	var m map[string]json.RawMessage
	json.Unmarshal(doc, &m)
	out := map[string]json.RawMessage{}
	for k := range sub {
		out[k] = orNull(m[k])
	}
	raw, _ := json.Marshal(out)
	return raw
}

func orNull(v json.RawMessage) json.RawMessage {
	if v == nil {
		return json.RawMessage("null")
	}
	return v
}

func orEmpty(s string) string {
	if s == "" {
		return "{}"
	}
	return s
}

// merge overlays a stored document on base.
func merge(base Settings, doc []byte) (Settings, error) {
	baseJSON, err := json.Marshal(base)
	if err != nil {
		return Settings{}, err
	}
	merged, err := mergeDocs(baseJSON, doc)
	if err != nil {
		return Settings{}, err
	}
	var out Settings
	if err := json.Unmarshal(merged, &out); err != nil {
		return Settings{}, fmt.Errorf("stored settings do not fit: %w", err)
	}
	return out, nil
}

var mergedByKey = map[string]bool{"pageUrls": true, "features": true, "theme": true, "password": true, "registrationFields": true, "gameCurrencyRates": true}

func mergeDocs(base, patch []byte) ([]byte, error) {
	var b, p map[string]json.RawMessage
	if err := json.Unmarshal(base, &b); err != nil {
		return nil, fmt.Errorf("settings document: %w", err)
	}
	if err := json.Unmarshal(patch, &p); err != nil {
		return nil, fmt.Errorf("settings patch: %w", err)
	}
	if b == nil {
		b = map[string]json.RawMessage{}
	}
	for k, v := range p {
		if mergedByKey[k] && b[k] != nil {
			var bm, pm map[string]json.RawMessage
			if json.Unmarshal(b[k], &bm) == nil && json.Unmarshal(v, &pm) == nil {
				for kk, vv := range pm {
					bm[kk] = vv
				}
				v, _ = json.Marshal(bm)
			}
		}
		b[k] = v
	}
	return json.Marshal(b)
}
