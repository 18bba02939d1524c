package games

import (
	"context"
	"fmt"
)

// Favorites returns the slugs of the player's favorite games.
func (c *Catalogue) Favorites(ctx context.Context, playerID int64) (map[string]bool, error) {
	rows, err := c.db.Read.QueryContext(ctx, `SELECT g.slug FROM game_favorites f JOIN games g ON g.id = f.game_id WHERE f.player_id = ?`, playerID)
	if err != nil {
		return nil, fmt.Errorf("games: favorites of %d: %w", playerID, err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var slug string
		if err := rows.Scan(&slug); err != nil {
			return nil, err
		}
		out[slug] = true
	}
	return out, rows.Err()
}

// SetFavorite adds or removes a favorite; both are idempotent.
func (c *Catalogue) SetFavorite(ctx context.Context, playerID int64, slug string, favorite bool) error {
	s, err := c.current(ctx)
	if err != nil {
		return err
	}
	g, ok := s.bySlug[slug]
	if !ok {
		return ErrGameNotFound
	}
	if favorite {
		_, err = c.db.Write.ExecContext(ctx, `INSERT OR IGNORE INTO game_favorites(player_id, game_id) VALUES (?, ?)`, playerID, g.dbID)
	} else {
		_, err = c.db.Write.ExecContext(ctx, `DELETE FROM game_favorites WHERE player_id = ? AND game_id = ?`, playerID, g.dbID)
	}
	if err != nil {
		return fmt.Errorf("games: favorite %s of %d: %w", slug, playerID, err)
	}
	return nil
}
