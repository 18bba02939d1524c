package chat

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"casino/bff/clock"
	"casino/bff/database"
)

func TestPostLimitsFilterModerationAndGhost(t *testing.T) {
	ctx := context.Background()
	db, err := database.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Write.Exec(`INSERT INTO users(id, email, country_code, nickname, first_name, last_name) VALUES
		(1, 'a@example.com', 'DE', 'ada', 'Ada', 'Lovelace'), (2, 'b@example.com', 'DE', '', 'Grace', 'Hopper')`); err != nil {
		t.Fatal(err)
	}
	c := clock.NewManual(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC))
	s := New(db, c)
	s.Rooms = func(context.Context) ([]string, error) { return []string{"en", "de"}, nil }
	var live []Message
	s.Posted = func(m Message) { live = append(live, m) }

	post := func(player int64, room, text string) (Message, error) { return s.Post(ctx, player, room, text) }
	for _, tc := range []struct {
		name, room, text string
		want             error
	}{
		{"empty", "en", "   ", ErrEmpty},
		{"too long", "en", strings.Repeat("é", MaxLength+1), ErrTooLong},
		{"no such room", "xx", "hi", ErrRoom},
	} {
		if _, err := post(1, tc.room, tc.text); err == nil || err.Error() != tc.want.Error() {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	m, err := post(1, "en", "<b>hi</b> this is a SCAM")
	if err != nil {
		t.Fatal(err)
	}
	if m.Name != "ada" || m.Text != "<b>hi</b> this is a ****" {
		t.Fatalf("message %+v", m)
	}
	// Stored and sent as text: JSON escapes the markup, nothing renders it.
	if b, _ := json.Marshal(m); strings.Contains(string(b), "<b>") {
		t.Fatalf("raw markup in JSON: %s", b)
	}
	if _, err := post(1, "en", "again"); err != ErrRate {
		t.Fatalf("second message at once: %v", err)
	}
	c.Advance(Interval)
	if _, err := post(1, "en", "again"); err != nil {
		t.Fatal(err)
	}
	// Ghost mode hides the name from the next message on.
	if err := s.SaveSettings(ctx, 2, Settings{GhostMode: true, Sound: true}); err != nil {
		t.Fatal(err)
	}
	g, err := post(2, "de", "hallo")
	if err != nil || g.Name != GhostName {
		t.Fatalf("ghost: %+v %v", g, err)
	}
	if st, _ := s.SettingsOf(ctx, 2); !st.GhostMode || st.ShowBigWins || !st.Sound {
		t.Fatalf("settings %+v", st)
	}
	// Moderation.
	if err := s.Mute(ctx, "b@example.com", time.Hour, "spam"); err != nil {
		t.Fatal(err)
	}
	c.Advance(Interval)
	if _, err := post(2, "de", "x"); err != ErrMuted {
		t.Fatalf("muted: %v", err)
	}
	c.Advance(time.Hour)
	if _, err := post(2, "de", "back"); err != nil {
		t.Fatalf("after the mute: %v", err)
	}
	if err := s.Ban(ctx, "b@example.com", ""); err != nil {
		t.Fatal(err)
	}
	c.Advance(Interval)
	if _, err := post(2, "de", "x"); err != ErrBanned {
		t.Fatalf("banned: %v", err)
	}
	if err := s.Delete(ctx, m.ID); err != nil {
		t.Fatal(err)
	}
	h, err := s.History(ctx, "en", 0, 50)
	if err != nil || len(h) != 1 || h[0].Text != "again" {
		t.Fatalf("history after delete: %+v %v", h, err)
	}
	if len(live) != 4 {
		t.Fatalf("%d live messages", len(live))
	}
}
