package games

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"casino/bff/betlevels"
	"casino/bff/session"
	"casino/bff/settings"
)

// get-games answers bets in the caller's currency: visitors see EUR, a BTC
// player the operator's BTC levels with 8 decimals; the order by min bet is
// the same in every currency.
func TestBetsInTheCallersCurrency(t *testing.T) {
	c, db := newCatalogue(t)
	rates := map[string]string{"BTC": "0.000016"}
	h := &HTTP{Catalogue: c, Settings: settings.NewStore(db), BetScale: func(_ context.Context, code string) (betlevels.Scale, error) { return betlevels.For(rates, code) }}
	list := func(p *session.Player) Page {
		t.Helper()
		rec := httptest.NewRecorder()
		r := httptest.NewRequest("GET", "/api/admin/get-games?sort=minBet&limit=100", nil)
		if err := h.writePage(rec, r, p, Query{Sort: "minBet", Limit: 100}); err != nil {
			t.Fatal(err)
		}
		var body struct{ Data Page }
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		return body.Data
	}
	eur, btc, usd := list(nil), list(&session.Player{Currency: "BTC"}), list(&session.Player{Currency: "USD"})
	if eur.Count == 0 || eur.Count != btc.Count {
		t.Fatalf("counts %d %d", eur.Count, btc.Count)
	}
	byID := map[string]*Game{}
	for _, g := range btc.Rows {
		byID[g.Slug] = g
	}
	for i, g := range eur.Rows {
		b, u := byID[g.Slug], usd.Rows[i]
		if g.CurrencyCode != "EUR" || g.Decimals != 2 || b.CurrencyCode != "BTC" || b.Decimals != 8 || u.CurrencyCode != "USD" {
			t.Fatalf("%s: currencies %s/%d %s/%d %s", g.Slug, g.CurrencyCode, g.Decimals, b.CurrencyCode, b.Decimals, u.CurrencyCode)
		}
		if btc.Rows[i].Slug != g.Slug {
			t.Errorf("order differs at %d: %s vs %s", i, btc.Rows[i].Slug, g.Slug)
		}
		if u.MinBet != g.MinBet || u.MaxBet != g.MaxBet {
			t.Errorf("%s: USD (no rate) %s–%s, want the EUR figures %s–%s", g.Slug, u.MinBet, u.MaxBet, g.MinBet, g.MaxBet)
		}
	}
	// Fruit Fiesta: 0.05–25.00 EUR at 20 satoshi per cent.
	if ff := byID["fruit-fiesta"]; ff.MinBet != "0.00000100" || ff.MaxBet != "0.00050000" {
		t.Fatalf("fruit-fiesta in BTC: %s–%s", ff.MinBet, ff.MaxBet)
	}
}

// Issue 18, item 19: junk page numbers answered 500 (strconv.Atoi clamps
// "99999999999999999999" to MaxInt64 and (page-1)*limit overflowed).
func TestJunkPageNumbersAnswerAnEmptyPage(t *testing.T) {
	c, db := newCatalogue(t)
	h := &HTTP{Catalogue: c, Settings: settings.NewStore(db)}
	mux := http.NewServeMux()
	h.Routes(mux)
	for _, q := range []string{"pageNo=99999999999999999999", "pageNo=9223372036854775807&limit=100", "pageNo=-5&limit=-1", "pageNo=abc&limit=99999999999999999999"} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", "/api/admin/get-games?"+q, nil))
		if rec.Code != 200 {
			t.Errorf("%s: %d %s", q, rec.Code, rec.Body)
		}
	}
}
