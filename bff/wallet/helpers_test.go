package wallet

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"sync"
	"testing"

	"casino/bff/api"
	"casino/bff/database"
	"casino/bff/ledger"
)

var eur = ledger.MustCurrency("EUR")

// testGames is the catalogue the tests use: one game with a bet range and
// one without.
func testGames(_ context.Context, provider, gameID string) (GameRules, error) {
	switch gameID {
	case "fruit-fiesta":
		return GameRules{Name: "Fruit Fiesta", Provider: "Aurum Studio", MinBet: "0.10", MaxBet: "100.00"}, nil
	case "open-game":
		return GameRules{Name: "Open Game", Provider: "Aurum Studio"}, nil
	}
	return GameRules{}, fmt.Errorf("game %s/%s: %w", provider, gameID, ErrGameNotFound)
}

type fixture struct {
	db     *database.DB
	ledger *ledger.Ledger
	svc    *Service
	client *Client
	srv    *httptest.Server

	mu     sync.Mutex
	events []string
}

// newFixture opens a fresh database with players 1..players, each given
// 100.00 EUR, a "studio" provider and a client over a real socket.
func newFixture(tb testing.TB, players int) *fixture {
	tb.Helper()
	ctx := context.Background()
	db, err := database.Open(ctx, tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	f := &fixture{db: db, ledger: ledger.New(db)}
	for i := 1; i <= players; i++ {
		if _, err := db.Write.ExecContext(ctx, `INSERT INTO users(id, email) VALUES (?, ?)`, i, fmt.Sprintf("p%d@example.com", i)); err != nil {
			tb.Fatal(err)
		}
		if _, err := f.ledger.Deposit(ctx, fmt.Sprint("seed-", i), int64(i), "sandbox", ledger.MustParse("100.00", eur), nil); err != nil {
			tb.Fatal(err)
		}
	}
	f.svc = NewService(db, f.ledger, testGames)
	f.svc.Publish = func(user int64, name string, data any) {
		f.mu.Lock()
		f.events = append(f.events, fmt.Sprintf("%d %s %v", user, name, data.(map[string]string)["win"]))
		f.mu.Unlock()
	}
	secret, err := f.svc.EnsureProvider(ctx, "studio", "Aurum Studio")
	if err != nil {
		tb.Fatal(err)
	}
	f.srv = httptest.NewServer(f.svc.Handler())
	tb.Cleanup(f.srv.Close)
	f.client = &Client{BaseURL: f.srv.URL, Provider: "studio", Secret: secret}
	return f
}

func (f *fixture) balances(tb testing.TB, player int64) (real, bonus string) {
	tb.Helper()
	b, err := f.ledger.PlayerBalances(context.Background(), player, eur)
	if err != nil {
		tb.Fatal(err)
	}
	return b.Real.Decimal(), b.Bonus.Decimal()
}

func (f *fixture) check(tb testing.TB) {
	tb.Helper()
	if err := f.ledger.Check(context.Background()); err != nil {
		tb.Fatal(err)
	}
}

func debit(tx, round, player, amount string) MoneyRequest {
	return MoneyRequest{TransactionID: tx, RoundID: round, PlayerID: player, GameID: "fruit-fiesta", Currency: "EUR", Amount: amount}
}

func wantCode(tb testing.TB, err error, code string) {
	tb.Helper()
	var apiErr *api.Error
	if !errors.As(err, &apiErr) || apiErr.Code != code {
		tb.Fatalf("error %v, want %s", err, code)
	}
}

func ledgerEUR(s string) ledger.Money { return ledger.MustParse(s, eur) }

func errFields(err error) map[string]string {
	var apiErr *api.Error
	if errors.As(err, &apiErr) {
		return apiErr.Fields
	}
	return nil
}
