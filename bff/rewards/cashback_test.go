package rewards

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"casino/bff/api"
	"casino/bff/bonus"
)

// A Wednesday cashback of 15 % of the day's net loss, from 5.00, up to 100.00.
const cashbackSeed = `{"bonuses": [{"code": "wednesday", "name": "Wednesday cashback", "type": "instant_cashback", "isActive": true,
  "cashbackPercent": 15, "wageringType": "REAL_MONEY_ONLY", "daysValid": 1, "validOnDays": [3],
  "amounts": {"EUR": {"minLoss": "5.00", "maxBonusThreshold": "100.00"}}}]}`

// calendarHook is the server's adapter (bff/server/rewards.go).
type calendarHook struct{ r *Service }

func (c calendarHook) LocalNow(ctx context.Context, id int64, z string) (time.Time, error) {
	return c.r.LocalNow(ctx, id, z)
}
func (c calendarHook) NetLoss(ctx context.Context, id int64, z string) (int64, error) {
	return c.r.NetLoss(ctx, id, z)
}
func (c calendarHook) AddToCalendar(ctx context.Context, cb bonus.Cashback) (string, bool, error) {
	return c.r.AddToCalendar(ctx, cb.UserID, cb.BonusID, cb.Amount, cb.Loss, cb.Zone)
}

