package i18n

import "testing"

// The rules and recall pages' numbers follow the page's language, digit for
// digit as the server wrote them.
func TestNum(t *testing.T) {
	for _, c := range []struct{ lang, in, want string }{
		{"en", "96.22", "96.22"},
		{"en", "12345.50", "12,345.50"},
		{"de", "96.22", "96,22"},
		{"de", "1234.50", "1234,50"},
		{"de", "12345.50", "12.345,50"},
		{"de", "1234567.00002000", "1.234.567,00002000"},
		{"de", "≈0.0417", "≈0,0417"},
		{"de", "-0.10", "-0,10"},
		{"de", "36", "36"},
		{"fr", "97.30", "97,30"},
		{"fr", "100000.00", "100\u202f000,00"},
		{"fr", "2.5", "2,5"},
		{"no", "12345.5", "12\u00a0345,5"},
		{"ar", "12345.5", "12,345.5"},
		{"ja", "0.10", "0.10"},
		{"en", "123456789", "123,456,789"},
		// Hindi: lakh and crore, as Intl.NumberFormat("hi", {useGrouping: "min2"}) writes them.
		{"hi", "1234.5", "1234.5"},
		{"hi", "12345.5", "12,345.5"},
		{"hi", "123456.5", "1,23,456.5"},
		{"hi", "1234567.5", "12,34,567.5"},
		{"hi", "123456789", "12,34,56,789"},
		{"de", "15s", "15s"},
		{"de", "", ""},
		{"de", "1.", "1."},
	} {
		if got := For(c.lang).Num(c.in); got != c.want {
			t.Errorf("%s Num(%q) = %q, want %q", c.lang, c.in, got, c.want)
		}
	}
}
