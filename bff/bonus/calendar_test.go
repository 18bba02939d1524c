package bonus

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"casino/bff/clock"
	"casino/bff/session"
)

// calendarSeed: a Monday cashback, a Sunday cashback open from 2026-10-26
// (UTC), and a deposit bonus of every day (not a calendar offer).
const calendarSeed = `{"bonuses": [
 {"code": "every-day", "name": "Every day", "type": "deposit", "isActive": true, "order": 1, "depositBonusPercent": 10,
  "wageringMultiplier": 1, "wageringType": "REAL_TO_FUN", "daysValid": 7, "amounts": {"EUR": {}}},
 {"code": "monday", "name": "Monday", "type": "instant_cashback", "isActive": true, "order": 2, "cashbackPercent": 10,
  "wageringType": "REAL_MONEY_ONLY", "daysValid": 1, "validOnDays": [1],
  "banner": {"en": {"bannerTitle": "10% cashback on Monday's losses"}},
  "amounts": {"EUR": {"minLoss": "5.00", "maxBonusThreshold": "100.00"}}},
 {"code": "sunday", "name": "Sunday", "type": "instant_cashback", "isActive": true, "order": 3, "cashbackPercent": 20,
  "wageringType": "REAL_MONEY_ONLY", "daysValid": 1, "validOnDays": [7], "validFrom": "2026-10-26T00:00:00Z",
  "amounts": {"EUR": {"minLoss": "5.00"}}}
]}`

func calendarFixture(t *testing.T, now time.Time) (*Service, *clock.Manual) {
	t.Helper()
	f := newFixture(t, 1)
	if _, err := f.db.Write.Exec(`DELETE FROM bonus_amounts; DELETE FROM bonuses`); err != nil {
		t.Fatal(err)
	}
	if _, err := Seed(context.Background(), f.db, []byte(calendarSeed)); err != nil {
		t.Fatal(err)
	}
	c := clock.NewManual(now)
	f.svc.Now = c.Now
	return f.svc, c
}

func listDay(t *testing.T, s *Service, query string) (Page, error) {
	t.Helper()
	v, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	q, err := ParseListQuery(v.Get)
	if err != nil {
		return Page{}, err
	}
	return s.List(context.Background(), q, "EUR", "DE")
}

func rowCodes(p Page) string {
	var out []string
	for _, r := range p.Rows {
		out = append(out, r.Code)
	}
	return strings.Join(out, ",")
}

