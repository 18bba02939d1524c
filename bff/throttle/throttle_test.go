package throttle

import (
	"testing"
	"time"
)

func TestWindow(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	w := New(time.Minute)
	w.SetClock(func() time.Time { return now })

	for i := 0; i < 3; i++ {
		if !w.Take("a", 3) {
			t.Fatalf("take %d refused", i)
		}
		now = now.Add(10 * time.Second)
	}
	if w.Take("a", 3) {
		t.Fatal("fourth take within the window allowed")
	}
	if !w.Take("b", 3) {
		t.Fatal("another key refused")
	}
	if got := w.Count("a"); got != 3 {
		t.Fatalf("refused take counted: %d", got)
	}
	if got := w.RetryAfter("a"); got != 30*time.Second {
		t.Fatalf("retry after %v, want 30s", got)
	}
	now = now.Add(31 * time.Second) // the first event left the window
	if !w.Take("a", 3) {
		t.Fatal("take after the oldest event expired refused")
	}
	w.Clear("a")
	if w.Count("a") != 0 || w.RetryAfter("a") != 0 {
		t.Fatal("clear kept events")
	}
	w.Add("x", "y")
	if w.Count("x") != 1 || w.Count("y") != 1 {
		t.Fatal("add")
	}
}

func TestPruneForgetsIdleKeys(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	w := New(time.Minute)
	w.SetClock(func() time.Time { return now })
	for _, k := range []string{"1", "2", "3"} {
		w.Add(k)
	}
	now = now.Add(2 * time.Minute)
	w.Add("4")
	w.mu.Lock()
	n := len(w.events)
	w.mu.Unlock()
	if n != 1 {
		t.Fatalf("%d keys kept, want 1", n)
	}
}
