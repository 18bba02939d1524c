package ledger

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"
)

var (
	eur = MustCurrency("EUR")
	jpy = MustCurrency("JPY")
	btc = MustCurrency("BTC")
)

func TestLookupCurrency(t *testing.T) {
	tests := []struct {
		code     string
		decimals int
		crypto   bool
		ok       bool
	}{
		{"EUR", 2, false, true},
		{"eur", 2, false, true},
		{"USD", 2, false, true},
		{"TRY", 2, false, true},
		{"JPY", 0, false, true},
		{"KRW", 0, false, true},
		{"KWD", 2, false, true}, // ISO has 3; capped at 2 like account.FiatCurrencies
		{"BTC", 8, true, true},
		{"usdt", 8, true, true},
		{"XAU", 0, false, false},
		{"ZZZ", 0, false, false},
		{"", 0, false, false},
		{"EURO", 0, false, false},
	}
	for _, tt := range tests {
		c, err := LookupCurrency(tt.code)
		if (err == nil) != tt.ok {
			t.Errorf("LookupCurrency(%q) error = %v, want ok %v", tt.code, err, tt.ok)
			continue
		}
		if !tt.ok {
			if !errors.Is(err, ErrUnknownCurrency) {
				t.Errorf("LookupCurrency(%q) error = %v, want ErrUnknownCurrency", tt.code, err)
			}
			continue
		}
		if c.Code != strings.ToUpper(tt.code) || c.Decimals != tt.decimals || c.Crypto != tt.crypto {
			t.Errorf("LookupCurrency(%q) = %+v, want decimals %d crypto %v", tt.code, c, tt.decimals, tt.crypto)
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in    string
		cur   Currency
		minor int64
		err   error // nil: must parse
	}{
		{"12.34", eur, 1234, nil},
		{"12.3", eur, 1230, nil},
		{"12", eur, 1200, nil},
		{"0", eur, 0, nil},
		{"-0", eur, 0, nil},
		{"0.01", eur, 1, nil},
		{"-5.05", eur, -505, nil},
		{"007.10", eur, 710, nil},
		{"92233720368547758.07", eur, math.MaxInt64, nil},
		{"-92233720368547758.07", eur, -math.MaxInt64, nil},
		{"0.00000001", btc, 1, nil},
		{"21000000", btc, 2_100_000_000_000_000, nil},
		{"1.5", btc, 150_000_000, nil},
		{"1500", jpy, 1500, nil},

		{"92233720368547758.08", eur, 0, ErrAmountOverflow},
		{"-92233720368547758.08", eur, 0, ErrAmountOverflow},
		{"99999999999999999999999", eur, 0, ErrAmountOverflow},
		{"12.345", eur, 0, ErrInvalidAmount},
		{"12.340", eur, 0, ErrInvalidAmount},
		{"0.000000001", btc, 0, ErrInvalidAmount},
		{"1.5", jpy, 0, ErrInvalidAmount},
		{"", eur, 0, ErrInvalidAmount},
		{"-", eur, 0, ErrInvalidAmount},
		{".5", eur, 0, ErrInvalidAmount},
		{"5.", eur, 0, ErrInvalidAmount},
		{"+5", eur, 0, ErrInvalidAmount},
		{"--5", eur, 0, ErrInvalidAmount},
		{" 5", eur, 0, ErrInvalidAmount},
		{"5 ", eur, 0, ErrInvalidAmount},
		{"1e2", eur, 0, ErrInvalidAmount},
		{"1E-8", btc, 0, ErrInvalidAmount},
		{"1,50", eur, 0, ErrInvalidAmount},
		{"1_000", eur, 0, ErrInvalidAmount},
		{"NaN", eur, 0, ErrInvalidAmount},
		{"Inf", eur, 0, ErrInvalidAmount},
		{"0x10", eur, 0, ErrInvalidAmount},
		{"1.2.3", eur, 0, ErrInvalidAmount},
		{"١٢", eur, 0, ErrInvalidAmount}, // Arabic-Indic digits
	}
	for _, tt := range tests {
		m, err := Parse(tt.in, tt.cur)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("Parse(%q, %s) = %v, %v; want error %v", tt.in, tt.cur.Code, m, err, tt.err)
			}
			continue
		}
		if err != nil || m.Minor() != tt.minor || m.Currency() != tt.cur {
			t.Errorf("Parse(%q, %s) = %d %v, %v; want %d", tt.in, tt.cur.Code, m.Minor(), m.Currency(), err, tt.minor)
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		minor   int64
		cur     Currency
		decimal string // exact
		display string // 2 decimals
		precise string // up to 8
	}{
		{1234, eur, "12.34", "12.34", "12.34"},
		{5, eur, "0.05", "0.05", "0.05"},
		{-5, eur, "-0.05", "-0.05", "-0.05"},
		{0, eur, "0.00", "0.00", "0.00"},
		{100, eur, "1.00", "1.00", "1.00"},
		{math.MaxInt64, eur, "92233720368547758.07", "92233720368547758.07", "92233720368547758.07"},
		{math.MinInt64, eur, "-92233720368547758.08", "-92233720368547758.08", "-92233720368547758.08"},
		{1500, jpy, "1500", "1500.00", "1500.00"},
		{1, btc, "0.00000001", "0.00", "0.00000001"},
		{-1, btc, "-0.00000001", "0.00", "-0.00000001"},
		{150_000_000, btc, "1.50000000", "1.50", "1.50"},
		{123_456_789, btc, "1.23456789", "1.23", "1.23456789"},
		{999_500_000, btc, "9.99500000", "10.00", "9.995"},
		{-999_500_000, btc, "-9.99500000", "-10.00", "-9.995"},
		{994_999_999, btc, "9.94999999", "9.95", "9.94999999"},
		{994_499_999, btc, "9.94499999", "9.94", "9.94499999"},
		{500_000, btc, "0.00500000", "0.01", "0.005"},
		{499_999, btc, "0.00499999", "0.00", "0.00499999"},
		{math.MaxInt64, btc, "92233720368.54775807", "92233720368.55", "92233720368.54775807"},
	}
	for _, tt := range tests {
		m := FromMinor(tt.minor, tt.cur)
		if got := m.Decimal(); got != tt.decimal {
			t.Errorf("FromMinor(%d, %s).Decimal() = %q, want %q", tt.minor, tt.cur.Code, got, tt.decimal)
		}
		if got := m.Format(false); got != tt.display {
			t.Errorf("FromMinor(%d, %s).Format(false) = %q, want %q", tt.minor, tt.cur.Code, got, tt.display)
		}
		if got := m.Format(true); got != tt.precise {
			t.Errorf("FromMinor(%d, %s).Format(true) = %q, want %q", tt.minor, tt.cur.Code, got, tt.precise)
		}
	}
	if got := FromMinor(1234, eur).String(); got != "12.34 EUR" {
		t.Errorf("String() = %q", got)
	}
}

