package ledger

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"net/http"
	"strconv"
	"strings"

	"golang.org/x/text/currency"
)

// Display precision: amounts show 2 decimals, up to 8 with the precise flag
// (SPEC.md section 9). The same rule as formatAmount in the front-end
// platform's money.ts.
const (
	DisplayDecimals = 2
	PreciseDecimals = 8
)

// MaxDecimals is the largest minor-unit precision a currency may have.
const MaxDecimals = 8

// Currency is a currency code bound to the precision its amounts are stored
// in: the number of decimal digits of one minor unit (2 for EUR, 0 for JPY,
// 8 for crypto coins).
type Currency struct {
	Code     string
	Decimals int
	Crypto   bool
}

// cryptoCurrencies are the coins the cashier may offer (the same list as
// account.CryptoCurrencies); all are stored with 8 decimals.
var cryptoCurrencies = map[string]bool{"BTC": true, "ETH": true, "USDT": true, "LTC": true, "TRX": true}

// Errors of currencies and amounts.
var (
	ErrUnknownCurrency  = newError(http.StatusBadRequest, "UNKNOWN_CURRENCY", "The service does not support this currency")
	ErrInvalidAmount    = newError(http.StatusBadRequest, "INVALID_AMOUNT", "Invalid amount")
	ErrCurrencyMismatch = newError(http.StatusBadRequest, "CURRENCY_MISMATCH", "Currencies do not match")
	ErrAmountOverflow   = newError(http.StatusBadRequest, "AMOUNT_OVERFLOW", "Amount is too large")
)

// LookupCurrency returns the currency with the given code (case-insensitive):
// a crypto coin with 8 decimals or an ISO 4217 currency with its standard
// precision capped at 2 (JPY 0, EUR 2, KWD 2), as account.FiatCurrencies
// reports it.
func LookupCurrency(code string) (Currency, error) {
	code = strings.ToUpper(code)
	if cryptoCurrencies[code] {
		return Currency{Code: code, Decimals: 8, Crypto: true}, nil
	}
	if len(code) != 3 || strings.HasPrefix(code, "X") {
		return Currency{}, fmt.Errorf("currency %q: %w", code, ErrUnknownCurrency)
	}
	unit, err := currency.ParseISO(code)
	if err != nil {
		return Currency{}, fmt.Errorf("currency %q: %w", code, ErrUnknownCurrency)
	}
	scale, _ := currency.Standard.Rounding(unit)
	return Currency{Code: code, Decimals: min(scale, 2)}, nil
}

// MustCurrency is LookupCurrency for codes known at compile time; it panics on
// an unknown code.
func MustCurrency(code string) Currency {
	c, err := LookupCurrency(code)
	if err != nil {
		panic(err)
	}
	return c
}

// Money is an amount of one currency held as a signed integer number of minor
// units (cents, satoshi-like 1e-8 units). int64 is enough: its range is
// ±92 billion units of an 8-decimal coin and ±92 quadrillion euros. Floats are
// never used: amounts enter through Parse (decimal strings) or FromMinor.
type Money struct {
	minor    int64
	currency Currency
}

// FromMinor returns minor units of c.
func FromMinor(minor int64, c Currency) Money { return Money{minor: minor, currency: c} }

// Minor returns the amount in minor units.
func (m Money) Minor() int64 { return m.minor }

// Currency returns the amount's currency.
func (m Money) Currency() Currency { return m.currency }

// IsZero reports whether the amount is zero.
func (m Money) IsZero() bool { return m.minor == 0 }

// Sign returns -1, 0 or 1.
func (m Money) Sign() int {
	switch {
	case m.minor < 0:
		return -1
	case m.minor > 0:
		return 1
	}
	return 0
}

// Neg returns -m. The most negative int64 has no negation; Parse never
// produces it and Add refuses to.
func (m Money) Neg() Money { return Money{minor: -m.minor, currency: m.currency} }

// Add returns m+o; it fails when the currencies differ or the sum overflows.
func (m Money) Add(o Money) (Money, error) {
	if m.currency != o.currency {
		return Money{}, fmt.Errorf("add %s to %s: %w", o.currency.Code, m.currency.Code, ErrCurrencyMismatch)
	}
	sum, ok := addInt64(m.minor, o.minor)
	if !ok {
		return Money{}, fmt.Errorf("add %s to %s: %w", o, m, ErrAmountOverflow)
	}
	return Money{minor: sum, currency: m.currency}, nil
}

// Sub returns m-o; it fails when the currencies differ or the result
// overflows.
func (m Money) Sub(o Money) (Money, error) {
	if o.minor == math.MinInt64 {
		return Money{}, fmt.Errorf("subtract %d minor units: %w", o.minor, ErrAmountOverflow)
	}
	return m.Add(o.Neg())
}

// addInt64 adds without wrapping around; the result never is MinInt64, so
// every sum can be negated.
func addInt64(a, b int64) (int64, bool) {
	s := a + b
	if (b > 0 && s < a) || (b < 0 && s > a) || s == math.MinInt64 {
		return 0, false
	}
	return s, true
}

// MulDiv is a*b/c rounded down for non-negative a, b and positive c (a
// share or a percentage of an amount), the product taken in 128 bits so it
// cannot overflow; a quotient past MaxInt64 is capped there.
func MulDiv(a, b, c int64) int64 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi >= uint64(c) {
		return math.MaxInt64
	}
	q, _ := bits.Div64(hi, lo, uint64(c))
	if q > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(q)
}

