package session

import (
	"context"
	"crypto/sha256"
	"errors"
	"testing"
	"time"

	"casino/bff/clock"
)

func newCachedManager(t *testing.T) (*Manager, int64, *clock.Manual, string) {
	t.Helper()
	m, uid := newTestManager(t)
	c := clock.NewManual(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
	m.SetClock(c)
	token, err := m.Create(context.Background(), uid, "127.0.0.1", "test")
	if err != nil {
		t.Fatal(err)
	}
	return m, uid, c, token
}

// A second page within the lifetime is answered without the database: the
// session row deleted behind the cache's back (as another server would)
// still resolves until CacheTTL has passed, and not a moment after.
func TestCacheHitAvoidsTheDatabase(t *testing.T) {
	m, _, c, token := newCachedManager(t)
	ctx := context.Background()
	if _, err := m.ResolveCached(ctx, token); err != nil {
		t.Fatal(err)
	}
	if _, err := m.db.Write.Exec(`DELETE FROM sessions`); err != nil { // logout on another server
		t.Fatal(err)
	}
	c.Advance(CacheTTL - time.Millisecond)
	p, err := m.ResolveCached(ctx, token)
	if err != nil || p.DisplayName != "Ann Lee" {
		t.Fatalf("cached lookup = %+v, %v", p, err)
	}
	if n := m.CacheQueries(); n != 1 {
		t.Fatalf("%d database lookups for two pages, want 1", n)
	}
	c.Advance(time.Millisecond) // exactly CacheTTL after the lookup
	if _, err := m.ResolveCached(ctx, token); !errors.Is(err, ErrNoSession) {
		t.Fatalf("revoked elsewhere, after CacheTTL: err = %v, want ErrNoSession", err)
	}
	// Resolve (the API's lookup) never reads the cache.
	if _, err := m.Resolve(ctx, token); !errors.Is(err, ErrNoSession) {
		t.Fatalf("Resolve err = %v", err)
	}
}

// Logging out on this server ends the cached session at once, as do the
// other revocations this process makes.
func TestCacheRevocationHereIsImmediate(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		revoke func(m *Manager, uid int64, token string) error
		want   error
	}{
		{"logout", func(m *Manager, _ int64, token string) error { return m.Revoke(ctx, token) }, ErrNoSession},
		{"every session (self-exclusion)", func(m *Manager, uid int64, _ string) error { return m.RevokeAll(ctx, uid) }, ErrNoSession},
		{"session limit lowered", func(m *Manager, uid int64, _ string) error { return m.ShortenLimit(ctx, uid, m.Now()) }, ErrSessionLimit},
		{"other sessions (password change)", func(m *Manager, uid int64, _ string) error {
			other, err := m.Create(ctx, uid, "", "")
			if err != nil {
				return err
			}
			p, err := m.Resolve(ctx, other)
			if err != nil {
				return err
			}
			return m.RevokeOthers(ctx, p)
		}, ErrNoSession},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, uid, _, token := newCachedManager(t)
			if _, err := m.ResolveCached(ctx, token); err != nil {
				t.Fatal(err)
			}
			if err := tc.revoke(m, uid, token); err != nil {
				t.Fatal(err)
			}
			if _, err := m.ResolveCached(ctx, token); !errors.Is(err, tc.want) {
				t.Fatalf("right after: err = %v, want %v", err, tc.want)
			}
		})
	}
}

// The password change keeps the session it was made in.
func TestCacheRevokeOthersKeepsTheCurrent(t *testing.T) {
	m, uid, _, token := newCachedManager(t)
	ctx := context.Background()
	p, err := m.ResolveCached(ctx, token)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := m.Create(ctx, uid, "", "")
	if _, err := m.ResolveCached(ctx, other); err != nil {
		t.Fatal(err)
	}
	if err := m.RevokeOthers(ctx, p); err != nil {
		t.Fatal(err)
	}
	if _, err := m.ResolveCached(ctx, token); err != nil {
		t.Fatalf("current session: %v", err)
	}
	if _, err := m.ResolveCached(ctx, other); !errors.Is(err, ErrNoSession) {
		t.Fatalf("other session: %v", err)
	}
}

