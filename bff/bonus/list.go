package bonus

import (
	"context"
	"strconv"
	"strings"
	"time"

	"casino/bff/api"
	"casino/bff/ledger"
)

// ListQuery is the query of get-all-bonus (SPEC section 3). dayOfWeek,
// calendarDateTime and timeZone select the bonus calendar's day (Day); cpnc
// and subdivision are accepted and not used yet (docs/bonus.md).
type ListQuery struct {
	PageNo       int
	Limit        int
	IsDeposit    bool
	Language     string
	Type         string
	CurrencyCode string // "" = the caller's currency, else EUR (SPEC section 9)
	CountryCheck bool
	CountryCode  string
	// Day is the bonus calendar's day, when dayOfWeek or calendarDateTime
	// asks for one.
	Day *CalendarDay
	// Unlocked is the coupon-only bonus the caller's sign-up promo code
	// unlocks (0 = none): listed for them.
	Unlocked int64
}

// ParseListQuery reads and checks the query string.
func ParseListQuery(get func(string) string) (ListQuery, error) {
	q := ListQuery{PageNo: 1, Limit: 20, Language: "en"}
	v := api.Validation{}
	num := func(name string, dst *int, max int) {
		s := strings.TrimSpace(get(name))
		if s == "" {
			return
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > max {
			v.Add(name, "Invalid format")
			return
		}
		*dst = n
	}
	num("pageNo", &q.PageNo, 1_000_000)
	num("limit", &q.Limit, 100)
	flag := func(name string) bool {
		switch strings.ToLower(strings.TrimSpace(get(name))) {
		case "", "false", "0":
			return false
		case "true", "1":
			return true
		}
		v.Add(name, "Invalid format")
		return false
	}
	q.IsDeposit = flag("isDeposit")
	q.CountryCheck = flag("countryCheck")
	if l := strings.TrimSpace(get("language")); l != "" {
		q.Language = strings.ToLower(l)
	}
	q.Type = strings.TrimSpace(get("type"))
	switch q.Type {
	case "", TypeNoDeposit, TypeFreeSpins, TypeInstantCashback, TypeDeposit:
	default:
		v.Add("type", "Invalid format")
	}
	q.CurrencyCode = strings.ToUpper(strings.TrimSpace(get("currencyCode")))
	q.CountryCode = strings.ToUpper(strings.TrimSpace(get("countryCode")))
	q.Day = parseCalendarDay(get, &v)
	return q, v.Err()
}

// Offer is a row of get-all-bonus: the bonus with its amounts in one
// currency as decimal strings ("" = no bound).
type Offer struct {
	ID                  int64  `json:"id"`
	Code                string `json:"code"`
	Name                string `json:"name"`
	Type                string `json:"type"`
	CurrencyCode        string `json:"currencyCode"`
	DepositBonusPercent int    `json:"depositBonusPercent"`
	MaxBonusThreshold   string `json:"maxBonusThreshold"`
	MaxWinAmount        string `json:"maxWinAmount"`
	MinDeposit          string `json:"minDeposit"`
	MinBalance          string `json:"minBalance"` // the bonus ends when its bonus balance falls below this ("" = none)
	MaxBet              string `json:"maxBet"`
	BonusAmount         string `json:"bonusAmount"`
	WageringMultiplier  int    `json:"wageringMultiplier"`
	WageringType        string `json:"wageringType"`
	DepositsNumber      int    `json:"depositsNumber"`
	DaysValid           int    `json:"daysValid"`
	ValidFrom           string `json:"validFrom"`
	ValidTo             string `json:"validTo"`
	FreeSpinsQuantity   int    `json:"freeSpinsQuantity"`
	FreeSpinGame        string `json:"freeSpinGame"`
	FreeSpinBet         string `json:"freeSpinBet"` // the bet of one free spin ("" = not a free-spins bonus)
	Banner              Banner `json:"banner"`
	Terms               string `json:"terms"`
	// ValidOnDays: ISO weekdays (Monday = 1) the bonus is offered on, [] = every day.
	ValidOnDays []int `json:"validOnDays"`
	// CashbackPercent and MinLoss: an instant cashback's share of the
	// net loss of its day and the loss it needs.
	CashbackPercent int    `json:"cashbackPercent"`
	MinLoss         string `json:"minLoss"`
	// WageringContribution: percent of a stake counted towards the
	// wagering by game kind (slot, live, table, other).
	WageringContribution map[string]int `json:"wageringContribution"`
}

// Page is data.bonus of get-all-bonus.
type Page struct {
	Count int     `json:"count"`
	Rows  []Offer `json:"rows"`
	// The bonus calendar's day the rows answer, when the query asked for
	// one: its ISO weekday, zone and local date-time as understood.
	DayOfWeek        int    `json:"dayOfWeek,omitempty"`
	TimeZone         string `json:"timeZone,omitempty"`
	CalendarDateTime string `json:"calendarDateTime,omitempty"`
	// Closed: the day is more than 7 days ahead, so its bonus stays a closed
	// gift (SPEC section 4) and rows are empty.
	Closed bool `json:"closed,omitempty"`
}

func amountText(v int64, c ledger.Currency) string {
	if v <= 0 {
		return ""
	}
	return ledger.FormatMinor(v, c.Decimals)
}

// offer is the bonus as a row in currency c.
func (b Bonus) offer(c ledger.Currency, language string) Offer {
	a := b.Amounts[c.Code]
	return Offer{ID: b.ID, Code: b.Code, Name: b.Name, Type: b.Type, CurrencyCode: c.Code,
		DepositBonusPercent: b.DepositBonusPercent, MaxBonusThreshold: amountText(a.MaxBonusThreshold, c),
		MaxWinAmount: amountText(a.MaxWinAmount, c), MinDeposit: amountText(a.MinDeposit, c), MinBalance: amountText(a.MinBalance, c), MaxBet: amountText(a.MaxBet, c),
		BonusAmount: amountText(a.BonusAmount, c), WageringMultiplier: b.WageringMultiplier, WageringType: b.WageringType,
		DepositsNumber: b.DepositsNumber, DaysValid: b.DaysValid, ValidFrom: b.ValidFrom, ValidTo: b.ValidTo,
		FreeSpinsQuantity: b.FreeSpinsQuantity, FreeSpinGame: b.FreeSpinGame, FreeSpinBet: amountText(a.FreeSpinBet, c), Banner: b.banner(language), Terms: b.Terms,
		ValidOnDays: append([]int{}, b.ValidOnDays...), CashbackPercent: b.CashbackPercent, MinLoss: amountText(a.MinLoss, c),
		WageringContribution: b.WageringContribution}
}

// open says whether the bonus can be taken now: active and inside its
// validity window.
func (b Bonus) open(now time.Time) error {
	if from, ok := parseWhen(b.ValidFrom); ok && now.Before(from) {
		return ErrStartTime
	}
	if to, ok := parseWhen(b.ValidTo); ok && !now.Before(to) {
		return ErrEndTime
	}
	return nil
}

// List answers get-all-bonus: active bonuses open now, offered in the
// currency (and, with countryCheck, the country), deposit bonuses only
// when isDeposit. With a calendar day (q.Day) it answers that day's
// bonuses: those whose validOnDays hold its weekday, open at that moment;
// none for a day more than 7 days ahead (Closed).
func (s *Service) List(ctx context.Context, q ListQuery, playerCurrency, playerCountry string) (Page, error) {
	code := q.CurrencyCode
	if code == "" {
		code = playerCurrency
	}
	if code == "" {
		code = "EUR"
	}
	c, err := ledger.LookupCurrency(code)
	if err != nil {
		return Page{}, api.ErrValidation.WithField("currencyCode", "Invalid format")
	}
	country := q.CountryCode
	if country == "" {
		country = playerCountry
	}
	all, err := s.Catalogue(ctx)
	if err != nil {
		return Page{}, err
	}
	now := s.Now()
	at, p := now, Page{Rows: []Offer{}}
	if q.Day != nil {
		at = q.Day.At(now)
		p.DayOfWeek, p.TimeZone, p.CalendarDateTime = q.Day.Weekday, q.Day.Zone.String(), at.In(q.Day.Zone).Format(calendarLayout)
		if q.Day.DaysAhead(now) > FutureBonusDays {
			p.Closed = true
			return p, nil
		}
	}
	rows := []Offer{}
	for _, b := range all {
		if !b.Active || b.CouponOnly && b.ID != q.Unlocked || b.open(at) != nil {
			continue
		}
		if q.Day != nil && !b.OnDay(q.Day.Weekday) {
			continue
		}
		if q.IsDeposit && b.Type != TypeDeposit || q.Type != "" && b.Type != q.Type {
			continue
		}
		if _, ok := b.Amounts[c.Code]; !ok {
			continue
		}
		if q.CountryCheck && !b.offeredIn(country) {
			continue
		}
		rows = append(rows, b.offer(c, q.Language))
	}
	p.Count = len(rows)
	start := (q.PageNo - 1) * q.Limit
	if start < len(rows) {
		p.Rows = rows[start:min(start+q.Limit, len(rows))]
	}
	return p, nil
}
