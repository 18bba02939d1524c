// Package demo loads the demo data of data/seed into a database, so a fresh
// checkout shows a working casino. Every file is optional and loading is
// idempotent: running seed twice leaves the same data.
package demo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"casino/bff/bonus"
	"casino/bff/cashier"
	"casino/bff/database"
	"casino/bff/games"
	"casino/bff/ledger"
	"casino/bff/scripts"
	"casino/bff/settings"
)

// Load applies every seed file found in dir and reports what it did.
func Load(ctx context.Context, db *database.DB, dir fs.FS) (string, error) {
	var done []string
	steps := []struct {
		file string
		load func(context.Context, *database.DB, []byte) (string, error)
	}{
		{"settings.json", loadSettings},
		{"scripts.json", loadScripts},
		{"payments.json", loadPayments},
		{"categories.json", games.SeedCategories},
		{"games.json", games.SeedGames},
		{"bonuses.json", bonus.Seed},
	}
	for _, s := range steps {
		raw, err := fs.ReadFile(dir, s.file)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("seed %s: %w", s.file, err)
		}
		msg, err := s.load(ctx, db, raw)
		if err != nil {
			return "", fmt.Errorf("seed %s: %w", s.file, err)
		}
		done = append(done, msg)
	}
	if len(done) == 0 {
		return "no seed files found", nil
	}
	return "seeded: " + strings.Join(done, ", "), nil
}

func loadSettings(ctx context.Context, db *database.DB, raw []byte) (string, error) {
	if _, err := settings.NewStore(db).Update(ctx, raw); err != nil {
		return "", err
	}
	return "site settings", nil
}

func loadScripts(ctx context.Context, db *database.DB, raw []byte) (string, error) {
	var list []struct {
		Key       string `json:"key"`
		Head      string `json:"head"`
		BodyStart string `json:"bodyStart"`
		BodyEnd   string `json:"bodyEnd"`
		Audience  string `json:"audience"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		return "", err
	}
	store := scripts.NewStore(db)
	for i, s := range list {
		err := store.Put(ctx, scripts.Script{Key: s.Key, Head: s.Head, BodyStart: s.BodyStart, BodyEnd: s.BodyEnd, Audience: scripts.Audience(s.Audience)}, i)
		if err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("%d operator scripts", len(list)), nil
}

// loadPayments stores the cashier's settings and payment methods.
func loadPayments(ctx context.Context, db *database.DB, raw []byte) (string, error) {
	return cashier.New(db, ledger.New(db), nil).LoadSeed(ctx, raw)
}
