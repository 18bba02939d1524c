package frontends

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
	"time"

	"casino/bff/api"
)

// Canary releases: a squad publishes a build to a share of visitors
// (`casino frontends publish lobby DIR --canary 10`); each visitor falls in a
// bucket 0–99 kept for the session (a cookie set by the site), so a visitor
// sees one release on every load. When the failures reported for a release
// (MICROFRONTEND_FAILURE, see shell/root-config/src/fault.ts) pass the
// operator's rate over a window, the release is rolled back automatically.

// ErrBadCanary is a canary share outside 1–99.
var ErrBadCanary = api.ErrValidation.WithField("canary", "Invalid format")

// PublishCanary checks and stores a build and serves it to percent of the
// visitors beside the current release. With no current release there is
// nothing to compare with: the build becomes current. The hooks run in the
// transaction that starts the canary (or makes the build current); a build
// that is already current changes nothing and runs none.
func (g *Registry) PublishCanary(ctx context.Context, name string, src fs.FS, percent int, hooks ...Hook) (Release, error) {
	if percent < 1 || percent > 99 {
		return Release{}, ErrBadCanary
	}
	if !knownName(name) || name == "root" {
		return Release{}, fmt.Errorf("canary %q: %w", name, ErrUnknownName)
	}
	others, err := g.currentManifests(ctx, name)
	if err != nil {
		return Release{}, err
	}
	if err := CheckRelease(name, src, others); err != nil {
		return Release{}, err
	}
	cur, err := g.Current(ctx)
	if err != nil {
		return Release{}, err
	}
	if _, ok := cur[name]; !ok {
		return g.Publish(ctx, name, src, hooks...)
	}
	version, err := contentVersion(src)
	if err != nil {
		return Release{}, fmt.Errorf("canary %s: %w", name, err)
	}
	if version == cur[name].Version {
		return cur[name], nil
	}
	if err := g.store(name, version, src); err != nil {
		return Release{}, fmt.Errorf("canary %s %s: %w", name, version, err)
	}
	entry := fmt.Sprintf("/mf/%s/%s/%s", name, version, EntryFile(name))
	err = g.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE frontend_releases SET canary_percent = 0 WHERE name = ? AND canary_percent > 0`, name); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO frontend_releases(name, version, entry, is_current, canary_percent) VALUES (?, ?, ?, 0, ?)
			ON CONFLICT(name, version) DO UPDATE SET canary_percent = excluded.canary_percent, rolled_back_at = NULL, rolled_back_reason = '',
				published_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`, name, version, entry, percent)
		if err != nil {
			return err
		}
		return runHooks(tx, hooks)
	})
	g.invalidate()
	if err != nil {
		return Release{}, fmt.Errorf("canary %s %s: %w", name, version, err)
	}
	return Release{Name: name, Version: version, Entry: entry, Canary: percent}, nil
}

// Promote makes name's canary the current release; the hooks run in the
// transaction that does.
func (g *Registry) Promote(ctx context.Context, name string, hooks ...Hook) (Release, error) {
	canary, err := g.canary(ctx, name)
	if err != nil {
		return Release{}, err
	}
	return g.activate(ctx, name, canary.Version, hooks...)
}

func (g *Registry) canary(ctx context.Context, name string) (Release, error) {
	if _, _, err := g.Snapshot(ctx); err != nil {
		return Release{}, err
	}
	g.mu.RLock()
	c, ok := g.canaries[name]
	g.mu.RUnlock()
	if !ok {
		return Release{}, fmt.Errorf("%s has no canary: %w", name, api.ErrNotFound)
	}
	return c, nil
}

// Variant is the set of releases one visitor is served: every current
// release, with the canaries of the visitor's bucket in their place.
type Variant struct {
	Releases map[string]Release
	Key      string // names on a canary, "" when none: pages are cached per key
	Canaries bool   // some canary exists (the visitor needs a bucket)
}

// Choose returns the releases for a visitor in bucket (0–99): a canary of
// percent p serves buckets below p.
func (g *Registry) Choose(ctx context.Context, bucket int) (Variant, uint64, error) {
	cur, rev, err := g.Snapshot(ctx)
	if err != nil {
		return Variant{}, 0, err
	}
	g.mu.RLock()
	canaries := g.canaries
	g.mu.RUnlock()
	v := Variant{Releases: cur, Canaries: len(canaries) > 0}
	if len(canaries) == 0 {
		return v, rev, nil
	}
	var on []string
	for name, c := range canaries {
		if bucket < c.Canary {
			on = append(on, name)
		}
	}
	if len(on) == 0 {
		return v, rev, nil
	}
	sort.Strings(on)
	v.Releases = make(map[string]Release, len(cur))
	for name, r := range cur {
		v.Releases[name] = r
	}
	for _, name := range on {
		v.Releases[name] = canaries[name]
	}
	v.Key = strings.Join(on, ",")
	return v, rev, nil
}

