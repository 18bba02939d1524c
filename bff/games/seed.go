package games

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/big"
	"path"

	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/studio/slot"
)

// The in-house studio as a catalogue provider: its wallet provider name and
// where its titles live under the content directory.
const (
	StudioProvider       = "aurum-studio"
	StudioWalletProvider = "studio"
	StudioSlotsDir       = "games/slots"
)

// SeedProvider is a provider entry of data/seed/games.json.
type SeedProvider struct {
	Slug           string `json:"slug"`
	Name           string `json:"name"`
	WalletProvider string `json:"walletProvider"`
	LogoURL        string `json:"logoUrl"`
	Position       int    `json:"position"`
}

// SeedGame is a game entry of data/seed/games.json: the editorial part
// (categories, popularity, flags, countries). Studio titles take name, bets,
// RTP and max multiplier from content/games; other providers' games give
// them here.
type SeedGame struct {
	Slug                string   `json:"slug"`
	Provider            string   `json:"provider"`
	ExternalID          string   `json:"externalId"`
	Categories          []string `json:"categories"`
	Popularity          int      `json:"popularity"`
	Demo                *bool    `json:"demo"`
	RequiresDeposit     bool     `json:"requiresDeposit"`
	BonusExcluded       bool     `json:"bonusExcluded"`
	AllowedCountries    []string `json:"allowedCountries"`
	RestrictedCountries []string `json:"restrictedCountries"`
	ThumbnailURL        string   `json:"thumbnailUrl"`
	PlayURL             string   `json:"playUrl"`
	// Only for games not made by the studio:
	Name           string  `json:"name"`
	Description    string  `json:"description"`
	Kind           string  `json:"kind"`
	ReturnToPlayer float64 `json:"returnToPlayer"`
	MaxMultiplier  float64 `json:"maxMultiplier"`
	MinBet         string  `json:"minBet"`
	MaxBet         string  `json:"maxBet"`
	ReleaseDate    string  `json:"releaseDate"`
}

// SeedFile is data/seed/games.json.
type SeedFile struct {
	Providers []SeedProvider `json:"providers"`
	Games     []SeedGame     `json:"games"`
}

// SeedCategory is an entry of data/seed/categories.json.
type SeedCategory struct {
	Slug     string            `json:"slug"`
	Names    map[string]string `json:"names"`
	Icon     string            `json:"icon"`
	Position int               `json:"position"`
}

// SeedCategories loads data/seed/categories.json (idempotent).
func SeedCategories(ctx context.Context, db *database.DB, raw []byte) (string, error) {
	var cats []SeedCategory
	if err := decodeStrict(raw, &cats); err != nil {
		return "", fmt.Errorf("games: categories.json: %w", err)
	}
	err := db.Tx(ctx, func(tx *sql.Tx) error {
		for _, c := range cats {
			names, _ := json.Marshal(c.Names)
			if _, err := tx.ExecContext(ctx, `INSERT INTO game_categories(slug, names, icon, position) VALUES (?, ?, ?, ?)
				ON CONFLICT(slug) DO UPDATE SET names = excluded.names, icon = excluded.icon, position = excluded.position`,
				c.Slug, string(names), c.Icon, c.Position); err != nil {
				return fmt.Errorf("games: category %s: %w", c.Slug, err)
			}
		}
		return nil
	})
	return fmt.Sprintf("%d game categories", len(cats)), err
}

// SeedGames loads data/seed/games.json (idempotent): providers and the
// catalogue's editorial entries. A studio title named here but not synced
// from content yet is stored inactive; SyncStudio (at server start) brings
// its maths and activates it.
func SeedGames(ctx context.Context, db *database.DB, raw []byte) (string, error) {
	var file SeedFile
	if err := decodeStrict(raw, &file); err != nil {
		return "", fmt.Errorf("games: games.json: %w", err)
	}
	err := db.Tx(ctx, func(tx *sql.Tx) error {
		for _, p := range file.Providers {
			if err := upsertProvider(ctx, tx, p); err != nil {
				return err
			}
		}
		for _, g := range file.Games {
			if err := seedGame(ctx, tx, g); err != nil {
				return fmt.Errorf("games: %s: %w", g.Slug, err)
			}
		}
		return nil
	})
	return fmt.Sprintf("%d game providers, %d catalogue entries", len(file.Providers), len(file.Games)), err
}