func TestArithmetic(t *testing.T) {
	a, b := MustParse("10.50", eur), MustParse("0.75", eur)
	if s, err := a.Add(b); err != nil || s.Decimal() != "11.25" {
		t.Errorf("Add = %v, %v", s, err)
	}
	if s, err := b.Sub(a); err != nil || s.Decimal() != "-9.75" {
		t.Errorf("Sub = %v, %v", s, err)
	}
	if _, err := a.Add(MustParse("1", btc)); !errors.Is(err, ErrCurrencyMismatch) {
		t.Errorf("Add across currencies: %v", err)
	}
	if _, err := FromMinor(math.MaxInt64, eur).Add(FromMinor(1, eur)); !errors.Is(err, ErrAmountOverflow) {
		t.Errorf("Add overflow: %v", err)
	}
	if _, err := FromMinor(-math.MaxInt64, eur).Sub(FromMinor(1, eur)); !errors.Is(err, ErrAmountOverflow) {
		t.Errorf("Sub to MinInt64: %v", err)
	}
	if _, err := FromMinor(0, eur).Sub(FromMinor(math.MinInt64, eur)); !errors.Is(err, ErrAmountOverflow) {
		t.Errorf("Sub MinInt64: %v", err)
	}
}

// FuzzParseFormat: whatever Parse accepts, Decimal writes back in a form Parse
// reads to the same amount; whatever it rejects, it rejects with an
// ErrInvalidAmount or ErrAmountOverflow; Format never fails or loses the sign.
func FuzzParseFormat(f *testing.F) {
	for _, s := range []string{"12.34", "0.00000001", "-5", "92233720368547758.07", "1e5", "", ".", "00.10", "-0.0"} {
		f.Add(s, uint8(2))
		f.Add(s, uint8(8))
	}
	f.Fuzz(func(t *testing.T, s string, d uint8) {
		cur := Currency{Code: "T", Decimals: int(d % (MaxDecimals + 1))}
		m, err := Parse(s, cur)
		if err != nil {
			if !errors.Is(err, ErrInvalidAmount) && !errors.Is(err, ErrAmountOverflow) {
				t.Fatalf("Parse(%q) error %v is neither invalid nor overflow", s, err)
			}
			return
		}
		back, err := Parse(m.Decimal(), cur)
		if err != nil || back != m {
			t.Fatalf("Parse(%q) = %d; Decimal %q parses to %d, %v", s, m.Minor(), m.Decimal(), back.Minor(), err)
		}
		// The canonical form is a fixed point.
		if again := back.Decimal(); again != m.Decimal() {
			t.Fatalf("Decimal not canonical: %q then %q", m.Decimal(), again)
		}
		for _, precise := range []bool{false, true} {
			out := m.Format(precise)
			if strings.HasPrefix(out, "-") != (m.Sign() < 0 && strings.ContainsAny(out, "123456789")) {
				t.Fatalf("Format(%d, precise %v) = %q: sign lost or invented", m.Minor(), precise, out)
			}
			if precise {
				// Precise display is exact (precision ≤ 8): it parses back
				// to the same amount at 8 decimals.
				p, err := Parse(out, Currency{Code: "T", Decimals: PreciseDecimals})
				if err == nil {
					scaled := m.Minor()
					ok := true
					for i := cur.Decimals; i < PreciseDecimals && ok; i++ {
						if scaled > math.MaxInt64/10 || scaled < -math.MaxInt64/10 {
							ok = false
						}
						scaled *= 10
					}
					if ok && p.Minor() != scaled {
						t.Fatalf("Format(%d, precise) = %q reads back as %d, want %d", m.Minor(), out, p.Minor(), scaled)
					}
				}
			}
		}
	})
}

