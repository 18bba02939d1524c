package bonus

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // players' zones work on machines without a zoneinfo database

	"casino/bff/api"
	"casino/bff/ledger"
)

// The bonus calendar (SPEC sections 2, 3, 4 and 9; docs/rewards.md): a
// bonus may be offered on given weekdays only, and get-all-bonus answers
// the bonus of a calendar day. An instant cashback taken on its day is not
// paid at once: it is placed on the player's rakeback calendar
// (ADD_TO_CALENDAR) and paid with that day's claim (bff/rewards).

// FutureBonusDays: a future day of the bonus calendar shows its bonus only
// within the next 7 days, otherwise a closed gift (SPEC section 4).
const FutureBonusDays = 7

// calendarLayout is calendarDateTime of get-all-bonus (SPEC section 3).
const calendarLayout = "2006-01-02 15:04:05"

// Refusals of the bonus calendar and the instant cashback (SPEC section 8,
// "Bonus activation"; SPEC gives the codes, the texts are ours).
var (
	ErrValidOnDays         = newError(http.StatusUnprocessableEntity, "VALID_ON_DAYS", "This bonus is not offered today")
	ErrNoCashback          = newError(http.StatusUnprocessableEntity, "NO_CASHBACK", "No cashback: the minimum loss was not reached")
	ErrCashbackNeedDeposit = newError(http.StatusPaymentRequired, "CASHBACK_NEED_DEPOSIT", "Cashback needs a deposit first")
	ErrRetryPeriod         = newError(http.StatusConflict, "RETRY_PERIOD", "You have already used this bonus today")
)

// AddToCalendar is the code of a cashback placed in the rakeback calendar
// (SPEC section 8): the answer of a successful instant cashback claim.
const AddToCalendar = "ADD_TO_CALENDAR"

// isoWeekday is t's weekday, Monday = 1 … Sunday = 7.
func isoWeekday(t time.Time) int { return (int(t.Weekday())+6)%7 + 1 }

// offeredOn says whether the bonus may be taken on an ISO weekday.
func (b Bonus) offeredOn(weekday int) bool {
	return len(b.ValidOnDays) == 0 || slices.Contains(b.ValidOnDays, weekday)
}

// OnDay says whether the bonus is the bonus calendar's offer of an ISO
// weekday: a bonus of every day is not a calendar offer.
func (b Bonus) OnDay(weekday int) bool {
	return len(b.ValidOnDays) > 0 && slices.Contains(b.ValidOnDays, weekday)
}

// CalendarDay is the day get-all-bonus is asked about: calendarDateTime in
// timeZone (default UTC), or only a dayOfWeek (the next such day, today
// included).
type CalendarDay struct {
	Weekday int // ISO, Monday = 1
	Zone    *time.Location
	Local   time.Time // zero when only dayOfWeek was given
}

// At is the moment the day's bonuses must be open at: calendarDateTime, or
// now on the next day of that weekday.
func (d CalendarDay) At(now time.Time) time.Time {
	if !d.Local.IsZero() {
		return d.Local
	}
	t := now.In(d.Zone)
	return t.AddDate(0, 0, (d.Weekday-isoWeekday(t)+7)%7)
}

// DaysAhead is how many calendar days in the zone the day is after today
// (negative in the past), DST-safe.
func (d CalendarDay) DaysAhead(now time.Time) int {
	a, b := now.In(d.Zone), d.At(now).In(d.Zone)
	da := time.Date(a.Year(), a.Month(), a.Day(), 0, 0, 0, 0, time.UTC)
	db := time.Date(b.Year(), b.Month(), b.Day(), 0, 0, 0, 0, time.UTC)
	return int(db.Sub(da).Hours() / 24)
}