// A self-exclusion recorded by another process restricts the cached session
// within CacheTTL; one made here (RevokeAll) at once (above). An exclusion
// that ends while the entry is cached ends on the next page.
func TestCacheSelfExclusionWithinTheBound(t *testing.T) {
	m, uid, c, token := newCachedManager(t)
	ctx := context.Background()
	if p, err := m.ResolveCached(ctx, token); err != nil || p.Restricted {
		t.Fatalf("before: %+v %v", p, err)
	}
	until := m.Now().Add(90 * time.Minute).Format(time.RFC3339)
	if _, err := m.db.Write.Exec(`UPDATE users SET self_exclusion_until = ? WHERE id = ?`, until, uid); err != nil {
		t.Fatal(err)
	}
	c.Advance(CacheTTL)
	p, err := m.ResolveCached(ctx, token)
	if err != nil || !p.Restricted {
		t.Fatalf("after CacheTTL: %+v %v, want restricted", p, err)
	}
	c.Advance(90 * time.Minute) // the exclusion is over; the entry is old anyway
	if p, err := m.ResolveCached(ctx, token); err != nil || p.SelfExclusionUntil != until {
		t.Fatalf("re-read: %+v %v", p, err)
	}
	// Within one cached entry: the end is checked on every hit.
	m2, uid2, c2, token2 := newCachedManager(t)
	end := m2.Now().Add(CacheTTL / 2)
	m2.db.Write.Exec(`UPDATE users SET self_exclusion_until = ? WHERE id = ?`, end.Format(time.RFC3339Nano), uid2)
	if p, _ := m2.ResolveCached(ctx, token2); p == nil || !p.Restricted {
		t.Fatalf("excluded: %+v", p)
	}
	c2.Advance(CacheTTL/2 + time.Millisecond)
	if p, _ := m2.ResolveCached(ctx, token2); p == nil || p.Restricted || m2.CacheQueries() != 1 {
		t.Fatalf("after the end, from the cache: %+v (%d lookups)", p, m2.CacheQueries())
	}
}

// The session's own deadlines are checked on every hit, not at fill time.
func TestCacheChecksDeadlinesOnEveryHit(t *testing.T) {
	m, uid, c, token := newCachedManager(t)
	ctx := context.Background()
	end := m.Now().Add(CacheTTL / 2)
	if _, err := m.db.Write.Exec(`UPDATE sessions SET limit_ends_at = ? WHERE user_id = ?`, end.Format(timeLayout), uid); err != nil {
		t.Fatal(err)
	}
	if _, err := m.ResolveCached(ctx, token); err != nil {
		t.Fatal(err)
	}
	c.Advance(CacheTTL / 2)
	if _, err := m.ResolveCached(ctx, token); !errors.Is(err, ErrSessionLimit) {
		t.Fatalf("err = %v, want ErrSessionLimit", err)
	}
	if m.CacheQueries() != 1 {
		t.Fatalf("%d lookups", m.CacheQueries())
	}
}

// A lookup that read the row before a revocation and finishes after it is
// not kept, and a clock set back does not keep an entry alive.
func TestCacheRaceAndClockSetBack(t *testing.T) {
	m, uid, c, token := newCachedManager(t)
	ctx := context.Background()
	k := sha256.Sum256([]byte(token))
	gen := m.cache.gen.Load()
	p, exp, seen, err := m.lookup(ctx, k[:], m.Now())
	if err != nil {
		t.Fatal(err)
	}
	m.RevokeAll(ctx, uid) // meanwhile
	m.cache.put(k, &cachedSession{player: *p, fetched: m.Now(), expires: exp, seen: seen}, gen)
	if _, err := m.ResolveCached(ctx, token); !errors.Is(err, ErrNoSession) {
		t.Fatalf("stale fill kept: err = %v", err)
	}

	token, _ = m.Create(ctx, uid, "", "")
	m.ResolveCached(ctx, token)
	m.db.Write.Exec(`DELETE FROM sessions`)
	c.Set(m.Now().Add(-time.Hour))
	if _, err := m.ResolveCached(ctx, token); !errors.Is(err, ErrNoSession) {
		t.Fatalf("after the clock went back: err = %v", err)
	}
}

// Forget (a changed name, locale or deposit count) re-reads the row.
func TestCacheForget(t *testing.T) {
	m, uid, _, token := newCachedManager(t)
	ctx := context.Background()
	m.ResolveCached(ctx, token)
	m.db.Write.Exec(`UPDATE users SET nickname = 'annie' WHERE id = ?`, uid)
	m.Forget(uid)
	if p, err := m.ResolveCached(ctx, token); err != nil || p.DisplayName != "annie" {
		t.Fatalf("%+v %v", p, err)
	}
}
