package rewards

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/ledger"
)

type fixture struct {
	t     *testing.T
	db    *database.DB
	s     *Service
	clock *clock.Manual
	round int
}

func newFixture(t *testing.T, now time.Time) *fixture {
	t.Helper()
	db, err := database.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	// A game with an RTP of 96 %: a 4 % house edge.
	if _, err := db.Write.Exec(`INSERT INTO game_providers(id, slug, name, wallet_provider) VALUES (1, 'studio', 'Studio', 'studio')`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Write.Exec(`INSERT INTO games(slug, provider_id, external_id, name, rtp) VALUES ('fruit', 1, 'fruit', 'Fruit', 96)`); err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, db: db, clock: clock.NewManual(now)}
	f.s = NewService(db, ledger.New(db))
	f.s.Clock = f.clock
	return f
}

// player makes a depositor whose calendar zone is zone.
func (f *fixture) player(zone string) int64 {
	f.t.Helper()
	res, err := f.db.Write.Exec(`INSERT INTO users(email, currency_code, country_code, is_email_verified, deposit_count) VALUES (?, 'EUR', 'DE', 1, 1)`,
		fmt.Sprintf("p%d@example.com", time.Now().UnixNano()))
	if err != nil {
		f.t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	if _, err := f.s.load(context.Background(), id, zone); err != nil {
		f.t.Fatal(err)
	}
	return id
}

// play records a closed round of stake and win (minor units) at t.
func (f *fixture) play(id int64, t time.Time, stake, win int64) {
	f.t.Helper()
	f.round++
	_, err := f.db.Write.Exec(`INSERT INTO wallet_rounds(provider, round_id, player_id, game_id, currency, bet_real, win, balance_before, balance_after, status, started_at)
		VALUES ('studio', ?, ?, 'fruit', 'EUR', ?, ?, 0, 0, 'closed', ?)`, fmt.Sprint(f.round), id, stake, win, t.UTC().Format(stampLayout))
	if err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) days(id int64) map[string]Day {
	f.t.Helper()
	days, err := f.s.Days(context.Background(), id, "")
	if err != nil {
		f.t.Fatal(err)
	}
	if len(days) != GridDays {
		f.t.Fatalf("%d days, want %d", len(days), GridDays)
	}
	out := map[string]Day{}
	for _, d := range days {
		out[d.CanClaimDate] = d
	}
	return out
}

func zone(t *testing.T, name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// 10.00 EUR staked on a 4 % edge at 20 % rakeback: 8 cents; with no loss in
// the half hour (won back exactly) the accumulator adds nothing.
func TestDayAmountEdgeAndLoss(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	f := newFixture(t, now)
	id := f.player("UTC")
	f.play(id, now.Add(-2*time.Hour), 1000, 1000)
	if got := f.days(id)["2026-11-25"].Amount; got != "8" {
		t.Fatalf("edge mode: %s, want 8", got)
	}
	// A 10.00 loss in one half hour adds 5 %: 50 cents more.
	f.play(id, now.Add(-time.Hour), 1000, 0)
	if got := f.days(id)["2026-11-25"].Amount; got != "66" { // 8 + 8 + 50
		t.Fatalf("with a losing half hour: %s, want 66", got)
	}
	if _, err := f.s.PutSettings(context.Background(), []byte(`{"mode":"loss","rakebackPercent":"10","accumulatorPercent":"0"}`)); err != nil {
		t.Fatal(err)
	}
	if got := f.days(id)["2026-11-25"].Amount; got != "100" { // 10 % of the 10.00 net loss
		t.Fatalf("loss mode: %s, want 100", got)
	}
	if _, err := f.s.PutSettings(context.Background(), []byte(`{"mode":"luck"}`)); err == nil {
		t.Fatal("an unknown mode was accepted")
	}
}

// Players at both ends of the clock claim "yesterday" around their midnight:
// the day's window is their own midnight to midnight.
func TestClaimYesterdayAroundMidnightInFarZones(t *testing.T) {
	for _, tc := range []struct {
		zone string
	}{{"Pacific/Honolulu"}, {"Pacific/Kiritimati"}} {
		t.Run(tc.zone, func(t *testing.T) {
			loc := zone(t, tc.zone)
			// 00:05 local on 25 November: yesterday is the 24th.
			now := time.Date(2026, 11, 25, 0, 5, 0, 0, loc)
			f := newFixture(t, now)
			id := f.player(tc.zone)
			f.play(id, time.Date(2026, 11, 24, 23, 50, 0, 0, loc), 10000, 0) // the 24th, local
			f.play(id, time.Date(2026, 11, 23, 23, 59, 0, 0, loc), 50000, 0) // the 23rd: not claimable now
			f.play(id, time.Date(2026, 11, 25, 0, 1, 0, 0, loc), 100000, 0)  // today
			days := f.days(id)
			if days["2026-11-24"].Amount == "0" || days["2026-11-23"].Amount == "0" || days["2026-11-25"].Amount == "0" {
				t.Fatalf("days %+v", days)
			}
			got, err := f.s.Claim(context.Background(), id, "", "2026-11-24", "2026-11-25")
			if err != nil || got.Amount != days["2026-11-24"].Amount {
				t.Fatalf("claim yesterday: %+v %v, want %s", got, err, days["2026-11-24"].Amount)
			}
			if _, err := f.s.Claim(context.Background(), id, "", "2026-11-23", "2026-11-25"); !errors.Is(err, ErrClaimDate) {
				t.Fatalf("the day before yesterday: %v", err)
			}
			// Ten minutes later it is still the 25th there: the 24th stays paid once.
			f.clock.Advance(10 * time.Minute)
			if _, err := f.s.Claim(context.Background(), id, "", "2026-11-24", "2026-11-25"); !errors.Is(err, ErrAlreadyClaimed) {
				t.Fatalf("second claim: %v", err)
			}
			if d := f.days(id)["2026-11-24"]; d.PaidAt == nil || d.Amount != got.Amount {
				t.Fatalf("paid day %+v", d)
			}
		})
	}
}

// On the Europe/Berlin daylight-saving days the calendar day is 23 or 25
// hours: a round at 02:30 on the last Sunday of October (the repeated hour)
// and one at 23:30 belong to that day, not the next.
func TestDaylightSavingDays(t *testing.T) {
	berlin := zone(t, "Europe/Berlin")
	from, to, err := window("2026-10-25", berlin)
	if err != nil || to.Sub(from) != 25*time.Hour {
		t.Fatalf("autumn day: %v %v", to.Sub(from), err)
	}
	from, to, _ = window("2026-03-29", berlin)
	if to.Sub(from) != 23*time.Hour {
		t.Fatalf("spring day: %v", to.Sub(from))
	}
	now := time.Date(2026, 10, 26, 9, 0, 0, 0, berlin)
	f := newFixture(t, now)
	id := f.player("Europe/Berlin")
	second := time.Date(2026, 10, 25, 0, 30, 0, 0, time.UTC) // 02:30 CET, the second 02:30 of the night
	f.play(id, second, 10000, 0)
	f.play(id, time.Date(2026, 10, 25, 23, 30, 0, 0, berlin), 10000, 0)
	days := f.days(id)
	want := f.days(id)["2026-10-25"].Amount
	if want == "0" || days["2026-10-26"].Amount != "0" {
		t.Fatalf("DST day %+v", days)
	}
	if got, err := f.s.Claim(context.Background(), id, "", "2026-10-25", "2026-10-26"); err != nil || got.Amount != want {
		t.Fatalf("claim %+v %v", got, err)
	}
}

// The device's date may be off by the midnight it is crossing, not more; the
// server's date always decides.
func TestCustomerDateThatDisagrees(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	f := newFixture(t, now)
	id := f.player("UTC")
	f.play(id, now.Add(-time.Hour), 10000, 0)
	if _, err := f.s.Claim(context.Background(), id, "", "2026-11-25", "2026-11-27"); !errors.Is(err, ErrCustomerDate) {
		t.Fatalf("a device two days ahead: %v", err)
	}
	if _, err := f.s.Claim(context.Background(), id, "", "2026-11-26", "2026-11-26"); !errors.Is(err, ErrClaimDate) {
		t.Fatalf("claiming tomorrow: %v", err)
	}
	if _, err := f.s.Claim(context.Background(), id, "", "2026-11-25", "2026-11-24"); err != nil {
		t.Fatalf("a device still on yesterday: %v", err)
	}
}

// 50 claims of one day at once pay once; the ledger holds.
func TestConcurrentClaimsPayOnce(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	f := newFixture(t, now)
	id := f.player("UTC")
	f.play(id, now.Add(-time.Hour), 100000, 0)
	var wg sync.WaitGroup
	var mu sync.Mutex
	paid, refused := 0, 0
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := f.s.Claim(context.Background(), id, "", "2026-11-25", "2026-11-25")
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				paid++
			case errors.Is(err, ErrAlreadyClaimed):
				refused++
			default:
				t.Errorf("claim: %v", err)
			}
		}()
	}
	wg.Wait()
	if paid != 1 || refused != 49 {
		t.Fatalf("paid %d, refused %d", paid, refused)
	}
	eur, _ := ledger.LookupCurrency("EUR")
	bal, err := f.s.ledger.PlayerBalances(context.Background(), id, eur)
	if err != nil || fmt.Sprint(bal.Real.Minor()) != f.days(id)["2026-11-25"].Amount {
		t.Fatalf("balance %+v %v, want the day's amount", bal, err)
	}
	if err := f.s.ledger.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// The accumulator covers the current half hour only: a round that started at
