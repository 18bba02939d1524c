package clock

import (
	"testing"
	"time"
)

func TestManual(t *testing.T) {
	start := time.Date(2026, 3, 29, 0, 30, 0, 0, time.UTC)
	m := NewManual(start)
	if !m.Now().Equal(start) {
		t.Fatalf("Now = %v, want %v", m.Now(), start)
	}
	if got := m.Advance(90 * time.Minute); !got.Equal(start.Add(90 * time.Minute)) {
		t.Fatalf("Advance = %v", got)
	}
	m.Set(start)
	if !m.Now().Equal(start) {
		t.Fatalf("Set did not move the clock back")
	}
}

func TestOffsetOnlyMovesForward(t *testing.T) {
	var o Offset
	o.Advance(-time.Hour)
	if o.Shift() != 0 {
		t.Fatalf("negative advance moved the clock: %v", o.Shift())
	}
	o.Advance(48 * time.Hour)
	if d := o.Now().Sub(time.Now()); d < 47*time.Hour || d > 49*time.Hour {
		t.Fatalf("offset clock is %v ahead, want about 48h", d)
	}
}

func TestOrDefaultsToSystem(t *testing.T) {
	if Or(nil) != System {
		t.Fatal("Or(nil) is not the system clock")
	}
	m := NewManual(time.Unix(0, 0))
	if Or(m) != Clock(m) {
		t.Fatal("Or replaced a given clock")
	}
}