func TestFuzzSeedsRoundTrip(t *testing.T) {
	for _, c := range []Currency{eur, jpy, btc} {
		for _, minor := range []int64{0, 1, -1, 99, 100, 12345678901, math.MaxInt64, -math.MaxInt64} {
			m := FromMinor(minor, c)
			back, err := Parse(m.Decimal(), c)
			if err != nil || back != m {
				t.Errorf("%s %d: Decimal %q parses to %v, %v", c.Code, minor, m.Decimal(), back, err)
			}
		}
	}
}

// FuzzFormatParse: every int64 amount at every precision formats to a string
// Parse reads back exactly (except MinInt64, which has no positive twin and is
// refused), and the 2-decimal display equals a math/big reference rounding
// half away from zero.
func FuzzFormatParse(f *testing.F) {
	for _, v := range []int64{0, 1, -1, 5, 995, -995, 499_999, 500_000, math.MaxInt64, math.MinInt64} {
		f.Add(v, uint8(2))
		f.Add(v, uint8(8))
		f.Add(v, uint8(0))
	}
	f.Fuzz(func(t *testing.T, minor int64, d uint8) {
		cur := Currency{Code: "T", Decimals: int(d % (MaxDecimals + 1))}
		s := FormatMinor(minor, cur.Decimals)
		m, err := Parse(s, cur)
		if minor == math.MinInt64 {
			if !errors.Is(err, ErrAmountOverflow) {
				t.Fatalf("Parse(%q) = %v, want overflow", s, err)
			}
		} else if err != nil || m.Minor() != minor {
			t.Fatalf("Parse(FormatMinor(%d, %d) = %q) = %d, %v", minor, cur.Decimals, s, m.Minor(), err)
		}
		if got, want := FormatDisplay(minor, cur.Decimals, false), referenceDisplay(minor, cur.Decimals); got != want {
			t.Fatalf("FormatDisplay(%d, %d) = %q, want %q", minor, cur.Decimals, got, want)
		}
	})
}

// referenceDisplay rounds minor/10^decimals to 2 decimals, half away from
// zero, with math/big.
func referenceDisplay(minor int64, decimals int) string {
	v := new(big.Int).SetInt64(minor)
	neg := v.Sign() < 0
	v.Abs(v)
	if decimals < 2 {
		v.Mul(v, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(2-decimals)), nil))
	} else if decimals > 2 {
		div := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals-2)), nil)
		q, r := new(big.Int).QuoRem(v, div, new(big.Int))
		if r.Mul(r, big.NewInt(2)).Cmp(div) >= 0 {
			q.Add(q, big.NewInt(1))
		}
		v = q
	}
	s := fmt.Sprintf("%03s", v.String())
	out := s[:len(s)-2] + "." + s[len(s)-2:]
	if neg && v.Sign() != 0 {
		out = "-" + out
	}
	return out
}

func TestMulDiv(t *testing.T) {
	for _, tc := range []struct{ a, b, c, want int64 }{
		{1000, 50, 100, 500},
		{7, 1, 3, 2}, // rounded down
		{math.MaxInt64, math.MaxInt64, math.MaxInt64, math.MaxInt64}, // 128-bit product
		{math.MaxInt64, 3, 2, math.MaxInt64},                         // capped
		{0, 5, 7, 0},
	} {
		if got := MulDiv(tc.a, tc.b, tc.c); got != tc.want {
			t.Errorf("MulDiv(%d, %d, %d) = %d, want %d", tc.a, tc.b, tc.c, got, tc.want)
		}
	}
}
