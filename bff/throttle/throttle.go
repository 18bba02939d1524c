// Package throttle counts events per key in a sliding time window, in memory:
// the casino runs as one process on one machine, so one map is the whole
// picture. Login failures (bff/account) and challenge issuing (bff/captcha)
// are limited with it.
package throttle

import (
	"sync"
	"time"
)

// Window remembers when each key's events happened during the last Per.
type Window struct {
	Per time.Duration

	mu     sync.Mutex
	events map[string][]time.Time
	now    func() time.Time
	pruned time.Time
}

// New returns an empty window of length per.
func New(per time.Duration) *Window {
	return &Window{Per: per, events: map[string][]time.Time{}, now: time.Now}
}

// SetClock replaces the clock (tests).
func (w *Window) SetClock(now func() time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.now = now
}

// recent drops the key's events older than the window and counts the rest.
// The caller holds mu.
func (w *Window) recent(key string, now time.Time) int {
	cutoff := now.Add(-w.Per)
	list := w.events[key]
	i := 0
	for i < len(list) && list[i].Before(cutoff) {
		i++
	}
	list = list[i:]
	if len(list) == 0 {
		delete(w.events, key)
	} else {
		w.events[key] = list
	}
	return len(list)
}

// prune forgets keys that were not seen for a whole window, at most once per
// window, so addresses seen once do not pile up. The caller holds mu.
func (w *Window) prune(now time.Time) {
	if now.Sub(w.pruned) < w.Per {
		return
	}
	w.pruned = now
	for k := range w.events {
		w.recent(k, now)
	}
}

// Count reports the key's events within the window.
func (w *Window) Count(key string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.recent(key, w.now())
}

// Add records an event for each key.
func (w *Window) Add(keys ...string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	now := w.now()
	w.prune(now)
	for _, k := range keys {
		w.events[k] = append(w.events[k], now)
	}
}

// Take records an event for key when fewer than limit happened within the
// window and reports whether it did; a refused attempt is not counted, so a
// client that waits gets through again.
func (w *Window) Take(key string, limit int) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	now := w.now()
	w.prune(now)
	if w.recent(key, now) >= limit {
		return false
	}
	w.events[key] = append(w.events[key], now)
	return true
}

// RetryAfter is how long until the key's oldest event leaves the window
// (zero when it has none).
func (w *Window) RetryAfter(key string) time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	now := w.now()
	if w.recent(key, now) == 0 {
		return 0
	}
	return w.events[key][0].Add(w.Per).Sub(now)
}

// Clear forgets the key's events.
func (w *Window) Clear(key string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.events, key)
}