// String returns the exact amount and its code: "12.34 EUR".
func (m Money) String() string { return m.Decimal() + " " + m.currency.Code }

// Decimal returns the exact amount with all of the currency's decimals:
// "12.34", "0.00000001", "1500" (JPY). It is the wire and storage form that
// Parse reads back.
func (m Money) Decimal() string { return FormatMinor(m.minor, m.currency.Decimals) }

// Format returns the amount as players see it: exactly 2 decimals, or with
// precise up to 8 decimals (trailing zeros trimmed, at least 2). Digits beyond
// the shown ones are rounded half away from zero, as the front end does.
func (m Money) Format(precise bool) string {
	return FormatDisplay(m.minor, m.currency.Decimals, precise)
}

// FormatMinor renders minor units with exactly decimals fraction digits:
// FormatMinor(1234, 2) = "12.34", FormatMinor(-5, 2) = "-0.05",
// FormatMinor(7, 0) = "7". It replaces account's formatMinor.
func FormatMinor(minor int64, decimals int) string {
	neg := minor < 0
	u := uint64(minor)
	if neg {
		u = -u // two's complement: correct for MinInt64 too
	}
	digits := strconv.FormatUint(u, 10)
	if decimals > 0 {
		if len(digits) <= decimals {
			digits = strings.Repeat("0", decimals+1-len(digits)) + digits
		}
		digits = digits[:len(digits)-decimals] + "." + digits[len(digits)-decimals:]
	}
	if neg {
		return "-" + digits
	}
	return digits
}

// FormatDisplay renders minor units of a currency with the given precision as
// players see them: exactly 2 decimals, or with precise up to 8 (trailing zeros
// trimmed, at least 2). Extra digits are rounded half away from zero.
func FormatDisplay(minor int64, decimals int, precise bool) string {
	shown := DisplayDecimals
	if precise {
		shown = PreciseDecimals
	}
	neg := minor < 0
	u := uint64(minor)
	if neg {
		u = -u
	}
	// Work on the decimal digits so no multiplication can overflow.
	digits := strconv.FormatUint(u, 10)
	if len(digits) <= decimals {
		digits = strings.Repeat("0", decimals+1-len(digits)) + digits
	}
	intPart, frac := digits[:len(digits)-decimals], digits[len(digits)-decimals:]
	if len(frac) < shown {
		frac += strings.Repeat("0", shown-len(frac))
	} else if len(frac) > shown {
		roundUp := frac[shown] >= '5'
		frac = frac[:shown]
		if roundUp {
			intPart, frac = incrementDecimal(intPart, frac)
		}
	}
	if precise {
		frac = strings.TrimRight(frac, "0")
		if len(frac) < DisplayDecimals {
			frac += strings.Repeat("0", DisplayDecimals-len(frac))
		}
	}
	out := intPart
	if frac != "" {
		out += "." + frac
	}
	if neg && strings.ContainsAny(out, "123456789") {
		out = "-" + out
	}
	return out
}

// incrementDecimal adds one unit in the last place of intPart.frac.
func incrementDecimal(intPart, frac string) (string, string) {
	b := []byte(intPart + frac)
	i := len(b) - 1
	for ; i >= 0; i-- {
		if b[i] != '9' {
			b[i]++
			break
		}
		b[i] = '0'
	}
	s := string(b)
	if i < 0 {
		s = "1" + s
	}
	return s[:len(s)-len(frac)], s[len(s)-len(frac):]
}

// Parse reads a decimal amount of c: an optional '-', digits, and optionally a
// '.' followed by 1 to c.Decimals digits ("12.34", "0.00000001", "-5"). It
// rejects everything else: exponents ("1e-8"), "NaN", "Inf", signs other than
// a leading '-', spaces, separators, more decimals than the currency has, and
// amounts beyond int64 minor units.
func Parse(s string, c Currency) (Money, error) {
	minor, err := parseMinor(s, c.Decimals)
	if err != nil {
		return Money{}, fmt.Errorf("parse %q as %s: %w", truncate(s, 40), c.Code, err)
	}
	return Money{minor: minor, currency: c}, nil
}

// MustParse is Parse for amounts known at compile time (tests, constants); it
// panics on a malformed amount.
func MustParse(s string, c Currency) Money {
	m, err := Parse(s, c)
	if err != nil {
		panic(err)
	}
	return m
}

var errTooManyDecimals = errors.New("too many decimals")

func parseMinor(s string, decimals int) (int64, error) {
	if decimals < 0 || decimals > MaxDecimals {
		return 0, fmt.Errorf("precision %d: %w", decimals, ErrInvalidAmount)
	}
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	intPart, frac, hasDot := strings.Cut(s, ".")
	if !allDigits(intPart) || (hasDot && !allDigits(frac)) {
		return 0, ErrInvalidAmount
	}
	if len(frac) > decimals {
		return 0, fmt.Errorf("%w: %w (at most %d)", ErrInvalidAmount, errTooManyDecimals, decimals)
	}
	frac += strings.Repeat("0", decimals-len(frac))
	digits := strings.TrimLeft(intPart+frac, "0")
	if digits == "" {
		return 0, nil
	}
	u, err := strconv.ParseUint(digits, 10, 63) // 63 bits: at most MaxInt64
	if err != nil {
		return 0, ErrAmountOverflow
	}
	if neg {
		return -int64(u), nil
	}
	return int64(u), nil
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
