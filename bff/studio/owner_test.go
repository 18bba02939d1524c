package studio

import (
	"context"
	"errors"
	"testing"
	"time"

	"casino/bff/clock"
	"casino/bff/session"
)

// A real-money game session ends with the player's session that launched it
// (issue 18, item 11): after log-out the gs-… id opens nothing, while another
// device's session and fun-money sessions go on.
func TestGameSessionEndsWithThePlayersSession(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	sessions := session.NewManager(f.db)
	launch := func() (token, gameSession string) {
		token, err := sessions.Create(ctx, 1, "127.0.0.1", "test")
		if err != nil {
			t.Fatal(err)
		}
		p, err := sessions.Resolve(ctx, token)
		if err != nil {
			t.Fatal(err)
		}
		l, err := f.svc.Launch(ctx, p, "fruit-fiesta", ModeReal)
		if err != nil {
			t.Fatal(err)
		}
		return token, l.ID
	}
	phone, onPhone := launch()
	_, onLaptop := launch()
	fun, err := f.svc.Launch(ctx, nil, "fruit-fiesta", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Session(ctx, onPhone); err != nil {
		t.Fatalf("live game session: %v", err)
	}
	if err := sessions.Revoke(ctx, phone); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Session(ctx, onPhone); !errors.Is(err, ErrSession) {
		t.Errorf("game session after log-out: %v, want ErrSession", err)
	}
	for name, id := range map[string]string{"another device": onLaptop, "fun money": fun.ID} {
		if _, err := f.svc.Session(ctx, id); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A password change ends every other session, and their games with them.
	desk, _ := launch()
	p, err := sessions.Resolve(ctx, desk)
	if err != nil {
		t.Fatal(err)
	}
	if err := sessions.RevokeOthers(ctx, p); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Session(ctx, onLaptop); !errors.Is(err, ErrSession) {
		t.Errorf("game session after a password change elsewhere: %v", err)
	}
}

// The player's session time limit ends the game session at the same moment
// (bff/protection), to the millisecond; a self-excluded player cannot
// launch one, and every real-money game ends when all sessions are revoked.
func TestGameSessionEndsAtTheSessionLimit(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	start := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	c := clock.NewManual(start)
	f.svc.Now = c.Now
	sessions := session.NewManager(f.db)
	sessions.SetClock(c)
	sessions.Deadlines = func(context.Context, int64, time.Time) (session.Deadlines, error) {
		return session.Deadlines{LimitEndsAt: start.Add(10 * time.Minute)}, nil
	}
	token, _ := sessions.Create(ctx, 1, "", "")
	p, err := sessions.Resolve(ctx, token)
	if err != nil {
		t.Fatal(err)
	}
	l, err := f.svc.Launch(ctx, p, "fruit-fiesta", ModeReal)
	if err != nil {
		t.Fatal(err)
	}
	c.Set(start.Add(10*time.Minute - time.Millisecond))
	if _, err := f.svc.Session(ctx, l.ID); err != nil {
		t.Fatalf("just before the limit: %v", err)
	}
	c.Set(start.Add(10 * time.Minute))
	if _, err := f.svc.Session(ctx, l.ID); !errors.Is(err, ErrSession) {
		t.Fatalf("at the limit: %v, want ErrSession", err)
	}

	c.Set(start)
	other, _ := sessions.Create(ctx, 1, "", "")
	p, _ = sessions.Resolve(ctx, other)
	g, err := f.svc.Launch(ctx, p, "fruit-fiesta", ModeReal)
	if err != nil {
		t.Fatal(err)
	}
	if err := sessions.RevokeAll(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Session(ctx, g.ID); !errors.Is(err, ErrSession) {
		t.Fatalf("after every session was revoked: %v", err)
	}
	p.Restricted, p.SelfExclusionUntil = true, start.Add(time.Hour).Format(time.RFC3339)
	if _, err := f.svc.Launch(ctx, p, "fruit-fiesta", ModeReal); !errors.Is(err, session.ErrSelfExcluded) {
		t.Fatalf("a self-excluded launch: %v", err)
	}
}
