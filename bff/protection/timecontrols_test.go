package protection

import (
	"context"
	"errors"
	"testing"
	"time"

	"casino/bff/session"
)

// withSessions gives s a session manager on the same clock.
func withSessions(t *testing.T, s *Service) *session.Manager {
	t.Helper()
	m := session.NewManager(s.db)
	m.SetClock(s.Clock)
	m.Deadlines = s.Deadlines
	s.Sessions = m
	return m
}

func TestSelfExclusionPeriods(t *testing.T) {
	now := time.Date(2026, 1, 31, 22, 0, 0, 0, time.UTC)
	tests := []struct {
		req  ExclusionRequest
		want time.Time
		perm bool
		err  bool
	}{
		{ExclusionRequest{Period: "1h"}, now.Add(time.Hour), false, false},
		{ExclusionRequest{Period: "12h"}, now.Add(12 * time.Hour), false, false},
		{ExclusionRequest{Period: "1d"}, now.Add(24 * time.Hour), false, false},
		{ExclusionRequest{Period: "3d"}, now.Add(72 * time.Hour), false, false},
		{ExclusionRequest{Period: "1w"}, now.Add(7 * 24 * time.Hour), false, false},
		{ExclusionRequest{Period: "1m"}, time.Date(2026, 3, 3, 22, 0, 0, 0, time.UTC), false, false}, // Go's month: 31 Jan + 1 month
		{ExclusionRequest{Period: "custom", Months: 2, Days: 3}, time.Date(2026, 4, 3, 22, 0, 0, 0, time.UTC), false, false},
		{ExclusionRequest{Period: "custom", Days: 1}, now.Add(24 * time.Hour), false, false},
		{ExclusionRequest{Period: "permanent"}, time.Time{}, true, false},
		{ExclusionRequest{Period: "custom"}, time.Time{}, false, true},
		{ExclusionRequest{Period: "custom", Months: MaxCustomMonths + 1}, time.Time{}, false, true},
		{ExclusionRequest{Period: "custom", Days: -1, Months: 1}, time.Time{}, false, true},
		{ExclusionRequest{Period: "2h"}, time.Time{}, false, true},
	}
	for _, tt := range tests {
		end, perm, err := exclusionEnd(tt.req, now)
		if (err != nil) != tt.err || perm != tt.perm || !end.Equal(tt.want) {
			t.Errorf("%+v: got %v %v %v, want %v %v err=%v", tt.req, end, perm, err, tt.want, tt.perm, tt.err)
		}
	}
}

func TestSelfExclusion(t *testing.T) {
	s, c, id, _ := newService(t)
	ctx := context.Background()
	m := withSessions(t, s)
	var forfeited int
	var told []SessionEnded
	s.ForfeitBonus = func(context.Context, int64) error { forfeited++; return nil }
	s.Notify = func(_ int64, event string, data any) {
		if event == EventSessionEnded {
			told = append(told, data.(SessionEnded))
		}
	}
	a, _ := m.Create(ctx, id, "", "")
	b, _ := m.Create(ctx, id, "", "")

	start := c.Now()
	e, err := s.SelfExclude(ctx, id, ExclusionRequest{Period: "1w"})
	if err != nil {
		t.Fatal(err)
	}
	week := start.Add(7 * 24 * time.Hour)
	if e.Until != week.Format(time.RFC3339) || e.Permanent {
		t.Fatalf("exclusion = %+v", e)
	}
	for _, tok := range []string{a, b} {
		if _, err := m.Resolve(ctx, tok); !errors.Is(err, session.ErrNoSession) {
			t.Fatalf("a session outlived the self-exclusion: %v", err)
		}
	}
	if forfeited != 1 || len(told) != 1 || told[0].Reason != ReasonSelfExcluded || told[0].Until != e.Until {
		t.Fatalf("bonuses forfeited %d, pages told %+v", forfeited, told)
	}

	// Never shortened: a day asked now keeps the week.
	if e, _ := s.SelfExclude(ctx, id, ExclusionRequest{Period: "1d"}); e.Until != week.Format(time.RFC3339) {
		t.Fatalf("shortened to %+v", e)
	}
	// A log-in now gives a restricted session; it lasts as long as the
	// exclusion, to the second.
	tok, _ := m.Create(ctx, id, "", "")
	for at := c.Now(); at.Before(week); at = at.Add(3 * 24 * time.Hour) {
		c.Set(at) // active, so the idle expiry does not end it first
		m.Resolve(ctx, tok)
	}
	c.Set(week.Add(-time.Second))
	if p, err := m.Resolve(ctx, tok); err != nil || !p.Restricted {
		t.Fatalf("before the end: %+v %v", p, err)
	}
	c.Set(week)
	if p, _ := m.Resolve(ctx, tok); !p.Restricted {
		t.Fatal("the end itself is still excluded (SPEC: not in the past)")
	}
	c.Set(week.Add(time.Second))
	if p, _ := m.Resolve(ctx, tok); p.Restricted {
		t.Fatal("still restricted after the end")
	}

	// Lengthened by a longer one.
	if e, _ := s.SelfExclude(ctx, id, ExclusionRequest{Period: "3d"}); e.Until != week.Add(time.Second).Add(72*time.Hour).Format(time.RFC3339) {
		t.Fatalf("not lengthened: %+v", e)
	}
	month := c.Now().AddDate(0, 1, 0)
	if e, _ := s.SelfExclude(ctx, id, ExclusionRequest{Period: "1m"}); e.Until != month.Format(time.RFC3339) {
		t.Fatalf("not lengthened: %+v", e)
	}

	// Permanent cannot be undone: a shorter period later keeps it.
	if e, _ := s.SelfExclude(ctx, id, ExclusionRequest{Period: "permanent"}); !e.Permanent {
		t.Fatalf("permanent = %+v", e)
	}
	c.Advance(400 * 24 * time.Hour)
	if e, _ := s.SelfExclude(ctx, id, ExclusionRequest{Period: "1h"}); !e.Permanent {
		t.Fatalf("permanent undone: %+v", e)
	}
	var n int
	s.db.Read.QueryRow(`SELECT COUNT(*) FROM protection_exclusions WHERE player_id = ?`, id).Scan(&n)
	if n != 6 {
		t.Fatalf("%d exclusions recorded, want 6", n)
	}
}

