package account

import (
	"time"

	"casino/bff/throttle"
)

// Throttle limits failed logins per account and per IP address with a sliding
// window kept in memory (bff/throttle).
type Throttle struct {
	w *throttle.Window
}

const (
	throttleWindow     = 15 * time.Minute
	maxFailuresAccount = 5
	maxFailuresIP      = 20
)

// NewThrottle returns an empty Throttle.
func NewThrottle() *Throttle {
	return &Throttle{w: throttle.New(throttleWindow)}
}

// Allowed reports whether a login for email from ip may be tried now.
func (t *Throttle) Allowed(email, ip string) bool {
	return t.w.Count("a:"+email) < maxFailuresAccount && t.w.Count("i:"+ip) < maxFailuresIP
}

// Failed records a failed login.
func (t *Throttle) Failed(email, ip string) {
	t.w.Add("a:"+email, "i:"+ip)
}

// Succeeded clears the account's failures.
func (t *Throttle) Succeeded(email string) {
	t.w.Clear("a:" + email)
}
