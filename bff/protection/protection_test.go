package protection

import (
	"context"
	"errors"
	"testing"
	"time"

	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/wallet"
)

// fakeWallet and fakeCashier keep what is in force, as the wallet's and the
// cashier's tables do, with the wallet's one-hour bet-limit lock.
type fakeWallet struct {
	l         map[int64]wallet.Limits
	betSetAt  time.Time
	clock     clock.Clock
	lockedSet int
}

func (f *fakeWallet) LimitsOf(_ context.Context, id int64) (wallet.Limits, error) {
	return f.l[id], nil
}
func (f *fakeWallet) SetLimits(_ context.Context, id int64, l wallet.Limits, force bool) error {
	if l.BetLimits != f.l[id].BetLimits {
		if !force && !f.betSetAt.IsZero() && f.clock.Now().Before(f.betSetAt.Add(time.Hour)) {
			f.lockedSet++
			return wallet.ErrBetLimitChangeLocked
		}
		f.betSetAt = f.clock.Now()
	}
	f.l[id] = l
	return nil
}

type fakeCashier struct{ m map[string]int64 }

func (f *fakeCashier) DepositLimitsOf(context.Context, int64) (map[string]int64, error) {
	out := map[string]int64{}
	for k, v := range f.m {
		out[k] = v
	}
	return out, nil
}
func (f *fakeCashier) SetDepositLimit(_ context.Context, _ int64, period string, m ledger.Money) error {
	if m.Minor() == 0 {
		delete(f.m, period)
	} else {
		f.m[period] = m.Minor()
	}
	return nil
}

func newService(t *testing.T) (*Service, *clock.Manual, int64, *fakeWallet) {
	t.Helper()
	db, err := database.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	res, _ := db.Write.Exec(`INSERT INTO users(email, currency_code, country_code) VALUES ('p@example.com', 'EUR', 'DE')`)
	id, _ := res.LastInsertId()
	c := clock.NewManual(time.Date(2026, 11, 25, 23, 30, 0, 0, time.UTC))
	w := &fakeWallet{l: map[int64]wallet.Limits{}, clock: c}
	s := NewService(db, w, &fakeCashier{m: map[string]int64{}})
	s.Clock = c
	return s, c, id, w
}

var eur, _ = ledger.LookupCurrency("EUR")

func limitOf(t *testing.T, s *Service, id int64, kind, period string) Limit {
	t.Helper()
	list, err := s.Limits(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range list {
		if l.Type == kind && l.Period == period {
			return l
		}
	}
	t.Fatalf("no %s %s limit", period, kind)
	return Limit{}
}

func TestLimitsCoolingOff(t *testing.T) {
	ctx := context.Background()
	for _, kind := range Kinds {
		t.Run(kind, func(t *testing.T) {
			s, c, id, _ := newService(t)
			// A first limit and a lower one apply at once.
			for _, amount := range []int64{5000, 2000} {
				if ch, err := s.SetLimit(ctx, id, eur, kind, "daily", amount); err != nil || !ch.Applied {
					t.Fatalf("set %d: %+v %v", amount, ch, err)
				}
				c.Advance(2 * time.Hour) // past the bet-limit lock
			}
			// A raise waits 24 hours, across midnight, then applies.
			ch, err := s.SetLimit(ctx, id, eur, kind, "daily", 3000)
			if err != nil || ch.Applied || ch.EffectiveAt != c.Now().Add(24*time.Hour).Format(stampLayout) {
				t.Fatalf("raise: %+v %v", ch, err)
			}
			if l := limitOf(t, s, id, kind, "daily"); l.Amount != 2000 || l.Pending == nil || l.Pending.Amount != 3000 {
				t.Fatalf("during cooling-off: %+v", l)
			}
			c.Advance(24*time.Hour - time.Second)
			if l := limitOf(t, s, id, kind, "daily"); l.Amount != 2000 {
				t.Fatalf("a second early: %+v", l)
			}
			c.Advance(time.Second)
			if l := limitOf(t, s, id, kind, "daily"); l.Amount != 3000 || l.Pending != nil {
				t.Fatalf("after cooling-off: %+v", l)
			}
			// A removal waits too, and the player can cancel it.
			c.Advance(2 * time.Hour)
			if ch, _ := s.SetLimit(ctx, id, eur, kind, "daily", 0); ch.Applied {
				t.Fatal("a removal applied at once")
			}
			if err := s.CancelPending(ctx, id, kind, "daily"); err != nil {
				t.Fatal(err)
			}
			c.Advance(25 * time.Hour)
			if l := limitOf(t, s, id, kind, "daily"); l.Amount != 3000 {
				t.Fatalf("cancelled removal applied: %+v", l)
			}
			if err := s.CancelPending(ctx, id, kind, "daily"); !errors.Is(err, ErrNothing) {
				t.Fatalf("nothing to cancel: %v", err)
			}
		})
	}
}

// A lower bet limit within an hour of the last change is refused by the
// wallet's lock (SPEC 9); a change that cooled off applies regardless.
func TestBetLimitLock(t *testing.T) {
	ctx := context.Background()
	s, c, id, w := newService(t)
	if _, err := s.SetLimit(ctx, id, eur, "bet", "weekly", 10000); err != nil {
		t.Fatal(err)
	}
	c.Advance(30 * time.Minute)
	if _, err := s.SetLimit(ctx, id, eur, "bet", "weekly", 5000); !errors.Is(err, wallet.ErrBetLimitChangeLocked) {
		t.Fatalf("within the hour: %v", err)
	}
	if _, err := s.SetLimit(ctx, id, eur, "bet", "weekly", 20000); err != nil {
		t.Fatal(err)
	}
	c.Advance(24 * time.Hour)
	if n, err := s.ApplyDue(ctx, 0); err != nil || n != 1 || w.l[id].BetLimits[1] != 20000 {
		t.Fatalf("applied %d %v %+v", n, err, w.l[id])
	}
}

func TestFreeze(t *testing.T) {
	ctx := context.Background()
	s, c, id, w := newService(t)
	if _, err := s.Freeze(ctx, id, 2); !errors.Is(err, ErrDays) {
		t.Fatalf("2 days: %v", err)
	}
	until, err := s.Freeze(ctx, id, 7)
	if err != nil || until != c.Now().Add(7*24*time.Hour).Format(time.RFC3339) || w.l[id].FrozenUntil != until {
		t.Fatalf("freeze: %s %v", until, err)
	}
	// A shorter freeze does not shorten it.
	if again, _ := s.Freeze(ctx, id, 1); again != until {
		t.Fatalf("shortened to %s", again)
	}
}
