package protection

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// A high-loyalty player lowers their own bet limit but does not raise or
// remove it; support does, at once, with a reason, in an append-only audit.
func TestBetLimitRaisedBySupportOnlyForHighLoyalty(t *testing.T) {
	s, c, id, w := newService(t)
	ctx := context.Background()
	high := false
	s.HighLoyalty = func(context.Context, int64) (bool, error) { return high, nil }

	if _, err := s.SetLimit(ctx, id, eur, "bet", "daily", 10000); err != nil {
		t.Fatal(err)
	}
	high = true
	c.Advance(2 * time.Hour) // past the one-hour lock
	for _, tt := range []struct {
		name   string
		kind   string
		amount int64
		want   error
	}{
		{"raise the bet limit", "bet", 20000, ErrBetLimitBySupport},
		{"remove the bet limit", "bet", 0, ErrBetLimitBySupport},
		{"raise a loss limit (the player's own)", "loss", 50000, nil},
		{"lower the bet limit", "bet", 5000, nil},
	} {
		_, err := s.SetLimit(ctx, id, eur, tt.kind, "daily", tt.amount)
		if !errors.Is(err, tt.want) && err != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
	}
	if got := w.l[id].BetLimits[0]; got != 5000 {
		t.Fatalf("bet limit after the player's changes: %d, want 5000", got)
	}

	// Support: no reason, no change; a kind other than bet is the player's.
	if err := s.SupportSetLimit(ctx, id, eur, "bet", "daily", 30000, " ", "ann"); !errors.Is(err, ErrSupportReason) {
		t.Fatalf("without a reason: %v", err)
	}
	if err := s.SupportSetLimit(ctx, id, eur, "deposit", "daily", 30000, "asked", "ann"); err == nil {
		t.Fatal("support changed a deposit limit")
	}
	// At once, even within the hour after the player's own change.
	if err := s.SupportSetLimit(ctx, id, eur, "bet", "daily", 30000, "VIP review 2026-11-26, call recorded", "ann"); err != nil {
		t.Fatal(err)
	}
	if got := w.l[id].BetLimits[0]; got != 30000 {
		t.Fatalf("bet limit after support: %d", got)
	}
	log, err := s.Audit(ctx, id)
	if err != nil || len(log) != 1 || log[0].Old != 5000 || log[0].New != 30000 || log[0].Actor != "ann" || !strings.Contains(log[0].Reason, "VIP review") {
		t.Fatalf("audit: %+v %v", log, err)
	}
	for _, stmt := range []string{`UPDATE protection_limit_audit SET reason = 'x'`, `DELETE FROM protection_limit_audit`} {
		if _, err := s.db.Write.Exec(stmt); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("%s: %v, want the append-only refusal", stmt, err)
		}
	}
}