// RollbackPolicy is the operator's rule for the automatic rollback: a
// release whose failure reports reach Rate of its page views within Window,
// over at least MinViews views, is rolled back.
type RollbackPolicy struct {
	Rate     float64
	Window   time.Duration
	MinViews int
}

// DefaultRollbackPolicy: 5 % of page views over 2 minutes, 20 views at least.
var DefaultRollbackPolicy = RollbackPolicy{Rate: 0.05, Window: 2 * time.Minute, MinViews: 20}

// viewCounts counts pages served per release in one-second buckets, kept for
// the longest window asked.
type viewCounts struct {
	mu sync.Mutex
	m  map[string][]viewBucket // "name@version" → buckets, oldest first
}

type viewBucket struct {
	sec   int64
	count int
}

// Served records one page served with version of name (the page app and the
// modal app of each page).
func (g *Registry) Served(name, version string, now time.Time) {
	if name == "" || version == "" {
		return
	}
	key := name + "@" + version
	sec := now.Unix()
	g.views.mu.Lock()
	defer g.views.mu.Unlock()
	if g.views.m == nil {
		g.views.m = map[string][]viewBucket{}
	}
	b := g.views.m[key]
	if n := len(b); n > 0 && b[n-1].sec == sec {
		b[n-1].count++
	} else {
		// Drop buckets older than ten minutes: no window is longer.
		for len(b) > 0 && b[0].sec < sec-600 {
			b = b[1:]
		}
		b = append(b, viewBucket{sec: sec, count: 1})
	}
	g.views.m[key] = b
}

func (g *Registry) viewsSince(name, version string, since time.Time) int {
	g.views.mu.Lock()
	defer g.views.mu.Unlock()
	n := 0
	for _, b := range g.views.m[name+"@"+version] {
		if b.sec >= since.Unix() {
			n += b.count
		}
	}
	return n
}

// RollBackFailing applies the policy at now to every current release and
// canary: each that fails too often is rolled back (a canary stops, a current
// release returns to the previous one) with the reason recorded. It returns
// how many were rolled back.
func (g *Registry) RollBackFailing(ctx context.Context, now time.Time, p RollbackPolicy) (int, error) {
	cur, _, err := g.Snapshot(ctx)
	if err != nil {
		return 0, err
	}
	g.mu.RLock()
	candidates := make([]Release, 0, len(cur)+len(g.canaries))
	for _, r := range cur {
		candidates = append(candidates, r)
	}
	for _, r := range g.canaries {
		candidates = append(candidates, r)
	}
	g.mu.RUnlock()
	since := now.Add(-p.Window)
	failures, err := g.failuresSince(ctx, since)
	if err != nil {
		return 0, err
	}
	rolled := 0
	for _, r := range candidates {
		if r.Name == "root" {
			continue
		}
		views := g.viewsSince(r.Name, r.Version, since)
		failed := failures[r.Name+"@"+r.Version]
		if views < p.MinViews || float64(failed) < p.Rate*float64(views) {
			continue
		}
		reason := fmt.Sprintf("automatic rollback: %d failure reports for %d page views in %s (limit %.0f %%)", failed, views, p.Window, p.Rate*100)
		if err := g.rollBack(ctx, r, reason); err != nil {
			if errors.Is(err, ErrNoPrevious) {
				continue // nothing older to return to: keep serving it
			}
			return rolled, err
		}
		rolled++
	}
	return rolled, nil
}

// failuresSince counts the MICROFRONTEND_FAILURE reports per "name@version"
// (a modal app's reports count for its name).
func (g *Registry) failuresSince(ctx context.Context, since time.Time) (map[string]int, error) {
	rows, err := g.db.Read.QueryContext(ctx, `SELECT json_extract(data, '$.app'), json_extract(data, '$.version'), count(*)
		FROM event_log WHERE event = 'MICROFRONTEND_FAILURE' AND created_at >= ? GROUP BY 1, 2`,
		since.UTC().Format("2006-01-02T15:04:05.000Z"))
	if err != nil {
		return nil, fmt.Errorf("failure reports: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var app, version sql.NullString
		var n int
		if err := rows.Scan(&app, &version, &n); err != nil {
			return nil, err
		}
		out[strings.TrimSuffix(app.String, "-modal")+"@"+version.String] += n
	}
	return out, rows.Err()
}

// rollBack stops serving r: a canary ends, a current release gives way to
// its previous one. The reason is stored on r.
func (g *Registry) rollBack(ctx context.Context, r Release, reason string) error {
	if !r.Current {
		err := g.db.Tx(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `UPDATE frontend_releases SET canary_percent = 0,
				rolled_back_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'), rolled_back_reason = ? WHERE name = ? AND version = ?`, reason, r.Name, r.Version)
			return err
		})
		g.invalidate()
		return err
	}
	if _, err := g.rollback(ctx, r.Name, false); err != nil {
		return err
	}
	_, err := g.db.Write.ExecContext(ctx, `UPDATE frontend_releases SET rolled_back_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'),
		rolled_back_reason = ? WHERE name = ? AND version = ?`, reason, r.Name, r.Version)
	return err
}
