// Package scripts holds the operator's scripts (analytics, chat widgets, …)
// that the shell injects into the page head, body start and body end. Which
// scripts a page gets depends on whether the player is logged in and has
// deposited.
package scripts

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"casino/bff/api"
	"casino/bff/database"
)

// Audience says who a script is for.
type Audience string

const (
	ForAll        Audience = "all"
	ForAuthUsers  Audience = "auth"
	ForDepositors Audience = "depositors"
)

// Script is one injected snippet; the JSON shape is the API's.
type Script struct {
	Key       string   `json:"key"`
	Head      string   `json:"head"`
	BodyStart string   `json:"bodyStart"`
	BodyEnd   string   `json:"bodyEnd"`
	Audience  Audience `json:"-"`
}

// Filter chooses scripts: everyone gets ForAll; AuthUsers adds ForAuthUsers;
// Depositors adds ForDepositors.
type Filter struct {
	AuthUsers  bool
	Depositors bool
}

// Store reads and writes scripts.
type Store struct{ db *database.DB }

// NewStore returns a Store on db.
func NewStore(db *database.DB) *Store { return &Store{db: db} }

// List returns the active scripts f selects, in position order.
func (s *Store) List(ctx context.Context, f Filter) ([]Script, error) {
	rows, err := s.db.Read.QueryContext(ctx, `SELECT key, head, body_start, body_end, audience FROM operator_scripts
		WHERE active = 1 AND (audience = 'all' OR (audience = 'auth' AND ?) OR (audience = 'depositors' AND ?))
		ORDER BY position, key`, f.AuthUsers, f.Depositors)
	if err != nil {
		return nil, fmt.Errorf("list scripts: %w", err)
	}
	defer rows.Close()
	out := []Script{}
	for rows.Next() {
		var sc Script
		if err := rows.Scan(&sc.Key, &sc.Head, &sc.BodyStart, &sc.BodyEnd, &sc.Audience); err != nil {
			return nil, fmt.Errorf("scan script: %w", err)
		}
		out = append(out, sc)
	}
	return out, rows.Err()
}

// Put creates or replaces a script.
func (s *Store) Put(ctx context.Context, sc Script, position int) error {
	if sc.Audience == "" {
		sc.Audience = ForAll
	}
	_, err := s.db.Write.ExecContext(ctx, `INSERT INTO operator_scripts(key, head, body_start, body_end, audience, position) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT(key) DO UPDATE SET head = excluded.head, body_start = excluded.body_start, body_end = excluded.body_end,
			audience = excluded.audience, position = excluded.position, active = 1`,
		sc.Key, sc.Head, sc.BodyStart, sc.BodyEnd, string(sc.Audience), position)
	if err != nil {
		return fmt.Errorf("put script %q: %w", sc.Key, err)
	}
	return nil
}

// Handler serves GET /api/core/casino/scripts?enableAuthUsers=true&enableDepositors=true.
func (s *Store) Handler() api.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		q := r.URL.Query()
		var f Filter
		var err error
		if v := q.Get("enableAuthUsers"); v != "" {
			if f.AuthUsers, err = strconv.ParseBool(v); err != nil {
				return api.ErrInvalidFormat.WithField("enableAuthUsers", "Invalid format")
			}
		}
		if v := q.Get("enableDepositors"); v != "" {
			if f.Depositors, err = strconv.ParseBool(v); err != nil {
				return api.ErrInvalidFormat.WithField("enableDepositors", "Invalid format")
			}
		}
		list, err := s.List(r.Context(), f)
		if err != nil {
			return err
		}
		return api.WriteData(w, list)
	}
}
