package statistics

import (
	"context"
	"errors"
	"testing"
	"time"

	"casino/bff/api"
	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/ledger"
)

func TestTotalsPerPeriod(t *testing.T) {
	ctx := context.Background()
	db, err := database.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := db.Write.ExecContext(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO users(id, email, country_code) VALUES (1, 'a@example.com', 'DE'), (2, 'b@example.com', 'DE')`)
	// Rounds: two of slot-a yesterday 23:30 and today, one of slot-b 10 days ago; another player's round.
	round := func(id int64, player int64, game string, bet, win int64, at string) {
		exec(`INSERT INTO wallet_rounds(provider, round_id, player_id, game_id, currency, bet_real, bet_bonus, win, balance_before, balance_after, started_at)
			VALUES ('studio', ?, ?, ?, 'EUR', ?, 0, ?, 0, 0, ?)`, id, player, game, bet, win, at)
	}
	round(1, 1, "slot-a", 100, 0, "2026-11-24T23:30:00.000Z")
	round(2, 1, "slot-a", 200, 1500, "2026-11-25T08:00:00.000Z")
	round(3, 1, "slot-b", 50, 20, "2026-11-15T08:00:00.000Z")
	round(4, 2, "slot-a", 999, 0, "2026-11-25T08:00:00.000Z")
	l := ledger.New(db)
	eur := ledger.MustCurrency("EUR")
	if _, err := l.Post(ctx, ledger.Transfer{IdempotencyKey: "d1", Kind: ledger.KindDeposit, Postings: []ledger.Posting{
		{Account: ledger.Provider("card"), Amount: ledger.FromMinor(-5000, eur)}, {Account: ledger.PlayerReal(1), Amount: ledger.FromMinor(5000, eur)}}}); err != nil {
		t.Fatal(err)
	}
	s := New(db, clock.NewManual(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)))
	for _, c := range []struct {
		period, stakes, net, biggest string
		rounds                       int64
		favourite                    string
	}{
		{Today, "2.00", "13.00", "15.00", 1, "slot-a"},
		{Week, "3.00", "12.00", "15.00", 2, "slot-a"},
		{All, "3.50", "11.70", "15.00", 3, "slot-a"},
	} {
		got, err := s.Totals(ctx, 1, "EUR", c.period)
		if err != nil {
			t.Fatal(err)
		}
		if got.Stakes != c.stakes || got.Net != c.net || got.BiggestWin != c.biggest || got.Rounds != c.rounds || got.Favourites[0].GameID != c.favourite {
			t.Errorf("%s: %+v", c.period, got)
		}
		// The ledger stamps its own (real) time: only "all" is sure to hold the deposit.
		if c.period == All && (got.Deposits != "50.00" || got.DepositsN != 1 || got.Withdrawals != "0.00") {
			t.Errorf("%s cashier: %+v", c.period, got)
		}
	}
	var apiErr *api.Error
	if _, err := s.Totals(ctx, 1, "EUR", "year"); !errors.As(err, &apiErr) || apiErr.Code != "VALIDATION_ERROR" {
		t.Fatalf("unknown period: %v", err)
	}
}
