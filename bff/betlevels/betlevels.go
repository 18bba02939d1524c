// Package betlevels turns the game catalogue's bet amounts, which are in the
// base currency (EUR), into bet levels of a player's currency.
//
// The operator sets a rate per currency (units of the currency per 1 EUR,
// site setting gameCurrencyRates). A rate is not applied as is: it becomes a
// whole number of the currency's minor units per euro cent, rounded to the
// nearest 1, 2 or 5 × 10^k (the banknote series). Every amount is then
// cents × factor, exactly, so
//
//   - levels stay "nice" (0.20 EUR → 0.000004 BTC at 20 satoshi per cent),
//   - the order and the ratios of a ladder are kept, and a bet that is a whole
//     number of coins in EUR stays one in the currency (slots),
//   - the wallet's limit check, the catalogue and the studio compute the very
//     same figure, since they all multiply the same cents by the same factor.
//
// A currency without a rate, or whose rounded factor would be below one minor
// unit per cent (a unit worth more than about 1.4 EUR with 2 decimals), plays
// the EUR amounts at face value: 0.20 EUR is 0.20 of that currency. That is
// the operator's "keep the EUR ladder" choice for fiat currencies near 1 EUR.
package betlevels

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"

	"casino/bff/ledger"
)

// BaseCurrency is the currency the catalogue's bet amounts are written in.
const BaseCurrency = "EUR"

// DemoCurrency is fun money: hundredths, at face value.
const DemoCurrency = "FUN"

var base = ledger.MustCurrency(BaseCurrency)

// ErrRate is an unusable operator rate.
var ErrRate = errors.New("betlevels: invalid currency rate")

// Scale converts base-currency minor units (cents) into minor units of
// Currency: amount × Factor.
type Scale struct {
	Currency ledger.Currency
	Factor   int64
}

// Identity is the base currency itself.
var Identity = Scale{Currency: base, Factor: 1}

// For returns the scale of currency code under the operator's rates (code →
// decimal units of the currency per 1 EUR, e.g. {"BTC": "0.000016"}).
func For(rates map[string]string, code string) (Scale, error) {
	code = strings.ToUpper(code)
	if code == DemoCurrency {
		return Scale{Currency: ledger.Currency{Code: DemoCurrency, Decimals: 2}, Factor: 1}, nil
	}
	c, err := ledger.LookupCurrency(code)
	if err != nil {
		return Scale{}, err
	}
	text, ok := rates[code]
	if !ok || code == BaseCurrency {
		return FaceValue(c), nil
	}
	rate, err := parseRate(text)
	if err != nil {
		return Scale{}, fmt.Errorf("%s rate %q: %w", code, text, err)
	}
	return Scale{Currency: c, Factor: Factor(rate, c.Decimals)}, nil
}

// FaceValue reads the base amounts as amounts of c: 0.20 EUR is 0.20 of c.
// With fewer decimals than the base (JPY) one cent becomes one whole unit.
func FaceValue(c ledger.Currency) Scale {
	f := int64(1)
	for range c.Decimals - base.Decimals {
		f *= 10
	}
	return Scale{Currency: c, Factor: f}
}

// parseRate reads a positive decimal ("0.000016", "4.2"); no exponents, no
// floats.
func parseRate(s string) (*big.Rat, error) {
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || strings.Trim(whole, "0123456789") != "" || strings.Trim(frac, "0123456789") != "" || len(s) > 40 {
		return nil, ErrRate
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok || r.Sign() <= 0 {
		return nil, ErrRate
	}
	return r, nil
}

// Factor is the rate (units of the currency per 1 EUR) as minor units of a
// currency with decimals per euro cent, rounded to the nearest 1, 2 or 5 ×
// 10^k (nearest on a log scale: the thresholds are √2, √10 and √50), and at
// least 1.
func Factor(rate *big.Rat, decimals int) int64 {
	// per cent = rate × 10^decimals / 100
	x := new(big.Rat).Mul(rate, new(big.Rat).SetFrac(pow10(decimals), big.NewInt(100)))
	if x.Cmp(big.NewRat(1, 1)) < 0 {
		return 1
	}
	// 10^k ≤ x < 10^(k+1)
	k := 0
	for new(big.Rat).SetInt(pow10(k+1)).Cmp(x) <= 0 {
		k++
	}
	m := new(big.Rat).Quo(x, new(big.Rat).SetInt(pow10(k))) // 1 ≤ m < 10
	m2 := new(big.Rat).Mul(m, m)
	var step int64
	switch {
	case m2.Cmp(big.NewRat(2, 1)) < 0:
		step = 1
	case m2.Cmp(big.NewRat(10, 1)) < 0:
		step = 2
	case m2.Cmp(big.NewRat(50, 1)) < 0:
		step = 5
	default:
		step = 10
	}
	f := new(big.Int).Mul(big.NewInt(step), pow10(k))
	if !f.IsInt64() || f.Int64() > maxFactor {
		return maxFactor // an absurd rate: amounts still fit int64
	}
	return f.Int64()
}

// maxFactor bounds the factor so that a bet of a million euros still fits
// int64 minor units.
const maxFactor = 1 << 40

func pow10(n int) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil) }

// Minor converts cents into minor units of the scale's currency.
func (s Scale) Minor(cents int64) (int64, error) {
	if s.Factor <= 0 {
		return cents, nil // the zero Scale: face value
	}
	if cents > math.MaxInt64/s.Factor || cents < math.MinInt64/s.Factor {
		return 0, ledger.ErrAmountOverflow
	}
	return cents * s.Factor, nil
}

// Parse reads a base-currency decimal ("0.20") and converts it.
func (s Scale) Parse(eur string) (int64, error) {
	m, err := ledger.Parse(eur, base)
	if err != nil {
		return 0, err
	}
	return s.Minor(m.Minor())
}

// Decimal converts a base-currency decimal ("0.20") into a decimal of the
// scale's currency ("0.000004"); "" stays "" (no bound).
func (s Scale) Decimal(eur string) (string, error) {
	if eur == "" {
		return "", nil
	}
	v, err := s.Parse(eur)
	if err != nil {
		return "", err
	}
	return s.Text(v), nil
}

// Text writes minor units of the scale's currency as its decimal.
func (s Scale) Text(minor int64) string { return ledger.FormatMinor(minor, s.Currency.Decimals) }

// Read parses a decimal amount of the scale's currency into minor units; it
// fails on negative amounts and on more decimals than the currency has.
func (s Scale) Read(text string) (int64, bool) {
	m, err := ledger.Parse(text, s.Currency)
	if err != nil || m.Sign() < 0 || strings.HasPrefix(text, "-") {
		return 0, false
	}
	return m.Minor(), true
}
