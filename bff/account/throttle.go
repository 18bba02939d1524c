package account

import (
	"sync"
	"time"

	"casino/bff/clock"
)

// Throttle guards password checks. Each attempt is counted before the slow
// hash, in the same critical section as the check (so 300 parallel guesses
// cannot all pass a check that only counts finished failures), and it throttles
// the guesser rather than the victim:
//
//   - per client address and per (account, address) pair: a few free failures,
//     then a refusal until the window forgets them;
//   - per account, across all addresses: a delay between attempts that doubles
//     with each failure, capped, never a lock; addresses the player has logged
//     in from before skip it, so a botnet guessing slowly does not keep the
//     owner out.
//
// A success clears the pair's and the account's failures, never the
// address's (logging into one's own account must not reset a guesser).
type Throttle struct {
	clock clock.Clock

	mu    sync.Mutex
	keys  map[string]*attempts
	prune time.Time
}

type attempts struct {
	fails    []time.Time // failures within the window, oldest first
	inFlight int         // attempts admitted whose hash has not finished
	last     time.Time   // when the last attempt was admitted
}

// rule says how a key is limited: after free failures, either a refusal
// (delay 0) or a delay between attempts starting at delay and doubling.
type rule struct {
	key    string
	free   int
	delay  time.Duration
	exempt bool // not checked, but its failures are counted and cleared
}

const (
	throttleWindow     = 15 * time.Minute
	maxFailuresPair    = 5  // one address guessing one account
	maxFailuresIP      = 20 // one address guessing any accounts
	freeFailuresAcct   = 10 // everyone guessing one account, before delays start
	accountDelay       = time.Second
	maxAccountDelay    = 30 * time.Second
	maxPasswordChecks  = 5 // wrong current passwords per player and window
	passwordCheckKeyNS = "pw:"
)

// NewThrottle returns an empty Throttle on the system clock.
func NewThrottle() *Throttle { return &Throttle{clock: clock.System, keys: map[string]*attempts{}} }

// Begin admits a login attempt for email from ip, or refuses it. knownIP says
// the player has logged in from ip before (no account-wide delay then). The
// returned done must be called once with the attempt's outcome.
func (t *Throttle) Begin(email, ip string, knownIP bool) (done func(ok bool), allowed bool) {
	rules := []rule{{key: "i:" + ip, free: maxFailuresIP}, {key: "p:" + email + "\x00" + ip, free: maxFailuresPair}}
	rules = append(rules, rule{key: "a:" + email, free: freeFailuresAcct, delay: accountDelay, exempt: knownIP})
	return t.begin(rules)
}

// Wait is about how long until a refused login for email from ip would be
// admitted (at least a second): the Retry-After of the 429. Advisory only.
func (t *Throttle) Wait(email, ip string, knownIP bool) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.clock.Now()
	wait := time.Second
	rules := []rule{{key: "i:" + ip, free: maxFailuresIP}, {key: "p:" + email + "\x00" + ip, free: maxFailuresPair},
		{key: "a:" + email, free: freeFailuresAcct, delay: accountDelay, exempt: knownIP}}
	for _, r := range rules {
		a := t.get(r.key, now)
		n := len(a.fails) + a.inFlight
		if r.exempt || n < r.free {
			continue
		}
		w := time.Second
		switch {
		case r.delay > 0:
			w = a.last.Add(min(r.delay<<min(n-r.free, 16), maxAccountDelay)).Sub(now)
		case len(a.fails) >= r.free:
			w = a.fails[len(a.fails)-r.free].Add(throttleWindow).Sub(now)
		}
		wait = max(wait, w)
	}
	return wait
}

// BeginPasswordCheck admits a check of a logged-in player's current password
// (profile updates), refused after maxPasswordChecks wrong ones in the window.
func (t *Throttle) BeginPasswordCheck(userKey string) (done func(ok bool), allowed bool) {
	return t.begin([]rule{{key: passwordCheckKeyNS + userKey, free: maxPasswordChecks}})
}

func (t *Throttle) begin(rules []rule) (func(bool), bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.clock.Now()
	t.pruneAll(now)
	for _, r := range rules {
		a := t.get(r.key, now)
		n := len(a.fails) + a.inFlight
		if r.exempt || n < r.free {
			continue
		}
		if r.delay == 0 {
			return nil, false
		}
		wait := r.delay << min(n-r.free, 16)
		if wait > maxAccountDelay || wait <= 0 {
			wait = maxAccountDelay
		}
		if a.inFlight > 0 || now.Sub(a.last) < wait {
			return nil, false
		}
	}
	for _, r := range rules {
		if !r.exempt {
			a := t.get(r.key, now)
			a.inFlight++
			a.last = now
		}
	}
	var once sync.Once
	return func(ok bool) { once.Do(func() { t.finish(rules, ok) }) }, true
}

func (t *Throttle) finish(rules []rule, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.clock.Now()
	for _, r := range rules {
		a := t.get(r.key, now)
		if !r.exempt {
			a.inFlight--
		}
		switch {
		case !ok:
			a.fails = append(a.fails, now)
		case r.key[0] != 'i':
			a.fails = nil
		}
	}
}

// get returns the key's record with failures older than the window dropped.
// The caller holds mu.
func (t *Throttle) get(key string, now time.Time) *attempts {
	a := t.keys[key]
	if a == nil {
		a = &attempts{}
		t.keys[key] = a
	}
	cutoff := now.Add(-throttleWindow)
	i := 0
	for i < len(a.fails) && a.fails[i].Before(cutoff) {
		i++
	}
	a.fails = a.fails[i:]
	return a
}

// pruneAll forgets idle keys once per window, so addresses seen once do not
// pile up. The caller holds mu.
func (t *Throttle) pruneAll(now time.Time) {
	if now.Sub(t.prune) < throttleWindow {
		return
	}
	t.prune = now
	for k := range t.keys {
		if a := t.get(k, now); len(a.fails) == 0 && a.inFlight == 0 && now.Sub(a.last) > maxAccountDelay {
			delete(t.keys, k)
		}
	}
}