func decodeStrict(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// StudioTitle is what the catalogue takes from the studio: figures
// computed from the game's maths, never typed.
type StudioTitle struct {
	ID, Name, Kind, Description, Volatility, ReleaseDate string
	Tags                                                 []string
	RTP, MaxMultiplier                                   float64 // percent; times the bet
	MinBet, MaxBet                                       string  // decimal amounts
	MinBetMinor, MaxBetMinor                             int64   // hundredths
	HasBonusBuy                                          bool
	Thumbnail, PlayURL                                   string
}

// TitlesFromSlots reads the studio's slot definitions under contentDir
// with their maths: the figures stored in games/maths/<id>.json (written by
// the studio's slotgen tool) when they were computed from this very
// definition (its SHA-256), else computed now (slow for large games).
func TitlesFromSlots(contentDir fs.FS) ([]StudioTitle, error) {
	games, err := slot.LoadDir(contentDir, StudioSlotsDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("games: studio titles: %w", err)
	}
	out := make([]StudioTitle, 0, len(games))
	for _, g := range games {
		d := g.Definition()
		rtp, mult, sd, err := figures(contentDir, g)
		if err != nil {
			return nil, fmt.Errorf("games: maths of %s: %w", d.ID, err)
		}
		rtpF, _ := new(big.Rat).Mul(rtp, big.NewRat(100, 1)).Float64()
		multF, _ := mult.Float64()
		out = append(out, StudioTitle{ID: d.ID, Name: d.Name, Kind: "slot", Description: d.Description,
			Volatility: slot.VolatilityClass(sd), ReleaseDate: d.ReleaseDate, Tags: d.Tags,
			RTP: round2(rtpF), MaxMultiplier: math.Floor(multF*100) / 100,
			MinBet: decimalOf(d.MinBet), MaxBet: decimalOf(d.MaxBet), MinBetMinor: d.MinBet, MaxBetMinor: d.MaxBet,
			HasBonusBuy: d.BonusBuy != nil, PlayURL: "/play/studio/" + d.ID})
		// No thumbnail here: the studio serves them (its catalogue's titles
		// carry the URL); until then the lobby shows its placeholder.
	}
	return out, nil
}

// figures returns a slot's exact RTP and max multiplier (per unit bet) and
// the standard deviation of a round.
func figures(contentDir fs.FS, g *slot.Game) (rtp, mult *big.Rat, sd float64, err error) {
	def, err := fs.ReadFile(contentDir, path.Join(StudioSlotsDir, g.ID()+".json"))
	if err != nil {
		return nil, nil, 0, err
	}
	sum := sha256.Sum256(def)
	if raw, err := fs.ReadFile(contentDir, path.Join("games/maths", g.ID()+".json")); err == nil {
		var f struct {
			Game          string  `json:"game"`
			Definition    string  `json:"definitionSha256"`
			RTP           string  `json:"rtp"`
			MaxMultiplier string  `json:"maxMultiplier"`
			StdDev        float64 `json:"stdDev"`
		}
		if json.Unmarshal(raw, &f) == nil && f.Game == g.ID() && f.Definition == hex.EncodeToString(sum[:]) {
			r, ok1 := new(big.Rat).SetString(f.RTP)
			m, ok2 := new(big.Rat).SetString(f.MaxMultiplier)
			if ok1 && ok2 {
				return r, m, f.StdDev, nil
			}
		}
	}
	m, err := g.Maths()
	if err != nil {
		return nil, nil, 0, err
	}
	return m.RTP, m.MaxMultiplier, m.StdDev, nil
}

// SyncStudio stores the studio's titles: a new title is added (category
// slots, demo on) and the figures of every title are replaced, so the
// lobby's RTP and max multiplier are always the maths'. It reports what it
// did, naming catalogue entries that have no title.
func SyncStudio(ctx context.Context, db *database.DB, titles []StudioTitle) (string, error) {
	if err := db.Tx(ctx, func(tx *sql.Tx) error { return syncStudio(ctx, tx, titles) }); err != nil {
		return "", err
	}
	var missing string
	if err := db.Read.QueryRowContext(ctx, `SELECT COALESCE(group_concat(slug, ', '), '') FROM games WHERE active = 0`).Scan(&missing); err != nil {
		return "", err
	}
	report := fmt.Sprintf("%d studio titles", len(titles))
	if missing != "" {
		report += "; inactive (no definition): " + missing
	}
	return report, nil
}

func upsertProvider(ctx context.Context, q queryer, p SeedProvider) error {
	_, err := q.ExecContext(ctx, `INSERT INTO game_providers(slug, name, wallet_provider, logo_url, position) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT(slug) DO UPDATE SET name = excluded.name, wallet_provider = excluded.wallet_provider, logo_url = excluded.logo_url, position = excluded.position`,
		p.Slug, p.Name, p.WalletProvider, p.LogoURL, p.Position)
	if err != nil {
		return fmt.Errorf("games: provider %s: %w", p.Slug, err)
	}
	return nil
}

func providerID(ctx context.Context, q queryer, slug string) (int64, error) {
	var id int64
	err := q.QueryRowContext(ctx, `SELECT id FROM game_providers WHERE slug = ?`, slug).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("games: unknown provider %q", slug)
	}
	return id, err
}

