package cashier

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	"casino/bff/api"
	"casino/bff/database"
	"casino/bff/ledger"
	"casino/bff/realtime"
)

// published records realtime events.
type published struct {
	mu     sync.Mutex
	events map[int64][]realtime.Event
}

func (p *published) Publish(userID int64, e realtime.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.events[userID] = append(p.events[userID], e)
}

func (p *published) of(userID int64) []realtime.Event {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]realtime.Event(nil), p.events[userID]...)
}

type testPlayer struct {
	email    string
	currency string
	country  string
	verified bool
	tags     []string
	phone    string
}

// newTestService opens a fresh database with the seed of data/seed/payments.json.
func newTestService(tb testing.TB) (*Service, *published) {
	tb.Helper()
	ctx := context.Background()
	db, err := database.Open(ctx, tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	ev := &published{events: map[int64][]realtime.Event{}}
	s := New(db, ledger.New(db), ev)
	raw, err := os.ReadFile("../../data/seed/payments.json")
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := s.LoadSeed(ctx, raw); err != nil {
		tb.Fatal(err)
	}
	return s, ev
}

func addPlayer(tb testing.TB, s *Service, p testPlayer) int64 {
	tb.Helper()
	if p.currency == "" {
		p.currency = "EUR"
	}
	if p.country == "" {
		p.country = "DE"
	}
	tags, _ := json.Marshal(append([]string{}, p.tags...))
	res, err := s.db.Write.ExecContext(context.Background(), `INSERT INTO users(email, currency_code, country_code, is_email_verified, tags, phone)
		VALUES (?, ?, ?, ?, ?, ?)`, p.email, p.currency, p.country, p.verified, string(tags), p.phone)
	if err != nil {
		tb.Fatal(err)
	}
	id, _ := res.LastInsertId()
	return id
}

func setSetting(tb testing.TB, s *Service, doc string) {
	tb.Helper()
	if err := s.SaveSettings(context.Background(), json.RawMessage(doc)); err != nil {
		tb.Fatal(err)
	}
}

func balances(tb testing.TB, s *Service, userID int64, cur string) ledger.Balances {
	tb.Helper()
	b, err := s.ledger.PlayerBalances(context.Background(), userID, ledger.MustCurrency(cur))
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// eventually polls cond until it holds or 5 s pass.
func eventually(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			tb.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func asAPI(err error) *api.Error {
	var e *api.Error
	errors.As(err, &e)
	if e == nil {
		return &api.Error{}
	}
	return e
}
