package site

import (
	"crypto/rand"
	"encoding/json"
	"log/slog"
	"math/big"
	"net/http"
	"strconv"

	"casino/shell"
)

// bucketCookie keeps a visitor's canary bucket (0–99) for the browser
// session, so every load serves them the same releases (docs/frontends.md).
const bucketCookie = "casino_rel"

// remotes returns the inline registry of the releases this visitor is served
// (every current release but root, with the canaries of their bucket in
// place), the root config's entry URL and the registry revision. A visitor
// without a bucket gets one when some canary is running.
func (s *Site) remotes(w http.ResponseWriter, r *http.Request) remotesEntry {
	ctx := r.Context()
	bucket := -1
	if c, err := r.Cookie(bucketCookie); err == nil {
		if n, err := strconv.Atoi(c.Value); err == nil && n >= 0 && n < 100 {
			bucket = n
		}
	}
	v, rev, err := s.deps.Frontends.Choose(ctx, max(bucket, 0))
	if err != nil {
		slog.Error("site: frontend registry", "err", err)
		return remotesEntry{json: "{}"}
	}
	if v.Canaries && bucket < 0 {
		n, _ := rand.Int(rand.Reader, big.NewInt(100))
		bucket = int(n.Int64())
		http.SetCookie(w, &http.Cookie{Name: bucketCookie, Value: strconv.Itoa(bucket), Path: "/",
			HttpOnly: true, Secure: r.TLS != nil, SameSite: http.SameSiteLaxMode})
		if v, rev, err = s.deps.Frontends.Choose(ctx, bucket); err != nil {
			slog.Error("site: frontend registry", "err", err)
			return remotesEntry{json: "{}"}
		}
	}
	s.mu.Lock()
	e, ok := s.remoteCache[v.Key]
	s.mu.Unlock()
	if ok && e.rev == rev {
		return e
	}
	m := make(map[string]string, len(v.Releases))
	versions := make(map[string]string, len(v.Releases))
	backoffice := map[string]string{}
	for name, rel := range v.Releases {
		versions[name] = rel.Version
		switch name {
		case "root":
		case shell.AppBackoffice:
			// Only the back office's own page loads it: the casino's pages
			// do not even name it.
			backoffice[name] = rel.Entry
		default:
			m[name] = rel.Entry
		}
	}
	doc, _ := json.Marshal(m) // sorted keys, <>& escaped
	bo, _ := json.Marshal(backoffice)
	e = remotesEntry{rev: rev, variant: v.Key, json: string(doc), backoffice: string(bo), entry: v.Releases["root"].Entry, versions: versions}
	s.mu.Lock()
	if s.remoteCache == nil || len(s.remoteCache) > 64 {
		s.remoteCache = map[string]remotesEntry{}
	}
	s.remoteCache[v.Key] = e
	s.mu.Unlock()
	return e
}

// countViews tells the registry which releases served this page (its page
// app and modal app), for the automatic rollback's failure rate.
func (s *Site) countViews(e remotesEntry, app, modal string) {
	now := s.now()
	for _, name := range []string{app, modal} {
		if name != "" {
			s.deps.Frontends.Served(name, e.versions[name], now)
		}
	}
}
