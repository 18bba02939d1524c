package account

import (
	"sync"
	"time"
)

// Throttle limits failed logins per account and per IP address with a sliding
// window kept in memory: the casino runs as one process on one machine.
type Throttle struct {
	mu       sync.Mutex
	failures map[string][]time.Time
	now      func() time.Time
}

const (
	throttleWindow     = 15 * time.Minute
	maxFailuresAccount = 5
	maxFailuresIP      = 20
)

// NewThrottle returns an empty Throttle.
func NewThrottle() *Throttle {
	return &Throttle{failures: map[string][]time.Time{}, now: time.Now}
}

func (t *Throttle) recent(key string) int {
	cutoff := t.now().Add(-throttleWindow)
	list := t.failures[key]
	i := 0
	for i < len(list) && list[i].Before(cutoff) {
		i++
	}
	list = list[i:]
	if len(list) == 0 {
		delete(t.failures, key)
	} else {
		t.failures[key] = list
	}
	return len(list)
}

// Allowed reports whether a login for email from ip may be tried now.
func (t *Throttle) Allowed(email, ip string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.recent("a:"+email) < maxFailuresAccount && t.recent("i:"+ip) < maxFailuresIP
}

// Failed records a failed login.
func (t *Throttle) Failed(email, ip string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	t.failures["a:"+email] = append(t.failures["a:"+email], now)
	t.failures["i:"+ip] = append(t.failures["i:"+ip], now)
}

// Succeeded clears the account's failures.
func (t *Throttle) Succeeded(email string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.failures, "a:"+email)
}