func TestSessionLimit(t *testing.T) {
	s, c, id, _ := newService(t)
	ctx := context.Background()
	m := withSessions(t, s)
	for _, bad := range []int{MinSessionMinutes - 1, MaxSessionMinutes + 1, -5} {
		if _, err := s.SetSessionLimit(ctx, id, bad); !errors.Is(err, ErrSessionMinutes) {
			t.Errorf("%d minutes: %v", bad, err)
		}
	}
	if _, err := s.SetSessionLimit(ctx, id, 0); !errors.Is(err, ErrNoSessionLimit) {
		t.Errorf("removing no limit: %v", err)
	}
	if ch, err := s.SetSessionLimit(ctx, id, MaxSessionMinutes); err != nil || !ch.Applied {
		t.Fatalf("720 hours: %+v %v", ch, err)
	}

	// Logged in 30 minutes ago; a 10-minute limit set now ends the session 10
	// minutes from now.
	open, _ := m.Create(ctx, id, "", "")
	c.Advance(30 * time.Minute)
	set := c.Now()
	if ch, err := s.SetSessionLimit(ctx, id, 10); err != nil || !ch.Applied {
		t.Fatalf("lower: %+v %v", ch, err)
	}
	c.Set(set.Add(10*time.Minute - time.Second))
	if _, err := m.Resolve(ctx, open); err != nil {
		t.Fatalf("a second before the limit: %v", err)
	}
	c.Set(set.Add(10 * time.Minute))
	if _, err := m.Resolve(ctx, open); !errors.Is(err, session.ErrSessionLimit) {
		t.Fatalf("at the limit: %v", err)
	}

	// A new log-in is limited from its start.
	login := c.Now()
	fresh, _ := m.Create(ctx, id, "", "")
	p, err := m.Resolve(ctx, fresh)
	if err != nil || !p.LimitEndsAt.Equal(login.Add(10*time.Minute)) {
		t.Fatalf("new session ends %v (%v)", p.LimitEndsAt, err)
	}

	// A raise waits 24 hours and applies from the next log-in.
	ch, err := s.SetSessionLimit(ctx, id, 60)
	if err != nil || ch.Applied || ch.EffectiveAt != login.Add(CoolingOff).Format(stampLayout) {
		t.Fatalf("raise: %+v %v", ch, err)
	}
	c.Set(login.Add(CoolingOff - time.Second))
	if l, _ := s.SessionLimitOf(ctx, p); l.Minutes != 10 || l.Pending == nil || l.Pending.Minutes != 60 {
		t.Fatalf("before the cooling-off: %+v", l)
	}
	c.Set(login.Add(CoolingOff))
	if l, _ := s.SessionLimitOf(ctx, p); l.Minutes != 60 || l.Pending != nil {
		t.Fatalf("after the cooling-off: %+v", l)
	}

	// A removal waits too, and can be cancelled.
	if ch, _ := s.SetSessionLimit(ctx, id, 0); ch.Applied {
		t.Fatal("removal applied at once")
	}
	if err := s.CancelPendingSessionLimit(ctx, id); err != nil {
		t.Fatal(err)
	}
	if err := s.CancelPendingSessionLimit(ctx, id); !errors.Is(err, ErrNothing) {
		t.Fatalf("second cancel: %v", err)
	}

	// The demo minute shortens it (end-to-end tests).
	s.Minute = time.Second
	d, _ := s.Deadlines(ctx, id, c.Now())
	if !d.LimitEndsAt.Equal(c.Now().Add(60 * time.Second)) {
		t.Fatalf("demo minute: ends %v", d.LimitEndsAt)
	}
}

