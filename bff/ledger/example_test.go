package ledger_test

import (
	"fmt"

	"casino/bff/ledger"
)

func ExampleParse() {
	eur := ledger.MustCurrency("EUR")
	m, err := ledger.Parse("12.34", eur)
	fmt.Println(m.Minor(), m, err)
	_, err = ledger.Parse("12.345", eur)
	fmt.Println(err != nil)
	// Output:
	// 1234 12.34 EUR <nil>
	// true
}

func ExampleMoney_Format() {
	btc := ledger.MustCurrency("BTC")
	m := ledger.MustParse("0.00500001", btc)
	fmt.Println(m.Decimal(), m.Format(false), m.Format(true))
	// Output: 0.00500001 0.01 0.00500001
}

func ExampleFormatMinor() {
	fmt.Println(ledger.FormatMinor(-5, 2), ledger.FormatMinor(1500, 0), ledger.FormatMinor(1, 8))
	// Output: -0.05 1500 0.00000001
}
