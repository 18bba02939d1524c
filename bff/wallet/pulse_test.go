package wallet

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"casino/bff/session"
)

// TestPulse: the Game Pulse rounds are the caller's own, oldest first, one
// per round with bet and wins together, rolled-back rounds left out, the
// window bounded.
func TestPulse(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	play := func(round, player, bet, win string) {
		t.Helper()
		if _, err := f.client.Debit(ctx, debit("d-"+round, round, player, bet)); err != nil {
			t.Fatal(err)
		}
		if win != "" {
			c := debit("c-"+round, round, player, win)
			c.CloseRound = true
			if _, err := f.client.Credit(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
	}
	play("r1", "1", "1.00", "0.00")
	play("r2", "1", "2.00", "5.50")
	play("r3", "1", "1.00", "")
	play("other", "2", "3.00", "0")
	play("gone", "1", "4.00", "")
	if _, err := f.client.Rollback(ctx, RollbackRequest{TransactionID: "rb", RollbackTransactionID: "d-gone", RoundID: "gone", PlayerID: "1", GameID: "fruit-fiesta"}); err != nil {
		t.Fatal(err)
	}

	p, err := f.svc.Pulse(ctx, 1, "EUR", 0)
	if err != nil {
		t.Fatal(err)
	}
	got := ""
	for _, r := range p.Rounds {
		got += fmt.Sprintf("%s/%s/%s ", r.Bet, r.Win, r.Net)
	}
	if want := "1.00/0.00/-1.00 2.00/5.50/3.50 1.00/0.00/-1.00 "; got != want || p.CurrencyCode != "EUR" || p.Decimals != 2 {
		t.Fatalf("pulse %q %s/%d, want %q", got, p.CurrencyCode, p.Decimals, want)
	}
	if p, _ := f.svc.Pulse(ctx, 1, "EUR", 2); len(p.Rounds) != 2 || p.Rounds[1].Net != "-1.00" || p.Rounds[0].Net != "3.50" {
		t.Fatalf("last 2 rounds: %+v", p.Rounds)
	}
	if p, _ := f.svc.Pulse(ctx, 1, "USD", 0); len(p.Rounds) != 0 || p.CurrencyCode != "USD" {
		t.Fatalf("another currency: %+v", p)
	}

	sessions := session.NewManager(f.db)
	mux := http.NewServeMux()
	f.svc.Routes(mux, sessions)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	for _, tc := range []struct {
		name, path string
		player     int64
		status     int
		rounds     int
	}{
		{"own rounds", "/api/user/game-pulse", 1, 200, 3},
		{"limit", "/api/user/game-pulse?limit=1", 1, 200, 1},
		{"bad limit is the default", "/api/user/game-pulse?limit=x", 1, 200, 3},
		{"another player sees only theirs", "/api/user/game-pulse", 2, 200, 1},
		{"no session", "/api/user/game-pulse", 0, 403, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", srv.URL+tc.path, nil)
			if tc.player != 0 {
				token, err := sessions.Create(ctx, tc.player, "127.0.0.1", "test")
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("Authorization", "Bearer "+token)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body struct{ Data Pulse }
			json.NewDecoder(resp.Body).Decode(&body)
			if resp.StatusCode != tc.status || len(body.Data.Rounds) != tc.rounds {
				t.Fatalf("%d %+v", resp.StatusCode, body.Data)
			}
		})
	}
}
