package server

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"casino/bff/ledger"
	"casino/bff/session"
	"casino/bff/studio"
)

// TestCloseStopsTheTable: the live table turns from New on and App.Close
// stops its loop (nothing steps it any more once Close returned).
func TestCloseStopsTheTable(t *testing.T) {
	t.Setenv("CASINO_ROULETTE_TIMES", "30ms,10ms,10ms")
	app := openApp(t, testConfig(t))
	table := app.Studio.Table
	for deadline := time.Now().Add(5 * time.Second); table.State(time.Now()).Round < 3; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			app.Close()
			t.Fatal("the table does not turn")
		}
	}
	if err := app.Close(); err != nil {
		t.Fatal(err)
	}
	stopped := table.State(time.Now())
	time.Sleep(200 * time.Millisecond)
	if st := table.State(time.Now()); st.Round != stopped.Round || st.Phase != stopped.Phase {
		t.Fatalf("the table still turns after Close: %d %s, then %d %s", stopped.Round, stopped.Phase, st.Round, st.Phase)
	}
}

func testConfig(t *testing.T) Config {
	content := t.TempDir()
	os.MkdirAll(filepath.Join(content, "locales"), 0o755)
	os.WriteFile(filepath.Join(content, "locales", "en.json"), []byte(`{"header.login":"Log in"}`), 0o644)
	return Config{DataDir: t.TempDir(), ContentDir: content, Geo: testGeoConfig(t)}
}

func openApp(t *testing.T, cfg Config) *App {
	t.Helper()
	app, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return app
}

// TestTableStakesRefundedAtStart: a stake on a table round that the process
// did not finish is given back when the casino starts again.
func TestTableStakesRefundedAtStart(t *testing.T) {
	ctx := context.Background()
	t.Setenv("CASINO_ROULETTE_TIMES", "1h,1s,1s") // the round stays open
	cfg := testConfig(t)
	app := openApp(t, cfg)
	eur := ledger.MustCurrency("EUR")
	if _, err := app.DB.Write.ExecContext(ctx, `INSERT INTO users(id, email, currency_code) VALUES (7, 'p7@example.com', 'EUR')`); err != nil {
		t.Fatal(err)
	}
	if _, err := app.Ledger.Deposit(ctx, "d-7", 7, "sandbox", ledger.MustParse("10.00", eur), nil); err != nil {
		t.Fatal(err)
	}
	l, err := app.Studio.Launch(ctx, &session.Player{ID: 7, Currency: "EUR"}, studio.RouletteID, studio.ModeReal)
	if err != nil {
		t.Fatal(err)
	}
	h, err := app.Handler()
	if err != nil {
		t.Fatal(err)
	}
	round := app.Studio.Table.State(time.Now()).Round
	body := fmt.Sprintf(`{"round": %d, "bets": [{"kind": "red", "amount": "4.00"}]}`, round)
	req := httptest.NewRequest(http.MethodPost, "/api/studio/sessions/"+l.ID+"/bets", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	real := func(a *App) string {
		b, err := a.Ledger.PlayerBalances(ctx, 7, eur)
		if err != nil {
			t.Fatal(err)
		}
		return b.Real.Decimal()
	}
	if rec.Code != http.StatusOK || real(app) != "6.00" {
		t.Fatalf("bet: %d %s, balance %s", rec.Code, rec.Body, real(app))
	}
	app.Close()

	app = openApp(t, cfg)
	defer app.Close()
	if real(app) != "10.00" {
		t.Fatalf("after the restart: %s, want the stake back", real(app))
	}
	if next := app.Studio.Table.State(time.Now()).Round; next <= round {
		t.Fatalf("the new table reuses round %d (last was %d)", next, round)
	}
	if err := app.Ledger.Check(ctx); err != nil {
		t.Fatal(err)
	}
}
