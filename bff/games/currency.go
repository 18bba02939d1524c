package games

import (
	"context"
	"net/http"

	"casino/bff/betlevels"
	"casino/bff/session"
)

// BetScale converts the catalogue's bet amounts (EUR) into a currency
// (the operator's rates, bff/betlevels).
type BetScale func(ctx context.Context, currency string) (betlevels.Scale, error)

// inCurrency rewrites the bet range of games (copies made for the caller)
// into the scale's currency. The factor is the same for every game, so an
// order by bet stays right.
func inCurrency(sc betlevels.Scale, games ...*Game) {
	for _, g := range games {
		g.MinBet = convertBet(sc, g.MinBet)
		g.MaxBet = convertBet(sc, g.MaxBet)
		g.CurrencyCode, g.Decimals = sc.Currency.Code, sc.Currency.Decimals
	}
}

func convertBet(sc betlevels.Scale, eur string) string {
	v, err := sc.Decimal(eur)
	if err != nil {
		return "" // seeding validates bets: only an absurd rate gets here
	}
	return v
}

// scale is the caller's currency (a visitor sees the base currency).
func (h *HTTP) scale(r *http.Request, p *session.Player) (betlevels.Scale, error) {
	code := betlevels.BaseCurrency
	if p != nil && p.Currency != "" {
		code = p.Currency
	}
	if h.BetScale == nil {
		return betlevels.For(nil, code)
	}
	return h.BetScale(r.Context(), code)
}