// parseCalendarDay reads dayOfWeek (1–7, Monday = 1; 0 is Sunday too, as
// JavaScript counts), timeZone (IANA) and calendarDateTime (YYYY-MM-DD
// HH:mm:ss, or YYYY-MM-DD, in timeZone). No dayOfWeek and no
// calendarDateTime: no day (nil). Both: they must agree.
func parseCalendarDay(get func(string) string, v *api.Validation) *CalendarDay {
	dow, zone, when := strings.TrimSpace(get("dayOfWeek")), strings.TrimSpace(get("timeZone")), strings.TrimSpace(get("calendarDateTime"))
	d := CalendarDay{Zone: time.UTC}
	if zone != "" {
		loc, err := time.LoadLocation(zone)
		if err != nil || len(zone) > 64 {
			v.Add("timeZone", "Invalid format")
			return nil
		}
		d.Zone = loc
	}
	if dow == "" && when == "" {
		return nil
	}
	if when != "" {
		t, err := time.ParseInLocation(calendarLayout, when, d.Zone)
		if err != nil {
			t, err = time.ParseInLocation("2006-01-02", when, d.Zone)
		}
		if err != nil {
			v.Add("calendarDateTime", "Invalid format")
			return nil
		}
		d.Local, d.Weekday = t, isoWeekday(t)
	}
	if dow != "" {
		n, err := strconv.Atoi(dow)
		if n == 0 && err == nil {
			n = 7
		}
		if err != nil || n < 1 || n > 7 || d.Weekday != 0 && d.Weekday != n {
			v.Add("dayOfWeek", "Invalid format")
			return nil
		}
		d.Weekday = n
	}
	return &d
}

// Calendar is the player's rakeback calendar (bff/rewards) as the bonus
// core uses it: weekday rules run on the player's calendar day, and an
// instant cashback is placed on it. Nil: no calendar, weekdays in UTC and
// no instant cashback.
type Calendar interface {
	// LocalNow is the current time in the player's calendar zone (asked:
	// the browser's zone, used when the player has none yet).
	LocalNow(ctx context.Context, userID int64, asked string) (time.Time, error)
	// NetLoss is the player's real-money net loss (stakes − wins, may be
	// negative) so far today, their calendar day, in minor units.
	NetLoss(ctx context.Context, userID int64, asked string) (int64, error)
	// AddToCalendar places a cashback on the player's calendar, once per
	// player, bonus and calendar date (placed false: it was already).
	AddToCalendar(ctx context.Context, c Cashback) (day string, placed bool, err error)
}

// Cashback is an instant cashback to place on the calendar.
type Cashback struct {
	UserID  int64
	BonusID int64
	Amount  ledger.Money
	Loss    int64  // the net loss it comes from, minor units
	Zone    string // the browser's zone (first visit only)
}

// localNow is now in the player's calendar zone (UTC without a calendar).
func (s *Service) localNow(ctx context.Context, userID int64, asked string) (time.Time, error) {
	if s.Calendar == nil {
		return s.Now().UTC(), nil
	}
	return s.Calendar.LocalNow(ctx, userID, asked)
}

// Claimed is the answer of POST /api/user/claim-bonus: code ADD_TO_CALENDAR
// for an instant cashback placed on the calendar's day (day), code
// BONUS_ACTIVATED for a bonus granted at once (userBonus: no_deposit,
// freespins).
type Claimed struct {
	Code         string     `json:"code"`
	Message      string     `json:"message"`
	BonusID      int64      `json:"bonusId"`
	Amount       string     `json:"amount"`
	CurrencyCode string     `json:"currencyCode"`
	Day          string     `json:"day,omitempty"`
	UserBonus    *UserBonus `json:"userBonus,omitempty"`
}

// CashbackPlaced is the answer of an instant cashback.
type CashbackPlaced = Claimed

// Claim takes a bonus that needs no deposit (POST /api/user/claim-bonus):
// an instant cashback goes on the rewards calendar (issue 14), a no-deposit
// bonus is granted at once (claim.go); a deposit bonus is taken with a
// deposit: BONUS_NOT_AVAILABLE.
func (s *Service) Claim(ctx context.Context, userID int64, ref, zone string) (Claimed, error) {
	b, err := bonusByRef(ctx, s.db.Read, ref)
	if err != nil {
		return Claimed{}, err
	}
	switch {
	case b.Type == TypeInstantCashback && s.Calendar != nil:
		return s.claimCashback(ctx, userID, b, zone)
	case b.CouponOnly:
		// The player's sign-up promo code may be this bonus's coupon.
		c, ok, err := s.promoCoupon(ctx, s.db.Read, userID)
		if err != nil {
			return Claimed{}, err
		}
		if !ok || c.bonusID != b.ID || (b.Type != TypeNoDeposit && b.Type != TypeFreeSpins) {
			return Claimed{}, fmt.Errorf("bonus %d is taken with a coupon: %w", b.ID, ErrNotAvailable)
		}
		return s.claimGrant(ctx, userID, b, zone, &c.use)
	case b.Type == TypeNoDeposit, b.Type == TypeFreeSpins:
		return s.claimGrant(ctx, userID, b, zone, nil)
	}
	return Claimed{}, fmt.Errorf("claim bonus %d of type %s: %w", b.ID, b.Type, ErrNotAvailable)
}

