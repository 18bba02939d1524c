package database

import (
	"context"
	"crypto/rand"
	"fmt"
)

// Secret returns the random key stored under name, drawing n bytes from
// crypto/rand and storing them the first time. Keys the server makes for
// itself (the sandbox processor's webhook key, the sandbox wallet seed, the
// captcha's HMAC key) so survive restarts and are the same on every start;
// when two callers race for a new name, both get the one stored first.
func (db *DB) Secret(ctx context.Context, name string, n int) ([]byte, error) {
	fresh := make([]byte, n)
	if _, err := rand.Read(fresh); err != nil {
		return nil, err
	}
	if _, err := db.Write.ExecContext(ctx, `INSERT INTO secrets(name, value) VALUES (?, ?) ON CONFLICT(name) DO NOTHING`, name, fresh); err != nil {
		return nil, fmt.Errorf("secret %s: %w", name, err)
	}
	var v []byte
	if err := db.Write.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = ?`, name).Scan(&v); err != nil {
		return nil, fmt.Errorf("secret %s: %w", name, err)
	}
	return v, nil
}
