package onboarding

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"casino/bff/clock"
	"casino/bff/database"
	"casino/bff/session"
)

func setup(t *testing.T) (*database.DB, *Service, *session.Manager, int64) {
	t.Helper()
	ctx := context.Background()
	db, err := database.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	res, err := db.Write.Exec(`INSERT INTO users(email, currency_code, country_code) VALUES ('p@example.com', 'EUR', 'DE')`)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	c := clock.NewManual(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC))
	return db, New(db, c), session.NewManager(db), id
}

func TestMarkOnceAndSeen(t *testing.T) {
	_, s, _, id := setup(t)
	ctx := context.Background()
	if seen, err := s.Seen(ctx, id); err != nil || seen {
		t.Fatalf("a new player has seen the tour: %v %v", seen, err)
	}
	if _, err := s.Mark(ctx, id, "later"); err == nil {
		t.Fatal("an unknown outcome was accepted")
	}
	st, err := s.Mark(ctx, id, Skipped)
	if err != nil || st.Outcome != Skipped || st.At != "2026-11-26T12:00:00Z" {
		t.Fatalf("mark: %+v %v", st, err)
	}
	// The first answer stays (another tab finishing it later).
	if st, err := s.Mark(ctx, id, Finished); err != nil || st.Outcome != Skipped {
		t.Fatalf("second mark: %+v %v", st, err)
	}
	if seen, err := s.Seen(ctx, id); err != nil || !seen {
		t.Fatalf("not seen after the mark: %v %v", seen, err)
	}
}

func TestRoute(t *testing.T) {
	_, s, m, id := setup(t)
	mux := http.NewServeMux()
	s.Routes(mux, m)
	call := func(token, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, "/api/user/onboarding-tour", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		return rec
	}
	if rec := call("", `{"outcome":"finished"}`); rec.Code != http.StatusForbidden {
		t.Fatalf("without a session: %d", rec.Code)
	}
	tok, err := m.Create(context.Background(), id, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if rec := call(tok, `{"outcome":"maybe"}`); rec.Code != http.StatusBadRequest {
		t.Fatalf("bad outcome: %d %s", rec.Code, rec.Body)
	}
	rec := call(tok, `{"outcome":"finished"}`)
	if rec.Code != http.StatusOK {
		t.Fatalf("mark: %d %s", rec.Code, rec.Body)
	}
	var out struct {
		Data State `json:"data"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || out.Data.Outcome != Finished {
		t.Fatalf("answer %s: %v", rec.Body, err)
	}
	if seen, _ := s.Seen(context.Background(), id); !seen {
		t.Fatal("the route did not record the tour")
	}
}
