package cashier

import (
	"context"
	"strings"
	"testing"

	"casino/bff/ledger"
)

func names(v []MethodView) string {
	var out []string
	for _, m := range v {
		out = append(out, m.Name)
	}
	return strings.Join(out, ",")
}

func TestListSeededMethods(t *testing.T) {
	s, _ := newTestService(t)
	ctx := context.Background()
	visitor := Viewer{}
	player := Viewer{LoggedIn: true, Email: "ada@example.com"}
	cases := []struct {
		name     string
		viewer   Viewer
		country  string
		currency string
		purpose  string
		want     string
	}{
		{"EUR in Germany", player, "DE", "EUR", ForDeposit, "visa,mastercard,carouseller,skrill,mobilepay,banktransfer,interac"},
		{"visitor sees no audience-restricted methods", visitor, "DE", "EUR", ForDeposit, "visa,mastercard,carouseller,skrill,mobilepay,banktransfer,interac"},
		{"restricted country (skrill not in US)", player, "US", "USD", ForDeposit, "visa,mastercard,carouseller,banktransfer"},
		{"allowed countries and currency (India)", player, "IN", "INR", ForDeposit, "visa,mastercard,carouseller,banktransfer,netbanking,upi"},
		{"allowed country but another currency", player, "IN", "EUR", ForDeposit, "visa,mastercard,carouseller,skrill,mobilepay,banktransfer,interac"},
		{"TRY: papara in Turkey", player, "TR", "TRY", ForDeposit, "visa,mastercard,carouseller,skrill,papara,banktransfer"},
		{"crypto currency", player, "DE", "BTC", ForDeposit, "crypto"},
		{"withdrawal lists methods with withdrawals", player, "DE", "EUR", ForWithdrawal, "banktransfer,interac"},
		{"crypto withdrawal", player, "DE", "USDT", ForWithdrawal, "crypto"},
		{"allowTags: vip", Viewer{LoggedIn: true, Email: "v@example.com", Tags: []string{"vip"}}, "DE", "EUR", ForDeposit, "visa,mastercard,carouseller,skrill,mobilepay,banktransfer,interac,vipwire"},
		{"allowEmails (case-insensitive)", Viewer{LoggedIn: true, Email: "PILOT@aurum-casino.example", EmailVerified: true}, "DE", "EUR", ForDeposit, "visa,mastercard,carouseller,skrill,mobilepay,banktransfer,interac,betapay"},
		// Issue 18, item 15: an unverified address unlocks nothing.
		{"allowEmails needs a verified address", Viewer{LoggedIn: true, Email: "pilot@aurum-casino.example"}, "DE", "EUR", ForDeposit, "visa,mastercard,carouseller,skrill,mobilepay,banktransfer,interac"},
		{"tag with its own countries", Viewer{LoggedIn: true, Tags: []string{"bonus_abuser"}}, "DE", "EUR", ForDeposit, "visa,carouseller,skrill,mobilepay,banktransfer,interac"},
		{"matched tag: matched list applies", Viewer{LoggedIn: true, Tags: []string{"bonus_abuser"}}, "BR", "BRL", ForDeposit, "visa,carouseller,banktransfer"},
		{"unmatched tag: matched list does not apply", Viewer{LoggedIn: true, Tags: []string{"newbie"}}, "BR", "BRL", ForDeposit, "visa,mastercard,carouseller,banktransfer"},
		{"no limit for the currency", player, "DE", "HUF", ForDeposit, ""},
	}
	for _, c := range cases {
		got, err := s.List(ctx, ListQuery{Viewer: c.viewer, Country: c.country, Currency: c.currency, Purpose: c.purpose})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if names(got) != c.want {
			t.Errorf("%s: %s\n want %s", c.name, names(got), c.want)
		}
	}
}

