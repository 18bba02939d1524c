package server

import "fmt"

// Mode is the one switch between the demo and a real casino. The demo has
// everything that can mint money, read mail or skip a check (the sandbox card
// processor and chain, the development mailbox, time travel); production has
// none of it. The zero value is the demo, as `make run` expects.
type Mode string

const (
	ModeDemo       Mode = "demo"
	ModeProduction Mode = "production"
)

// ParseMode reads CASINO_MODE / --mode; empty means demo.
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case "", ModeDemo:
		return ModeDemo, nil
	case ModeProduction:
		return ModeProduction, nil
	}
	return "", fmt.Errorf("unknown mode %q: want %q or %q", s, ModeDemo, ModeProduction)
}

// Demo reports whether demo-only features may run.
func (c Config) Demo() bool { return c.Mode != ModeProduction }
