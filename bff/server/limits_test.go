package server

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// Anonymous writers and event streams are bounded per client address (issue
// 18, item 8): past the burst the answer is 429 in the error shape.
func TestAnonymousWritesAndStreamsAreLimited(t *testing.T) {
	s := start(t, Config{Limits: Limits{WritesPerSecond: 0.001, WriteBurst: 3, WritesTotal: 100, StreamsPerAddress: 1, Streams: 10}})
	codes := []int{}
	for range 5 {
		code, body := s.do(t, "POST", "/api/user/log-event", `{"event":"PAGE_VIEW","url":"/"}`, nil)
		codes = append(codes, code)
		if code == 429 && body["error"].(map[string]any)["message"] != "Try again later" {
			t.Fatalf("429 body: %v", body)
		}
	}
	if codes[2] == 429 || codes[3] != 429 || codes[4] != 429 {
		t.Fatalf("log-event answers %v: want the burst of 3 through, then 429", codes)
	}
	// Reads are not limited.
	if code, _ := s.do(t, "GET", "/api/core/casino/settings2", "", nil); code != 200 {
		t.Fatalf("settings2 after the write limit: %d", code)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream := func(path string) *http.Response {
		req, _ := http.NewRequestWithContext(ctx, "GET", s.URL+path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	first := stream("/studio/tables/european-roulette/events")
	defer first.Body.Close()
	if first.StatusCode != 200 || !strings.HasPrefix(first.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("first stream: %d", first.StatusCode)
	}
	for _, path := range []string{"/studio/tables/european-roulette/events", "/chat/en/events", "/races/any/events", "/rewards/claims/events"} {
		second := stream(path)
		second.Body.Close()
		if second.StatusCode != 429 {
			t.Fatalf("%s while a stream from the same address is open: %d, want 429", path, second.StatusCode)
		}
	}
}
