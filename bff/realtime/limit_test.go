package realtime

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"casino/bff/database"
	"casino/bff/session"
)

// A player's stream says sessionEnded when the session time limit ends the
// session, and closes.
func TestStreamEndsAtTheSessionLimit(t *testing.T) {
	m, uid := onePlayer(t)
	m.Deadlines = func(_ context.Context, _ int64, login time.Time) (session.Deadlines, error) {
		return session.Deadlines{LimitEndsAt: login.Add(700 * time.Millisecond)}, nil
	}
	events, token := playerEvents(t, m, uid, NewHub())
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, events, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(bufio.NewReader(resp.Body)) // ends when the server closes the stream
	if err != nil {
		t.Fatalf("stream not closed at the limit: %v", err)
	}
	if !strings.Contains(string(body), "event: sessionEnded\ndata: {\"reason\":\"sessionLimit\"}") {
		t.Fatalf("stream = %q", body)
	}
}

// onePlayer is a database with one player and a session manager over it.
func onePlayer(t *testing.T) (*session.Manager, int64) {
	t.Helper()
	db, err := database.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	res, err := db.Write.Exec(`INSERT INTO users(email, currency_code, country_code) VALUES ('p@example.com', 'EUR', 'DE')`)
	if err != nil {
		t.Fatal(err)
	}
	uid, _ := res.LastInsertId()
	return session.NewManager(db), uid
}

// playerEvents serves h's player stream behind m's sessions, as the server
// mounts it; it returns the stream's URL and a session token of uid.
func playerEvents(t *testing.T, m *session.Manager, uid int64, h *Hub) (url, token string) {
	t.Helper()
	token, err := m.Create(context.Background(), uid, "", "")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /api/user/events", m.RequireUser(h.Handler()))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/api/user/events", token
}
