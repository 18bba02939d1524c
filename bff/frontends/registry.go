// Package frontends is the release registry of the micro-frontends. A squad
// publishes a build of one micro-frontend; its files are stored under an
// immutable, content-addressed version and the registry's pointer moves to it.
// The next page load uses it, pages already open keep loading the old
// version's files, and rollback moves the pointer back.
package frontends

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"casino/bff/api"
	"casino/bff/database"
	"casino/bff/precompress"
)

// Names are the micro-frontends the shell composes; "root" is the shell's own
// single-spa root configuration.
var Names = []string{"root", "lobby", "cashier", "profile", "calendar", "country-block", "backoffice"}

// EntryFile is the file a page loads first for a name.
func EntryFile(name string) string {
	if name == "root" {
		return "main.js"
	}
	return "remoteEntry.js"
}

// Release is one published build.
type Release struct {
	Name        string `json:"name"`
	Version     string `json:"version"`
	Entry       string `json:"entry"`
	PublishedAt string `json:"publishedAt"`
	Current     bool   `json:"current"`
	// Canary is the share of visitors (1–100) served this release beside
	// the current one; 0 for every other release.
	Canary int `json:"canary,omitempty"`
	// RolledBackAt and RolledBackReason say why the release stopped being
	// served by the automatic rollback (canary.go).
	RolledBackAt     string `json:"rolledBackAt,omitempty"`
	RolledBackReason string `json:"rolledBackReason,omitempty"`
}

