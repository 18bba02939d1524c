package account

import (
	"testing"
	"time"

	"casino/bff/clock"
)

// A self-excluded player's log-in answers SELF_EXCLUDED (409: the modal
// shows it) with the end; withdrawalOnly gives the restricted session, and
// the routes outside the allowed ones refuse it. At the end itself the
// player is still excluded; a second later they log in again.
func TestLoginOfSelfExcludedPlayer(t *testing.T) {
	f := newFixture(t)
	_, id := f.register(t, annSignUp)
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	c := clock.NewManual(now)
	f.svc.now = c.Now
	f.sessions.SetClock(c)
	until := now.Add(24 * time.Hour)
	f.svc.db.Write.Exec(`UPDATE users SET self_exclusion_until = ? WHERE id = ?`, until.Format(time.RFC3339), id)
	creds := map[string]any{"email": "ann@example.com", "password": "secret1x"}

	status, body := f.call(t, "POST", "/api/user/login", creds, "")
	e, _ := body["error"].(map[string]any)
	fields, _ := e["fields"].(map[string]any)
	if status != 409 || e["code"] != "SELF_EXCLUDED" || fields["selfExclusionUntil"] != until.Format(time.RFC3339) ||
		e["message"] != "Your account is self-excluded until 27 Nov 2026 10:00 UTC. You can still withdraw your balance." {
		t.Fatalf("excluded login: %d %v", status, body)
	}

	creds["withdrawalOnly"] = true
	status, body = f.call(t, "POST", "/api/user/login", creds, "")
	ex, _ := data(body)["selfExclusion"].(map[string]any)
	if status != 200 || ex["restricted"] != true || ex["until"] != until.Format(time.RFC3339) {
		t.Fatalf("withdrawal-only login: %d %v", status, body)
	}
	token := data(body)["accessToken"].(string)
	f.sessions.RestrictedRoutes = map[string]bool{"GET /api/user/get-user-details": true}
	if status, _ := f.call(t, "GET", "/api/user/get-user-details", nil, token); status != 200 {
		t.Fatalf("restricted session reading details: %d", status)
	}
	if status, body := f.call(t, "PUT", "/api/user/update-user-details", map[string]any{"city": "Bonn"}, token); status != 409 {
		t.Fatalf("restricted session updating details: %d %v", status, body)
	}

	delete(creds, "withdrawalOnly")
	c.Set(until)
	if status, _ := f.call(t, "POST", "/api/user/login", creds, ""); status != 409 {
		t.Fatalf("at the end: %d, want still excluded", status)
	}
	c.Set(until.Add(time.Second))
	if status, body := f.call(t, "POST", "/api/user/login", creds, ""); status != 200 || data(body)["selfExclusion"] != nil {
		t.Fatalf("after the end: %d %v", status, body)
	}
	// The restricted session is a full one again.
	if status, _ := f.call(t, "PUT", "/api/user/update-user-details", map[string]any{"city": "Bonn"}, token); status == 409 {
		t.Fatal("still restricted after the end")
	}
}