// claimCashback: the bonus's share of the net loss of its day so far (today
// in the player's calendar zone),
// capped at maxBonusThreshold, placed on today's calendar day. Rules in
// order: offered (active, currency, country), window, a deposit, the
// weekday, the minimum loss, once a day.
func (s *Service) claimCashback(ctx context.Context, userID int64, b Bonus, zone string) (CashbackPlaced, error) {
	var code string
	if err := s.db.Read.QueryRowContext(ctx, `SELECT currency_code FROM users WHERE id = ?`, userID).Scan(&code); err != nil {
		return CashbackPlaced{}, fmt.Errorf("cashback for player %d: %w", userID, err)
	}
	c, err := ledger.LookupCurrency(code)
	if err != nil {
		return CashbackPlaced{}, err
	}
	f, err := s.facts(ctx, s.db.Read, userID)
	if err != nil {
		return CashbackPlaced{}, err
	}
	a, ok := b.Amounts[c.Code]
	if !b.Active || !ok || !b.offeredIn(f.country) {
		return CashbackPlaced{}, fmt.Errorf("bonus %d for %s in %q: %w", b.ID, c.Code, f.country, ErrNotAvailable)
	}
	if err := b.open(s.Now()); err != nil {
		return CashbackPlaced{}, err
	}
	if f.deposits == 0 {
		return CashbackPlaced{}, ErrCashbackNeedDeposit
	}
	local, err := s.Calendar.LocalNow(ctx, userID, zone)
	if err != nil {
		return CashbackPlaced{}, err
	}
	if !b.offeredOn(isoWeekday(local)) {
		return CashbackPlaced{}, ErrValidOnDays.WithMessage("This bonus is offered on %s", weekdayNames(b.ValidOnDays))
	}
	loss, err := s.Calendar.NetLoss(ctx, userID, zone)
	if err != nil {
		return CashbackPlaced{}, err
	}
	if loss <= 0 || loss < a.MinLoss {
		min := ledger.FromMinor(max(a.MinLoss, 1), c).Decimal() + " " + c.Code
		return CashbackPlaced{}, ErrNoCashback.WithMessage("No cashback: today's net loss has not reached %s", min).WithField("minLoss", ledger.FromMinor(a.MinLoss, c).Decimal())
	}
	amount := ledger.MulDiv(loss, int64(b.CashbackPercent), 100)
	if a.MaxBonusThreshold > 0 && amount > a.MaxBonusThreshold {
		amount = a.MaxBonusThreshold
	}
	if amount <= 0 {
		return CashbackPlaced{}, ErrNoCashback
	}
	money := ledger.FromMinor(amount, c)
	day, placed, err := s.Calendar.AddToCalendar(ctx, Cashback{UserID: userID, BonusID: b.ID, Amount: money, Loss: loss, Zone: zone})
	if err != nil {
		return CashbackPlaced{}, err
	}
	if !placed {
		return CashbackPlaced{}, ErrRetryPeriod
	}
	return CashbackPlaced{Code: AddToCalendar, BonusID: b.ID, Amount: money.Decimal(), CurrencyCode: c.Code, Day: day,
		Message: fmt.Sprintf("Cashback of %s %s placed in your rewards calendar: claim it there", money.Decimal(), c.Code)}, nil
}

var weekdays = [...]string{"", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays"}

// weekdayNames: "Mondays and Thursdays".
func weekdayNames(days []int) string {
	var names []string
	for _, d := range days {
		if d >= 1 && d <= 7 {
			names = append(names, weekdays[d])
		}
	}
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