var (
	ErrUnknownName = fmt.Errorf("unknown micro-frontend: %w", api.ErrNotFound)
	ErrNoEntry     = fmt.Errorf("build has no entry file: %w", api.ErrInvalidFormat)
	ErrNoPrevious  = fmt.Errorf("no previous release to roll back to: %w", api.ErrNotFound)
	versionPattern = regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$`)
)

// Registry stores builds under dir and their pointers in the database.
type Registry struct {
	db         *database.DB
	dir        string
	markerPath string // dir/markerFile, stat'ed on every page (joined once)

	mu       sync.RWMutex
	current  map[string]Release // cache of the pointers; the shell reads it on every page
	canaries map[string]Release // cached with current: the canary of each name that has one
	rev      uint64             // changes whenever a pointer moves
	marker   markerStamp        // the marker file as last seen

	views viewCounts // pages served per release, for the automatic rollback
}

// markerFile is touched on every pointer move, by any process.
const markerFile = ".current"

type markerStamp struct {
	mod  int64
	size int64
}

func (g *Registry) markerStamp() markerStamp {
	path := g.markerPath
	if path == "" {
		path = filepath.Join(g.dir, markerFile)
	}
	info, err := os.Stat(path)
	if err != nil {
		return markerStamp{}
	}
	return markerStamp{mod: info.ModTime().UnixNano(), size: info.Size()}
}

// touchMarker records a pointer move for other processes. The content
// changes too, so two moves within the file system's timestamp resolution
// still differ.
func (g *Registry) touchMarker() {
	if err := os.MkdirAll(g.dir, 0o755); err != nil {
		return
	}
	stamp := fmt.Sprintf("%d\n", time.Now().UnixNano())
	os.WriteFile(filepath.Join(g.dir, markerFile), []byte(stamp), 0o644)
}

// NewRegistry returns a Registry storing files under dir.
func NewRegistry(db *database.DB, dir string) *Registry {
	return &Registry{db: db, dir: dir, markerPath: filepath.Join(dir, markerFile)}
}

func knownName(name string) bool {
	for _, n := range Names {
		if n == name {
			return true
		}
	}
	return false
}

// Current returns the current release of every published name. The map is
// shared: do not modify it.
func (g *Registry) Current(ctx context.Context) (map[string]Release, error) {
	c, _, err := g.Snapshot(ctx)
	return c, err
}

// Snapshot is Current with a revision number that changes whenever a pointer
// moves, for callers that cache what they derive from it.
//
// A release published by another process (the casino frontends command run
// beside the server) touches a marker file in the store; a changed marker
// drops the cache, so the next page load sees the release without a restart.
func (g *Registry) Snapshot(ctx context.Context) (map[string]Release, uint64, error) {
	marker := g.markerStamp()
	g.mu.RLock()
	c, rev, seen := g.current, g.rev, g.marker
	g.mu.RUnlock()
	if c != nil && marker == seen {
		return c, rev, nil
	}
	if marker != seen {
		g.mu.Lock()
		if g.marker != marker {
			g.marker = marker
			g.current, g.canaries = nil, nil
			g.rev++
		}
		c, rev = g.current, g.rev
		g.mu.Unlock()
		if c != nil {
			return c, rev, nil
		}
	}
	rows, err := g.db.Read.QueryContext(ctx, `SELECT name, version, entry, published_at, is_current, canary_percent
		FROM frontend_releases WHERE is_current = 1 OR canary_percent > 0`)
	if err != nil {
		return nil, 0, fmt.Errorf("current releases: %w", err)
	}
	defer rows.Close()
	c = map[string]Release{}
	canaries := map[string]Release{}
	for rows.Next() {
		var r Release
		if err := rows.Scan(&r.Name, &r.Version, &r.Entry, &r.PublishedAt, &r.Current, &r.Canary); err != nil {
			return nil, 0, err
		}
		if r.Current {
			c[r.Name] = r
		} else {
			canaries[r.Name] = r
		}
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	g.mu.Lock()
	if g.current == nil && g.rev == rev {
		g.current, g.canaries = c, canaries
	}
	rev = g.rev
	g.mu.Unlock()
	return c, rev, nil
}

func (g *Registry) invalidate() {
	g.touchMarker()
	g.mu.Lock()
	g.current, g.canaries = nil, nil
	g.rev++
	g.mu.Unlock()
}

// List returns every release of name, newest first.
func (g *Registry) List(ctx context.Context, name string) ([]Release, error) {
	rows, err := g.db.Read.QueryContext(ctx, `SELECT name, version, entry, published_at, is_current, canary_percent,
		coalesce(rolled_back_at, ''), rolled_back_reason FROM frontend_releases
		WHERE (? = '' OR name = ?) ORDER BY name, id DESC`, name, name)
	if err != nil {
		return nil, fmt.Errorf("list releases: %w", err)
	}
	defer rows.Close()
	out := []Release{}
	for rows.Next() {
		var r Release
		if err := rows.Scan(&r.Name, &r.Version, &r.Entry, &r.PublishedAt, &r.Current, &r.Canary, &r.RolledBackAt, &r.RolledBackReason); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Publish copies the build in src (a directory holding the entry file) into
// the store and makes it current. The version is derived from the content, so
// publishing the same build twice is a no-op that leaves it current. The
// hooks run in the transaction that makes it current.
func (g *Registry) Publish(ctx context.Context, name string, src fs.FS, hooks ...Hook) (Release, error) {
	if !knownName(name) {
		return Release{}, fmt.Errorf("publish %q: %w", name, ErrUnknownName)
	}
	if _, err := fs.Stat(src, EntryFile(name)); err != nil {
		return Release{}, fmt.Errorf("publish %s: %s missing: %w", name, EntryFile(name), ErrNoEntry)
	}
	version, err := contentVersion(src)
	if err != nil {
		return Release{}, fmt.Errorf("publish %s: %w", name, err)
	}
	if err := g.store(name, version, src); err != nil {
		return Release{}, fmt.Errorf("publish %s %s: %w", name, version, err)
	}
	return g.activate(ctx, name, version, hooks...)
}

// store copies src to dir/name/version through a temporary directory renamed
// into place, so a half-copied build is never served.
func (g *Registry) store(name, version string, src fs.FS) error {
	final := filepath.Join(g.dir, name, version)
	if _, err := os.Stat(final); err == nil {
		return nil // content-addressed: already there
	}
	if err := os.MkdirAll(filepath.Join(g.dir, name), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Join(g.dir, name), ".incoming-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var compress []string
	err = fs.WalkDir(src, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		dst := filepath.Join(tmp, filepath.FromSlash(path))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		if compressible(path) {
			compress = append(compress, dst)
		}
		return copyFile(src, path, dst)
	})
	if err != nil {
		return err
	}
	if err := precompressAll(compress); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	return os.Rename(tmp, final)
}

// Hook runs inside the transaction that moves a pointer, after the move:
// the back office writes its audit row there, so the move and its audit
// row commit together or not at all.
type Hook func(tx *sql.Tx) error

func (g *Registry) activate(ctx context.Context, name, version string, hooks ...Hook) (Release, error) {
	entry := fmt.Sprintf("/mf/%s/%s/%s", name, version, EntryFile(name))
	err := g.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := g.moveTo(ctx, tx, name, version, entry); err != nil {
			return err
		}
		return runHooks(tx, hooks)
	})
	g.invalidate()
	if err != nil {
		return Release{}, fmt.Errorf("activate %s %s: %w", name, version, err)
	}
	cur, err := g.Current(ctx)
	if err != nil {
		return Release{}, err
	}
	return cur[name], nil
}

func runHooks(tx *sql.Tx, hooks []Hook) error {
	for _, h := range hooks {
		if h != nil {
			if err := h(tx); err != nil {
				return err
			}
		}
	}
	return nil
}

// moveTo makes name's version current in tx.
func (g *Registry) moveTo(ctx context.Context, tx *sql.Tx, name, version, entry string) error {
	var currentID sql.NullInt64
	var currentVersion string
	err := tx.QueryRowContext(ctx, `SELECT id, version FROM frontend_releases WHERE name = ? AND is_current = 1`, name).Scan(&currentID, &currentVersion)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	// A release made current (a promotion, a new release or a roll
	// forward) ends any canary of the name.
	if _, err := tx.ExecContext(ctx, `UPDATE frontend_releases SET canary_percent = 0 WHERE name = ? AND canary_percent > 0`, name); err != nil {
		return err
	}
	if currentVersion == version {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE frontend_releases SET is_current = 0 WHERE name = ? AND is_current = 1`, name); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO frontend_releases(name, version, entry, is_current, previous_id) VALUES (?, ?, ?, 1, ?)
		ON CONFLICT(name, version) DO UPDATE SET is_current = 1, previous_id = excluded.previous_id,
			published_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`, name, version, entry, currentID)
	return err
}

// Rollback stops name's canary when it has one; otherwise it makes the
// release that was current before the current one current again.
func (g *Registry) Rollback(ctx context.Context, name string, hooks ...Hook) (Release, error) {
	return g.rollback(ctx, name, true, hooks...)
}

func (g *Registry) rollback(ctx context.Context, name string, canaryFirst bool, hooks ...Hook) (Release, error) {
	if !knownName(name) {
		return Release{}, fmt.Errorf("rollback %q: %w", name, ErrUnknownName)
	}
	err := g.db.Tx(ctx, func(tx *sql.Tx) error {
		if canaryFirst {
			if res, err := tx.ExecContext(ctx, `UPDATE frontend_releases SET canary_percent = 0 WHERE name = ? AND canary_percent > 0`, name); err != nil {
				return err
			} else if n, _ := res.RowsAffected(); n > 0 {
				return runHooks(tx, hooks)
			}
		}
		var id, prev sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT id, previous_id FROM frontend_releases WHERE name = ? AND is_current = 1`, name).Scan(&id, &prev)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && !prev.Valid) {
			return ErrNoPrevious
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE frontend_releases SET is_current = 0 WHERE id = ?`, id); err != nil {
			return err
		}
		if _, err = tx.ExecContext(ctx, `UPDATE frontend_releases SET is_current = 1 WHERE id = ?`, prev); err != nil {
			return err
		}
		return runHooks(tx, hooks)
	})
	g.invalidate()
	if err != nil {
		return Release{}, fmt.Errorf("rollback %s: %w", name, err)
	}
	cur, err := g.Current(ctx)
	if err != nil {
		return Release{}, err
	}
	return cur[name], nil
}

// Activate makes an already published version current (roll forward or back
// to a named version).
func (g *Registry) Activate(ctx context.Context, name, version string, hooks ...Hook) (Release, error) {
	if !knownName(name) {
		return Release{}, fmt.Errorf("activate %q: %w", name, ErrUnknownName)
	}
	if !versionPattern.MatchString(version) {
		return Release{}, fmt.Errorf("activate %s %q: %w", name, version, api.ErrNotFound)
	}
	if _, err := os.Stat(filepath.Join(g.dir, name, version, EntryFile(name))); err != nil {
		return Release{}, fmt.Errorf("activate %s %s: %w", name, version, api.ErrNotFound)
	}
	return g.activate(ctx, name, version, hooks...)
}

// contentVersion hashes every file path and content: the same build always
// gets the same version, and a changed one a new version.
func contentVersion(src fs.FS) (string, error) {
	var paths []string
	err := fs.WalkDir(src, ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			paths = append(paths, path)
		}
		return err
	})
	if err != nil {
		return "", err
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, p := range paths {
		f, err := src.Open(p)
		if err != nil {
			return "", err
		}
		io.WriteString(h, p+"\x00")
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

func copyFile(src fs.FS, path, dst string) error {
	in, err := src.Open(path)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// precompressAll writes path.br and path.gz beside every file in paths
// (precompress.WriteFiles), one file per core: Brotli at quality 11 runs at
// a few hundred KB a second, so a build is compressed once, at publish, and
// a .br the build already ships is reused once checked.
func precompressAll(paths []string) error {
	work := make(chan string)
	errs := make(chan error, 1)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(len(paths), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range work {
				if err := precompress.WriteFiles(p); err != nil {
					select {
					case errs <- err:
					default:
					}
				}
			}
		}()
	}
	for _, p := range paths {
		work <- p
	}
	close(work)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

func compressible(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".js", ".mjs", ".css", ".json", ".svg", ".map", ".txt", ".html":
		return true
	}
	return false
}