// TestBonusCalendarDay: get-all-bonus with dayOfWeek, timeZone and
// calendarDateTime answers the calendar offer of that day in that zone,
// across midnight, across the Europe/Berlin daylight-saving change, and not
// for a day more than 7 days ahead.
func TestBonusCalendarDay(t *testing.T) {
	// Sunday 2026-10-25, 22:30 UTC: already Monday 00:30 in Kiritimati
	// (UTC+14), still Sunday 12:30 in Honolulu (UTC−10), Sunday 23:30 in
	// Berlin, whose Sunday had 25 hours (CEST → CET at 03:00).
	s, c := calendarFixture(t, time.Date(2026, 10, 25, 22, 30, 0, 0, time.UTC))
	cases := []struct {
		name, query string
		want        string
		weekday     int
		closed      bool
	}{
		{"no day: the catalogue, every offer with its weekdays", "", "every-day,monday", 0, false},
		{"Monday by dayOfWeek", "dayOfWeek=1", "monday", 1, false},
		{"Sunday by dayOfWeek, JavaScript's 0", "dayOfWeek=0", "", 7, false}, // the Sunday bonus opens tomorrow (UTC)
		{"Monday in Kiritimati is today", "calendarDateTime=2026-10-26 00:30:00&timeZone=Pacific/Kiritimati&dayOfWeek=1", "monday", 1, false},
		{"Honolulu: Sunday noon, the Sunday bonus not open yet", "calendarDateTime=2026-10-25 12:30:00&timeZone=Pacific/Honolulu", "", 7, false},
		{"next Sunday in Honolulu: open", "calendarDateTime=2026-11-01 12:00:00&timeZone=Pacific/Honolulu&dayOfWeek=7", "sunday", 7, false},
		{"Berlin, one minute before midnight on the 25-hour Sunday", "calendarDateTime=2026-10-25 23:59:59&timeZone=Europe/Berlin", "", 7, false},
		{"Berlin, the Monday after: a calendar offer", "calendarDateTime=2026-10-26 00:00:00&timeZone=Europe/Berlin", "monday", 1, false},
		{"7 days ahead in Berlin: shown", "calendarDateTime=2026-11-01 10:00:00&timeZone=Europe/Berlin", "sunday", 7, false},
		{"8 days ahead in Berlin: a closed gift", "calendarDateTime=2026-11-02 10:00:00&timeZone=Europe/Berlin", "", 1, true},
		{"a date only", "calendarDateTime=2026-10-26&timeZone=Europe/Berlin", "monday", 1, false},
		{"a past day", "calendarDateTime=2026-10-19 09:00:00&timeZone=Europe/Berlin", "monday", 1, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := listDay(t, s, tc.query)
			if err != nil {
				t.Fatal(err)
			}
			if got := rowCodes(p); got != tc.want || p.DayOfWeek != tc.weekday || p.Closed != tc.closed || p.Count != len(p.Rows) {
				t.Fatalf("rows %q day %d closed %v count %d; want %q day %d closed %v", got, p.DayOfWeek, p.Closed, p.Count, tc.want, tc.weekday, tc.closed)
			}
		})
	}
	p, _ := listDay(t, s, "dayOfWeek=1")
	if r := p.Rows[0]; len(r.ValidOnDays) != 1 || r.ValidOnDays[0] != 1 || r.CashbackPercent != 10 || r.MinLoss != "5.00" || r.MaxBonusThreshold != "100.00" {
		t.Fatalf("the Monday row: %+v", r)
	}

	// The spring change: Berlin's Sunday 2027-03-28 has 23 hours. On the
	// Sunday before at 23:30 UTC (Monday 00:30 in Berlin, CET) the Sunday
	// after the change is 6 days ahead and the Monday after it 7.
	c.Set(time.Date(2027, 3, 21, 23, 30, 0, 0, time.UTC))
	for query, want := range map[string]string{
		"calendarDateTime=2027-03-28 23:00:00&timeZone=Europe/Berlin": "sunday",
		"calendarDateTime=2027-03-29 00:00:00&timeZone=Europe/Berlin": "monday",
	} {
		if p, err := listDay(t, s, query); err != nil || rowCodes(p) != want {
			t.Fatalf("%s: %q, %v; want %q", query, rowCodes(p), err, want)
		}
	}
	if p, _ := listDay(t, s, "calendarDateTime=2027-03-30 00:00:00&timeZone=Europe/Berlin"); !p.Closed {
		t.Fatalf("8 days ahead across the change is not closed: %+v", p)
	}

	for _, bad := range []string{"dayOfWeek=8", "dayOfWeek=x", "timeZone=Mars/Base", "calendarDateTime=26.10.2026",
		"calendarDateTime=2026-10-26 00:00:00&dayOfWeek=2"} {
		if _, err := listDay(t, s, bad); err == nil {
			t.Errorf("%s: accepted", bad)
		} else {
			wantCode(t, err, "VALIDATION_ERROR")
		}
	}
}

// TestWeekdayDepositBonus: a deposit bonus of given weekdays is granted on
// those days only, in the player's calendar zone.
func TestWeekdayDepositBonus(t *testing.T) {
	f := newFixture(t, 1)
	if _, err := Seed(context.Background(), f.db, []byte(`{"bonuses": [{"code": "friday", "name": "Friday", "type": "deposit", "isActive": true,
		"depositBonusPercent": 10, "wageringMultiplier": 1, "wageringType": "REAL_TO_FUN", "daysValid": 7, "validOnDays": [5], "amounts": {"EUR": {}}}]}`)); err != nil {
		t.Fatal(err)
	}
	// Thursday 2026-11-26 23:30 UTC: Friday in Kiritimati, Thursday in UTC.
	c := clock.NewManual(time.Date(2026, 11, 26, 23, 30, 0, 0, time.UTC))
	f.svc.Now = c.Now
	_, err := f.deposit(t, 1, "50.00", "friday")
	wantCode(t, err, "VALID_ON_DAYS")
	if !strings.Contains(err.Error(), "Fridays") {
		t.Fatalf("message: %v", err)
	}
	f.svc.Calendar = zoneCalendar{loc: mustZone(t, "Pacific/Kiritimati"), now: c.Now}
	if _, err := f.deposit(t, 1, "50.00", "friday"); err != nil {
		t.Fatalf("Friday in the player's zone: %v", err)
	}
}