// 10:29:59.9 belongs to the 10:00 half hour even if its win arrives after
// 10:30, and at 10:30 the award starts again from zero.
func TestAccumulatorHalfHour(t *testing.T) {
	start := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	f := newFixture(t, start.Add(29*time.Minute+59*time.Second))
	id := f.player("UTC")
	f.play(id, start.Add(10*time.Minute), 1000, 200)
	f.play(id, start.Add(29*time.Minute+59*time.Second+900*time.Millisecond), 1000, 0) // in flight at the reset
	a, err := f.s.Award(context.Background(), id)
	if err != nil || a.NGR != "1800" || a.Payout != "90" || a.Percent != "5" || a.CurrencyCode != "EUR" {
		t.Fatalf("award %+v %v", a, err)
	}
	f.clock.Set(start.Add(30 * time.Minute))
	if a, _ := f.s.Award(context.Background(), id); a.NGR != "0" || a.Payout != "0" {
		t.Fatalf("after the reset %+v", a)
	}
	// The half hour's payout is part of the day, once.
	if got := f.days(id)["2026-11-25"].Amount; got != "106" { // 90 + 20.00 staked × 4 % edge × 20 % = 90 + 16
		t.Fatalf("day %s, want 106", got)
	}
}

func TestDepositorsOnlyAndOptOut(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	f := newFixture(t, now)
	res, _ := f.db.Write.Exec(`INSERT INTO users(email, currency_code, country_code) VALUES ('new@example.com', 'EUR', 'DE')`)
	newbie, _ := res.LastInsertId()
	if _, err := f.s.Days(context.Background(), newbie, ""); !errors.Is(err, ErrDepositRequired) {
		t.Fatalf("no deposit: %v", err)
	}
	id := f.player("UTC")
	f.s.SetOptedOut(context.Background(), id, true, "")
	if _, err := f.s.Claim(context.Background(), id, "", "2026-11-25", ""); !errors.Is(err, ErrOptedOut) {
		t.Fatalf("opted out: %v", err)
	}
	f.s.SetOptedOut(context.Background(), id, false, "")
	if _, err := f.s.Claim(context.Background(), id, "", "2026-11-25", ""); !errors.Is(err, ErrNothingToClaim) {
		t.Fatalf("no play: %v", err)
	}
}
