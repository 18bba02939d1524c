package payment

import (
	"strconv"
	"strings"
	"time"
)

// Card is what the card form collects. Number may contain spaces or dashes.
type Card struct {
	Number string `json:"number"`
	Holder string `json:"holder"`
	Expiry string `json:"expiry"` // MM/YY
	CVC    string `json:"cvc"`
}

// Messages of the card form's checks (SPEC section 5).
const (
	MsgRequired      = "Required"
	MsgInvalidNumber = "Invalid card number"
	MsgInvalidCVC    = "CVC must be exactly 3 digits"
	MsgInvalidMonth  = "Invalid month"
	MsgPastDate      = "Expiry date is in the past"
	MsgInvalidExpiry = "Invalid expiry date"
)

// Digits is the card number without separators, or "" if it has other
// characters.
func (c Card) Digits() string {
	d := strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(c.Number))
	for _, r := range d {
		if r < '0' || r > '9' {
			return ""
		}
	}
	return d
}

// Last4 is the last four digits of the number.
func (c Card) Last4() string {
	d := c.Digits()
	if len(d) < 4 {
		return ""
	}
	return d[len(d)-4:]
}

// Validate checks the form: a Luhn-valid number of 12 to 19 digits, a
// holder name, a 3-digit CVC and an MM/YY expiry not before this month. The
// result maps field (number, holder, expiry, cvc) to its message; empty when
// the card passes.
func (c Card) Validate(now time.Time) map[string]string {
	f := map[string]string{}
	switch d := c.Digits(); {
	case strings.TrimSpace(c.Number) == "":
		f["number"] = MsgRequired
	case len(d) < 12 || len(d) > 19 || !Luhn(d):
		f["number"] = MsgInvalidNumber
	}
	if strings.TrimSpace(c.Holder) == "" {
		f["holder"] = MsgRequired
	}
	switch cvc := strings.TrimSpace(c.CVC); {
	case cvc == "":
		f["cvc"] = MsgRequired
	case len(cvc) != 3 || !allDigits(cvc):
		f["cvc"] = MsgInvalidCVC
	}
	if msg := checkExpiry(strings.TrimSpace(c.Expiry), now); msg != "" {
		f["expiry"] = msg
	}
	return f
}

// checkExpiry: a card is valid through the last day of its expiry month.
func checkExpiry(s string, now time.Time) string {
	if s == "" {
		return MsgRequired
	}
	mm, yy, ok := strings.Cut(s, "/")
	if !ok || len(mm) != 2 || len(yy) != 2 || !allDigits(mm) || !allDigits(yy) {
		return MsgInvalidExpiry
	}
	month, _ := strconv.Atoi(mm)
	year, _ := strconv.Atoi(yy)
	if month < 1 || month > 12 {
		return MsgInvalidMonth
	}
	year += 2000
	now = now.UTC()
	if year < now.Year() || (year == now.Year() && month < int(now.Month())) {
		return MsgPastDate
	}
	if year > now.Year()+20 {
		return MsgInvalidExpiry
	}
	return ""
}

// Luhn reports whether a digit string passes the Luhn (mod 10) check.
func Luhn(digits string) bool {
	if digits == "" {
		return false
	}
	sum := 0
	double := false
	for i := len(digits) - 1; i >= 0; i-- {
		c := digits[i]
		if c < '0' || c > '9' {
			return false
		}
		d := int(c - '0')
		if double {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
