package studio

import (
	"context"
	"errors"
	"strings"
	"testing"

	"casino/bff/api"
)

// Issue 18, item 14: given a real-money round's id and any well-formed
// server seed, the verifier answered another player's round (bet, outcome,
// client seed). Only the owner may verify it; before the reveal even the
// owner gets "not revealed yet" rather than the stored round.
func TestVerifierChecksTheRoundsOwner(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	l, err := f.svc.Launch(ctx, player1, "fruit-fiesta", ModeReal)
	if err != nil {
		t.Fatal(err)
	}
	sess, _ := f.svc.Session(ctx, l.ID)
	res, err := f.svc.Spin(ctx, sess, "0.50", false)
	if err != nil {
		t.Fatal(err)
	}
	anySeed := strings.Repeat("ab", 32)
	cases := []struct {
		name string
		q    VerifyQuery
		want error
	}{
		{"visitor with a seed", VerifyQuery{Round: res.RoundID, ServerSeed: anySeed}, api.ErrNotFound},
		{"another player with a seed", VerifyQuery{Round: res.RoundID, ServerSeed: anySeed, Player: 99}, api.ErrNotFound},
		{"another player", VerifyQuery{Round: res.RoundID, Player: 99}, api.ErrNotFound},
		{"owner before the reveal", VerifyQuery{Round: res.RoundID, Player: player1.ID}, api.ErrValidation},
	}
	for _, tc := range cases {
		if _, err := f.svc.Verify(ctx, tc.q); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	if _, err := f.svc.RotateSeeds(ctx, sess, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Verify(ctx, VerifyQuery{Round: res.RoundID, Player: 99}); !errors.Is(err, api.ErrNotFound) {
		t.Errorf("another player after the reveal: %v", err)
	}
	v, err := f.svc.Verify(ctx, VerifyQuery{Round: res.RoundID, Player: player1.ID})
	if err != nil || v.Matches == nil || !*v.Matches {
		t.Fatalf("owner after the reveal: %+v %v", v, err)
	}
}
