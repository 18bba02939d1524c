package session

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// A hand-over code logs in once, on its host, within HandoverTTL, and never
// replaces another player's session (issue 18, item 3: login CSRF).
func TestHandover(t *testing.T) {
	m, uid := newTestManager(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	m.now = func() time.Time { return now }
	res, _ := m.db.Write.Exec(`INSERT INTO users(email) VALUES ('eve@example.com')`)
	eve, _ := res.LastInsertId()
	eveToken, _ := m.Create(ctx, eve, "", "")
	evePlayer, _ := m.Resolve(ctx, eveToken)

	fresh := func() string {
		code, exp, err := m.CreateHandover(ctx, uid, "Mirror.example:8443")
		if err != nil || !exp.Equal(now.Add(HandoverTTL)) {
			t.Fatalf("create: %v %v", exp, err)
		}
		return code
	}
	code := fresh()
	for _, tt := range []struct {
		name    string
		code    string
		host    string
		current *Player
		later   time.Duration
		want    error
	}{
		{"another host", code, "evil.example", nil, 0, ErrHandover},
		{"the right host, case aside", code, "mirror.example:8443", nil, 0, nil},
		{"spent", code, "mirror.example:8443", nil, 0, ErrHandover},
		{"expired", fresh(), "mirror.example:8443", nil, HandoverTTL, ErrHandover},
		{"another player's browser", fresh(), "mirror.example:8443", evePlayer, 0, ErrHandoverConflict},
		{"unknown", "made-up", "mirror.example:8443", nil, 0, ErrHandover},
		{"empty", "", "mirror.example:8443", nil, 0, ErrHandover},
	} {
		m.now = func() time.Time { return now.Add(tt.later) }
		token, user, err := m.RedeemHandover(ctx, tt.code, tt.host, tt.current, "", "")
		if !errors.Is(err, tt.want) && err != tt.want {
			t.Errorf("%s: err %v, want %v", tt.name, err, tt.want)
			continue
		}
		if tt.want == nil {
			p, err := m.Resolve(ctx, token)
			if err != nil || p.ID != uid || user != uid {
				t.Errorf("%s: the new session is not the player's: %v %v", tt.name, p, err)
			}
		}
	}
}

func TestHandoverRedeemsOnceUnderRace(t *testing.T) {
	m, uid := newTestManager(t)
	ctx := context.Background()
	code, _, _ := m.CreateHandover(ctx, uid, "mirror.example")
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := m.RedeemHandover(ctx, code, "mirror.example", nil, "", ""); err == nil {
				mu.Lock()
				wins++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if wins != 1 {
		t.Fatalf("%d redemptions of one code, want 1", wins)
	}
}
