package account

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/biter777/countries"
	"golang.org/x/text/currency"
)

// Country is one entry of get-all-country.
type Country struct {
	Code      string `json:"code"`
	CountryID int    `json:"countryId"`
	Name      string `json:"name"`
	PhoneCode string `json:"phoneCode"`
	Flag      string `json:"flag"`
}

// Currency is one entry of get-currencies. Decimals is the minor-unit
// precision amounts are stored in (2 for most fiat, 8 for crypto).
type Currency struct {
	Code     string `json:"code"`
	Name     string `json:"name"`
	Symbol   string `json:"symbol"`
	Decimals int    `json:"decimals"`
	IsCrypto bool   `json:"isCrypto"`
}

var (
	countriesOnce sync.Once
	countryList   []Country
	countryByCode map[string]Country
)

// Countries returns every ISO 3166-1 country, by name, from the maintained
// biter777/countries data set.
func Countries() []Country {
	countriesOnce.Do(func() {
		countryByCode = map[string]Country{}
		for _, c := range countries.All() {
			if !c.IsValid() || c.Alpha2() == "" {
				continue
			}
			calls := c.CallCodes()
			phone := ""
			if len(calls) > 0 {
				phone = "+" + strings.TrimPrefix(calls[0].String(), "+")
			}
			entry := Country{Code: c.Alpha2(), CountryID: int(c), Name: c.Info().Name, PhoneCode: phone, Flag: c.Emoji()}
			countryList = append(countryList, entry)
			countryByCode[entry.Code] = entry
		}
		sort.Slice(countryList, func(i, j int) bool { return countryList[i].Name < countryList[j].Name })
	})
	return countryList
}

// LookupCountry finds a country by its two-letter code.
func LookupCountry(code string) (Country, bool) {
	Countries()
	c, ok := countryByCode[strings.ToUpper(code)]
	return c, ok
}

// CryptoCurrencies are the coins the cashier can offer; the operator enables
// a subset in settings.
var CryptoCurrencies = []Currency{
	{Code: "BTC", Name: "Bitcoin", Symbol: "₿", Decimals: 8, IsCrypto: true},
	{Code: "ETH", Name: "Ether", Symbol: "Ξ", Decimals: 8, IsCrypto: true},
	{Code: "USDT", Name: "Tether USD", Symbol: "₮", Decimals: 8, IsCrypto: true},
	{Code: "LTC", Name: "Litecoin", Symbol: "Ł", Decimals: 8, IsCrypto: true},
	{Code: "TRX", Name: "Tron", Symbol: "TRX", Decimals: 8, IsCrypto: true},
}

var (
	currenciesOnce sync.Once
	fiatList       []Currency
)

// FiatCurrencies returns the ISO 4217 currencies in circulation.
func FiatCurrencies() []Currency {
	currenciesOnce.Do(func() {
		seen := map[string]bool{}
		for _, c := range countries.AllCurrencies() {
			code := c.Alpha()
			if code == "" || seen[code] || strings.HasPrefix(code, "X") {
				continue
			}
			unit, err := currency.ParseISO(code)
			if err != nil {
				continue
			}
			seen[code] = true
			scale, _ := currency.Standard.Rounding(unit)
			fiatList = append(fiatList, Currency{
				Code: code, Name: c.String(), Symbol: symbol(unit), Decimals: min(scale, 2), IsCrypto: false,
			})
		}
		sort.Slice(fiatList, func(i, j int) bool { return fiatList[i].Code < fiatList[j].Code })
	})
	return fiatList
}

func symbol(unit currency.Unit) string {
	s := strings.TrimSpace(fmt.Sprint(currency.NarrowSymbol(unit)))
	if s == "" {
		return unit.String()
	}
	return s
}

// LookupCurrency finds an enabled currency.
func LookupCurrency(code string, enabledCrypto []string) (Currency, bool) {
	code = strings.ToUpper(code)
	for _, c := range CurrenciesFor(enabledCrypto) {
		if c.Code == code {
			return c, true
		}
	}
	return Currency{}, false
}

// CurrenciesFor lists fiat currencies plus the enabled crypto currencies.
func CurrenciesFor(enabledCrypto []string) []Currency {
	out := append([]Currency(nil), FiatCurrencies()...)
	for _, c := range CryptoCurrencies {
		for _, e := range enabledCrypto {
			if strings.EqualFold(e, c.Code) {
				out = append(out, c)
			}
		}
	}
	return out
}
