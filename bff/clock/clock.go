// Package clock is the one time source of every rule that depends on time:
// limits and their cooling-off, freezes, exclusions, session limits, calendar
// days, races. Services take a Clock instead of calling time.Now, so tests can
// cross midnight, a daylight-saving change or a period's end without waiting.
package clock

import (
	"sync"
	"time"
)

// Clock tells the current time.
type Clock interface {
	Now() time.Time
}

// System is the machine's clock.
var System Clock = systemClock{}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// Func adapts a function to a Clock.
type Func func() time.Time

func (f Func) Now() time.Time { return f() }

// Or returns c, or the system clock when c is nil, so a zero-valued service
// field means "real time".
func Or(c Clock) Clock {
	if c == nil {
		return System
	}
	return c
}

// Manual is a clock that stands still until it is set or advanced. Tests use
// it directly; the demo server uses it behind its operator-only time travel.
type Manual struct {
	mu sync.Mutex
	t  time.Time
}

// NewManual returns a clock stopped at t.
func NewManual(t time.Time) *Manual { return &Manual{t: t} }

func (m *Manual) Now() time.Time {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.t
}

// Set moves the clock to t.
func (m *Manual) Set(t time.Time) {
	m.mu.Lock()
	m.t = t
	m.mu.Unlock()
}

// Advance moves the clock forward by d and returns the new time.
func (m *Manual) Advance(d time.Duration) time.Time {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.t = m.t.Add(d)
	return m.t
}

// Offset is the system clock shifted by an adjustable amount. It keeps time
// moving (sessions, timers and the live table still work) while letting a demo
// operator or an end-to-end test jump ahead by hours or days.
type Offset struct {
	mu sync.Mutex
	d  time.Duration
}

func (o *Offset) Now() time.Time {
	o.mu.Lock()
	defer o.mu.Unlock()
	return time.Now().Add(o.d)
}

// Advance shifts the clock forward by d (never backwards: rules that count
// periods assume time does not run back).
func (o *Offset) Advance(d time.Duration) {
	if d <= 0 {
		return
	}
	o.mu.Lock()
	o.d += d
	o.mu.Unlock()
}

// Shift reports how far the clock is ahead of the machine's.
func (o *Offset) Shift() time.Duration {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.d
}
