package studio

import (
	"context"
	"errors"
	"testing"

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
