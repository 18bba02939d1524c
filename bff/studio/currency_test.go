package studio

import (
	"context"
	"errors"
	"testing"

	"casino/bff/api"
	"casino/bff/betlevels"
	"casino/bff/ledger"
	"casino/bff/session"
)

// A BTC player's spin is staked in satoshi at the operator's levels (20
// satoshi per euro cent): the ladder's bottom 0.05 EUR of Fruit Fiesta is
// 0.000001 BTC, the round is stored and paid in satoshi, the ledger stays
// balanced, and the verifier replays the round with its factor.
func TestBTCSpinInSatoshi(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	btc := f.btcPlayer(t)
	l, err := f.svc.Launch(ctx, &session.Player{ID: 2, Currency: "BTC"}, "fruit-fiesta", "")
	if err != nil {
		t.Fatal(err)
	}
	if l.BetScale.Factor != 20 || l.BetScale.Decimals != 8 || l.Balance != "0.00100000" {
		t.Fatalf("launch: scale %+v balance %s", l.BetScale, l.Balance)
	}
	sess, _ := f.svc.Session(ctx, l.ID)
	for _, bad := range []string{"0.05", "0.00000099", "0.000001001", "0.00000110"} { // EUR reading, below min, too precise, not a level step of the factor
		if _, err := f.svc.Spin(ctx, sess, bad, false); err == nil {
			t.Errorf("bet %s BTC accepted", bad)
		}
	}
	res, err := f.svc.Spin(ctx, sess, "0.000001", false)
	if err != nil {
		t.Fatal(err)
	}
	r := res.Round
	if r.Bet != 100 || r.Cost != 100 || r.Factor != 20 || r.CoinValue != 20 || r.Win != r.Coins*20 {
		t.Fatalf("round %+v", r)
	}
	b, err := f.ledger.PlayerBalances(ctx, 2, btc)
	if err != nil {
		t.Fatal(err)
	}
	if want := ledger.FromMinor(100000-100+r.Win, btc); b.Real != want || res.Balance != want.Decimal() {
		t.Fatalf("balance %s (answer %s), want %s", b.Real.Decimal(), res.Balance, want.Decimal())
	}
	stored, err := f.svc.Round(ctx, res.RoundID)
	if err != nil || stored.Bet != "0.00000100" || stored.Currency != "BTC" {
		t.Fatalf("stored %+v %v", stored, err)
	}
	if err := f.ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.RotateSeeds(ctx, sess, ""); err != nil {
		t.Fatal(err)
	}
	v, err := f.svc.Verify(ctx, VerifyQuery{Round: res.RoundID, Player: 2})
	if err != nil || v.Matches == nil || !*v.Matches || v.Currency != "BTC" || v.Round.Win != r.Win {
		t.Fatalf("verify %+v %v", v, err)
	}
	// The EUR player next door still plays hundredths.
	le, err := f.svc.Launch(ctx, player1, "fruit-fiesta", "")
	if err != nil || le.BetScale.Factor != 1 || le.BetScale.Decimals != 2 {
		t.Fatalf("EUR launch %+v %v", le, err)
	}
}

// A typed verification takes the bet in a currency, with the factor the
// round was played with or the operator's current one: a BTC round typed
// by hand recomputes to the stored round; bad currencies and factors are
// field errors.
func TestTypedVerificationInACurrency(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	rates := map[string]string{"BTC": "0.000016"}
	scale := func(_ context.Context, code string) (betlevels.Scale, error) { return betlevels.For(rates, code) }
	f.wallet.BetScale, f.svc.BetScale = scale, scale
	if _, err := f.db.Write.ExecContext(ctx, `INSERT INTO users(id, email, currency_code) VALUES (2, 'btc@example.com', 'BTC')`); err != nil {
		t.Fatal(err)
	}
	if _, err := f.ledger.Deposit(ctx, "seed-2", 2, "sandbox", ledger.MustParse("0.001", ledger.MustCurrency("BTC")), nil); err != nil {
		t.Fatal(err)
	}
	l, err := f.svc.Launch(ctx, &session.Player{ID: 2, Currency: "BTC"}, "fruit-fiesta", "")
	if err != nil {
		t.Fatal(err)
	}
	sess, _ := f.svc.Session(ctx, l.ID)
	res, err := f.svc.Spin(ctx, sess, "0.000002", false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.RotateSeeds(ctx, sess, ""); err != nil {
		t.Fatal(err)
	}
	stored, _ := f.svc.Verify(ctx, VerifyQuery{Round: res.RoundID, Player: 2})
	typed := VerifyQuery{Game: "fruit-fiesta", Bet: "0.000002", ServerSeed: stored.Query.ServerSeed, ServerSeedHash: res.Seed.ServerSeedHash,
		ClientSeed: res.Seed.ClientSeed, Nonce: "1", Currency: "BTC"}
	for _, factor := range []string{"", "20"} { // today's rate, the round's stored factor
		typed.Factor = factor
		v, err := f.svc.Verify(ctx, typed)
		if err != nil || v.Currency != "BTC" || !v.CommitmentOK || !jsonEqual(v.Round, stored.Round) {
			t.Fatalf("factor %q: %+v %v", factor, v, err)
		}
	}
	for _, tc := range []struct{ currency, factor, bet, field string }{
		{"XYZ", "", "0.000002", "currency"},
		{"BTC", "0", "0.000002", "factor"},
		{"BTC", "abc", "0.000002", "factor"},
		{"BTC", "", "0.10", "bet"},      // a euro figure read as BTC: not a bet of the game
		{"BTC", "", "0.0000021", "bet"}, // not whole euro cents
		{"", "", "0.000002", "bet"},     // no currency: euro hundredths
	} {
		q := typed
		q.Currency, q.Factor, q.Bet = tc.currency, tc.factor, tc.bet
		_, err := f.svc.Verify(ctx, q)
		var apiErr *api.Error
		if !errors.As(err, &apiErr) || apiErr.Fields[tc.field] == "" {
			t.Errorf("%+v: %v, want a %s error", tc, err, tc.field)
		}
	}
}

// btcPlayer prices bets at 20 satoshi per euro cent (1 EUR = 0.000016 BTC)
// and adds player 2, a BTC account holding 0.001 BTC.
func (f *fixture) btcPlayer(tb testing.TB) ledger.Currency {
	tb.Helper()
	ctx := context.Background()
	rates := map[string]string{"BTC": "0.000016"}
	scale := func(_ context.Context, code string) (betlevels.Scale, error) { return betlevels.For(rates, code) }
	f.wallet.BetScale, f.svc.BetScale = scale, scale
	btc := ledger.MustCurrency("BTC")
	if _, err := f.db.Write.ExecContext(ctx, `INSERT INTO users(id, email, currency_code) VALUES (2, 'btc@example.com', 'BTC')`); err != nil {
		tb.Fatal(err)
	}
	if _, err := f.ledger.Deposit(ctx, "seed-2", 2, "sandbox", ledger.MustParse("0.001", btc), nil); err != nil {
		tb.Fatal(err)
	}
	return btc
}

// Hundredths are written by the ledger's formatter, negatives included.
func TestMinorText(t *testing.T) {
	for v, want := range map[int64]string{0: "0.00", 5: "0.05", 150: "1.50", -50: "-0.50", -1234: "-12.34"} {
		if got := minorText(v); got != want {
			t.Errorf("minorText(%d) = %q, want %q", v, got, want)
		}
	}
}