func TestRealityCheck(t *testing.T) {
	s, c, id, _ := newService(t)
	ctx := context.Background()
	m := withSessions(t, s)
	if err := s.SetRealityCheck(ctx, id, 20); !errors.Is(err, ErrRealityInterval) {
		t.Fatalf("20 minutes: %v", err)
	}
	if err := s.SetRealityCheck(ctx, id, 15); err != nil {
		t.Fatal(err)
	}
	login := c.Now()
	tok, _ := m.Create(ctx, id, "", "")
	p, _ := m.Resolve(ctx, tok)
	// Two rounds this session, one before it.
	for _, r := range []struct {
		at       time.Time
		bet, win int64
	}{{login.Add(-time.Hour), 500, 0}, {login.Add(time.Minute), 200, 0}, {login.Add(2 * time.Minute), 100, 250}} {
		if _, err := s.db.Write.Exec(`INSERT INTO wallet_rounds(provider, round_id, player_id, game_id, currency, bet_real, win, balance_before, balance_after, started_at)
			VALUES ('studio', ?, ?, 'g', 'EUR', ?, ?, 0, 0, ?)`, r.at.String(), id, r.bet, r.win, r.at.Format(stampLayout)); err != nil {
			t.Fatal(err)
		}
	}

	c.Set(login.Add(15*time.Minute - time.Second))
	if err := s.MayPlay(ctx, id, nil); err != nil {
		t.Fatalf("before due: %v", err)
	}
	rc, _ := s.RealityCheckOf(ctx, p)
	if rc.Due || rc.DueAt == nil || *rc.DueAt != login.Add(15*time.Minute).Format(time.RFC3339) {
		t.Fatalf("before due: %+v", rc)
	}
	c.Set(login.Add(15 * time.Minute))
	if err := s.MayPlay(ctx, id, nil); !errors.Is(err, ErrRealityCheckDue) {
		t.Fatalf("due: %v", err)
	}
	rc, _ = s.RealityCheckOf(ctx, p)
	if !rc.Due || rc.ElapsedSeconds != 15*60 || rc.Stakes != 300 || rc.Net != -50 || rc.Currency != "EUR" {
		t.Fatalf("due: %+v", rc)
	}

	// Continue: the games play again, the next check one interval later.
	c.Advance(2 * time.Minute)
	answered := c.Now()
	if _, err := s.ContinueAfterRealityCheck(ctx, p); err != nil {
		t.Fatal(err)
	}
	if err := s.MayPlay(ctx, id, nil); err != nil {
		t.Fatalf("after Continue: %v", err)
	}
	c.Set(answered.Add(15 * time.Minute))
	if err := s.MayPlay(ctx, id, nil); !errors.Is(err, ErrRealityCheckDue) {
		t.Fatalf("next due: %v", err)
	}
	// Each device's games follow their own session's check: a session
	// logged in later is not paused by the first one's.
	later, _ := m.Create(ctx, id, "", "")
	lp, _ := m.Resolve(ctx, later)
	if err := s.MayPlay(ctx, id, lp.SessionKey()); err != nil {
		t.Fatalf("the later session: %v", err)
	}
	if err := s.MayPlay(ctx, id, p.SessionKey()); !errors.Is(err, ErrRealityCheckDue) {
		t.Fatalf("the first session: %v", err)
	}
	// Turned off: nothing is due any more.
	if err := s.SetRealityCheck(ctx, id, 0); err != nil {
		t.Fatal(err)
	}
	if err := s.MayPlay(ctx, id, nil); err != nil {
		t.Fatalf("off: %v", err)
	}
}