// decimalOf renders cents of a 2-decimal currency: studio bets are defined
// in minor units of a 2-decimal currency.
func decimalOf(minor int64) string { return ledger.FormatMinor(minor, 2) }

func round2(f float64) float64 { return math.Round(f*100) / 100 }

func syncStudio(ctx context.Context, tx *sql.Tx, titles []StudioTitle) error {
	if len(titles) == 0 {
		return nil
	}
	var pid int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM game_providers WHERE wallet_provider = ? ORDER BY id LIMIT 1`, StudioWalletProvider).Scan(&pid)
	if errors.Is(err, sql.ErrNoRows) {
		if err := upsertProvider(ctx, tx, SeedProvider{Slug: StudioProvider, Name: slot.Provider, WalletProvider: StudioWalletProvider}); err != nil {
			return err
		}
		pid, err = providerID(ctx, tx, StudioProvider)
	}
	if err != nil {
		return err
	}
	for _, t := range titles {
		tags, _ := json.Marshal(nonNil(t.Tags))
		_, err = tx.ExecContext(ctx, `INSERT INTO games(slug, provider_id, external_id, name, description, kind, thumbnail_url, rtp,
			max_multiplier, min_bet, max_bet, min_bet_minor, max_bet_minor, volatility, release_date, tags, has_bonus_buy, play_url)
			VALUES (?1, ?2, ?1, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
			ON CONFLICT(slug) DO UPDATE SET name = excluded.name, description = excluded.description, kind = excluded.kind, rtp = excluded.rtp,
			max_multiplier = excluded.max_multiplier, min_bet = excluded.min_bet, max_bet = excluded.max_bet,
			min_bet_minor = excluded.min_bet_minor, max_bet_minor = excluded.max_bet_minor, volatility = excluded.volatility,
			release_date = excluded.release_date, tags = excluded.tags, has_bonus_buy = excluded.has_bonus_buy, active = 1,
			thumbnail_url = CASE WHEN games.thumbnail_url = '' THEN excluded.thumbnail_url ELSE games.thumbnail_url END,
			play_url = CASE WHEN games.play_url = '' THEN excluded.play_url ELSE games.play_url END`,
			t.ID, pid, t.Name, t.Description, t.Kind, t.Thumbnail, t.RTP, t.MaxMultiplier, t.MinBet, t.MaxBet,
			t.MinBetMinor, t.MaxBetMinor, t.Volatility, t.ReleaseDate, string(tags), t.HasBonusBuy, t.PlayURL)
		if err != nil {
			return fmt.Errorf("games: studio title %s: %w", t.ID, err)
		}
		// A title nobody has placed yet goes to the slots (or live) category.
		cat := "slots"
		if t.Kind == "live" {
			cat = "live-casino"
		}
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO game_category_games(category_id, game_id)
			SELECT c.id, g.id FROM game_categories c, games g WHERE c.slug = ? AND g.slug = ?
			AND NOT EXISTS (SELECT 1 FROM game_category_games x WHERE x.game_id = g.id)`, cat, t.ID); err != nil {
			return err
		}
		// The bonus-buy category follows the definition, like the figures.
		if t.HasBonusBuy {
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO game_category_games(category_id, game_id, position)
				SELECT c.id, g.id, 1000 FROM game_categories c, games g WHERE c.slug = 'bonus-buy' AND g.slug = ?`, t.ID); err != nil {
				return err
			}
		}
	}
	return nil
}

func seedGame(ctx context.Context, tx *sql.Tx, g SeedGame) error {
	prov := g.Provider
	if prov == "" {
		prov = StudioProvider
	}
	pid, err := providerID(ctx, tx, prov)
	if err != nil {
		return err
	}
	var exists bool
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE slug = ?`, g.Slug).Scan(&exists); err != nil {
		return err
	}
	if !exists && prov == StudioProvider {
		// Placed before its definition was synced: inactive until then.
		if _, err := tx.ExecContext(ctx, `INSERT INTO games(slug, provider_id, external_id, name, active) VALUES (?, ?, ?, ?, 0)`,
			g.Slug, pid, g.Slug, g.Slug); err != nil {
			return err
		}
		exists = true
	}
	if !exists {
		if g.Name == "" || g.ReturnToPlayer <= 0 || g.MaxMultiplier <= 0 {
			return errors.New("a game of another provider needs name, returnToPlayer and maxMultiplier")
		}
		ext := g.ExternalID
		if ext == "" {
			ext = g.Slug
		}
		kind := g.Kind
		if kind == "" {
			kind = "slot"
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO games(slug, provider_id, external_id, name, description, kind, rtp, max_multiplier, min_bet, max_bet, release_date)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, g.Slug, pid, ext, g.Name, g.Description, kind, g.ReturnToPlayer, g.MaxMultiplier,
			g.MinBet, g.MaxBet, g.ReleaseDate); err != nil {
			return err
		}
	}
	demo := true
	if g.Demo != nil {
		demo = *g.Demo
	}
	allowed, _ := json.Marshal(nonNil(g.AllowedCountries))
	restricted, _ := json.Marshal(nonNil(g.RestrictedCountries))
	if _, err := tx.ExecContext(ctx, `UPDATE games SET popularity = ?, demo = ?, requires_deposit = ?, bonus_excluded = ?, allowed_countries = ?, restricted_countries = ?,
		thumbnail_url = CASE WHEN ? <> '' THEN ? ELSE thumbnail_url END, play_url = CASE WHEN ? <> '' THEN ? ELSE play_url END
		WHERE slug = ?`, g.Popularity, demo, g.RequiresDeposit, g.BonusExcluded, string(allowed), string(restricted),
		g.ThumbnailURL, g.ThumbnailURL, g.PlayURL, g.PlayURL, g.Slug); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM game_category_games WHERE game_id = (SELECT id FROM games WHERE slug = ?)`, g.Slug); err != nil {
		return err
	}
	for i, c := range g.Categories {
		res, err := tx.ExecContext(ctx, `INSERT INTO game_category_games(category_id, game_id, position)
			SELECT c.id, g.id, ? FROM game_categories c, games g WHERE c.slug = ? AND g.slug = ?`, i, c, g.Slug)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("unknown category %q", c)
		}
	}
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
