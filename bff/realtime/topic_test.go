package realtime

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestPublicTopic(t *testing.T) {
	h := NewHub()
	srv := httptest.NewServer(h.TopicHandler("table:x", func() *Event { return &Event{Name: "table", Data: map[string]int{"round": 1}} }))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	lines := bufio.NewScanner(resp.Body)
	next := func(prefix string) string {
		for lines.Scan() {
			if strings.HasPrefix(lines.Text(), prefix) {
				return lines.Text()
			}
		}
		t.Fatalf("no %q line: %v", prefix, lines.Err())
		return ""
	}
	if got := next("data: "); got != `data: {"round":1}` {
		t.Fatalf("initial state %q", got)
	}
	// The follower is registered once the initial state arrived.
	h.Broadcast("table:y", Event{Name: "table", Data: 99}) // another topic: not seen
	h.Broadcast("table:x", Event{Name: "table", Data: map[string]int{"round": 2}})
	if got := next("data: "); got != `data: {"round":2}` {
		t.Fatalf("broadcast %q", got)
	}
	// Player streams are separate from topics.
	h.Publish(1, Event{Name: "credit", Data: "x"})
}