func TestOfferRules(t *testing.T) {
	eur := ledger.MustCurrency("EUR")
	st := Settings{DefaultLimits: map[string]Limit{"EUR": {Min: "10", Max: "5000"}}}
	base := Method{Name: "m", Kind: KindWallet, Processor: "sandbox", IsActive: true}
	player := Viewer{LoggedIn: true, Email: "a@example.com", EmailVerified: true, Tags: []string{"t1"}}
	cases := []struct {
		name    string
		edit    func(*Method)
		viewer  Viewer
		country string
		purpose string
		want    Refusal
	}{
		{"plain", func(*Method) {}, player, "DE", ForDeposit, Offered},
		{"inactive", func(m *Method) { m.IsActive = false }, player, "DE", ForDeposit, RefusedInactive},
		{"hidden is still offered", func(m *Method) { m.Hidden = true }, player, "DE", ForDeposit, Offered},
		{"withdrawal without withdrawalExist", func(*Method) {}, player, "DE", ForWithdrawal, RefusedPurpose},
		{"allowed countries", func(m *Method) { m.AllowedCountries = []string{"FR"} }, player, "DE", ForDeposit, RefusedCountry},
		{"allowed countries, in", func(m *Method) { m.AllowedCountries = []string{"DE"} }, player, "de", ForDeposit, Offered},
		{"restricted countries", func(m *Method) { m.RestrictedCountries = []string{"DE"} }, player, "DE", ForDeposit, RefusedCountry},
		{"unknown country skips country rules", func(m *Method) { m.AllowedCountries = []string{"FR"} }, player, "", ForDeposit, Offered},
		{"tag default for untagged", func(m *Method) { m.TagRestrictedCountries = map[string][]string{"default": {"DE"}} }, Viewer{LoggedIn: true}, "DE", ForDeposit, RefusedCountry},
		{"tag default not for tagged", func(m *Method) { m.TagRestrictedCountries = map[string][]string{"default": {"DE"}} }, player, "DE", ForDeposit, Offered},
		{"tag unmatched", func(m *Method) { m.TagRestrictedCountries = map[string][]string{"unmatched": {"DE"}, "t2": {"FR"}} }, player, "DE", ForDeposit, RefusedCountry},
		{"tag per-tag", func(m *Method) { m.TagRestrictedCountries = map[string][]string{"t1": {"DE"}} }, player, "DE", ForDeposit, RefusedCountry},
		{"tag matched", func(m *Method) { m.TagRestrictedCountries = map[string][]string{"matched": {"DE"}, "t1": {}} }, player, "DE", ForDeposit, RefusedCountry},
		{"tag matched, other country", func(m *Method) { m.TagRestrictedCountries = map[string][]string{"matched": {"FR"}, "t1": {}} }, player, "DE", ForDeposit, Offered},
		{"visitor gets default", func(m *Method) { m.TagRestrictedCountries = map[string][]string{"default": {"DE"}} }, Viewer{}, "DE", ForDeposit, RefusedCountry},
		{"allowed currencies", func(m *Method) { m.AllowedCurrencies = []string{"USD"} }, player, "DE", ForDeposit, RefusedCurrency},
		{"restricted currencies", func(m *Method) { m.RestrictedCurrencies = []string{"EUR"} }, player, "DE", ForDeposit, RefusedCurrency},
		{"allowEmails", func(m *Method) { m.AllowEmails = []string{"b@example.com"} }, player, "DE", ForDeposit, RefusedAudience},
		{"allowEmails, in", func(m *Method) { m.AllowEmails = []string{"A@example.com"} }, player, "DE", ForDeposit, Offered},
		{"allowEmails, unverified address", func(m *Method) { m.AllowEmails = []string{"a@example.com"} }, Viewer{LoggedIn: true, Email: "a@example.com"}, "DE", ForDeposit, RefusedAudience},
		{"allowEmails, visitor", func(m *Method) { m.AllowEmails = []string{"a@example.com"} }, Viewer{Email: "a@example.com"}, "DE", ForDeposit, RefusedAudience},
		{"allowTags", func(m *Method) { m.AllowTags = []string{"t2"} }, player, "DE", ForDeposit, RefusedAudience},
		{"allowTags, in", func(m *Method) { m.AllowTags = []string{"t2", "t1"} }, player, "DE", ForDeposit, Offered},
		{"no limit in the currency", func(m *Method) { m.Limits = nil }, player, "DE", ForDeposit, Offered},
	}
	for _, c := range cases {
		m := base
		c.edit(&m)
		if got := m.Offer(c.viewer, c.country, eur, c.purpose, st); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if got := base.Offer(player, "DE", ledger.MustCurrency("USD"), ForDeposit, st); got != RefusedCurrency {
		t.Errorf("no limit for USD: %v", got)
	}
}

func TestLimits(t *testing.T) {
	st := Settings{DefaultLimits: map[string]Limit{"EUR": {Min: "10", Max: "5000"}, "TRY": {Min: "1", Max: "2"}}}
	cases := []struct {
		method   Method
		currency string
		min, max string
		ok       bool
	}{
		{Method{}, "EUR", "10.00", "5000.00", true},
		{Method{Limits: map[string]Limit{"EUR": {Min: "25", Max: "100"}}}, "EUR", "25.00", "100.00", true},
		{Method{}, "TRY", "5.00", "100000.00", true}, // SPEC: other methods 5 to 100000 TRY, over the default
		{Method{Limits: map[string]Limit{"TRY": {Min: "20", Max: "50000"}}}, "TRY", "20.00", "50000.00", true},
		{Method{}, "USD", "", "", false},
	}
	for _, c := range cases {
		lo, hi, ok := c.method.limit(ledger.MustCurrency(c.currency), st)
		if ok != c.ok || (ok && (lo.Decimal() != c.min || hi.Decimal() != c.max)) {
			t.Errorf("%s %+v: %s..%s %v", c.currency, c.method.Limits, lo.Decimal(), hi.Decimal(), ok)
		}
	}
}

func TestCardFormNames(t *testing.T) {
	for name, want := range map[string]bool{"visa": true, "master": true, "MasterCard": true, "card": true, "cards": true, "skrill": false, "carouseller": false} {
		if got := (Method{Name: name}).IsCardForm(); got != want {
			t.Errorf("%s: %v", name, got)
		}
	}
}

func TestSeedIsIdempotent(t *testing.T) {
	s, _ := newTestService(t)
	ctx := context.Background()
	before, _ := s.Methods(ctx)
	raw := []byte(`{"methods":[{"name":"visa","paymentMethod":"card","processor":"sandbox","title":"Visa 2","isActive":true}]}`)
	if _, err := s.LoadSeed(ctx, raw); err != nil {
		t.Fatal(err)
	}
	after, _ := s.Methods(ctx)
	if len(after) != len(before) || after[0].Title != "Visa 2" || after[0].ID != before[0].ID {
		t.Fatalf("upsert: %d → %d methods, %+v", len(before), len(after), after[0])
	}
	for _, bad := range []string{
		`{"methods":[{"name":"x","paymentMethod":"teleport","processor":"sandbox"}]}`,
		`{"methods":[{"name":"x","paymentMethod":"card","processor":"sandbox","limits":{"EUR":{"min":"10","max":"5"}}}]}`,
		`{"methods":[{"name":"x","paymentMethod":"card","processor":""}]}`,
		`{"settings":{"nope":1}}`,
		`{"unknown":1}`,
	} {
		if _, err := s.LoadSeed(ctx, []byte(bad)); err == nil {
			t.Errorf("seed %s accepted", bad)
		}
	}
}

// method looks one name up in the database: any case, surrounding spaces
// ignored, unknown names not found.
func TestMethodByName(t *testing.T) {
	s, _ := newTestService(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name, want string
		found      bool
	}{{"visa", "visa", true}, {" VISA ", "visa", true}, {"Skrill", "skrill", true}, {"nope", "", false}, {"", "", false}} {
		m, ok, err := s.method(ctx, tc.name)
		if err != nil || ok != tc.found || m.Name != tc.want {
			t.Errorf("method(%q) = %q, %v, %v; want %q, %v", tc.name, m.Name, ok, err, tc.want, tc.found)
		}
	}
}
