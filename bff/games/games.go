// Package games is the game catalogue the lobby shows: providers,
// categories and games in SQLite, seeded from data/seed (categories.json,
// games.json) with the in-house studio's titles read from content/games and
// their RTP and max multiplier computed from the studio's maths; lists,
// search and sorting, single games, favorites, country restrictions, demo
// play and deposit-only games. See docs/games.md.
package games

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"time"

	"casino/bff/api"
	"casino/bff/database"
	"casino/bff/studio/thumbnail"
)

// Errors (SPEC section 8 texts). None is a 403: a browser client treats 403
// as "session gone" and sends the player to the login.
var (
	ErrGameNotFound       = &api.Error{Status: http.StatusNotFound, Code: "GAME_NOT_FOUND", Message: "GAME NOT FOUND"}
	ErrCountryRestriction = &api.Error{Status: http.StatusUnavailableForLegalReasons, Code: "COUNTRY_RESTRICTION", Message: "Country Restriction"}
	ErrNoDemoPlay         = &api.Error{Status: http.StatusConflict, Code: "NO_DEMO_PLAY", Message: "no demo play for the game"}
	ErrDepositRequired    = &api.Error{Status: http.StatusPaymentRequired, Code: "DEPOSIT_REQUIRED", Message: "feature requires a deposit"}
)

// Game is a game as the lobby shows it. Bets are decimal amounts, stored in
// the base currency (EUR) and answered in the caller's currency
// (CurrencyCode, with Decimals); RTP is in percent, MaxMultiplier in times
// the bet.
type Game struct {
	ID                  string   `json:"id"` // the slug
	Slug                string   `json:"slug"`
	Name                string   `json:"name"`
	Description         string   `json:"description"`
	Kind                string   `json:"kind"` // slot, live, table
	Provider            string   `json:"provider"`
	ProviderSlug        string   `json:"providerSlug"`
	ThumbnailURL        string   `json:"thumbnailUrl"`
	ThumbnailSrcset     string   `json:"thumbnailSrcset,omitempty"` // raster sizes of a studio thumbnail
	ReturnToPlayer      float64  `json:"returnToPlayer"`
	MaxMultiplier       float64  `json:"maxMultiplier"`
	MinBet              string   `json:"minBet"`
	MaxBet              string   `json:"maxBet"`
	CurrencyCode        string   `json:"currencyCode"` // of minBet and maxBet
	Decimals            int      `json:"decimals"`     // of that currency's minor unit
	Volatility          string   `json:"volatility"`
	ReleaseDate         string   `json:"releaseDate"`
	Popularity          int      `json:"popularity"`
	Demo                bool     `json:"demo"`
	RequiresDeposit     bool     `json:"requiresDeposit"`
	BonusExcluded       bool     `json:"bonusExcluded"` // not playable while bonus money is in play
	HasBonusBuy         bool     `json:"hasBonusBuy"`
	Categories          []string `json:"categories"`
	Tags                []string `json:"tags"`
	PlayURL             string   `json:"playUrl"`
	RulesURL            string   `json:"rulesUrl,omitempty"` // the studio's rules and paytable page; omitted for other providers
	IsRestricted        bool     `json:"isRestricted"`       // not allowed in the caller's country
	IsFavorite          bool     `json:"isFavorite"`
	AllowedCountries    []string `json:"-"`
	RestrictedCountries []string `json:"-"`
	ExternalID          string   `json:"-"` // the provider's game id (wallet gameId)
	WalletProvider      string   `json:"-"`
	dbID                int64
}

// Category is a lobby category with its name in the requested locale.
type Category struct {
	ID        string            `json:"id"`
	Slug      string            `json:"slug"`
	Name      string            `json:"name"`
	Icon      string            `json:"icon"`
	Position  int               `json:"position"`
	GameCount int               `json:"gameCount"`
	names     map[string]string // locale → name
}

// Provider is a game studio or aggregator.
type Provider struct {
	ID             string `json:"id"`
	Slug           string `json:"slug"`
	Name           string `json:"name"`
	LogoURL        string `json:"logoUrl"`
	GameCount      int    `json:"gameCount"`
	WalletProvider string `json:"-"`
	position       int
}

// Catalogue serves the games from an in-memory snapshot of the tables (a
// few hundred rows), reloaded when older than reloadEvery.
type Catalogue struct {
	db  *database.DB
	now func() time.Time

	mu   sync.RWMutex
	snap *snapshot
}

const reloadEvery = 30 * time.Second

type snapshot struct {
	at         time.Time
	games      []*Game // active games, by position of insertion
	bySlug     map[string]*Game
	byExternal map[string]*Game // wallet provider + "\x00" + external id
	categories []*Category
	providers  []*Provider
}

// New returns the catalogue over db.
func New(db *database.DB) *Catalogue { return &Catalogue{db: db, now: time.Now} }

