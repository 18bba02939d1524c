package throttle

import (
	"testing"
	"time"
)

func TestRatesPerKeyAndTotal(t *testing.T) {
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	r := NewRates(1, 3, 4, 5)
	r.SetClock(func() time.Time { return now })
	allowed := func(key string, n int) int {
		got := 0
		for range n {
			if r.Allow(key) {
				got++
			}
		}
		return got
	}
	if got := allowed("a", 10); got != 3 {
		t.Fatalf("key a: %d of a burst, want 3", got)
	}
	if got := allowed("b", 10); got != 2 {
		t.Fatalf("key b: %d, want the 2 left of the total's burst of 5", got)
	}
	now = now.Add(time.Second) // a refills 1, the total 4
	if got := allowed("a", 10); got != 1 {
		t.Fatalf("key a a second later: %d, want 1", got)
	}
	if got := allowed("c", 10); got != 3 {
		t.Fatalf("key c: %d, want 3 of the total's 3 left", got)
	}
	now = now.Add(time.Hour)
	if got := allowed("a", 10); got != 3 {
		t.Fatalf("key a an hour later: %d, want a full burst", got)
	}
	if len(r.keys) != 1 {
		t.Fatalf("idle keys kept: %d", len(r.keys))
	}
}

func TestGauge(t *testing.T) {
	g := NewGauge(2, 3)
	r1, ok1 := g.Acquire("a")
	_, ok2 := g.Acquire("a")
	_, ok3 := g.Acquire("a")
	if !ok1 || !ok2 || ok3 {
		t.Fatalf("per key: %v %v %v", ok1, ok2, ok3)
	}
	_, okB := g.Acquire("b")
	_, okC := g.Acquire("c")
	if !okB || okC {
		t.Fatalf("total: %v %v", okB, okC)
	}
	r1()
	r1() // twice is once
	if _, ok := g.Acquire("c"); !ok {
		t.Fatal("a released slot was not reusable")
	}
	if _, ok := g.Acquire("d"); ok {
		t.Fatal("a double release freed two slots")
	}
}
