package studio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"casino/bff/api"
	"casino/bff/studio/fair"
)

// Errors of the seed API.
var (
	ErrClientSeed = api.ErrValidation.WithField("clientSeed", "Invalid format")
)

// ownerOf names whose seed pair a session uses: a player's pair is shared by
// all their real-money sessions; a demo session has its own.
func ownerOf(s *Session) string {
	if s.Mode == ModeReal {
		return fmt.Sprintf("user:%d", s.UserID)
	}
	return "demo:" + s.ID
}

// loadSeeds reads (creating on first use) the owner's seed pair inside tx.
func loadSeeds(ctx context.Context, tx *sql.Tx, owner string) (fair.Seeds, error) {
	var s fair.Seeds
	err := tx.QueryRowContext(ctx, `SELECT server_seed, server_seed_hash, client_seed, nonce, next_server_seed, next_server_seed_hash
		FROM studio_seed_pairs WHERE owner = ?`, owner).
		Scan(&s.ServerSeed, &s.ServerSeedHash, &s.ClientSeed, &s.Nonce, &s.NextServerSeed, &s.NextServerSeedHash)
	if errors.Is(err, sql.ErrNoRows) {
		if s, err = fair.NewSeeds(""); err != nil {
			return s, err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO studio_seed_pairs(owner, server_seed, server_seed_hash, client_seed, nonce, next_server_seed, next_server_seed_hash)
			VALUES (?, ?, ?, ?, 0, ?, ?)`, owner, s.ServerSeed, s.ServerSeedHash, s.ClientSeed, s.NextServerSeed, s.NextServerSeedHash)
	}
	return s, err
}

func saveSeeds(ctx context.Context, tx *sql.Tx, owner string, s fair.Seeds) error {
	_, err := tx.ExecContext(ctx, `UPDATE studio_seed_pairs SET server_seed = ?, server_seed_hash = ?, client_seed = ?, nonce = ?,
		next_server_seed = ?, next_server_seed_hash = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE owner = ?`,
		s.ServerSeed, s.ServerSeedHash, s.ClientSeed, s.Nonce, s.NextServerSeed, s.NextServerSeedHash, owner)
	return err
}

func reveal(ctx context.Context, tx *sql.Tx, owner string, r fair.Revealed) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO studio_revealed_seeds(server_seed_hash, server_seed, owner, client_seed, last_nonce)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT(server_seed_hash) DO NOTHING`, r.ServerSeedHash, r.ServerSeed, owner, r.ClientSeed, r.Nonce)
	return err
}

// SeedState is what the player sees of their seeds: the commitments, never
// the current secrets, and the last revealed pair.
type SeedState struct {
	fair.PublicSeeds
	Previous *fair.Revealed `json:"previous,omitempty"`
}

// Seeds returns the session owner's public seed state.
func (s *Service) Seeds(ctx context.Context, sess *Session) (SeedState, error) {
	var st SeedState
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		seeds, err := loadSeeds(ctx, tx, ownerOf(sess))
		if err != nil {
			return err
		}
		st.PublicSeeds = seeds.Public()
		st.Previous, err = lastRevealed(ctx, tx, ownerOf(sess))
		return err
	})
	return st, err
}

func lastRevealed(ctx context.Context, tx *sql.Tx, owner string) (*fair.Revealed, error) {
	var r fair.Revealed
	err := tx.QueryRowContext(ctx, `SELECT server_seed, server_seed_hash, client_seed, last_nonce FROM studio_revealed_seeds
		WHERE owner = ? ORDER BY revealed_at DESC, rowid DESC LIMIT 1`, owner).Scan(&r.ServerSeed, &r.ServerSeedHash, &r.ClientSeed, &r.Nonce)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &r, err
}

// RotateSeeds retires the current server seed (revealing it) and, when
// clientSeed is not empty, sets a new client seed at the same time.
func (s *Service) RotateSeeds(ctx context.Context, sess *Session, clientSeed string) (SeedState, error) {
	if clientSeed != "" && fair.CheckClientSeed(clientSeed) != nil {
		return SeedState{}, ErrClientSeed
	}
	var st SeedState
	owner := ownerOf(sess)
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		seeds, err := loadSeeds(ctx, tx, owner)
		if err != nil {
			return err
		}
		var old fair.Revealed
		if clientSeed != "" {
			if old, err = seeds.SetClientSeed(clientSeed); err != nil {
				return ErrClientSeed
			}
		} else {
			old = seeds.Rotate()
		}
		if err := reveal(ctx, tx, owner, old); err != nil {
			return err
		}
		if err := saveSeeds(ctx, tx, owner, seeds); err != nil {
			return err
		}
		st.PublicSeeds = seeds.Public()
		st.Previous = &old
		return nil
	})
	return st, err
}

// RevealedSeed returns the server seed behind a commitment once it has been
// revealed ("" while it is still in use).
func (s *Service) RevealedSeed(ctx context.Context, hash string) (string, error) {
	var seed string
	err := s.db.Read.QueryRowContext(ctx, `SELECT server_seed FROM studio_revealed_seeds WHERE server_seed_hash = ?`, hash).Scan(&seed)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return seed, err
}