type zoneCalendar struct {
	Calendar
	loc *time.Location
	now func() time.Time
}

func (z zoneCalendar) LocalNow(context.Context, int64, string) (time.Time, error) {
	return z.now().In(z.loc), nil
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// fixedCalendar places every cashback on 2026-11-23 once and reports a net
// loss of 20.00.
type fixedCalendar struct{ placed map[int64]bool }

func (fixedCalendar) LocalNow(context.Context, int64, string) (time.Time, error) {
	return time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC), nil // a Monday
}
func (fixedCalendar) NetLoss(context.Context, int64, string) (int64, error) { return 2000, nil }
func (c fixedCalendar) AddToCalendar(_ context.Context, cb Cashback) (string, bool, error) {
	first := !c.placed[cb.UserID]
	c.placed[cb.UserID] = true
	return "2026-11-23", first, nil
}

// TestClaimBonusHTTP: POST /api/user/claim-bonus {bonusId} answers an
// instant cashback's placement (code ADD_TO_CALENDAR) and refuses the rest.
func TestClaimBonusHTTP(t *testing.T) {
	f := newFixture(t, 2)
	ctx := context.Background()
	if _, err := Seed(ctx, f.db, []byte(calendarSeed)); err != nil {
		t.Fatal(err)
	}
	f.db.Write.Exec(`UPDATE users SET deposit_count = 1, currency_code = 'EUR' WHERE id = 1`)
	f.db.Write.Exec(`UPDATE users SET currency_code = 'EUR' WHERE id = 2`)
	f.svc.Calendar = fixedCalendar{placed: map[int64]bool{}}
	sessions := session.NewManager(f.db)
	mux := http.NewServeMux()
	(&Web{Service: f.svc, Sessions: sessions}).Routes(mux)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	depositor, _ := sessions.Create(ctx, 1, "127.0.0.1", "test")
	newcomer, _ := sessions.Create(ctx, 2, "127.0.0.1", "test")
	call := func(tok, body string) (int, map[string]any) {
		t.Helper()
		req, _ := http.NewRequest("POST", srv.URL+"/api/user/claim-bonus?timeZone=Europe/Berlin", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var doc map[string]any
		json.NewDecoder(res.Body).Decode(&doc)
		return res.StatusCode, doc
	}
	errCode := func(doc map[string]any) any { e, _ := doc["error"].(map[string]any); return e["code"] }
	cases := []struct {
		name, tok, body string
		status          int
		code            string
	}{
		{"no token", "", `{"bonusId":"monday"}`, 403, "FORBIDDEN"},
		{"no bonus", depositor, `{}`, 400, "VALIDATION_ERROR"},
		{"a deposit bonus", depositor, `{"bonusId":"every-day"}`, 422, "BONUS_NOT_AVAILABLE"},
		{"not today's", depositor, `{"bonusId":"sunday"}`, 422, "VALID_ON_DAYS"},
		{"no deposit", newcomer, `{"bonusId":"monday"}`, 402, "CASHBACK_NEED_DEPOSIT"},
	}
	for _, c := range cases {
		if status, doc := call(c.tok, c.body); status != c.status || errCode(doc) != c.code {
			t.Errorf("%s: %d %v, want %d %s", c.name, status, doc, c.status, c.code)
		}
	}
	status, doc := call(depositor, `{"bonusId":"monday"}`)
	data, _ := doc["data"].(map[string]any)
	if status != 200 || data["code"] != AddToCalendar || data["amount"] != "2.00" || data["day"] != "2026-11-23" || data["currencyCode"] != "EUR" {
		t.Fatalf("cashback: %d %v", status, doc)
	}
	if status, doc := call(depositor, fmt.Sprintf(`{"bonusId":%v}`, data["bonusId"])); status != 409 || errCode(doc) != "RETRY_PERIOD" {
		t.Fatalf("again by id: %d %v", status, doc)
	}
}