// cashbackFixture: the calendar pays cashback only (no rakeback, no
// accumulator), so a day's amount is the cashback placed on it.
func cashbackFixture(t *testing.T, now time.Time) (*fixture, *bonus.Service) {
	t.Helper()
	f := newFixture(t, now)
	if _, err := f.s.PutSettings(context.Background(), []byte(`{"rakebackPercent":"0","accumulatorPercent":"0"}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := bonus.Seed(context.Background(), f.db, []byte(cashbackSeed)); err != nil {
		t.Fatal(err)
	}
	b := bonus.New(f.db, f.s.ledger)
	b.Now = f.clock.Now
	b.Calendar = calendarHook{f.s}
	return f, b
}

func code(err error) string {
	var e *api.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// An instant cashback taken on its weekday is placed on the player's
// calendar day (ADD_TO_CALENDAR) and paid with that day's claim, once; the
// weekday and the day are the player's, around their midnight.
func TestInstantCashbackAddToCalendar(t *testing.T) {
	ctx := context.Background()
	honolulu := zone(t, "Pacific/Honolulu")
	// Wednesday 2026-11-25, 23:50 in Honolulu (UTC−10): Thursday 09:50 UTC.
	now := time.Date(2026, 11, 25, 23, 50, 0, 0, honolulu)
	f, b := cashbackFixture(t, now)
	id := f.player("Pacific/Honolulu")
	f.play(id, time.Date(2026, 11, 25, 0, 10, 0, 0, honolulu), 4000, 0)     // Wednesday morning: lost 40.00
	f.play(id, time.Date(2026, 11, 25, 23, 40, 0, 0, honolulu), 2000, 1000) // lost 10.00 more
	f.play(id, time.Date(2026, 11, 24, 23, 59, 0, 0, honolulu), 90000, 0)   // Tuesday's: not this cashback's

	got, err := b.Claim(ctx, id, "wednesday", "")
	if err != nil || got.Code != bonus.AddToCalendar || got.Amount != "7.50" || got.Day != "2026-11-25" || got.CurrencyCode != "EUR" {
		t.Fatalf("cashback %+v %v; want 15 %% of 50.00 on the 25th", got, err)
	}
	if _, err := b.Claim(ctx, id, "wednesday", ""); code(err) != "RETRY_PERIOD" {
		t.Fatalf("a second cashback the same day: %v", err)
	}
	day := f.days(id)["2026-11-25"]
	if day.Amount != "750" || day.BonusID == nil || *day.BonusID != got.BonusID || day.PaidAt != nil {
		t.Fatalf("the calendar day %+v", day)
	}

	// Twenty minutes later it is Thursday there: no Wednesday cashback,
	// and Wednesday is yesterday, still claimable.
	f.clock.Advance(20 * time.Minute)
	if _, err := b.Claim(ctx, id, "wednesday", ""); code(err) != "VALID_ON_DAYS" {
		t.Fatalf("on Thursday: %v", err)
	}
	paid, err := f.s.Claim(ctx, id, "", "2026-11-25", "2026-11-26")
	if err != nil || paid.Amount != "750" || paid.BonusID == nil || *paid.BonusID != got.BonusID {
		t.Fatalf("claim of the day with its cashback: %+v %v", paid, err)
	}
	if _, err := f.s.Claim(ctx, id, "", "2026-11-25", "2026-11-26"); !errors.Is(err, ErrAlreadyClaimed) {
		t.Fatalf("second claim: %v", err)
	}
	if err := f.s.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
}

// In Kiritimati (UTC+14) it is Wednesday while UTC is still Tuesday.
func TestInstantCashbackOnTheFarSideOfMidnight(t *testing.T) {
	ctx := context.Background()
	kiritimati := zone(t, "Pacific/Kiritimati")
	now := time.Date(2026, 11, 25, 0, 30, 0, 0, kiritimati) // Tuesday 10:30 UTC
	f, b := cashbackFixture(t, now)
	id := f.player("Pacific/Kiritimati")
	f.play(id, time.Date(2026, 11, 25, 0, 5, 0, 0, kiritimati), 1000, 0)
	f.play(id, time.Date(2026, 11, 24, 23, 55, 0, 0, kiritimati), 90000, 0) // Tuesday there
	got, err := b.Claim(ctx, id, "wednesday", "")
	if err != nil || got.Amount != "1.50" || got.Day != "2026-11-25" {
		t.Fatalf("Wednesday in Kiritimati: %+v %v", got, err)
	}
	if d := f.days(id)["2026-11-25"]; d.Amount != "150" {
		t.Fatalf("the day %+v", d)
	}
}

// The Europe/Berlin autumn Wednesday does not exist (the change is on a
// Sunday), so the daylight-saving test takes a Sunday cashback: its day is 25
// hours and a loss in the repeated hour counts.
func TestInstantCashbackOnADaylightSavingDay(t *testing.T) {
	ctx := context.Background()
	berlin := zone(t, "Europe/Berlin")
	now := time.Date(2026, 10, 25, 23, 45, 0, 0, berlin)
	f, b := cashbackFixture(t, now)
	if _, err := bonus.Seed(ctx, f.db, []byte(`{"bonuses": [{"code": "sunday", "name": "Sunday", "type": "instant_cashback", "isActive": true,
		"cashbackPercent": 20, "wageringType": "REAL_MONEY_ONLY", "daysValid": 1, "validOnDays": [7], "amounts": {"EUR": {"minLoss": "5.00"}}}]}`)); err != nil {
		t.Fatal(err)
	}
	id := f.player("Europe/Berlin")
	f.play(id, time.Date(2026, 10, 25, 0, 30, 0, 0, time.UTC), 1000, 0)  // 02:30 CET, the second 02:30
	f.play(id, time.Date(2026, 10, 24, 22, 30, 0, 0, time.UTC), 1000, 0) // 00:30 CEST, the day's first hour
	f.play(id, time.Date(2026, 10, 24, 21, 59, 0, 0, time.UTC), 9000, 0) // 23:59 on Saturday
	got, err := b.Claim(ctx, id, "sunday", "")
	if err != nil || got.Amount != "4.00" || got.Day != "2026-10-25" {
		t.Fatalf("Sunday cashback %+v %v; want 20 %% of 20.00", got, err)
	}
}

// The refusals, in order, each with its code.
func TestInstantCashbackRefusals(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC) // a Wednesday
	f, b := cashbackFixture(t, now)
	res, _ := f.db.Write.Exec(`INSERT INTO users(email, currency_code, country_code) VALUES ('new@example.com', 'EUR', 'DE')`)
	newbie, _ := res.LastInsertId()
	if _, err := b.Claim(ctx, newbie, "wednesday", "UTC"); code(err) != "CASHBACK_NEED_DEPOSIT" {
		t.Fatalf("no deposit: %v", err)
	}
	id := f.player("UTC")
	if _, err := b.Claim(ctx, id, "nope", ""); code(err) != "BONUS_NOT_AVAILABLE" {
		t.Fatalf("unknown bonus: %v", err)
	}
	f.play(id, now.Add(-time.Hour), 499, 0)
	if _, err := b.Claim(ctx, id, "wednesday", ""); code(err) != "NO_CASHBACK" {
		t.Fatalf("4.99 of loss: %v", err)
	}
	f.play(id, now.Add(-time.Hour), 1, 0) // 5.00 now
	f.s.SetOptedOut(ctx, id, true, "")
	if _, err := b.Claim(ctx, id, "wednesday", ""); code(err) != "CALENDAR_OPTED_OUT" {
		t.Fatalf("opted out: %v", err)
	}
	f.s.SetOptedOut(ctx, id, false, "")
	// Today already claimed (its rakeback): the cashback goes on tomorrow,
	// claimable from then on.
	f.s.PutSettings(ctx, []byte(`{"rakebackPercent":"20"}`))
	if _, err := f.s.Claim(ctx, id, "", "2026-11-25", ""); err != nil {
		t.Fatal(err)
	}
	got, err := b.Claim(ctx, id, "wednesday", "")
	if err != nil || got.Day != "2026-11-26" || got.Amount != "0.75" {
		t.Fatalf("after today's claim: %+v %v", got, err)
	}
	if d := f.days(id)["2026-11-26"]; d.Amount != "75" || d.PaidAt != nil {
		t.Fatalf("tomorrow %+v", d)
	}
	if _, err := f.s.Claim(ctx, id, "", "2026-11-26", ""); !errors.Is(err, ErrClaimDate) {
		t.Fatalf("tomorrow claimed today: %v", err)
	}
}

// Twenty cashback claims at once place it once.
func TestConcurrentCashbackPlacedOnce(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	f, b := cashbackFixture(t, now)
	id := f.player("UTC")
	f.play(id, now.Add(-time.Hour), 10000, 0)
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[string]int{}
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := b.Claim(ctx, id, "wednesday", "")
			mu.Lock()
			codes[code(err)]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if codes[""] != 1 || codes["RETRY_PERIOD"] != 19 {
		t.Fatalf("outcomes %v", codes)
	}
	if d := f.days(id)["2026-11-25"]; d.Amount != "1500" {
		t.Fatalf("the day %+v", d)
	}
}
