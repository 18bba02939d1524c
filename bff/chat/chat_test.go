package chat

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
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
	s.Words = func(context.Context) ([]string, error) { return []string{"scam"}, nil }
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
	if err := s.MuteWith(ctx, "b@example.com", time.Hour, "spam", nil); err != nil {
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
	if err := s.BanWith(ctx, "b@example.com", "", nil); err != nil {
		t.Fatal(err)
	}
	c.Advance(Interval)
	if _, err := post(2, "de", "x"); err != ErrBanned {
		t.Fatalf("banned: %v", err)
	}
	if err := s.DeleteWith(ctx, m.ID, nil); err != nil {
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

// A moderation's hook (the audit row) runs in its transaction: the hook
// sees the sanction before and after, and its failure undoes the change.
func TestModerationHooks(t *testing.T) {
	ctx := context.Background()
	db, err := database.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Write.Exec(`INSERT INTO users(id, email, country_code) VALUES (4, 'a@example.com', 'DE');
		INSERT INTO chat_messages(id, room, player_id, name, text) VALUES (9, 'en', 4, 'a', 'hello')`); err != nil {
		t.Fatal(err)
	}
	s := New(db, clock.NewManual(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)))
	fail := errors.New("audit failed")
	var seen []string
	hook := func(err error) SanctionHook {
		return func(_ *sql.Tx, id int64, before, after *Sanction) error {
			seen = append(seen, fmt.Sprintf("%d %v %v", id, before, after))
			return err
		}
	}
	sanction := func() string {
		var kind string
		db.Read.QueryRow(`SELECT kind FROM chat_sanctions WHERE player_id = 4`).Scan(&kind)
		return kind
	}
	if err := s.MuteWith(ctx, "a@example.com", time.Hour, "spam", hook(nil)); err != nil || sanction() != "mute" {
		t.Fatalf("mute: %v, sanction %q", err, sanction())
	}
	if err := s.BanWith(ctx, "a@example.com", "", hook(fail)); err != fail || sanction() != "mute" {
		t.Fatalf("ban with a failing hook: %v, sanction %q", err, sanction())
	}
	if err := s.UnbanWith(ctx, "a@example.com", hook(nil)); err != nil || sanction() != "" {
		t.Fatalf("unban: %v, sanction %q", err, sanction())
	}
	if err := s.UnbanWith(ctx, "a@example.com", hook(nil)); err != ErrNoSanction {
		t.Fatalf("unban of nobody sanctioned: %v", err)
	}
	if err := s.MuteWith(ctx, "a@example.com", 0, "", hook(nil)); err == nil {
		t.Fatal("a mute of no duration")
	}
	want := []string{
		"4 <nil> &{a@example.com mute 2026-11-25T13:00:00Z spam}",
		"4 &{a@example.com mute 2026-11-25T13:00:00Z spam} &{a@example.com ban  }",
		"4 &{a@example.com mute 2026-11-25T13:00:00Z spam} <nil>",
	}
	if strings.Join(seen, "\n") != strings.Join(want, "\n") {
		t.Errorf("hooks saw\n%s\nwant\n%s", strings.Join(seen, "\n"), strings.Join(want, "\n"))
	}
	if err := s.DeleteWith(ctx, 9, func(*sql.Tx, int64, Message) error { return fail }); err != fail {
		t.Fatalf("delete with a failing hook: %v", err)
	}
	var got Message
	var player int64
	if err := s.DeleteWith(ctx, 9, func(_ *sql.Tx, p int64, m Message) error { got, player = m, p; return nil }); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if player != 4 || got.ID != 9 || got.Room != "en" || got.Text != "hello" || got.At.IsZero() {
		t.Errorf("deleted %d %+v", player, got)
	}
	if err := s.DeleteWith(ctx, 9, nil); err != ErrNoMessage {
		t.Errorf("second delete: %v", err)
	}
}

// The operator's word list masks whole words in any case and script, and a
// changed list applies to the next message.
func TestWordFilter(t *testing.T) {
	list := []string{"scam", " Rigged ", "идиот", ""}
	s := &Service{Words: func(context.Context) ([]string, error) { return list, nil }}
	ctx := context.Background()
	for _, tc := range []struct{ in, want string }{
		{"this is a SCAM!", "this is a ****!"},
		{"scampi and a scam-site", "scampi and a ****-site"},
		{"rigged, RIGGED", "******, ******"},
		{"ты идиот", "ты *****"},
		{"<b>scam</b>", "<b>****</b>"},
		{"nothing to hide", "nothing to hide"},
	} {
		if got, err := s.filter(ctx, tc.in); err != nil || got != tc.want {
			t.Errorf("filter(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	list = []string{"lemon"}
	if got, _ := s.filter(ctx, "a scam lemon"); got != "a scam *****" {
		t.Errorf("after the list changed: %q", got)
	}
	list = nil
	if got, _ := s.filter(ctx, "a lemon"); got != "a lemon" {
		t.Errorf("empty list: %q", got)
	}
	s.Words = func(context.Context) ([]string, error) { return nil, errors.New("settings down") }
	if _, err := s.filter(ctx, "hi"); err == nil {
		t.Error("a failed list read passed the message")
	}
}
