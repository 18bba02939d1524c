package chainsandbox

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"casino/bff/api"
	"casino/bff/cashier/coins"
	"casino/bff/database"
)

type reports struct {
	mu   sync.Mutex
	seen []coins.Transfer
	fail bool
}

func (r *reports) listen(_ context.Context, t coins.Transfer) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail {
		return errors.New("casino busy")
	}
	r.seen = append(r.seen, t)
	return nil
}

func (r *reports) last(txid string) (coins.Transfer, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out coins.Transfer
	n := 0
	for _, t := range r.seen {
		if t.TxID == txid {
			out, n = t, n+1
		}
	}
	return out, n
}

func newChain(t *testing.T) (*Chain, *reports) {
	t.Helper()
	db, err := database.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	r := &reports{}
	return New(db, r.listen), r
}

const btcAddr = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"

func TestSendValidation(t *testing.T) {
	c, _ := newChain(t)
	ctx := context.Background()
	cases := []struct {
		network, address, amount, field string
	}{
		{"BTC", btcAddr, "0.5", ""},
		{"ETH", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "1.23456789", ""},
		{"USDT-TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "100", ""},
		{"BTC", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "1", "address"},
		{"DOGE", btcAddr, "1", "network"},
		{"BTC", btcAddr, "0.123456789", "amount"}, // 9 decimals
		{"BTC", btcAddr, "0", "amount"},
		{"BTC", btcAddr, "", "amount"},
	}
	for _, tc := range cases {
		tx, err := c.Send(ctx, tc.network, tc.address, tc.amount)
		var e *api.Error
		switch {
		case tc.field == "" && err != nil:
			t.Errorf("%v: %v", tc, err)
		case tc.field != "" && (!errors.As(err, &e) || e.Fields[tc.field] == ""):
			t.Errorf("%v: %v, want a %s error", tc, err, tc.field)
		case tc.field == "" && (tx.TxID == "" || (tc.network == "ETH") != strings.HasPrefix(tx.TxID, "0x")):
			t.Errorf("%v: txid %q", tc, tx.TxID)
		}
	}
}

func TestConfirmations(t *testing.T) {
	c, r := newChain(t)
	ctx := context.Background()
	tx, err := c.Send(ctx, "BTC", btcAddr, "0.01")
	if err != nil {
		t.Fatal(err)
	}
	if got, n := r.last(tx.TxID); n != 1 || got.Confirmations != 0 || got.Amount != 1_000_000 || got.Address != btcAddr {
		t.Fatalf("mempool report %+v (%d)", got, n)
	}
	for i := 1; i <= 3; i++ {
		if err := c.Mine(ctx); err != nil {
			t.Fatal(err)
		}
		if got, _ := r.last(tx.TxID); got.Confirmations != i {
			t.Fatalf("block %d: %d confirmations", i, got.Confirmations)
		}
	}
	// A transfer sent later is one block behind; a failed report is repeated.
	late, _ := c.Send(ctx, "BTC", btcAddr, "0.02")
	r.fail = true
	c.Mine(ctx)
	r.fail = false
	c.Mine(ctx)
	if got, _ := r.last(late.TxID); got.Confirmations != 2 {
		t.Fatalf("late transfer: %+v", got)
	}
	if got, err := c.Get(ctx, tx.TxID); err != nil || got.Confirmations != 5 || got.Amount != "0.01000000" {
		t.Fatalf("get: %+v %v", got, err)
	}
	// Reports stop once a transfer is deeper than any network needs.
	for range watchDepth + 5 {
		c.Mine(ctx)
	}
	_, before := r.last(tx.TxID)
	c.Mine(ctx)
	if _, after := r.last(tx.TxID); after != before {
		t.Fatalf("still reported at depth %d", watchDepth+10)
	}
	if _, err := c.Get(ctx, "nope"); !errors.Is(err, api.ErrNotFound) {
		t.Fatalf("unknown tx: %v", err)
	}
}

func TestRoutes(t *testing.T) {
	c, _ := newChain(t)
	mux := http.NewServeMux()
	c.Routes(mux)
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/sandbox/chain/send", strings.NewReader(`{"network":"BTC","address":"`+btcAddr+`","amount":"0.1"}`))
	req.Header.Set("Content-Type", "application/json")
	mux.ServeHTTP(rec, req)
	var body struct{ Data Tx }
	json.Unmarshal(rec.Body.Bytes(), &body)
	if rec.Code != 200 || body.Data.Amount != "0.10000000" {
		t.Fatalf("send: %d %s", rec.Code, rec.Body)
	}
	rec = httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest("GET", "/sandbox/chain/tx/"+body.Data.TxID, nil))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"confirmations":0`) {
		t.Fatalf("tx: %d %s", rec.Code, rec.Body)
	}
}
