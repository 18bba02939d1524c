package session

import (
	"context"
	"crypto/sha256"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// The page cache of sessions (issue 19). A logged-in page used to cost one
// SQLite query (sessions ⋈ users) per request; pages only show who is
// logged in (the header, the operator scripts' audience, the language), so
// they may read a session row fetched up to CacheTTL ago:
//
//   - a revocation made by another process (another server on the same
//     database, the back office's CLI, an operator's SQL) or a change of the
//     player's row there (self-exclusion, a new nickname) shows within
//     CacheTTL;
//   - revocations made by this process drop the entries at once (Revoke,
//     RevokeAll, RevokeOthers, ShortenLimit, Forget), and a lookup that
//     raced with one is not kept (the generation counter);
//   - the session's own deadlines (absolute and idle expiry, the session time
//     limit) and self-exclusion's end are checked on every hit against the
//     manager's clock, exactly as Resolve checks them.
//
// API calls (RequireUser: money, limits, profile) keep reading the database
// every time: only FromRequestCached reads the cache.

// CacheTTL bounds how old a cached session may be: revocation elsewhere
// takes effect within it.
const CacheTTL = time.Second

// cacheMax bounds the entries; a full map is emptied (every entry is at
// most CacheTTL old anyway).
const cacheMax = 1 << 16

type cachedSession struct {
	player  Player // tokenHash set; Restricted recomputed per hit
	fetched time.Time
	expires time.Time
	seen    time.Time
}

type sessionCache struct {
	mu      sync.RWMutex
	entries map[[sha256.Size]byte]*cachedSession
	// gen moves on every invalidation; a lookup stores its result only if
	// none happened while it read the database.
	gen atomic.Uint64

	queries atomic.Uint64 // database lookups made for the cache (tests)
}

func (c *sessionCache) get(k [sha256.Size]byte) *cachedSession {
	c.mu.RLock()
	e := c.entries[k]
	c.mu.RUnlock()
	return e
}

func (c *sessionCache) put(k [sha256.Size]byte, e *cachedSession, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen.Load() != gen {
		return // revoked (or changed) while we read it
	}
	if c.entries == nil || len(c.entries) >= cacheMax {
		c.entries = make(map[[sha256.Size]byte]*cachedSession, 1024)
	}
	c.entries[k] = e
}

func (c *sessionCache) drop(match func(k [sha256.Size]byte, e *cachedSession) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen.Add(1)
	for k, e := range c.entries {
		if match(k, e) {
			delete(c.entries, k)
		}
	}
}

func (c *sessionCache) dropToken(h []byte) {
	var k [sha256.Size]byte
	copy(k[:], h)
	c.drop(func(kk [sha256.Size]byte, _ *cachedSession) bool { return kk == k })
}

func (c *sessionCache) dropUser(userID int64, keep []byte) {
	c.drop(func(k [sha256.Size]byte, e *cachedSession) bool {
		return e.player.ID == userID && (keep == nil || string(k[:]) != string(keep))
	})
}

// Forget drops the cached sessions of the player, so the next page reads
// their row again: call it after changing what a page shows of them (name,
// deposit count, self-exclusion) in this process.
func (m *Manager) Forget(userID int64) { m.cache.dropUser(userID, nil) }

// ResolveCached is Resolve through the page cache: a session read from the
// database less than CacheTTL ago is not read again.
func (m *Manager) ResolveCached(ctx context.Context, token string) (*Player, error) {
	if token == "" || len(token) > 128 {
		return nil, ErrNoSession
	}
	k := sha256.Sum256([]byte(token))
	now := m.now().UTC()
	if e := m.cache.get(k); e != nil {
		if age := now.Sub(e.fetched); age >= 0 && age < CacheTTL {
			return m.check(e, now)
		}
	}
	gen := m.cache.gen.Load()
	m.cache.queries.Add(1)
	p, expires, seen, err := m.lookup(ctx, k[:], now)
	if err != nil {
		return nil, err
	}
	e := &cachedSession{player: *p, fetched: now, expires: expires, seen: seen}
	m.cache.put(k, e, gen)
	return p, nil
}

// check applies Resolve's time rules to a cached session.
func (m *Manager) check(e *cachedSession, now time.Time) (*Player, error) {
	if !now.Before(e.expires) || now.Sub(e.seen) > IdleTTL {
		return nil, ErrNoSession
	}
	if !e.player.LimitEndsAt.IsZero() && !now.Before(e.player.LimitEndsAt) {
		return nil, ErrSessionLimit
	}
	p := e.player // a copy: callers may keep it
	p.Restricted = SelfExcluded(p.SelfExclusionUntil, p.SelfExclusionPermanent, now)
	return &p, nil
}

// FromRequestCached is FromRequest through the page cache (server-rendered
// pages): a guest is (nil, nil).
func (m *Manager) FromRequestCached(r *http.Request) (*Player, error) {
	token := m.TokenFromRequest(r)
	if token == "" {
		return nil, nil
	}
	p, err := m.ResolveCached(r.Context(), token)
	if errors.Is(err, ErrNoSession) || errors.Is(err, ErrSessionLimit) {
		return nil, nil
	}
	return p, err
}

// CacheQueries is how many database lookups the page cache has made (tests).
func (m *Manager) CacheQueries() uint64 { return m.cache.queries.Load() }
