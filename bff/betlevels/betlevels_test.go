package betlevels

import (
	"errors"
	"math/big"
	"testing"
)

func TestFactorRoundsToOneTwoFive(t *testing.T) {
	for _, tc := range []struct {
		rate     string
		decimals int
		want     int64
	}{
		{"0.000016", 8, 20},      // BTC: 16 satoshi per cent
		{"0.00033", 8, 500},      // ETH: 330 → 500 (330² ≥ 10·100²)
		{"1.08", 8, 1000000},     // USDT: 0.01 USDT per cent
		{"0.012", 8, 10000},      // LTC
		{"4.2", 8, 5000000},      // TRX: 4.2 → 5 TRX per EUR
		{"1", 2, 1},              // EUR-like: face value
		{"1.08", 2, 1},           // USD
		{"0.85", 2, 1},           // GBP: below one unit per cent → face value
		{"0.33", 2, 1},           // KWD capped at 2 decimals
		{"160", 0, 2},            // JPY: 1.6 yen per cent
		{"35", 2, 50},            // TRY: 35 → 50 (35² = 1225 ≥ 1000)
		{"30", 2, 20},            // 30² = 900 < 1000 → 20
		{"1.414", 2, 1},          // just below √2
		{"1.415", 2, 2},          // just above √2
		{"7.07", 2, 5},           // below √50
		{"7.08", 2, 10},          // above √50
		{"0.000000000001", 8, 1}, // tiny: at least one minor unit
	} {
		r, _ := new(big.Rat).SetString(tc.rate)
		if got := Factor(r, tc.decimals); got != tc.want {
			t.Errorf("Factor(%s, %d) = %d, want %d", tc.rate, tc.decimals, got, tc.want)
		}
	}
}

var rates = map[string]string{"BTC": "0.000016", "ETH": "0.00033", "USDT": "1.08", "LTC": "0.012", "TRX": "4.2", "TRY": "35"}

func TestConvertBetLevels(t *testing.T) {
	for _, tc := range []struct {
		currency, eur, want string
	}{
		{"BTC", "0.20", "0.00000400"},
		{"BTC", "100.00", "0.00200000"},
		{"ETH", "0.10", "0.00005000"},
		{"USDT", "0.20", "0.20000000"},
		{"LTC", "1.00", "0.01000000"},
		{"TRX", "0.20", "1.00000000"},
		{"TRY", "0.20", "10.00"},
		{"EUR", "0.20", "0.20"},
		{"USD", "0.20", "0.20"}, // no rate: face value
		{"JPY", "0.20", "20"},   // no rate, no decimals: a cent is a yen
		{"btc", "500.00", "0.01000000"},
		{"FUN", "0.20", "0.20"}, // demo money
		{"BTC", "", ""},         // no bound stays none
	} {
		s, err := For(rates, tc.currency)
		if err != nil {
			t.Fatalf("%s: %v", tc.currency, err)
		}
		got, err := s.Decimal(tc.eur)
		if err != nil || got != tc.want {
			t.Errorf("%s %s = %q, %v; want %q", tc.currency, tc.eur, got, err, tc.want)
		}
	}
}

func TestBadRatesAndCurrencies(t *testing.T) {
	for _, rate := range []string{"0", "-1", "1e-5", "abc", "", "0.0", "NaN", " 1"} {
		if _, err := For(map[string]string{"BTC": rate}, "BTC"); !errors.Is(err, ErrRate) {
			t.Errorf("rate %q: %v, want ErrRate", rate, err)
		}
	}
	if s, _ := For(nil, "BTC"); s.Factor != 1000000 {
		t.Errorf("BTC without a rate: factor %d, want face value 1000000", s.Factor)
	}
	if _, err := For(rates, "XYZ"); err == nil {
		t.Error("unknown currency accepted")
	}
}

func TestReadAndOverflow(t *testing.T) {
	btc, _ := For(rates, "BTC")
	for _, tc := range []struct {
		text string
		want int64
		ok   bool
	}{
		{"0.000004", 400, true}, {"0.00000400", 400, true}, {"1", 100000000, true},
		{"0.000000001", 0, false}, {"-0.0001", 0, false}, {"1e-5", 0, false}, {"", 0, false},
	} {
		got, ok := btc.Read(tc.text)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Read(%q) = %d, %v; want %d, %v", tc.text, got, ok, tc.want, tc.ok)
		}
	}
	if _, err := (Scale{Currency: btc.Currency, Factor: 1 << 40}).Minor(1 << 40); err == nil {
		t.Error("overflow not caught")
	}
}