// Invalidate makes the next read reload the tables.
func (c *Catalogue) Invalidate() {
	c.mu.Lock()
	c.snap = nil
	c.mu.Unlock()
}

func (c *Catalogue) current(ctx context.Context) (*snapshot, error) {
	c.mu.RLock()
	s := c.snap
	c.mu.RUnlock()
	if s != nil && c.now().Sub(s.at) < reloadEvery {
		return s, nil
	}
	s, err := c.load(ctx)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.snap = s
	c.mu.Unlock()
	return s, nil
}

func (c *Catalogue) load(ctx context.Context) (*snapshot, error) {
	s := &snapshot{at: c.now(), bySlug: map[string]*Game{}, byExternal: map[string]*Game{}}
	provs := map[int64]*Provider{}
	rows, err := c.db.Read.QueryContext(ctx, `SELECT id, slug, name, wallet_provider, logo_url, position FROM game_providers WHERE active = 1 ORDER BY position, name`)
	if err != nil {
		return nil, fmt.Errorf("games: providers: %w", err)
	}
	for rows.Next() {
		var (
			id int64
			p  Provider
		)
		if err := rows.Scan(&id, &p.Slug, &p.Name, &p.WalletProvider, &p.LogoURL, &p.position); err != nil {
			rows.Close()
			return nil, err
		}
		p.ID = p.Slug
		provs[id] = &p
		s.providers = append(s.providers, &p)
	}
	rows.Close()

	rows, err = c.db.Read.QueryContext(ctx, `SELECT id, slug, provider_id, external_id, name, description, kind, thumbnail_url, rtp, max_multiplier,
		min_bet, max_bet, volatility, release_date, popularity, demo, requires_deposit, bonus_excluded, has_bonus_buy, allowed_countries,
		restricted_countries, tags, play_url FROM games WHERE active = 1 ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("games: games: %w", err)
	}
	byID := map[int64]*Game{}
	for rows.Next() {
		var (
			g                        Game
			provider                 int64
			allowed, restricted, tag string
		)
		if err := rows.Scan(&g.dbID, &g.Slug, &provider, &g.ExternalID, &g.Name, &g.Description, &g.Kind, &g.ThumbnailURL,
			&g.ReturnToPlayer, &g.MaxMultiplier, &g.MinBet, &g.MaxBet, &g.Volatility, &g.ReleaseDate, &g.Popularity, &g.Demo,
			&g.RequiresDeposit, &g.BonusExcluded, &g.HasBonusBuy, &allowed, &restricted, &tag, &g.PlayURL); err != nil {
			rows.Close()
			return nil, err
		}
		p, ok := provs[provider]
		if !ok {
			continue // provider disabled
		}
		g.ID, g.Provider, g.ProviderSlug, g.WalletProvider = g.Slug, p.Name, p.Slug, p.WalletProvider
		g.ThumbnailSrcset = thumbnail.Srcset(g.ThumbnailURL)
		if g.WalletProvider == StudioWalletProvider {
			g.RulesURL = "/studio/games/" + url.PathEscape(g.ExternalID) + "/rules"
		}
		json.Unmarshal([]byte(allowed), &g.AllowedCountries)
		json.Unmarshal([]byte(restricted), &g.RestrictedCountries)
		json.Unmarshal([]byte(tag), &g.Tags)
		if g.Tags == nil {
			g.Tags = []string{}
		}
		g.Categories = []string{}
		p.GameCount++
		s.games = append(s.games, &g)
		s.bySlug[g.Slug] = &g
		s.byExternal[g.WalletProvider+"\x00"+g.ExternalID] = &g
		byID[g.dbID] = &g
	}
	rows.Close()

	cats := map[int64]*Category{}
	rows, err = c.db.Read.QueryContext(ctx, `SELECT id, slug, names, icon, position FROM game_categories WHERE active = 1 ORDER BY position, slug`)
	if err != nil {
		return nil, fmt.Errorf("games: categories: %w", err)
	}
	for rows.Next() {
		var (
			id    int64
			cat   Category
			names string
		)
		if err := rows.Scan(&id, &cat.Slug, &names, &cat.Icon, &cat.Position); err != nil {
			rows.Close()
			return nil, err
		}
		json.Unmarshal([]byte(names), &cat.names)
		cat.ID = cat.Slug
		cats[id] = &cat
		s.categories = append(s.categories, &cat)
	}
	rows.Close()
	rows, err = c.db.Read.QueryContext(ctx, `SELECT category_id, game_id FROM game_category_games ORDER BY category_id, position, game_id`)
	if err != nil {
		return nil, fmt.Errorf("games: category members: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var cid, gid int64
		if err := rows.Scan(&cid, &gid); err != nil {
			return nil, err
		}
		cat, g := cats[cid], byID[gid]
		if cat != nil && g != nil {
			g.Categories = append(g.Categories, cat.Slug)
			cat.GameCount++
		}
	}
	return s, rows.Err()
}

// queryer is a *sql.DB or *sql.Tx.
type queryer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}
