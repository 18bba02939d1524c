package wallet

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"casino/bff/session"
)

// TestPlayerRoutes: the Games history, game recall and bonus-buy
// confirmation over HTTP, each authorised against the caller.
func TestPlayerRoutes(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2)
	sessions := session.NewManager(f.db)
	mux := http.NewServeMux()
	f.svc.Routes(mux, sessions)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	token, err := sessions.Create(ctx, 1, "127.0.0.1", "test")
	if err != nil {
		t.Fatal(err)
	}
	other, _ := sessions.Create(ctx, 2, "127.0.0.1", "test")
	call := func(method, path, tok string) (int, map[string]json.RawMessage) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, nil)
		if tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body map[string]json.RawMessage
		json.NewDecoder(resp.Body).Decode(&body)
		return resp.StatusCode, body
	}
	for i := range 25 {
		round := fmt.Sprint("r-", i)
		if _, err := f.client.Debit(ctx, debit("d-"+round, round, "1", "1.00")); err != nil {
			t.Fatal(err)
		}
	}
	status, body := call("GET", "/api/user/get-casino-transactions?pageNo=2", token)
	var page History
	json.Unmarshal(body["data"], &page)
	if status != 200 || page.Count != 25 || len(page.Rows) != 5 || page.Rows[0].TransactionID != "d-r-4" {
		t.Fatalf("history page 2: %d %+v", status, page)
	}
	if status, _ := call("GET", "/api/user/get-casino-transactions", ""); status != 403 {
		t.Fatalf("history without a token: %d", status)
	}
	status, body = call("GET", fmt.Sprint("/api/user/game-rounds/", page.Rows[0].RoundID), token)
	if status != 200 || !strings.Contains(string(body["data"]), `"bet":"1.00"`) {
		t.Fatalf("recall: %d %s", status, body["data"])
	}
	if status, body := call("GET", fmt.Sprint("/api/user/game-rounds/", page.Rows[0].RoundID), other); status != 404 || !strings.Contains(string(body["error"]), "ROUND_NOT_FOUND") {
		t.Fatalf("another player's round: %d %s", status, body["error"])
	}
	if status, _ := call("POST", "/api/user/confirm-bonus-buy", token); status != 200 {
		t.Fatalf("confirm: %d", status)
	}
	if err := f.svc.SetLimits(ctx, 1, Limits{MaxBet: 100}, false); err != nil {
		t.Fatal(err)
	}
	if status, _ := call("POST", "/api/user/confirm-bonus-buy", token); status != 200 {
		t.Fatal(status)
	}
	bb := debit("buy", "r-buy", "1", "50.00")
	bb.BonusBuy = true
	if _, err := f.client.Debit(ctx, bb); err != nil {
		t.Fatalf("confirmed bonus buy: %v", err)
	}
}
